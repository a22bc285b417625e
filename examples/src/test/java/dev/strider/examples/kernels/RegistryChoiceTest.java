package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.runtime.Device;
import dev.strider.Strider;
import org.junit.jupiter.api.Test;

/** What Strider.load picks for the examples on the machine running the tests (with the vector module: see the pom). */
class RegistryChoiceTest {

    @Test
    void threadsOnSeveralCoresOverTheVectorShapeThisMachinePrefers() {
        Device device = Device.current();
        String oneThread = device.vectorBits() > 0 ? "ImageOps_Vector" + device.vectorBits() : "ImageOps_Scalar";
        assertEquals(oneThread, Strider.loadOneThread(ImageOps.class).getClass().getSimpleName());
        assertEquals(device.cores() > 1 ? "ImageOps_Threads" : oneThread,
                Strider.load(ImageOps.class).getClass().getSimpleName());
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.runtime.Device;
import dev.strider.Strider;
import org.junit.jupiter.api.Test;

/**
 * The choice on this machine, in the default (measure) mode: the rule still ranks the classes
 * (what rules mode runs, and what explain shows), and load hands out the tuner's dispatchers.
 */
class RegistryChoiceTest {

    @Test
    void theRuleRanksThreadsOverThePreferredShapeAndTheTunerRoutesEachMethod() {
        Device device = Device.current();
        // the preferred shape, before Java 25 at most 256 bits (Device.oneWidthBits)
        int bits = device.oneWidthBits() > 0 ? Math.min(device.vectorBits(), device.oneWidthBits()) : device.vectorBits();
        String oneThread = device.vectorBits() > 0 ? "ImageOps_Vector" + bits : "ImageOps_Scalar";
        String rule = device.cores() > 1 ? "ImageOps_Threads" : oneThread;
        String explain = Strider.explain(ImageOps.class);
        assertTrue(explain.lines().anyMatch(l -> l.startsWith("    dev.strider.examples.kernels." + rule + " ")
                && l.endsWith("  chosen")), explain);
        Object best = Strider.load(ImageOps.class);
        Object chunks = Strider.loadOneThread(ImageOps.class);
        assertEquals("ImageOps_Tuned", best.getClass().getSimpleName());
        assertEquals("ImageOps_Tuned", chunks.getClass().getSimpleName());
        assertNotSame(best, chunks, "THREADS chunks run a dispatcher of their own, never routed to THREADS");
        assertTrue(explain.contains("\n  tuning      measure (strider.tune is not set; measure is the default)"), explain);
    }
}

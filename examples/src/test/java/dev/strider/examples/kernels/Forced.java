package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.Strider;
import dev.strider.Target;

/** Loads a kernel set's class of one target, and checks that the registry really returned that target. */
final class Forced {

    private Forced() {
    }

    static <T> T load(Class<T> kernelSet, Target target) {
        T kernels = Strider.load(kernelSet, target);
        String name = kernels.getClass().getSimpleName();
        Target got = name.endsWith("_Scalar") ? Target.SCALAR : name.endsWith("_Threads") ? Target.THREADS : Target.VECTOR;
        assertEquals(target, got, name);
        return kernels;
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A THREADS class the caller forces ({@code Strider.load(set, THREADS)}) runs the one-thread
 * dispatcher in its chunks. In measure mode (the build's tests run in it) that dispatcher starts a
 * method on SCALAR and asks the tuner to measure it on the method's first call; the chunks of a
 * THREADS call are such a call too, or the method would run SCALAR chunks for good (AMD EPYC Zen 4,
 * JDK 25, 1x64x56x56 nchw to nChw16c on two threads: 29 us a call, against 10.4 with the 8x8
 * blocks the tuner picks).
 */
class ForcedThreadsTuningTest {

    private static final String METHOD = "toBlocked(float[], float[])";

    @Test
    void theChunksOfAForcedThreadsCallAskTheTunerToMeasureTheMethod() {
        // explain() and awaitTuning() describe the tuner of Strider.load(set): a method's line says where its
        // route comes from, and the one-thread dispatcher shares those states
        String before = Strider.explain(ForcedThreadsOps.class);
        assertTrue(line(before).contains("not called yet"), before);

        ForcedThreadsOps threads = Forced.load(ForcedThreadsOps.class, Target.THREADS);
        int[] sizes = {1, 64, 56, 56};
        float[] src = new float[200704];
        Random random = new Random(3);
        for (int i = 0; i < src.length; i++) {
            src[i] = random.nextFloat() * 2 - 1;
        }
        float[] expected = new float[src.length];
        FloatKernels.reorder(src, TensorLayout.packed("NCHW", sizes), expected, TensorLayout.of("NCHW", sizes, "nChw16c"));
        float[] dst = new float[src.length];
        threads.toBlocked(src, dst);
        assertArrayEquals(expected, dst);

        // the tuner took the request: it measured the method, or warmed the wisdom file's choice, or (in a
        // test JVM whose other tests spent its tuning budget) says so; a method never asked for stays
        // "not called yet"
        String after = Strider.awaitTuning(ForcedThreadsOps.class);
        String line = line(after);
        assertFalse(line.contains("not called yet"), after);
        assertTrue(line.contains("from measured here") || line.contains("from the wisdom file (")
                || line.contains("tuning budget"), after);
        java.util.Arrays.fill(dst, Float.NaN);
        threads.toBlocked(src, dst);
        assertArrayEquals(expected, dst, "after the tuner switched the route");
    }

    /** The method's line of the tuner's description. */
    private static String line(String explained) {
        for (String l : explained.split("\n")) {
            if (l.startsWith("    " + METHOD)) {
                return l;
            }
        }
        throw new AssertionError("no line for " + METHOD + " in\n" + explained);
    }
}

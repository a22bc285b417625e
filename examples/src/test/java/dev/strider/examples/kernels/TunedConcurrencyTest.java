package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Strider;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Eight threads load the kernels and call them while the tuner measures every method and switches
 * their routes: every result is exactly the generic kernel's, before, during and after the switches.
 */
class TunedConcurrencyTest {

    @Test
    void eightThreadsCallWhileTheTunerSwitchesRoutesAndEveryResultIsExact() throws Exception {
        int[] sizes64 = {1, 64, 56, 56};
        int[] sizes17 = {1, 17, 56, 56};
        Random random = new Random(14);
        float[] plain64 = new float[200704];
        float[] plain17 = new float[17 * 3136];
        for (float[] a : List.of(plain64, plain17)) {
            for (int i = 0; i < a.length; i++) {
                a[i] = random.nextFloat() * 2 - 1;
            }
        }
        float[] blocked64 = new float[200704];
        FloatKernels.reorder(plain64, TensorLayout.packed("NCHW", sizes64), blocked64,
                TensorLayout.of("NCHW", sizes64, "nChw16c"));
        float[] blocked17 = new float[32 * 3136];
        FloatKernels.reorder(plain17, TensorLayout.packed("NCHW", sizes17), blocked17,
                TensorLayout.of("NCHW", sizes17, "nChw16c"));

        ExecutorService pool = Executors.newFixedThreadPool(9);
        try {
            Future<String> tuning = pool.submit(() -> Strider.tune(BlockedOps.class));
            List<Future<Integer>> callers = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                callers.add(pool.submit(() -> {
                    BlockedOps ops = Strider.load(BlockedOps.class);
                    float[] to64 = new float[200704];
                    float[] from64 = new float[200704];
                    float[] to17 = new float[32 * 3136];
                    int calls = 0;
                    while (!tuning.isDone() || calls < 50) {
                        ops.toBlocked64(plain64, to64);
                        assertArrayEquals(blocked64, to64);
                        ops.fromBlocked64(blocked64, from64);
                        assertArrayEquals(plain64, from64);
                        java.util.Arrays.fill(to17, Float.NaN);
                        ops.toBlocked17(plain17, to17);
                        assertArrayEquals(blocked17, to17);
                        calls++;
                    }
                    return calls;
                }));
            }
            String explained = tuning.get(5, TimeUnit.MINUTES);
            for (Future<Integer> f : callers) {
                assertTrue(f.get(5, TimeUnit.MINUTES) >= 50);
            }
            for (String method : List.of("toBlocked64(float[], float[])", "fromBlocked64(float[], float[])",
                    "toBlocked17(float[], float[])")) {
                assertTrue(explained.contains("\n    " + method), explained);
            }
            assertEquals(Strider.load(BlockedOps.class), Strider.load(BlockedOps.class), "one shared dispatcher");
        } finally {
            pool.shutdownNow();
        }
    }
}

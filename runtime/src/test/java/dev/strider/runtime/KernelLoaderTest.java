package dev.strider.runtime;

import dev.strider.Target;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link KernelLoader} end to end: the fake kernel sets registered in the test resources, found by ServiceLoader. */
class KernelLoaderTest {

    /** What the rule prefers for FakeOps on this machine: its VECTOR class never loads. */
    private static Class<?> expectedBest() {
        boolean threads = Device.current().cores() > 1 && Parallel.parallelism() > 1;
        return threads ? FakeOps_Threads.class : FakeOps_Scalar.class;
    }

    @Test
    void loadReturnsTheBestClassThatLoads() {
        assertEquals(expectedBest(), KernelLoader.load(FakeOps.class).getClass());
    }

    @Test
    void loadIsCached() {
        assertSame(KernelLoader.load(FakeOps.class), KernelLoader.load(FakeOps.class));
        assertSame(KernelLoader.load(FakeOps.class, Target.SCALAR), KernelLoader.load(FakeOps.class, Target.SCALAR));
    }

    @Test
    void oneThreadSkipsTheVectorClassThatCannotLoad() {
        FakeOps one = KernelLoader.loadOneThread(FakeOps.class);
        assertEquals(FakeOps_Scalar.class, one.getClass());
        assertSame(KernelLoader.load(FakeOps.class, Target.SCALAR), one, "one instance per generated class");
    }

    @Test
    void forcedThreadsRunsOnTheOneThreadInstance() {
        // Its constructor calls loadOneThread while the registry is loading it.
        FakeOps threads = KernelLoader.load(FakeOps.class, Target.THREADS);
        assertEquals(FakeOps_Threads.class, threads.getClass());
        assertSame(KernelLoader.loadOneThread(FakeOps.class), ((FakeOps_Threads) threads).oneThread());

        float[] src = new float[1000];
        for (int i = 0; i < src.length; i++) {
            src[i] = i * 0.5f;
        }
        float[] dst = new float[1000];
        threads.copy(src, dst);
        assertArrayEquals(src, dst);
    }

    @Test
    void forcedVectorThatCannotRunNamesTheTargetAndReason() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> KernelLoader.load(FakeOps.class, Target.VECTOR));
        assertTrue(e.getMessage().startsWith("no generated class of dev.strider.runtime.FakeOps can run as forced target VECTOR"),
                e.getMessage());
        String reason = Device.current().vectorModule() && Device.current().vectorBits() >= 256
                ? "skipped: failed to load: NoClassDefFoundError jdk/incubator/vector/FloatVector"
                : "rejected: ";
        assertTrue(e.getMessage().contains("dev.strider.runtime.FakeOps_Vector256  VECTOR 256 bits  " + reason),
                e.getMessage());
    }

    @Test
    void noneCanRun() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KernelLoader.load(UnloadableOps.class));
        assertTrue(e.getMessage().contains("dev.strider.runtime.UnloadableOps_Scalar  SCALAR           skipped: failed to load:"
                + " NoClassDefFoundError dev/strider/runtime/UnloadableOps_Scalar"), e.getMessage());

        String explain = KernelLoader.explain(UnloadableOps.class);
        assertTrue(explain.startsWith("dev.strider.runtime.UnloadableOps\n"), explain);
        assertTrue(explain.contains("skipped: failed to load: NoClassDefFoundError dev/strider/runtime/UnloadableOps_Scalar"),
                explain);
        assertTrue(explain.contains("result      none can run"), explain);
    }

    /** Declared nowhere: no provider lists it. */
    interface Undeclared {
    }

    @Test
    void noProvidersAtAll() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KernelLoader.load(Undeclared.class));
        assertEquals("no generated kernels for " + Undeclared.class.getName() + ": is it annotated with"
                + " @dev.strider.Kernels, and does the build run strider-processor (on annotationProcessorPaths from"
                + " JDK 23 on)?", e.getMessage());
        assertTrue(KernelLoader.explain(Undeclared.class).contains("candidates  none"));
    }

    @Test
    void explainShowsTheDeviceTheRuleAndEveryCandidate() {
        String explain = KernelLoader.explain(FakeOps.class);
        List<String> lines = List.of(explain.split("\n"));
        assertEquals("dev.strider.runtime.FakeOps", lines.get(0));
        assertEquals("  device      " + Device.current().describe(), lines.get(1));
        assertEquals("  threads     " + Parallel.parallelism() + " per THREADS call (pool workers and the caller)", lines.get(2));
        assertEquals("  request     the best target (strider.target is not set)", lines.get(3));
        assertTrue(lines.get(4).startsWith("  rule        THREADS when more than 1 core"), explain);
        assertTrue(explain.contains("    " + expectedBest().getName() + " "), explain);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("    " + expectedBest().getName()) && l.endsWith("  chosen")),
                explain);
        String vectorLine = lines.stream().filter(l -> l.contains("FakeOps_Vector256")).findFirst().orElseThrow();
        Device device = Device.current();
        String vectorFate;
        if (!device.vectorModule()) {
            vectorFate = "rejected: jdk.incubator.vector is not in this JVM's boot layer; run with --add-modules jdk.incubator.vector";
        } else if (device.vectorBits() == 0) {
            vectorFate = "rejected: the preferred vector shape is unknown: ";
        } else if (device.vectorBits() < 256) {
            vectorFate = "rejected: 256-bit vectors are wider than this machine's preferred ";
        } else if (expectedBest() == FakeOps_Threads.class) {
            vectorFate = "not preferred: THREADS ranks higher";
        } else {
            vectorFate = "skipped: failed to load: NoClassDefFoundError jdk/incubator/vector/FloatVector";
        }
        assertTrue(vectorLine.contains("  VECTOR 256 bits  " + vectorFate), vectorLine);
        assertEquals("  result      " + expectedBest().getName(), lines.get(lines.size() - 1));
    }

    @Test
    void theTargetPropertyIsParsedInAnyCase() {
        assertEquals(Request.BEST, KernelLoader.parseTarget(null));
        assertEquals(Request.BEST, KernelLoader.parseTarget(" "));
        assertEquals(Request.SCALAR, KernelLoader.parseTarget("scalar"));
        assertEquals(Request.VECTOR, KernelLoader.parseTarget("Vector"));
        assertEquals(Request.THREADS, KernelLoader.parseTarget(" THREADS "));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KernelLoader.parseTarget("gpu"));
        assertEquals("strider.target=gpu is not a target: use scalar, vector or threads (any case),"
                + " or leave it unset for the best target", e.getMessage());
    }

    @Test
    void nullArgumentsAreNamed() {
        assertEquals("kernelSet", assertThrows(NullPointerException.class, () -> KernelLoader.load(null)).getMessage());
        assertEquals("target", assertThrows(NullPointerException.class,
                () -> KernelLoader.load(FakeOps.class, null)).getMessage());
    }

    /** Sixteen threads load a kernel set for the first time all at once, and keep loading and calling it. */
    @Test
    void concurrentFirstLoadsAgreeOnOneInstance() throws Exception {
        int threads = 16;
        int iterations = 2000;
        CountDownLatch start = new CountDownLatch(1);
        Set<RaceOps> seen = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t * iterations;
                results.add(pool.submit(() -> {
                    start.await();
                    int wrong = 0;
                    for (int i = 0; i < iterations; i++) {
                        RaceOps ops = KernelLoader.load(RaceOps.class);
                        seen.add(ops);
                        if (ops.twice(offset + i) != 2 * (offset + i)) {
                            wrong++;
                        }
                    }
                    return wrong;
                }));
            }
            start.countDown();
            for (Future<Integer> f : results) {
                assertEquals(0, f.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, seen.size(), "every thread got the same instance");
        assertTrue(RaceOps.Scalar.CREATED.get() >= 1 && RaceOps.Scalar.CREATED.get() <= threads,
                "created " + RaceOps.Scalar.CREATED.get() + " times");
    }
}

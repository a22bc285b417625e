package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The benchmark classes hold every contender of every case, the interleaved benchmark runs them
 * all, and every benchmark method is read back as the case and contender it measures: what the
 * suite's table relies on, checked without running JMH.
 */
class SuiteBenchmarksTest {

    private static Set<String> methods(Class<?> type) {
        return Arrays.stream(type.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void everyCaseHasEveryContender() {
        for (Case c : Case.values()) {
            assertTrue(methods(TargetsBenchmark.class).contains(c.id()), "TargetsBenchmark." + c.id());
            assertTrue(methods(BaselinesBenchmark.class).contains(c.id() + "Naive"), "BaselinesBenchmark." + c.id() + "Naive");
            assertTrue(methods(CeilingBenchmark.class).contains(c.id()), "CeilingBenchmark." + c.id());
            assertEquals(c.hasOneDnn(), methods(OneDnnBenchmark.class).contains(c.id()), "OneDnnBenchmark." + c.id());
        }
        assertEquals(Case.values().length, methods(TargetsBenchmark.class).size());
        assertEquals(Case.values().length, methods(CeilingBenchmark.class).size());
        assertEquals(Arrays.stream(Case.values()).map(Case::id).collect(Collectors.toCollection(TreeSet::new)),
                methods(InterleavedBenchmark.class));
    }

    @Test
    void theOneThreadChoiceIsReadFromWhatTheTunerTimed() {
        // the lines of Strider.explain for a method the tuner measured (kernels --tune BlockedOps, JDK 25)
        String explain = String.join("\n",
                "    toBlocked64(float[], float[])       BlockedOps_Threads; from measured here, 2116 ms",
                "        BlockedOps_Vector512 (4x4 blocks in registers)                    27.5 us",
                "        BlockedOps_Vector512 (8x8 blocks in registers)                    21.0 us  chosen",
                "        BlockedOps_Scalar (scalar nest)                                   56.1 us",
                "      then the one-thread winner against THREADS:",
                "        BlockedOps_Vector512 (8x8 blocks in registers)                    22.1 us",
                "        BlockedOps_Threads                                                11.9 us  chosen",
                "    fromBlocked64(float[], float[])     BlockedOps_Scalar; from the wisdom file",
                "    toBlocked17(float[], float[])       BlockedOps_Vector512 (4x4 blocks in registers); from measured here",
                "        BlockedOps_Vector512 (4x4 blocks in registers)                    11.4 us  chosen");
        assertEquals("BlockedOps_Vector512 (8x8 blocks in registers)",
                InterleavedBenchmark.routedOneThread(explain, "toBlocked64"));
        assertEquals("BlockedOps_Vector512 (4x4 blocks in registers)",
                InterleavedBenchmark.routedOneThread(explain, "toBlocked17"));
        assertNull(InterleavedBenchmark.routedOneThread(explain, "fromBlocked64"), "nothing timed: not read from the next method");
        assertNull(InterleavedBenchmark.routedOneThread(explain, "toBlocked8"));
        assertEquals("BlockedOps_Vector512 (8x8 blocks in registers)",
                InterleavedBenchmark.routedOneThread(explain.replace("\n", "\r\n"), "toBlocked64"), "%n on Windows");
    }

    @Test
    void theInterleavedContendersAreTheTargetsTunedTheBaselinesAndThePeers() {
        List<Contender> blocked = new ArrayList<>(List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS,
                Contender.TUNED, Contender.ONE_THREAD, Contender.GENERIC, Contender.NAIVE, Contender.HAND, Contender.ARRAYCOPY, Contender.ONEDNN,
                Contender.BUFFER_SCALAR, Contender.BUFFER_VECTOR, Contender.BUFFER_THREADS, Contender.BUFFER_TUNED));
        if (SegmentContenders.available()) {
            blocked.addAll(List.of(Contender.SEGMENT_SCALAR, Contender.SEGMENT_VECTOR, Contender.SEGMENT_THREADS,
                    Contender.SEGMENT_TUNED));
        }
        blocked.addAll(List.of(Contender.COPY_SCALAR, Contender.COPY_VECTOR, Contender.COPY_THREADS, Contender.COPY_TUNED));
        assertEquals(blocked, InterleavedBenchmark.contenders(Case.TO_BLOCKED_64));
        assertEquals(List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS, Contender.TUNED, Contender.GENERIC,
                Contender.NAIVE, Contender.ARRAYCOPY), InterleavedBenchmark.contenders(Case.FLIP_IMAGE));
        for (Case c : Case.values()) {
            assertEquals(methods(BaselinesBenchmark.class).contains(c.id() + "Hand"), InterleavedBenchmark.hasHandTiled(c),
                    c.id());
        }
    }

    @Test
    void everySliceOfEveryCaseRunsInAHiddenCopyAndWritesItsOutput() {
        Tensors t = new Tensors();
        t.setUp();
        ImageOps scalarImage = Strider.load(ImageOps.class, Target.SCALAR);
        BlockedOps scalarBlocked = Strider.load(BlockedOps.class, Target.SCALAR);
        for (Case c : Case.values()) {
            for (String kind : List.of("kernel", "naive", "hand", "arraycopy")) {
                if (kind.equals("hand") && !InterleavedBenchmark.hasHandTiled(c)) {
                    continue;
                }
                InterleavedBenchmark.Timed slice =
                        InterleavedBenchmark.slice(c, kind, t, scalarImage, scalarBlocked, null, null);
                assertNotSame(Slice.class, slice.getClass(), "a hidden copy, not the template");
                assertTrue(slice.getClass().isHidden(), slice.getClass().getName());
                assertTrue(slice.run(2) > 0, c + " " + kind);
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> InterleavedBenchmark.slice(Case.FLIP_IMAGE, "onednn", t, scalarImage, scalarBlocked, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> InterleavedBenchmark.slice(Case.FLIP_IMAGE, "copyaround", t, scalarImage, scalarBlocked, null, null));
        assertThrows(IllegalArgumentException.class,
                () -> InterleavedBenchmark.slice(Case.TO_BLOCKED_64, "offheap", t, null, null, null, null));
    }

    @Test
    void theHandTiledLoopsAreTheSixOfTheTargetsIssue() {
        Set<String> hand = methods(BaselinesBenchmark.class).stream().filter(m -> m.endsWith("Hand"))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Set.of("nchwToNhwcLargeHand", "nhwcToNchwLargeHand", "toBlocked64Hand",
                "toBlocked17Hand", "toTinyBlockedHand", "nchwToNhwcImageHand")), hand);
    }

    @Test
    void theTargetParameterNamesEveryTargetAndTheGenericKernel() throws NoSuchFieldException {
        String[] targets = TargetsBenchmark.class.getField("target").getAnnotation(Param.class).value();
        Set<Contender> contenders = EnumSet.noneOf(Contender.class);
        for (String t : targets) {
            contenders.add(Contender.of(TargetsBenchmark.class.getName() + ".toBlocked64", Map.of("target", t)));
        }
        assertEquals(EnumSet.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS, Contender.GENERIC), contenders);
    }

    /** A benchmark method of the suite, the target parameter JMH would give it, and what it measures. */
    private record Named(String benchmark, String target, Case expectedCase, Contender expectedContender) {
    }

    @Test
    void benchmarkMethodsAreReadBackAsTheCaseAndContenderTheyMeasure() {
        List<Named> named = List.of(
                new Named("TargetsBenchmark.toBlocked64", "scalar", Case.TO_BLOCKED_64, Contender.SCALAR),
                new Named("TargetsBenchmark.nhwcToNchwLarge", "vector", Case.NHWC_TO_NCHW_LARGE, Contender.VECTOR),
                new Named("TargetsBenchmark.normalizeImage", "threads", Case.NORMALIZE_IMAGE, Contender.THREADS),
                new Named("TargetsBenchmark.addBias", "generic", Case.ADD_BIAS, Contender.GENERIC),
                new Named("BaselinesBenchmark.fromBlocked17Naive", "scalar", Case.FROM_BLOCKED_17, Contender.NAIVE),
                new Named("BaselinesBenchmark.toBlocked17Hand", "scalar", Case.TO_BLOCKED_17, Contender.HAND),
                new Named("BaselinesBenchmark.nchwToNhwcImageHand", "scalar", Case.NCHW_TO_NHWC_IMAGE, Contender.HAND),
                new Named("BaselinesBenchmark.flipImageNaive", "scalar", Case.FLIP_IMAGE, Contender.NAIVE),
                new Named("CeilingBenchmark.toTinyBlocked", "scalar", Case.TO_TINY_BLOCKED, Contender.ARRAYCOPY),
                new Named("CeilingBenchmark.addBias", "scalar", Case.ADD_BIAS, Contender.ARRAYCOPY),
                new Named("OneDnnBenchmark.nchwToNhwcTiny", "scalar", Case.NCHW_TO_NHWC_TINY, Contender.ONEDNN),
                new Named("OneDnnBenchmark.fromBlocked64", "scalar", Case.FROM_BLOCKED_64, Contender.ONEDNN));
        for (Named n : named) {
            String name = "dev.strider.examples.bench." + n.benchmark();
            assertSame(n.expectedCase(), Case.ofBenchmark(name), name);
            assertSame(n.expectedContender(), Contender.of(name, Map.of("target", n.target())), name);
        }
    }

    @Test
    void everyBenchmarkOfTheSuiteIsReadBackWithoutError() {
        for (String name : Suite.benchmarks(Pattern.compile(".*"))) {
            assertDoesNotThrow(() -> Case.ofBenchmark(name), name);
        }
        for (String name : Suite.of(Suite.benchmarks(Pattern.compile(".*")), Suite.ONEDNN)) {
            assertEquals(Contender.ONEDNN_ALL_CORES, Contender.of(name, Map.of("ompThreads", "2")), name);
        }
    }

    @Test
    void threadsRunsInForksOfItsOwnBesideOneDnnOnAllCoresOnTheBlockedCases() throws Exception {
        List<String> oneDnn = Suite.of(Suite.benchmarks(Pattern.compile(".*")), Suite.ONEDNN);
        List<String> threads = Suite.threadsOwnForks(oneDnn);
        List<String> expected = new java.util.ArrayList<>();
        for (Case c : Case.values()) {
            if (c.kind() == Case.Kind.BLOCKED && c.hasOneDnn()) {
                expected.add(Suite.TARGETS + "." + c.id());
            }
        }
        assertEquals(new java.util.TreeSet<>(expected), new java.util.TreeSet<>(threads));
        assertTrue(threads.size() >= 5, threads.toString());
        for (String name : threads) {
            TargetsBenchmark.class.getMethod(name.substring(name.lastIndexOf('.') + 1), Tensors.class);
            assertEquals(Case.Kind.BLOCKED, Case.ofBenchmark(name).kind(), name);
        }
        assertEquals(Suite.of(Suite.benchmarks(Pattern.compile(".*")), Suite.INTERLEAVED).size()
                + Suite.of(Suite.benchmarks(Pattern.compile(".*")), Suite.DISPATCH).size() + oneDnn.size() + threads.size(),
                Suite.runs(Suite.benchmarks(Pattern.compile(".*")), 2));
    }

    @Test
    void oneDnnOnMoreThreadsIsItsOwnContender() {
        String name = OneDnnBenchmark.class.getName() + ".toBlocked64";
        assertEquals(Contender.ONEDNN, Contender.of(name, Map.of("ompThreads", "1")));
        assertEquals(Contender.ONEDNN_ALL_CORES, Contender.of(name, Map.of("ompThreads", "2")));
    }

    @Test
    void benchmarksOutsideTheSuiteAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Contender.of("x.RegistryBenchmark.load", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Contender.of("x.TargetsBenchmark.toBlocked64", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> Contender.of("x.BaselinesBenchmark.toBlocked64", Map.of()));
    }
}

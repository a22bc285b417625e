package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The benchmark classes hold every contender of every case, and every benchmark method is read
 * back as the case and contender it measures: what the suite's table relies on, checked without
 * running JMH.
 */
class SuiteBenchmarksTest {

    private static final List<Class<?>> SUITE = List.of(TargetsBenchmark.class, BaselinesBenchmark.class,
            CeilingBenchmark.class, OneDnnBenchmark.class);

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

    @Test
    void everyBenchmarkMethodIsReadBackAsItsCaseAndContender() {
        for (Class<?> type : SUITE) {
            for (String m : methods(type)) {
                String name = type.getName() + "." + m;
                Case c = Case.ofBenchmark(name);
                Contender k = Contender.of(name, Map.of("target", "scalar"));
                String expected = type == BaselinesBenchmark.class ? (m.endsWith("Hand") ? "HAND" : "NAIVE")
                        : type == CeilingBenchmark.class ? "ARRAYCOPY" : type == OneDnnBenchmark.class ? "ONEDNN" : "SCALAR";
                assertEquals(expected, k.name(), name);
                assertTrue(m.startsWith(c.id()), name);
            }
        }
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

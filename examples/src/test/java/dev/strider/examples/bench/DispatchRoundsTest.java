package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.bench.Results.Dispatch;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The dispatch measurement without JMH: its rounds on made-up times, their file, the suite reading
 * them beside the interleaved rounds, and the direct side built from the words of {@code explain}.
 */
class DispatchRoundsTest {

    @Test
    void theOverheadIsTheMedianOfThePerRoundDifferences() {
        Dispatch d = Samples.dispatchRounds().summarise();
        assertEquals(0.5, d.overhead().median(), 1e-12);
        assertEquals(-0.25, d.overhead().q1(), 1e-12);
        assertEquals(1.25, d.overhead().q3(), 1e-12);
        assertEquals(44, d.directTime().median(), 1e-12);
        assertEquals(44.5, d.tuned().median(), 1e-12);
        assertEquals(4, d.rounds());
        assertTrue(d.withinNoise());
        assertEquals("toTinyBlocked", d.id());
    }

    @Test
    void aDispatcherSlowerInEveryRoundIsBeyondTheNoise() {
        Dispatch d = new DispatchRounds(Case.NCHW_TO_NHWC_TINY, "ImageOps_Tuned", "ImageOps_Scalar", new int[] {1, 1},
                List.of(new double[] {30, 20}, new double[] {31, 20}, new double[] {29, 21})).summarise();
        assertEquals(10, d.overhead().median(), 1e-12);
        assertFalse(d.withinNoise());
        assertEquals(1.5, d.ratio().median(), 1e-12);
    }

    @Test
    void theRoundsSurviveTheirFileAndForksConcatenate() {
        DispatchRounds r = Samples.dispatchRounds();
        DispatchRounds back = DispatchRounds.parse(r.toTsv());
        assertEquals(r.benchmarkCase(), back.benchmarkCase());
        assertEquals(r.direct(), back.direct());
        assertEquals(r.dispatcher(), back.dispatcher());
        assertArrayEquals(r.callsPerSlice(), back.callsPerSlice());
        assertEquals(r.summarise(), back.summarise());
        assertEquals(8, DispatchRounds.concat(List.of(r, back)).nanos().size());
        assertThrows(IllegalArgumentException.class, () -> DispatchRounds.parse("case\ttoTinyBlocked\n0\t1\t2\n"));
        assertThrows(IllegalArgumentException.class, () -> DispatchRounds.parse(r.toTsv() + "x\t1\t2\n"));
    }

    @Test
    void theSuiteReadsDispatchRoundsBesideTheInterleavedOnes(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("toBlocked17-1.tsv"), Samples.tailRounds().toTsv(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(DispatchRounds.FILE_PREFIX + "toTinyBlocked-2.tsv"),
                Samples.dispatchRounds().toTsv(), StandardCharsets.UTF_8);
        assertEquals(1, Suite.readRounds(dir).size());
        assertEquals(List.of(Samples.dispatchRounds().summarise()), Suite.readDispatch(dir));
    }

    @Test
    void theDispatchBenchmarksAreTheTinyCasesAndTheSuiteSelectsThem() {
        assertEquals(DispatchBenchmark.CASES.stream().map(Case::id).collect(Collectors.toSet()),
                Arrays.stream(DispatchBenchmark.class.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                        .map(Method::getName).collect(Collectors.toSet()));
        assertEquals(List.of(Suite.DISPATCH + ".nchwToNhwcTiny", Suite.DISPATCH + ".toTinyBlocked"),
                Suite.benchmarks(java.util.regex.Pattern.compile("Dispatch")));
    }

    @Test
    void theDirectSideIsTheClassAndVariantExplainNames() {
        Object scalar = DispatchBenchmark.direct(BlockedOps.class, "BlockedOps_Scalar", "toTinyBlocked(float[], float[])");
        assertEquals(Strider.load(BlockedOps.class, Target.SCALAR).getClass(), scalar.getClass());
        BlockedOps vector = Strider.load(BlockedOps.class, Target.VECTOR);
        String name = vector.getClass().getSimpleName();
        Object variant = DispatchBenchmark.direct(BlockedOps.class, name + " (scalar nest)",
                "toTinyBlocked(float[], float[])");
        assertEquals(vector.getClass(), variant.getClass());
        assertThrows(IllegalStateException.class, () -> DispatchBenchmark.direct(BlockedOps.class,
                name + " (no such nest)", "toTinyBlocked(float[], float[])"));
        assertThrows(IllegalStateException.class, () -> DispatchBenchmark.direct(ImageOps.class, "BlockedOps_Scalar",
                "thumbToNhwc(float[], float[])"));
    }

    @Test
    void bothSidesRunInHiddenCopiesAndWriteTheCasesOutput() {
        Tensors t = new Tensors();
        t.setUp();
        for (Case c : DispatchBenchmark.CASES) {
            Object kernels = Strider.load(DispatchBenchmark.kernelSet(c), Target.SCALAR);
            InterleavedBenchmark.Timed side = DispatchBenchmark.slice(c, t, kernels);
            assertTrue(side.getClass().isHidden(), side.getClass().getName());
            assertTrue(side.run(3) > 0);
        }
        assertTrue(t.tinyOut[0] != 0 || t.tinyOut[1] != 0);
        assertInstanceOf(IllegalArgumentException.class, assertThrows(Exception.class,
                () -> DispatchBenchmark.slice(Case.TO_TINY_BLOCKED, t, Strider.load(ImageOps.class, Target.SCALAR))));
    }
}

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.bench.ColdStart.Sample;
import dev.strider.examples.bench.Results.ColdStartResult;
import dev.strider.examples.bench.Results.ColdStarts;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a cold-start JVM prints, how the suite reads it and sums it up, and the child itself. */
class ColdStartTest {

    @Test
    void theSampleLineIsFoundAmongWhateverElseTheJvmPrinted() {
        String output = "WARNING: Using incubator modules: jdk.incubator.vector\n"
                + "strider-cold-start\ttoBlocked64\tVECTOR\tBlockedOps_Vector256\t1200000\t298000000\t100\t574000000\n";
        assertEquals(new Sample(Case.TO_BLOCKED_64, Contender.VECTOR, "BlockedOps_Vector256", 1_200_000, 298_000_000,
                100, 574_000_000), ColdStart.parse(output));
    }

    @Test
    void aMissingOrDamagedLineSaysWhatItSaw() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> ColdStart.parse("Error: could not find or load main class\n"));
        assertTrue(missing.getMessage().contains("no strider-cold-start line in the output: Error: could not find"),
                missing.getMessage());
        IllegalArgumentException damaged = assertThrows(IllegalArgumentException.class,
                () -> ColdStart.parse("strider-cold-start\ttoBlocked64\tVECTOR\tX\t1\t2\t100\n"));
        assertTrue(damaged.getMessage().contains("7 fields, not 8"), damaged.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ColdStart.parse("strider-cold-start\ttoBlocked64\tGPU\tX\t1\t2\t100\t3\n"));
    }

    @Test
    void samplesSumUpPerKernelAndContenderAsMediansAndRanges() {
        ColdStarts cold = Samples.coldStarts();
        assertEquals(100, cold.calls());
        assertEquals(2, cold.jvms());
        assertEquals(2, cold.results().size());
        ColdStartResult scalar = cold.results().get(0);
        assertEquals(Contender.SCALAR, scalar.contender());
        assertEquals("toBlocked64", scalar.id());
        assertEquals("BlockedOps_Scalar", scalar.implementation());
        assertEquals(new Spread(40e6, 42.5e6, 45e6, 47.5e6, 50e6, 2), scalar.calls());
        assertEquals(5e6, scalar.firstCall().median());
        assertEquals(850_000, scalar.load().median());
        assertEquals(Contender.TUNED, cold.results().get(1).contender());
        assertThrows(IllegalArgumentException.class, () -> ColdStart.summarise(List.of(
                new Sample(Case.TO_BLOCKED_64, Contender.SCALAR, "S", 1, 1, 10, 1)), 100, 1), "calls must agree");
    }

    @Test
    void theChildsBuffersAreTheCasesOwn() {
        assertEquals(Case.TO_BLOCKED_64.inputs().get(0).layout().bufferSize(), ColdStart.FEATURES);
        assertEquals(Case.TO_BLOCKED_64.output().layout().bufferSize(), ColdStart.FEATURES);
        assertEquals(Case.NORMALIZE_IMAGE.inputs().get(0).layout().bufferSize(), ColdStart.IMAGE);
        assertEquals(Case.NORMALIZE_IMAGE.output().layout().bufferSize(), ColdStart.IMAGE);
    }

    @Test
    void theChildRunsInThisJavaWithTheGivenArguments() {
        List<String> command = ColdStart.command(List.of("--add-modules", "jdk.incubator.vector", "-Dstrider.tune=rules"),
                Contender.TUNED, Case.NORMALIZE_IMAGE, 100);
        assertTrue(command.get(0).startsWith(System.getProperty("java.home")), command.get(0));
        assertEquals(List.of("--add-modules", "jdk.incubator.vector", "-Dstrider.tune=rules", "-cp"),
                command.subList(1, 5));
        assertEquals(List.of("dev.strider.examples.bench.ColdStart$Child", "TUNED", "normalizeImage", "100"),
                command.subList(6, 10));
    }

    @Test
    void aFreshJvmMeasuresItsFirstCalls() throws Exception {
        List<Sample> samples = ColdStart.run(List.of(Case.TO_BLOCKED_64), 1, 3, List.of("-Xmx256m", "--add-modules", "jdk.incubator.vector"), line -> { });
        assertEquals(ColdStart.CONTENDERS.size(), samples.size());
        for (Sample s : samples) {
            assertEquals(3, s.calls());
            assertTrue(s.firstNanos() > 0 && s.callsNanos() >= s.firstNanos(), s.toString());
            assertTrue(s.implementation().startsWith("BlockedOps_"), s.implementation());
        }
    }
}

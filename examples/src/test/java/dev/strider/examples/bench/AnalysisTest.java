package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.bench.Analysis.Measurement;
import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ContenderResult;
import dev.strider.examples.bench.Results.GoalCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Throughput, ratios, the best target and the goals, against arithmetic done by hand on {@link Samples}. */
class AnalysisTest {

    private static final double EXACT = 1e-12;

    private final List<CaseResult> cases = Analysis.analyse(Samples.measurements());

    @Test
    void casesComeInTheSuitesOrder() {
        assertEquals(List.of("toBlocked17", "flipImage"), cases.stream().map(CaseResult::id).toList());
        assertEquals(213_248L, cases.get(0).bytesRead());
        assertEquals(401_408L, cases.get(0).bytesWritten());
    }

    @Test
    void throughputIsBytesMovedPerNanosecond() {
        CaseResult tail = cases.get(0);
        ContenderResult scalar = tail.of(Contender.SCALAR);
        assertEquals(20_000, scalar.nanosPerCall(), EXACT); // 20 us/op
        assertEquals(20, scalar.mean(), EXACT);
        assertEquals("us/op", scalar.unit());
        assertEquals(30.7328, scalar.gigabytesPerSecond(), EXACT); // 614656 B / 20000 ns
        assertEquals(61.4656, tail.of(Contender.ARRAYCOPY).gigabytesPerSecond(), EXACT);
        assertEquals(25_000, tail.of(Contender.THREADS).nanosPerCall(), EXACT); // 0.025 ms/op
        assertEquals(12.04224, cases.get(1).of(Contender.SCALAR).gigabytesPerSecond(), EXACT); // 1204224 / 100000
    }

    @Test
    void ratiosAreToTheCeilingsThroughputAndToOneDnnsTime() {
        CaseResult tail = cases.get(0);
        assertEquals(0.5, tail.of(Contender.SCALAR).ratioToCeiling(), EXACT); // 10000 / 20000
        assertEquals(1.25, tail.of(Contender.SCALAR).ratioToOneDnn(), EXACT); // 25000 / 20000
        assertEquals(0.25, tail.of(Contender.VECTOR).ratioToCeiling(), EXACT);
        assertEquals(0.625, tail.of(Contender.VECTOR).ratioToOneDnn(), EXACT);
        assertEquals(1.0, tail.of(Contender.ARRAYCOPY).ratioToCeiling(), EXACT);
        assertEquals(1.0, tail.of(Contender.ONEDNN).ratioToOneDnn(), EXACT);
        assertEquals(1.5625, tail.of(Contender.ONEDNN_ALL_CORES).ratioToOneDnn(), EXACT); // 25000 / 16000
        ContenderResult flip = cases.get(1).of(Contender.SCALAR);
        assertNull(flip.ratioToCeiling(), "no arraycopy measured");
        assertNull(flip.ratioToOneDnn(), "no oneDNN");
    }

    @Test
    void jmhErrorsWithoutAValueBecomeNull() {
        assertNull(cases.get(0).of(Contender.ONEDNN).error());
        assertEquals(0.5, cases.get(0).of(Contender.SCALAR).error(), EXACT);
    }

    @Test
    void theBestTargetIsTheFastestGeneratedClass() {
        assertEquals(Contender.SCALAR, cases.get(0).best()); // 20 us, against VECTOR 40 and THREADS 25
        assertEquals(Contender.SCALAR, cases.get(1).best());
        CaseResult withoutTargets = Analysis.analyse(List.of(
                new Measurement(Case.ADD_BIAS, Contender.NAIVE, 5, 0, "ns/op"))).get(0);
        assertNull(withoutTargets.best(), "a naive loop is no target, however fast");
    }

    @Test
    void theTargetsIssuesGoalsAreChecked() {
        List<GoalCheck> goals = cases.get(0).goals();
        assertEquals(List.of(
                new GoalCheck("best target ≥ 1.0× oneDNN", 1.0, 1.25, true),
                new GoalCheck("best target ≥ 0.8× ceiling", 0.8, 0.5, false),
                new GoalCheck("SCALAR ≥ 1.0× hand-tiled", 1.0, 1.5, true)), goals);
        assertEquals(List.of(), cases.get(1).goals(), "an element-wise case without a hand-tiled loop has no goal");
    }

    @Test
    void goalsWithoutTheirReferenceAreNotMeasured() {
        CaseResult tiny = Analysis.analyse(List.of(
                new Measurement(Case.TO_TINY_BLOCKED, Contender.SCALAR, 100, 1, "ns/op"))).get(0);
        assertEquals(List.of(new GoalCheck("best target ≥ 5× oneDNN", 5.0, null, null)), tiny.goals());
        CaseResult transpose = Analysis.analyse(List.of(
                new Measurement(Case.NCHW_TO_NHWC_IMAGE, Contender.VECTOR, 50, 1, "us/op"),
                new Measurement(Case.NCHW_TO_NHWC_IMAGE, Contender.ONEDNN, 90, 1, "us/op"))).get(0);
        assertEquals(new GoalCheck("best target ≥ 1.2× oneDNN", 1.2, 1.8, true), transpose.goals().get(0));
    }

    @Test
    void twoResultsForOneContenderAreAnError() {
        Measurement m = new Measurement(Case.ADD_BIAS, Contender.SCALAR, 5, 0, "ns/op");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Analysis.analyse(List.of(m, m)));
        assertTrue(e.getMessage().contains("SCALAR in addBias"), e.getMessage());
    }

    @Test
    void unitsConvertToNanoseconds() {
        assertEquals(7, Analysis.toNanos(7, "ns/op"), EXACT);
        assertEquals(7_000, Analysis.toNanos(7, "us/op"), EXACT);
        assertEquals(7_000_000, Analysis.toNanos(7, "ms/op"), EXACT);
        assertEquals(7e9, Analysis.toNanos(7, "s/op"), EXACT);
        assertThrows(IllegalArgumentException.class, () -> Analysis.toNanos(7, "ops/s"));
    }
}

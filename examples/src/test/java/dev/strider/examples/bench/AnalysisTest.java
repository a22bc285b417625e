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
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Throughput, per-round ratios, the best target, tuned against it and the goals, by hand on {@link Samples}. */
class AnalysisTest {

    private static final double EXACT = 1e-12;

    private final List<CaseResult> cases =
            Analysis.analyse(List.of(Samples.flipRounds(), Samples.tailRounds()), Samples.ownForks());

    @Test
    void casesComeInTheSuitesOrder() {
        assertEquals(List.of("toBlocked17", "flipImage"), cases.stream().map(CaseResult::id).toList());
        assertEquals(213_248L, cases.get(0).bytesRead());
        assertEquals(401_408L, cases.get(0).bytesWritten());
        assertEquals(3, cases.get(0).rounds());
        assertEquals("BlockedOps_Threads", cases.get(0).tuned());
        assertNull(cases.get(1).tuned(), "the flip's rounds had no tuned contender");
    }

    @Test
    void aContendersTimeIsItsMedianOverTheRounds() {
        CaseResult tail = cases.get(0);
        ContenderResult scalar = tail.of(Contender.SCALAR);
        assertEquals(20_000, scalar.nanosPerCall(), EXACT); // 20, 40 and 18 us
        assertEquals(new Spread(18_000, 19_000, 20_000, 30_000, 40_000, 3), scalar.time());
        assertEquals(30.7328, scalar.gigabytesPerSecond(), EXACT); // 614656 B / 20000 ns
        assertEquals(61.4656, tail.of(Contender.ARRAYCOPY).gigabytesPerSecond(), EXACT);
        assertNull(scalar.mean(), "no JMH mean for an interleaved contender");
        assertEquals(12.04224, cases.get(1).of(Contender.SCALAR).gigabytesPerSecond(), EXACT); // 1204224 / 100000
    }

    @Test
    void ratiosAreTakenWithinEachRound() {
        ContenderResult scalar = cases.get(0).of(Contender.SCALAR);
        // arraycopy over SCALAR: 10/20, 20/40, 10/18; oneDNN over SCALAR: 1.25 in every round, the slow one too
        assertEquals(0.5, scalar.ratioToCeiling(), EXACT);
        assertEquals(0.5, scalar.ceilingRatios().q1(), EXACT);
        assertEquals(10.0 / 18, scalar.ceilingRatios().max(), EXACT);
        assertEquals(1.25, scalar.ratioToOneDnn(), EXACT);
        assertEquals(new Spread(1.25, 1.25, 1.25, 1.25, 1.25, 3), scalar.oneDnnRatios());
        assertEquals(0.25, cases.get(0).of(Contender.VECTOR).ratioToCeiling(), EXACT);
        assertEquals(1.0, cases.get(0).of(Contender.ARRAYCOPY).ratioToCeiling(), EXACT);
        ContenderResult flip = cases.get(1).of(Contender.SCALAR);
        assertNull(flip.ratioToCeiling(), "no arraycopy measured");
        assertNull(flip.ceilingRatios());
        assertNull(flip.ratioToOneDnn(), "no oneDNN");
    }

    @Test
    void aContenderOfItsOwnForkIsSetAgainstTheMedians() {
        ContenderResult allCores = cases.get(0).of(Contender.ONEDNN_ALL_CORES);
        assertEquals(16_000, allCores.nanosPerCall(), EXACT);
        assertEquals(0.625, allCores.ratioToCeiling(), EXACT); // 10000 / 16000
        assertEquals(1.5625, allCores.ratioToOneDnn(), EXACT); // 25000 / 16000
        assertNull(allCores.time());
        assertNull(allCores.ceilingRatios());
        assertEquals(16_000, allCores.mean(), EXACT);
        assertEquals(100, allCores.error(), EXACT);
        assertEquals("ns/op", allCores.unit());
    }

    @Test
    void theBestTargetIsTheFixedTargetWithTheLowestMedian() {
        assertEquals(Contender.SCALAR, cases.get(0).best()); // 20 us, against VECTOR 40 and THREADS 25; tuned is no target
        assertEquals(Contender.SCALAR, cases.get(1).best());
        CaseResult withoutTargets = Analysis.analyse(List.of(new Rounds(Case.ADD_BIAS,
                List.of(Contender.NAIVE, Contender.TUNED), new int[] {1, 1}, List.<double[]>of(new double[] {5, 1}), "X")),
                List.of()).get(0);
        assertNull(withoutTargets.best(), "a naive loop is no target, however fast, nor is the tuned choice");
        assertNull(withoutTargets.tunedVsBest());
    }

    @Test
    void tunedIsSetAgainstTheBestTargetRoundByRound() {
        // SCALAR over tuned: 20/20, 40/44, 18/18
        Spread t = cases.get(0).tunedVsBest();
        assertEquals(1.0, t.median(), EXACT);
        assertEquals(40.0 / 44, t.min(), EXACT);
        assertEquals(3, t.n());
    }

    @Test
    void theTargetsIssuesGoalsAreCheckedOnTheMedianRatios() {
        List<GoalCheck> goals = cases.get(0).goals();
        assertEquals(4, goals.size());
        assertEquals(new GoalCheck("best target ≥ 1.0× oneDNN", 1.0, 1.25, true,
                new Spread(1.25, 1.25, 1.25, 1.25, 1.25, 3)), goals.get(0));
        assertEquals("best target ≥ 0.8× ceiling", goals.get(1).goal());
        assertEquals(0.5, goals.get(1).value(), EXACT);
        assertEquals(false, goals.get(1).met());
        // fork against fork, no rounds: oneDNN on all cores 16 us over THREADS 12.8 us (given in us/op)
        GoalCheck allCores = goals.get(2);
        assertEquals("THREADS ≥ 1.0× oneDNN on all cores, fork against fork", allCores.goal());
        assertEquals(1.25, allCores.value(), 1e-12);
        assertEquals(true, allCores.met());
        assertNull(allCores.spread());
        assertEquals(new GoalCheck("SCALAR ≥ 1.0× hand-tiled", 1.0, 1.5, true, new Spread(1.5, 1.5, 1.5, 1.5, 1.5, 3)),
                goals.get(3));
        assertEquals(List.of(), cases.get(1).goals(), "an element-wise case without a hand-tiled loop has no goal");
    }

    @Test
    void theOneThreadGoalsTakeTheFastestOfScalarVectorAndTheTunersOneThreadChoice() {
        // per round: SCALAR, VECTOR, THREADS, one thread tuned, arraycopy, oneDNN
        List<Contender> who = List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS, Contender.ONE_THREAD,
                Contender.ARRAYCOPY, Contender.ONEDNN);
        CaseResult tail = Analysis.analyse(List.of(new Rounds(Case.TO_BLOCKED_64, who, new int[] {1, 1, 1, 1, 1, 1},
                List.of(new double[] {60, 30, 10, 24, 20, 25}, new double[] {66, 33, 11, 30, 20, 24},
                        new double[] {54, 27, 9, 20, 22, 21}), "X")), List.of()).get(0);
        assertEquals(Contender.THREADS, tail.best(), "THREADS is the best target");
        List<GoalCheck> goals = tail.goals();
        // one thread, tuned: 24, 30, 20 us, median 24 below VECTOR's 30; oneDNN over it 25/24, 24/30, 21/20
        assertEquals(new GoalCheck("one thread (one thread, tuned) ≥ 1.0× oneDNN", 1.0, 25.0 / 24, true,
                Spread.of(new double[] {25.0 / 24, 24.0 / 30, 21.0 / 20})), goals.get(2));
        assertEquals("one thread (one thread, tuned) ≥ 0.8× ceiling", goals.get(3).goal());
        assertEquals(20.0 / 24, goals.get(3).value(), EXACT); // arraycopy 20/24, 20/30, 22/20: median 20/24
        assertEquals(true, goals.get(3).met());
        CaseResult named = Analysis.analyse(List.of(new Rounds(Case.TO_BLOCKED_64, who, new int[] {1, 1, 1, 1, 1, 1},
                List.<double[]>of(new double[] {60, 30, 10, 24, 20, 25}), "X",
                Map.of(Contender.ONE_THREAD, "BlockedOps_Vector512 (8x8 blocks in registers)"))), List.of()).get(0);
        assertEquals("one thread (one thread, tuned: BlockedOps_Vector512 (8x8 blocks in registers)) ≥ 1.0× oneDNN",
                named.goals().get(2).goal(), "the goal names what the tuner's one-thread choice ran");
        CaseResult vectorFaster = Analysis.analyse(List.of(new Rounds(Case.TO_BLOCKED_64, who,
                new int[] {1, 1, 1, 1, 1, 1}, List.<double[]>of(new double[] {60, 30, 10, 40, 20, 25}), "X",
                Map.of(Contender.ONE_THREAD, "BlockedOps_Scalar (scalar nest)"))), List.of()).get(0);
        assertEquals("one thread (VECTOR) ≥ 1.0× oneDNN", vectorFaster.goals().get(2).goal());
        assertEquals(25.0 / 30, vectorFaster.goals().get(2).value(), EXACT);
        assertEquals(false, vectorFaster.goals().get(2).met());
        assertEquals(2, cases.get(0).goals().stream().filter(g -> g.goal().startsWith("best target")).count());
        assertTrue(cases.get(0).goals().stream().noneMatch(g -> g.goal().startsWith("one thread")),
                "results without the one-thread tuned choice have no one-thread goal");
    }

    @Test
    void goalsWithoutTheirReferenceAreNotMeasured() {
        CaseResult tiny = Analysis.analyse(List.of(new Rounds(Case.TO_TINY_BLOCKED, List.of(Contender.SCALAR),
                new int[] {1}, List.<double[]>of(new double[] {100}), null)), List.of()).get(0);
        assertEquals(List.of(new GoalCheck("best target ≥ 5× oneDNN", 5.0, null, null, null)), tiny.goals());
        CaseResult withoutThreadsFork = Analysis.analyse(List.of(Samples.tailRounds()),
                List.of(Samples.ownForks().get(0))).get(0);
        assertEquals(new GoalCheck("THREADS ≥ 1.0× oneDNN on all cores, fork against fork", 1.0, null, null, null),
                withoutThreadsFork.goals().get(2), "oneDNN on all cores without THREADS in a fork of its own");
    }

    @Test
    void twoResultsForOneContenderAreAnError() {
        Measurement m = new Measurement(Case.TO_BLOCKED_17, Contender.SCALAR, 5, 0, "ns/op");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyse(List.of(Samples.tailRounds()), List.of(m)));
        assertTrue(e.getMessage().contains("SCALAR in toBlocked17"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Analysis.analyse(List.of(Samples.tailRounds(), Samples.tailRounds()), List.of()));
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

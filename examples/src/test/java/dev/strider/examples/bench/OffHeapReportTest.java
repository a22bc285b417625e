package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.OffHeapResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The off-heap rows (issue 15): per-round ratios to the array twin and to the copy-around path,
 * the best array target marked, a table of their own in results.md that results without them
 * never show, no column or bar in the main table and chart, and a JSON round trip.
 */
class OffHeapReportTest {

    /**
     * Three rounds of toBlocked64, the second twice as slow: SCALAR 40 µs, VECTOR 20, the buffer
     * kernels 21 and 40, the copy-around paths 60 and 45 µs; VECTOR's segment twin 19 µs.
     */
    static Rounds rounds() {
        List<Contender> contenders = List.of(Contender.SCALAR, Contender.VECTOR, Contender.ARRAYCOPY,
                Contender.BUFFER_SCALAR, Contender.BUFFER_VECTOR, Contender.SEGMENT_VECTOR, Contender.COPY_SCALAR,
                Contender.COPY_VECTOR);
        double[] round = {40_000, 20_000, 10_000, 40_000, 21_000, 19_000, 60_000, 45_000};
        double[] slow = new double[round.length];
        for (int i = 0; i < round.length; i++) {
            slow[i] = 2 * round[i];
        }
        return new Rounds(Case.TO_BLOCKED_64, contenders, new int[] {100, 200, 400, 100, 190, 210, 70, 90},
                List.of(round, slow, round), "BlockedOps_Vector512",
                Map.of(Contender.BUFFER_SCALAR, "OffHeapOps_Scalar", Contender.BUFFER_VECTOR, "OffHeapOps_Vector512",
                        Contender.SEGMENT_VECTOR, "SegmentOps_Vector512"));
    }

    static Results results() {
        List<CaseResult> cases = Analysis.analyse(List.of(rounds(), Samples.flipRounds()), List.of());
        return new Results(Results.SCHEMA, "2026-11-26T00:00:00Z", 60, Samples.machine(), Samples.settings(), cases,
                null);
    }

    @Test
    void eachOffHeapKernelIsSetAgainstItsArrayTwinAndTheCopyAroundPathPerRound() {
        Results r = results();
        CaseResult blocked = r.cases().get(0);
        assertEquals(Contender.VECTOR, blocked.best(), "the off-heap contenders are never the best target");
        List<OffHeapResult> offHeap = blocked.offHeap();
        assertEquals(3, offHeap.size());
        OffHeapResult scalar = offHeap.get(0);
        assertEquals("direct buffer", scalar.memory());
        assertEquals("SCALAR", scalar.target());
        assertFalse(scalar.bestTarget());
        assertEquals(1.0, scalar.vsArray().median(), 1e-12);
        assertEquals(1.5, scalar.vsCopyAround().median(), 1e-12);
        OffHeapResult vector = offHeap.get(1);
        assertTrue(vector.bestTarget());
        assertEquals("OffHeapOps_Vector512", vector.kernel());
        assertEquals(20_000.0 / 21_000, vector.vsArray().median(), 1e-12);
        assertEquals(45_000.0 / 21_000, vector.vsCopyAround().median(), 1e-12);
        assertEquals(21_000.0, vector.nanosPerCall(), 1e-9);
        OffHeapResult segment = offHeap.get(2);
        assertEquals("segment", segment.memory());
        assertEquals(20_000.0 / 19_000, segment.vsArray().median(), 1e-12);
        assertNull(r.cases().get(1).offHeap(), "a case without off-heap contenders has none, as old files do");
    }

    @Test
    void theyHaveATableOfTheirOwnAndNoColumnOrBar() {
        String md = Report.markdown(results());
        assertTrue(md.contains("|  | direct buffer | **VECTOR** | OffHeapOps_Vector512 |"), md);
        assertTrue(md.contains("| ✓ 0.952× (0.952–0.952) | ✓ 2.14× (2.14–2.14) |"), md);
        assertTrue(md.contains("| nchw→nChw16c f32 1×64×56×56 | direct buffer | SCALAR | OffHeapOps_Scalar |"), md);
        assertTrue(md.contains("| ✓ 1× (1–1) | ✗ 1.5× (1.5–1.5) |"), md);
        assertTrue(md.contains("|  | segment | **VECTOR** | SegmentOps_Vector512 |"), md);
        assertTrue(md.contains("Off-heap goals met: 5 of 6 checked."), md);
        assertFalse(md.contains("| direct buffer SCALAR |"), "no column in the main table: " + md);
        assertFalse(Chart.svg(results()).contains("direct buffer"), "no bar in the chart");
        assertFalse(Report.markdown(Samples.results()).contains("Off-heap"), "results without them show no table");
    }

    @Test
    void theyRoundTripThroughJson() {
        Results r = results();
        Results back = ResultsJson.fromJson(ResultsJson.toJson(r));
        assertEquals(r.cases().get(0).offHeap(), back.cases().get(0).offHeap());
        assertEquals(Report.markdown(r), Report.markdown(back));
    }
}

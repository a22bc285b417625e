package dev.strider.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.examples.conformance.Classifier.Capabilities;
import dev.strider.examples.conformance.Classifier.Reason;
import dev.strider.examples.conformance.Suite.Counts;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * oneDNN v3.11's own reorder batch files, as shipped in src/main/resources/benchdnn/reorder.
 *
 * <p>The counts come from issue 20 ("Measured", oneDNN 3.11's test_reorder_all, _ci, _smoke and
 * _gpu read as benchdnn reads them): 41,734 distinct cases, 21,078 on a CPU with fixed dims, 4,737
 * of them declarable on main at d96cf26, and its table of reasons. This reader reproduces every
 * one of them (the issue's "u8 destination" counts only u8 destinations that convert: a u8 -> u8
 * copy without scales was a byte copy even then). The rest were established by this reader: the
 * 58,210 cases the files list, the 9,232 cross-engine, 9,520 run-time-dims and 1,904 invalid cases
 * left out, the per-file counts, and 14,483 declarable once issue 17's unsignedDestination wrote u8,
 * bf16 and f16 were element types (issue 20, item 1), the sum post-op was {@code @Reorder(sum =
 * ...)} (item 3) and scales and zero points per dim were {@code @Scale} and {@code @ZeroPoint}
 * parameters (item 2); 18,492 today, now that compensations are {@code @Compensation} outputs
 * (item 5).
 */
class BenchdnnSuiteTest {

    private static Suite suite;

    @BeforeAll
    static void read() {
        suite = Suite.read(BatchReader.onednn(), Suite.ISSUE_20_FILES);
    }

    @Test
    void readsTheCasesIssue20Counted() {
        Counts c = suite.counts(Capabilities.current());
        assertEquals(58_210, c.listed());
        assertEquals(41_734, c.distinct());
        assertEquals(9_232, c.notCpu());
        assertEquals(9_520, c.runtimeDims());
        assertEquals(1_904, c.invalid());
        assertEquals(21_078, c.cpuFixedDims());
    }

    @Test
    void classifiesAsIssue20OnTheMainItMeasured() {
        Counts c = suite.counts(Capabilities.ISSUE_20);
        assertEquals(4_737, c.declarable());
        assertEquals(Map.ofEntries(
                Map.entry(Reason.SCALES_PER_DIM, 7_470),
                Map.entry(Reason.COMPENSATION, 4_009),
                Map.entry(Reason.BF16, 3_954),
                Map.entry(Reason.F16, 3_519),
                Map.entry(Reason.SUM, 2_347),
                Map.entry(Reason.U8_DESTINATION, 1_202),
                Map.entry(Reason.ZERO_POINTS_PER_DIM, 768),
                Map.entry(Reason.F8_E5M2, 655),
                Map.entry(Reason.F8_E4M3, 655),
                Map.entry(Reason.S4, 516),
                Map.entry(Reason.U4, 519),
                Map.entry(Reason.F4, 144),
                // not in the issue's table: f32 -> f8 with stochastic rounding (also counted under f8),
                // and 2x16x19200x19200 with its blocked forms (harness_reorder_large)
                Map.entry(Reason.STOCHASTIC_ROUNDING, 2),
                Map.entry(Reason.TOO_LARGE, 5)), c.byReason());
    }

    @Test
    void compensationsAddEveryCaseTheyStopped() {
        Counts before = suite.counts(new Capabilities(true, true, true, true));
        assertEquals(14_483, before.declarable());
        assertEquals(4_009, before.of(Reason.COMPENSATION));
        Counts after = suite.counts(Capabilities.current().withoutFloat8());
        assertEquals(0, after.of(Reason.COMPENSATION));
        assertEquals(14_483 + 4_009, after.declarable());
    }

    @Test
    void float8AddsEveryCaseItAloneStopped() {
        Counts before = suite.counts(Capabilities.current().withoutFloat8());
        assertEquals(655, before.of(Reason.F8_E5M2));
        assertEquals(655, before.of(Reason.F8_E4M3));
        // the cases whose only reasons were f8; the others stay out for another reason (stochastic rounding, s4, ...)
        long onlyF8 = suite.verdicts(Capabilities.current().withoutFloat8()).stream()
                .filter(v -> !v.reasons().isEmpty()
                        && EnumSet.of(Reason.F8_E5M2, Reason.F8_E4M3).containsAll(v.reasons()))
                .count();
        assertEquals(1_244, onlyF8);
        Counts after = suite.counts(Capabilities.current().withoutFourBit());
        assertEquals(0, after.of(Reason.F8_E5M2));
        assertEquals(0, after.of(Reason.F8_E4M3));
        assertEquals(18_492 + onlyF8, after.declarable());
    }

    @Test
    void fourBitTypesAddEveryCaseTheyAloneStopped() {
        Counts before = suite.counts(Capabilities.current().withoutFourBit());
        assertEquals(19_736, before.declarable());
        assertEquals(516, before.of(Reason.S4));
        assertEquals(519, before.of(Reason.U4));
        assertEquals(144, before.of(Reason.F4));
        assertEquals(312, before.of(Reason.ZERO_POINT_DATA_TYPE));
        // the cases whose only reasons were a 4-bit type or 4-bit zero points
        Set<Reason> fourBit = EnumSet.of(Reason.S4, Reason.U4, Reason.F4, Reason.ZERO_POINT_DATA_TYPE);
        long only = suite.verdicts(Capabilities.current().withoutFourBit()).stream()
                .filter(v -> !v.reasons().isEmpty() && fourBit.containsAll(v.reasons()))
                .count();
        assertEquals(1_335, only);
        Counts today = suite.counts(Capabilities.current());
        for (Reason r : fourBit) {
            assertEquals(0, today.of(r), r.label());
        }
        assertEquals(19_736 + only, today.declarable());
    }

    @Test
    void todayEveryU8DestinationHalfFloatSumAndPerDimScaleIsDeclarable() {
        Counts c = suite.counts(Capabilities.current());
        assertEquals(21_071, c.declarable());
        assertEquals(0, c.of(Reason.U8_DESTINATION));
        assertEquals(0, c.of(Reason.SUM));
        assertEquals(0, c.of(Reason.BF16));
        assertEquals(0, c.of(Reason.F16));
        // per-dim and grouped scales and zero points are call-time parameters (item 2), s4 and u4 ones too
        assertEquals(0, c.of(Reason.SCALES_PER_DIM));
        assertEquals(0, c.of(Reason.ZERO_POINTS_PER_DIM));
        assertEquals(0, c.of(Reason.SCALES_PER_GROUP));
        assertEquals(0, c.of(Reason.ZERO_POINTS_PER_GROUP));
        assertEquals(0, c.of(Reason.ZERO_POINT_DATA_TYPE));
        assertEquals(0, c.of(Reason.SCALE_DATA_TYPE));
        assertEquals(0, c.of(Reason.ZERO_POINT_WITH_SUM));
    }

    @Test
    void eachFileAsItsOwnRun() {
        List<Integer> distinct = Suite.ISSUE_20_FILES.stream()
                .map(f -> Suite.read(BatchReader.onednn(), List.of(f)).distinct().size()).toList();
        assertEquals(List.of(19_595, 8_863, 1_152, 24_133), distinct);
    }
}

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Markdown tables of {@link Samples}, cell by cell against hand-computed values. */
class ReportTest {

    private final String markdown = Report.markdown(Samples.results());
    private final List<String> lines = Arrays.asList(markdown.split("\n"));

    @Test
    void theHeaderSaysWhenWhereAndHow() {
        assertTrue(markdown.contains("Measured 2025-11-21 on Test CPU (2 cores; ISA avx2 fma; Linux 6.1 amd64), OpenJDK"
                + " 64-Bit Server VM 17.0.15 (Eclipse Adoptium), preferred vector shape 256 bits, tuner mode measure;"
                + " oneDNN 3.11.0, CPU runtime omp, ISA avx2, OMP_NUM_THREADS=1 (all cores: 2). Interleaved (quick mode):"
                + " every contender of a case in the same fork, 3 × 1000 ms warm-up and 5 × 1000 ms measured iterations of"
                + " rounds, each round a 4 ms slice per contender in shuffled order."), markdown);
    }

    @Test
    void oneColumnPerContenderThenTheBestItsRatiosAndTuned() {
        assertTrue(lines.contains("| case | bytes | SCALAR | VECTOR | THREADS | tuned | generic | naive loop | hand-tiled"
                + " | arraycopy | oneDNN | oneDNN, all cores | THREADS, own fork | best (time per call) | ×ceiling | ×oneDNN"
                + " | tuned ÷ best"
                + " | goals |"), markdown);
    }

    @Test
    void aRowHoldsMediansRatiosWithTheirSpreadAndGoals() {
        // 614656 B: SCALAR 20 us -> 30.7 GB/s (best), VECTOR 40 us -> 15.4, THREADS 25 us -> 24.6, tuned 20 us,
        // hand 30 us -> 20.5, arraycopy 10 us -> 61.5, oneDNN 25 us -> 24.6, on all cores 16 us -> 38.4; SCALAR is
        // 0.5x the ceiling in two rounds of three (10/18 in the third) and 1.25x oneDNN in all three; tuned is SCALAR's
        // time in two rounds and 40/44 in the slow one; THREADS in its own fork 12.8 us -> 48.0, 1.25x oneDNN on all cores
        assertTrue(lines.contains("| nchw→nChw16c f32 1×17×56×56 (tail) | 615 kB | **30.7** | 15.4 | 24.6 | 30.7 | – | –"
                + " | 20.5 | 61.5 | 24.6 | 38.4 | 48 | SCALAR, 20 µs | 0.5× (0.5–0.528) | 1.25× (1.25–1.25) | ✓ 1× (0.955–1)"
                + " | ✓ best target ≥ 1.0× oneDNN: 1.25× (1.25–1.25)<br>✗ best target ≥ 0.8× ceiling: 0.5× (0.5–0.528)"
                + "<br>✓ THREADS ≥ 1.0× oneDNN on all cores, fork against fork: 1.25×"
                + "<br>✓ SCALAR ≥ 1.0× hand-tiled: 1.5× (1.5–1.5) |"), markdown);
    }

    @Test
    void oneDnnWithoutAPeerIsNotApplicableAndTheNoteSaysWhy() {
        assertTrue(lines.contains("| flip W (stride −1) f32 1×3×224×224 | 1.2 MB | **12** | – | – | – | – | – | – | –"
                + " | n/a¹ | n/a | – | SCALAR, 100 µs | – | – | – | – |"), markdown);
        assertTrue(lines.contains("¹ oneDNN: n/a, its memory descriptors take no negative strides.  "), markdown);
    }

    @Test
    void theDispatchOverheadHasALineWithItsMedianAndSpread() {
        // per round 1, 0, 2, -1 ns: median 0.5, quartiles -0.25 and 1.25 hold 0; ratios 45/44, 1, 48/46, 43/44
        assertTrue(lines.contains("- nchw→nChw8c f32 1×17×5×4 (tiny): BlockedOps_Tuned +0.5 ns per call (IQR −0.25 ns to"
                + " +1.25 ns) against BlockedOps_Vector256 (4x4 blocks in registers) at 44 ns, 1.01× (0.994–1.03), 4 rounds"
                + " ✓ within the noise"), markdown);
    }

    @Test
    void theGoalsAndTheTunedChecksAreCounted() {
        assertTrue(lines.contains("Goals met: 3 of 4 checked. Tuned ≥ 0.95× the best fixed target: 1 of 1 cases (tuned"
                + " ran BlockedOps_Threads)."), markdown);
        assertEquals("![Throughput relative to the arraycopy ceiling](ratios.svg)", lines.get(lines.size() - 1));
    }

    @Test
    void theColdStartTableHasTheFirstCallsAndTheFirstCallPerContender() {
        // SCALAR: 40 and 50 ms for 100 calls, 4 and 6 ms for the first; tuned 250 and 300 ms, 200 and 300 ms
        assertTrue(lines.contains("| kernel | calls | SCALAR | VECTOR | THREADS | tuned | tuned ÷ SCALAR |"), markdown);
        assertTrue(lines.contains("| nchw→nChw16c f32 1×64×56×56 | first 100 | 45 ms (40–50) | – | – | 275 ms (250–300),"
                + " BlockedOps_Threads | ✗ 6.11× |"), markdown);
        assertTrue(lines.contains("|  | first | 5 ms (4–6) | – | – | 250 ms (200–300) | 50× |"), markdown);
    }

    @Test
    void resultsOfTheFirstSchemaRenderWithoutSpreadsOrTuned() {
        Results r = Samples.results();
        Results old = new Results(Results.SCHEMA_1, r.date(), r.wallSeconds(),
                new Results.Machine("Old CPU", null, 2, "Linux", "JVM 17", "Vendor", 256, 1, "1", "oneDNN 3.11.0"),
                new Results.Settings("quick", 1, 2, 500, 3, 300, ".*", List.of(), 0, null, null, null),
                List.of(new Results.CaseResult("flipImage", "flip", "ELEMENT_WISE", 10, 10, false, null,
                        Contender.SCALAR, List.of(new Results.ContenderResult(Contender.SCALAR, 10, 2, null, null, null,
                        null, null, 10.0, 0.1, "ns/op")), List.of(), null, null, null)), null);
        String md = Report.markdown(old);
        assertTrue(md.contains("Measured 2025-11-21 on Old CPU (2 cores, Linux), JVM 17 (Vendor), preferred vector shape"
                + " 256 bits; oneDNN 3.11.0, OMP_NUM_THREADS=1. JMH quick mode: 1 fork, 2 × 500 ms warm-up and 3 × 300 ms"
                + " measured iterations."), md);
        assertTrue(md.contains("| case | bytes | SCALAR | VECTOR | THREADS | generic |"), md);
        assertFalse(md.contains("THREADS, own fork"), "no column for THREADS in forks of its own where it did not run");
        assertTrue(md.contains("| flip | 20 B | **2** | – |"), md);
        assertFalse(md.contains("Cold start"), md);
        String svg = Chart.svg(old);
        assertFalse(svg.contains(">tuned<"), "no tuned bar nor legend entry without a tuned contender");
        assertFalse(svg.contains("THREADS, own fork"), "nor one for THREADS in forks of its own");
        assertTrue(svg.contains(">bold value: the best generated target<"), "no IQR lines to explain");
    }
}

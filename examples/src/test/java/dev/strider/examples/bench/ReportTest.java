package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Markdown table of {@link Samples}, cell by cell against hand-computed values. */
class ReportTest {

    private final String markdown = Report.markdown(Samples.results());
    private final List<String> lines = Arrays.asList(markdown.split("\n"));

    @Test
    void theHeaderSaysWhenWhereAndHow() {
        assertTrue(markdown.contains("Measured 2025-11-21 on Test CPU (2 cores, Linux 6.1 amd64), OpenJDK 64-Bit Server"
                + " VM 17.0.15 (Eclipse Adoptium), preferred vector shape 256 bits; oneDNN 3.11.0, CPU runtime omp, ISA avx2,"
                + " OMP_NUM_THREADS=1 (all cores: 2). JMH quick mode: 1 fork, 2 × 500 ms warm-up and 3 × 300 ms measured iterations."),
                markdown);
    }

    @Test
    void oneColumnPerContenderThenTheBestAndItsRatios() {
        assertTrue(lines.contains("| case | bytes | SCALAR | VECTOR | THREADS | generic | naive loop | hand-tiled | arraycopy"
                + " | oneDNN | oneDNN, all cores | best (time per call) | ×ceiling | ×oneDNN | goals |"), markdown);
    }

    @Test
    void aRowHoldsGigabytesPerSecondRatiosAndGoals() {
        // 614656 B: SCALAR 20 us -> 30.7 GB/s (best), VECTOR 40 us -> 15.4, THREADS 25 us -> 24.6, hand 30 us -> 20.5,
        // arraycopy 10 us -> 61.5, oneDNN 25 us -> 24.6, on all cores 16 us -> 38.4; SCALAR is 0.5x the ceiling and
        // 1.25x oneDNN (single-threaded: the goals compare one thread with one thread)
        assertTrue(lines.contains("| nchw→nChw16c f32 1×17×56×56 (tail) | 615 kB | **30.7** | 15.4 | 24.6 | – | – | 20.5"
                + " | 61.5 | 24.6 | 38.4 | SCALAR, 20 µs | 0.5× | 1.25× | ✓ best target ≥ 1.0× oneDNN: 1.25×<br>✗ best target ≥"
                + " 0.8× ceiling: 0.5×<br>✓ SCALAR ≥ 1.0× hand-tiled: 1.5× |"), markdown);
    }

    @Test
    void oneDnnWithoutAPeerIsNotApplicableAndTheNoteSaysWhy() {
        assertTrue(lines.contains("| flip W (stride −1) f32 1×3×224×224 | 1.2 MB | **12** | – | – | – | – | – | – | n/a¹"
                + " | n/a | SCALAR, 100 µs | – | – | – |"), markdown);
        assertTrue(lines.contains("¹ oneDNN: n/a, its memory descriptors take no negative strides.  "), markdown);
    }

    @Test
    void theGoalsAreCounted() {
        assertTrue(lines.contains("Goals met: 2 of 3 checked."), markdown);
        assertEquals("![Throughput relative to the arraycopy ceiling](ratios.svg)", lines.get(lines.size() - 1));
    }
}

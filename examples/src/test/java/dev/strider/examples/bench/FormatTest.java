package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.examples.bench.Results.Machine;
import dev.strider.examples.bench.Results.Settings;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void threeSignificantDigitsWithoutExponents() {
        assertEquals("13.5", Format.significant(13.456));
        assertEquals("0.00512", Format.significant(0.0051234));
        assertEquals("1230", Format.significant(1234.5));
        assertEquals("0.5", Format.significant(0.5));
        assertEquals("2", Format.significant(2.0));
        assertEquals("0", Format.significant(0));
    }

    @Test
    void timesPickAReadableUnit() {
        assertEquals("129 ns", Format.time(129.4));
        assertEquals("56.2 µs", Format.time(56_200));
        assertEquals("4.97 ms", Format.time(4_967_000));
        assertEquals("1.48×", Format.times(1.4812));
    }

    @Test
    void bytesUseDecimalUnitsAsGigabytesPerSecondDo() {
        assertEquals("960 B", Report.bytes(960));
        assertEquals("3.28 kB", Report.bytes(3_280));
        assertEquals("33.6 MB", Report.bytes(33_554_432));
    }

    @Test
    void aTimeRangeIsInTheMediansUnit() {
        assertEquals("45 ms (40–50.1)", Format.timeRange(45e6, 40e6, 50.1e6));
        assertEquals("980 µs (0.9–1500)", Format.timeRange(980e3, 900, 1.5e6));
        assertEquals("53 ns (52–61)", Format.timeRange(53, 52, 61));
        assertEquals("0.98–1.04", Format.iqr(new Spread(0.9, 0.98, 1, 1.04, 1.2, 5)));
    }

    @Test
    void theRunIsDescribedWithEveryChoiceThatShapedIt() {
        assertEquals("Measured 2025-11-21 on Test CPU (2 cores; ISA avx2 fma; Linux 6.1 amd64), OpenJDK 64-Bit Server VM"
                + " 17.0.15 (Eclipse Adoptium), preferred vector shape 256 bits, tuner mode measure; oneDNN 3.11.0, CPU"
                + " runtime omp, ISA avx2, OMP_NUM_THREADS=1 (all cores: 2). Interleaved (quick mode): every contender of a"
                + " case in the same fork, 3 × 1000 ms warm-up and 5 × 1000 ms measured iterations of rounds, each round a"
                + " 4 ms slice per contender in shuffled order.", Format.run(Samples.results()));
        Results r = new Results(Results.SCHEMA, "2025-11-22T08:00:00Z", 1,
                new Machine("Test CPU", List.of(), 1, "Linux 6.1 amd64", "OpenJDK 64-Bit Server VM 25", "Eclipse Adoptium",
                        0, 0, "unset", "oneDNN did not load: no library"),
                new Settings("full", 2, 5, 1000, 20, 1000, "Tiny", List.of(), 0, 4L, "rules", 15), List.of(), null);
        assertEquals("Measured 2025-11-22 on Test CPU (1 core; ISA unknown; Linux 6.1 amd64), OpenJDK 64-Bit Server VM 25"
                + " (Eclipse Adoptium), preferred vector shape unknown, tuner mode rules; oneDNN did not load: no library,"
                + " OMP_NUM_THREADS=unset. Interleaved (full mode): every contender of a case in the same 2 forks, 5 × 1000"
                + " ms warm-up and 20 × 1000 ms measured iterations of rounds, each round a 4 ms slice per contender in"
                + " shuffled order, benchmarks matching `Tiny`.", Format.run(r));
    }
}

package dev.strider.examples.bench;

import dev.strider.examples.bench.Analysis.Measurement;
import dev.strider.examples.bench.Results.Machine;
import dev.strider.examples.bench.Results.Settings;
import java.util.List;

/**
 * A small results set with round numbers, for the analysis, rendering and JSON tests. The
 * tail case (nchw→nChw16c 1×17×56×56) moves 213248 + 401408 = 614656 bytes per call; the flip
 * 2 × 602112 = 1204224.
 *
 * <p>The tail case runs three rounds; the second is a slow phase of the machine that doubles every
 * time (the tuned contender's a little more), so the per-round ratios hold while the times move.
 * oneDNN on all cores ran in a fork of its own, 16 us per call, and THREADS in one of its own beside
 * it, 12.8 us.
 */
final class Samples {

    private Samples() {
    }

    static final List<Contender> TAIL_CONTENDERS = List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS,
            Contender.TUNED, Contender.HAND, Contender.ARRAYCOPY, Contender.ONEDNN);

    /** Per round: SCALAR, VECTOR, THREADS, TUNED, HAND, ARRAYCOPY, ONEDNN, in ns per call. */
    static Rounds tailRounds() {
        return new Rounds(Case.TO_BLOCKED_17, TAIL_CONTENDERS, new int[] {200, 100, 160, 200, 130, 400, 160}, List.of(
                new double[] {20_000, 40_000, 25_000, 20_000, 30_000, 10_000, 25_000},
                new double[] {40_000, 80_000, 50_000, 44_000, 60_000, 20_000, 50_000},
                new double[] {18_000, 36_000, 22_500, 18_000, 27_000, 10_000, 22_500}), "BlockedOps_Threads");
    }

    static Rounds flipRounds() {
        return new Rounds(Case.FLIP_IMAGE, List.of(Contender.SCALAR), new int[] {40},
                List.<double[]>of(new double[] {100_000}), null);
    }

    static List<Measurement> ownForks() {
        return List.of(new Measurement(Case.TO_BLOCKED_17, Contender.ONEDNN_ALL_CORES, 16_000, 100, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.THREADS_OWN_FORK, 12.8, 0.2, "us/op"));
    }

    static Machine machine() {
        return new Machine("Test CPU", List.of("avx2", "fma"), 2, "Linux 6.1 amd64", "OpenJDK 64-Bit Server VM 17.0.15",
                "Eclipse Adoptium", 256, 1, "1", "oneDNN 3.11.0, CPU runtime omp, ISA avx2");
    }

    static Settings settings() {
        return new Settings("quick", 1, 3, 1000, 5, 1000, ".*", List.of("-Xmx1g"), 2, 4L, "measure", 3);
    }

    static Results.ColdStarts coldStarts() {
        return ColdStart.summarise(List.of(
                new ColdStart.Sample(Case.TO_BLOCKED_64, Contender.SCALAR, "BlockedOps_Scalar", 900_000, 4_000_000, 100,
                        50_000_000),
                new ColdStart.Sample(Case.TO_BLOCKED_64, Contender.SCALAR, "BlockedOps_Scalar", 800_000, 6_000_000, 100,
                        40_000_000),
                new ColdStart.Sample(Case.TO_BLOCKED_64, Contender.TUNED, "BlockedOps_Threads", 1_000_000, 300_000_000,
                        100, 280_000_000 + 20_000_000),
                new ColdStart.Sample(Case.TO_BLOCKED_64, Contender.TUNED, "BlockedOps_Threads", 1_000_000, 200_000_000,
                        100, 250_000_000)), 100, 2);
    }

    static Results results() {
        return new Results(Results.SCHEMA, "2025-11-21T10:00:00Z", 123, machine(), settings(),
                Analysis.analyse(List.of(tailRounds(), flipRounds()), ownForks()), coldStarts(),
                List.of(dispatchRounds().summarise()));
    }

    /** Four rounds of the tiny nChw8c: the dispatcher 1, 0, 2 and −1 ns slower than the direct call. */
    static DispatchRounds dispatchRounds() {
        return new DispatchRounds(Case.TO_TINY_BLOCKED, "BlockedOps_Tuned", "BlockedOps_Vector256 (4x4 blocks in registers)",
                new int[] {90_000, 91_000}, List.of(new double[] {45, 44}, new double[] {44, 44}, new double[] {48, 46},
                        new double[] {43, 44}));
    }
}

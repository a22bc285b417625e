package dev.strider.examples.bench;

import dev.strider.examples.bench.Analysis.Measurement;
import dev.strider.examples.bench.Results.Machine;
import dev.strider.examples.bench.Results.Settings;
import java.util.List;

/**
 * A small results set with round numbers, for the analysis, rendering and JSON tests. The
 * tail case (nchw→nChw16c 1×17×56×56) moves 213248 + 401408 = 614656 bytes per call; the flip
 * 2 × 602112 = 1204224.
 */
final class Samples {

    private Samples() {
    }

    static List<Measurement> measurements() {
        return List.of(
                new Measurement(Case.FLIP_IMAGE, Contender.SCALAR, 100_000, Double.NaN, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.ARRAYCOPY, 10_000, 150, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.SCALAR, 20, 0.5, "us/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.VECTOR, 40_000, 800, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.THREADS, 0.025, 0.001, "ms/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.HAND, 30_000, 300, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.ONEDNN, 25_000, Double.NaN, "ns/op"),
                new Measurement(Case.TO_BLOCKED_17, Contender.ONEDNN_ALL_CORES, 16_000, 100, "ns/op"));
    }

    static Results results() {
        return new Results(Results.SCHEMA, "2025-11-21T10:00:00Z", 123,
                new Machine("Test CPU", 2, "Linux 6.1 amd64", "OpenJDK 64-Bit Server VM 17.0.15", "Eclipse Adoptium", 256,
                        1, "1", "oneDNN 3.11.0, CPU runtime omp, ISA avx2"),
                new Settings("quick", 1, 2, 500, 3, 300, ".*", List.of("-Xmx1g"), 2),
                Analysis.analyse(measurements()));
    }
}

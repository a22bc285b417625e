package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.Dispatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One tiny case measured by {@link DispatchBenchmark}: per round, the time per call through the
 * tuner's dispatcher and through a direct call of the class and variant it routes to. A fork writes
 * them as a small tab-separated file beside the interleaved rounds, named with
 * {@value #FILE_PREFIX}:
 *
 * <pre>
 * # strider dispatch rounds
 * case	toTinyBlocked
 * dispatcher	BlockedOps_Tuned
 * direct	BlockedOps_Vector512 (4x4 blocks in registers)
 * calls	90000	92000
 * 0	44.10	43.85
 * </pre>
 *
 * @param nanos per round, {@code {dispatcher, direct}} times per call
 */
record DispatchRounds(Case benchmarkCase, String dispatcher, String direct, int[] callsPerSlice, List<double[]> nanos) {

    /** The column of the call through the dispatcher. */
    static final int TUNED = 0;
    /** The column of the direct call. */
    static final int DIRECT = 1;
    /** How the forks' files start, so the suite tells them from {@link Rounds}' files. */
    static final String FILE_PREFIX = "dispatch-";

    DispatchRounds {
        nanos = List.copyOf(nanos);
        for (double[] round : nanos) {
            if (round.length != 2) {
                throw new IllegalArgumentException("a dispatch round has 2 times, not " + round.length);
            }
        }
    }

    private double[] column(int i) {
        return nanos.stream().mapToDouble(r -> r[i]).toArray();
    }

    /**
     * The case's figures: both sides' medians, the per-round overhead (dispatcher minus direct, per
     * call) and the per-round ratio, each with its spread; the overhead is within the noise when the
     * interquartile range of the per-round differences holds 0.
     *
     * @throws IllegalArgumentException when no round was measured
     */
    Dispatch summarise() {
        double[] tuned = column(TUNED);
        double[] direct = column(DIRECT);
        double[] overhead = new double[tuned.length];
        for (int r = 0; r < overhead.length; r++) {
            overhead[r] = tuned[r] - direct[r];
        }
        Spread difference = Spread.of(overhead);
        return new Dispatch(benchmarkCase.id(), benchmarkCase.title(), dispatcher, this.direct, nanos.size(),
                Spread.of(tuned), Spread.of(direct), difference, Spread.of(Spread.ratios(tuned, direct)),
                difference.q1() <= 0 && difference.q3() >= 0);
    }

    /** The rounds of several forks of one case, one after the other. */
    static DispatchRounds concat(List<DispatchRounds> forks) {
        DispatchRounds first = forks.get(0);
        List<double[]> all = new ArrayList<>();
        for (DispatchRounds f : forks) {
            if (f.benchmarkCase() != first.benchmarkCase()) {
                throw new IllegalArgumentException("dispatch rounds of " + first.benchmarkCase() + " and "
                        + f.benchmarkCase());
            }
            all.addAll(f.nanos());
        }
        return new DispatchRounds(first.benchmarkCase(), first.dispatcher(), first.direct(), first.callsPerSlice(), all);
    }

    String toTsv() {
        StringBuilder tsv = new StringBuilder("# strider dispatch rounds\n");
        tsv.append("case\t").append(benchmarkCase.id()).append('\n');
        tsv.append("dispatcher\t").append(dispatcher).append('\n');
        tsv.append("direct\t").append(direct).append('\n');
        tsv.append("calls\t").append(callsPerSlice[TUNED]).append('\t').append(callsPerSlice[DIRECT]).append('\n');
        for (int r = 0; r < nanos.size(); r++) {
            tsv.append(r).append(String.format(Locale.ROOT, "\t%.3f\t%.3f%n", nanos.get(r)[TUNED], nanos.get(r)[DIRECT]));
        }
        return tsv.toString();
    }

    /**
     * Reads {@link #toTsv}'s text.
     *
     * @throws IllegalArgumentException naming the line that is not as written
     */
    static DispatchRounds parse(String tsv) {
        Case c = null;
        String dispatcher = null;
        String direct = null;
        int[] calls = null;
        List<double[]> nanos = new ArrayList<>();
        String[] lines = tsv.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            try {
                switch (f[0]) {
                    case "case" -> c = Case.ofBenchmark(f[1]);
                    case "dispatcher" -> dispatcher = f[1];
                    case "direct" -> direct = f[1];
                    case "calls" -> calls = new int[] {Integer.parseInt(f[1]), Integer.parseInt(f[2])};
                    default -> {
                        Integer.parseInt(f[0]);
                        nanos.add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
                    }
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("dispatch rounds, line " + (i + 1) + ": '" + line + "': " + e, e);
            }
        }
        if (c == null || dispatcher == null || direct == null || calls == null) {
            throw new IllegalArgumentException("dispatch rounds without their case, dispatcher, direct class or calls");
        }
        return new DispatchRounds(c, dispatcher, direct, calls, nanos);
    }
}

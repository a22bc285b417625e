package dev.strider.examples.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One case measured interleaved ({@link InterleavedBenchmark}): per round, every contender's time
 * per call in its slice of that round. A fork writes its rounds as a small tab-separated file,
 * which the {@link Suite} reads back after JMH is done ({@link #toTsv}, {@link #parse}):
 *
 * <pre>
 * # strider interleaved rounds
 * case	toBlocked64
 * tuned	BlockedOps_Threads
 * contenders	SCALAR	VECTOR	ARRAYCOPY	BUFFER_VECTOR
 * kernels	BUFFER_VECTOR=OffHeapOps_Vector512
 * calls	40	52	110	45
 * 0	61234.5	57012.25	22800.0
 * 1	...
 * </pre>
 *
 * @param contenders   in the order of the columns
 * @param callsPerSlice how many calls each contender made per slice (fixed once warm-up is over)
 * @param nanos        per round, the time per call of each contender, in the order of {@code contenders}
 * @param tuned        the class {@code Strider.load} returned for the case's kernel set (the "tuned" contender)
 * @param kernels      the class each off-heap contender ran ({@code OffHeapOps_Vector512}; the tuned ones the
 *                     class and variant the tuner routed the method to); empty when there are none (the
 *                     {@code kernels} line is written only then)
 */
record Rounds(Case benchmarkCase, List<Contender> contenders, int[] callsPerSlice, List<double[]> nanos,
              String tuned, Map<Contender, String> kernels) {

    /** Rounds without off-heap contenders. */
    Rounds(Case benchmarkCase, List<Contender> contenders, int[] callsPerSlice, List<double[]> nanos, String tuned) {
        this(benchmarkCase, contenders, callsPerSlice, nanos, tuned, Map.of());
    }

    Rounds {
        contenders = List.copyOf(contenders);
        nanos = List.copyOf(nanos);
        kernels = kernels.isEmpty() ? Map.of() : new EnumMap<>(kernels);
        if (callsPerSlice.length != contenders.size()) {
            throw new IllegalArgumentException("calls per slice for " + callsPerSlice.length + " of "
                    + contenders.size() + " contenders");
        }
        for (double[] round : nanos) {
            if (round.length != contenders.size()) {
                throw new IllegalArgumentException("a round of " + round.length + " times for "
                        + contenders.size() + " contenders");
            }
        }
    }

    int rounds() {
        return nanos.size();
    }

    boolean has(Contender k) {
        return contenders.contains(k);
    }

    /** A contender's time per call in each round; NaN in every round when it did not run. */
    double[] of(Contender k) {
        int column = contenders.indexOf(k);
        double[] times = new double[nanos.size()];
        for (int r = 0; r < times.length; r++) {
            times[r] = column < 0 ? Double.NaN : nanos.get(r)[column];
        }
        return times;
    }

    /** The rounds of several forks of the same case, one after the other. */
    static Rounds concat(List<Rounds> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("no forks");
        }
        Rounds first = forks.get(0);
        List<double[]> all = new ArrayList<>();
        for (Rounds f : forks) {
            if (f.benchmarkCase() != first.benchmarkCase() || !f.contenders().equals(first.contenders())) {
                throw new IllegalArgumentException("forks of different cases or contenders: " + first.benchmarkCase()
                        + " " + first.contenders() + " and " + f.benchmarkCase() + " " + f.contenders());
            }
            all.addAll(f.nanos());
        }
        return new Rounds(first.benchmarkCase(), first.contenders(), first.callsPerSlice(), all, first.tuned(),
                first.kernels());
    }

    String toTsv() {
        StringBuilder tsv = new StringBuilder("# strider interleaved rounds\n");
        tsv.append("case\t").append(benchmarkCase.id()).append('\n');
        tsv.append("tuned\t").append(tuned).append('\n');
        tsv.append("contenders");
        contenders.forEach(k -> tsv.append('\t').append(k.name()));
        if (!kernels.isEmpty()) {
            tsv.append("\nkernels");
            kernels.forEach((k, name) -> tsv.append('\t').append(k.name()).append('=').append(name));
        }
        tsv.append("\ncalls");
        Arrays.stream(callsPerSlice).forEach(n -> tsv.append('\t').append(n));
        tsv.append('\n');
        for (int r = 0; r < nanos.size(); r++) {
            tsv.append(r);
            for (double v : nanos.get(r)) {
                tsv.append('\t').append(String.format(Locale.ROOT, "%.2f", v));
            }
            tsv.append('\n');
        }
        return tsv.toString();
    }

    /**
     * Reads {@link #toTsv}'s text.
     *
     * @throws IllegalArgumentException naming the line that is not as written
     */
    static Rounds parse(String tsv) {
        Case c = null;
        String tuned = null;
        List<Contender> contenders = null;
        int[] calls = null;
        Map<Contender, String> kernels = new EnumMap<>(Contender.class);
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
                    case "case":
                        c = Case.ofBenchmark(f[1]);
                        break;
                    case "tuned":
                        tuned = f[1];
                        break;
                    case "contenders":
                        contenders = new ArrayList<>();
                        for (int j = 1; j < f.length; j++) {
                            contenders.add(Contender.valueOf(f[j]));
                        }
                        break;
                    case "kernels":
                        for (int j = 1; j < f.length; j++) {
                            int eq = f[j].indexOf('=');
                            kernels.put(Contender.valueOf(f[j].substring(0, eq)), f[j].substring(eq + 1));
                        }
                        break;
                    case "calls":
                        calls = Arrays.stream(f, 1, f.length).mapToInt(Integer::parseInt).toArray();
                        break;
                    default:
                        Integer.parseInt(f[0]);
                        nanos.add(Arrays.stream(f, 1, f.length).mapToDouble(Double::parseDouble).toArray());
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " of the rounds is not as written: '" + line
                        + "' (" + e.getMessage() + ")", e);
            }
        }
        if (c == null || contenders == null || calls == null) {
            throw new IllegalArgumentException("the rounds name no case, contenders or calls");
        }
        return new Rounds(c, contenders, calls, nanos, tuned, kernels);
    }
}

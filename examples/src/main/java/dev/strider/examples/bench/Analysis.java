package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ContenderResult;
import dev.strider.examples.bench.Results.GoalCheck;
import dev.strider.examples.bench.Results.OffHeapResult;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * From measured times to what the report shows: throughput, ratios to the arraycopy ceiling and
 * to oneDNN, the best generated target, the tuned choice against it and the goal checks. Pure
 * arithmetic on {@link Rounds} and {@link Measurement}s, so it is tested on hand-made numbers,
 * apart from JMH.
 *
 * <p>A contender measured interleaved has a time per call in every round; its figure is the
 * median over the rounds, and each ratio is taken <em>within</em> a round (arraycopy's time over
 * SCALAR's in the same round), then the median and spread of those per-round ratios are reported.
 * A slow phase of the machine slows both sides of a per-round ratio, so the ratio holds where a
 * ratio of two medians measured minutes apart would not. A contender measured in a fork of its
 * own (oneDNN on all cores, which needs another {@code OMP_NUM_THREADS}, and THREADS beside it,
 * {@link Contender#THREADS_OWN_FORK}) is set against the interleaved medians and the other
 * such contender, without a spread.
 *
 * <p>Throughput is {@code (bytes read + bytes written) / time}: bytes per nanosecond are GB/s
 * (10^9 bytes). As every contender of a case moves the same bytes, a ratio of throughputs is the
 * inverse ratio of times.
 */
final class Analysis {

    /** The best target against oneDNN on NCHW↔NHWC. */
    static final double TRANSPOSE_VS_ONEDNN = 1.2;
    /** The best target against oneDNN on the blocked reorders. */
    static final double BLOCKED_VS_ONEDNN = 1.0;
    /** The best target against the ceiling on the blocked reorders. */
    static final double BLOCKED_VS_CEILING = 0.8;
    /**
     * THREADS against oneDNN on all cores on the blocked reorders (issue 18), each in forks of its
     * own: {@link Contender#THREADS_OWN_FORK} against {@link Contender#ONEDNN_ALL_CORES}.
     */
    static final double THREADS_VS_ALL_CORES = 1.0;
    /**
     * The fastest one-thread contender (SCALAR, VECTOR or the tuner's one-thread choice) against
     * single-threaded oneDNN on the blocked reorders (issue 18).
     */
    static final double ONE_THREAD_VS_ONEDNN = 1.0;
    /** The same against the ceiling (issue 18). */
    static final double ONE_THREAD_VS_CEILING = 0.8;
    /** The best target against oneDNN on the tiny tensors. */
    static final double TINY_VS_ONEDNN = 5.0;
    /** SCALAR against the hand-tiled loop, where there is one. */
    static final double SCALAR_VS_HAND = 1.0;
    /** The tuned choice against the best fixed target of the same rounds (the tuner issue's goal). */
    static final double TUNED_VS_BEST = 0.95;
    /** An off-heap kernel against the same kernel on arrays (issue 15). */
    static final double OFF_HEAP_VS_ARRAY = 0.9;
    /** An off-heap kernel against copying around the array kernel (issue 15). */
    static final double OFF_HEAP_VS_COPY_AROUND = 2.0;

    private Analysis() {
    }

    /**
     * One JMH result of a contender in a fork of its own: its mean time per call in a case.
     *
     * @param error the confidence half-width, NaN when JMH has none (a single iteration)
     */
    record Measurement(Case benchmarkCase, Contender contender, double score, double error, String unit) {
    }

    /** Every case that has rounds or a measurement, in the suite's order. */
    static List<CaseResult> analyse(List<Rounds> interleaved, List<Measurement> ownForks) {
        Map<Case, Rounds> rounds = new EnumMap<>(Case.class);
        for (Rounds r : interleaved) {
            if (rounds.put(r.benchmarkCase(), r) != null) {
                throw new IllegalArgumentException("two sets of rounds for " + r.benchmarkCase()
                        + ": concatenate the forks first");
            }
        }
        Map<Case, Map<Contender, Measurement>> forks = new EnumMap<>(Case.class);
        for (Measurement m : ownForks) {
            Measurement before = forks.computeIfAbsent(m.benchmarkCase(), c -> new EnumMap<>(Contender.class))
                    .put(m.contender(), m);
            if (before != null || rounds.containsKey(m.benchmarkCase())
                    && rounds.get(m.benchmarkCase()).has(m.contender())) {
                throw new IllegalArgumentException("two results for " + m.contender() + " in " + m.benchmarkCase());
            }
        }
        List<CaseResult> cases = new ArrayList<>();
        for (Case c : Case.values()) {
            if (rounds.containsKey(c) || forks.containsKey(c)) {
                cases.add(analyse(c, rounds.get(c), forks.getOrDefault(c, Map.of())));
            }
        }
        return cases;
    }

    private static CaseResult analyse(Case c, Rounds rounds, Map<Contender, Measurement> ownForks) {
        Map<Contender, Double> nanos = new EnumMap<>(Contender.class);
        if (rounds != null) {
            for (Contender k : rounds.contenders()) {
                nanos.put(k, Spread.of(rounds.of(k)).median());
            }
        }
        ownForks.forEach((k, m) -> nanos.put(k, toNanos(m.score(), m.unit())));
        Contender best = null;
        for (Map.Entry<Contender, Double> e : nanos.entrySet()) {
            if (e.getKey().generated() && (best == null || e.getValue() < nanos.get(best))) {
                best = e.getKey();
            }
        }
        PerRound perRound = new PerRound(rounds, nanos);

        List<ContenderResult> contenders = new ArrayList<>();
        for (Map.Entry<Contender, Double> e : nanos.entrySet()) {
            Contender k = e.getKey();
            double ns = e.getValue();
            Measurement own = ownForks.get(k);
            Spread ceiling = perRound.ratio(Contender.ARRAYCOPY, k);
            Spread oneDnn = perRound.ratio(Contender.ONEDNN, k);
            contenders.add(new ContenderResult(k, ns, c.bytes() / ns, perRound.value(Contender.ARRAYCOPY, k),
                    perRound.value(Contender.ONEDNN, k), own == null ? Spread.of(rounds.of(k)) : null, ceiling, oneDnn,
                    own == null ? null : own.score(), own == null || Double.isNaN(own.error()) ? null : own.error(),
                    own == null ? null : own.unit()));
        }
        Spread tunedVsBest = best == null ? null : perRound.ratio(best, Contender.TUNED);
        return new CaseResult(c.id(), c.title(), c.kind().name(), c.bytesRead(), c.bytesWritten(), c.hasOneDnn(),
                c.oneDnnNote(), best, contenders,
                goals(c.kind(), best, perRound, rounds == null ? null : rounds.kernels().get(Contender.ONE_THREAD)),
                rounds == null ? null : rounds.rounds(), rounds != null && rounds.has(Contender.TUNED) ? rounds.tuned() : null,
                tunedVsBest, offHeap(rounds, best, perRound));
    }

    /**
     * Every off-heap contender of the rounds against its array twin and its copy-around path, in
     * {@link Contender} order (buffers, then segments; SCALAR, VECTOR, THREADS, tuned); null when
     * the case ran none, so that results without them read and write as before.
     */
    private static List<OffHeapResult> offHeap(Rounds rounds, Contender best, PerRound r) {
        if (rounds == null) {
            return null;
        }
        List<OffHeapResult> results = new ArrayList<>();
        for (Contender k : rounds.contenders()) {
            if (!k.offHeap() || k.memory() == Contender.Memory.COPY_AROUND || !rounds.has(k.onArrays())) {
                continue;
            }
            Contender copy = Contender.offHeap(Contender.Memory.COPY_AROUND, k.onArrays());
            boolean copied = rounds.has(copy);
            results.add(new OffHeapResult(k.memory().label(), k.onArrays().label(), k, rounds.kernels().get(k),
                    k.onArrays() == best, r.nanos().get(k), r.nanos().get(k.onArrays()),
                    copied ? r.nanos().get(copy) : null, r.ratio(k.onArrays(), k), copied ? r.ratio(copy, k) : null));
        }
        return results.isEmpty() ? null : results;
    }

    /**
     * Ratios between two contenders of a case: per round when both ran interleaved, else the
     * ratio of their figures (one of them in a fork of its own).
     */
    private record PerRound(Rounds rounds, Map<Contender, Double> nanos) {

        private boolean interleaved(Contender k) {
            return rounds != null && rounds.has(k);
        }

        /** The per-round ratios of {@code reference}'s time over {@code k}'s; null unless both ran interleaved. */
        Spread ratio(Contender reference, Contender k) {
            if (reference == null || !interleaved(reference) || !interleaved(k)) {
                return null;
            }
            return Spread.of(Spread.ratios(rounds.of(reference), rounds.of(k)));
        }

        /** The median per-round ratio, or the ratio of the figures; null when either did not run. */
        Double value(Contender reference, Contender k) {
            Spread perRound = ratio(reference, k);
            if (perRound != null) {
                return perRound.median();
            }
            Double ref = reference == null ? null : nanos.get(reference);
            Double ns = k == null ? null : nanos.get(k);
            return ref == null || ns == null ? null : ref / ns;
        }
    }

    /**
     * The goals of the targets issue that apply to a case of this kind, checked.
     *
     * @param oneThread the class (and variant) the tuner's one-thread choice ran, named in its goals; or null
     */
    private static List<GoalCheck> goals(Case.Kind kind, Contender best, PerRound r, String oneThread) {
        List<GoalCheck> goals = new ArrayList<>();
        switch (kind) {
            case TRANSPOSE:
                goals.add(check("best target ≥ 1.2× oneDNN", TRANSPOSE_VS_ONEDNN, r, Contender.ONEDNN, best));
                break;
            case BLOCKED:
                goals.add(check("best target ≥ 1.0× oneDNN", BLOCKED_VS_ONEDNN, r, Contender.ONEDNN, best));
                goals.add(check("best target ≥ 0.8× ceiling", BLOCKED_VS_CEILING, r, Contender.ARRAYCOPY, best));
                Contender fastest = fastestOneThread(r);
                if (fastest != null) {
                    String who = "one thread (" + fastest.label()
                            + (fastest == Contender.ONE_THREAD && oneThread != null ? ": " + oneThread : "") + ")";
                    goals.add(check(who + " ≥ 1.0× oneDNN", ONE_THREAD_VS_ONEDNN, r, Contender.ONEDNN, fastest));
                    goals.add(check(who + " ≥ 0.8× ceiling", ONE_THREAD_VS_CEILING, r, Contender.ARRAYCOPY, fastest));
                }
                if (r.nanos().containsKey(Contender.ONEDNN_ALL_CORES)) {
                    goals.add(check("THREADS ≥ 1.0× oneDNN on all cores, fork against fork", THREADS_VS_ALL_CORES, r,
                            Contender.ONEDNN_ALL_CORES, Contender.THREADS_OWN_FORK));
                }
                break;
            case TINY:
                goals.add(check("best target ≥ 5× oneDNN", TINY_VS_ONEDNN, r, Contender.ONEDNN, best));
                break;
            case ELEMENT_WISE:
                break;
        }
        if (r.nanos().containsKey(Contender.HAND)) {
            goals.add(check("SCALAR ≥ 1.0× hand-tiled", SCALAR_VS_HAND, r, Contender.HAND, Contender.SCALAR));
        }
        return goals;
    }

    /**
     * The one-thread contender with the lowest median of SCALAR, VECTOR and {@link Contender#ONE_THREAD};
     * null when the tuner's one-thread choice did not run (results from before it did).
     */
    private static Contender fastestOneThread(PerRound r) {
        if (!r.nanos().containsKey(Contender.ONE_THREAD)) {
            return null;
        }
        Contender fastest = null;
        for (Contender k : new Contender[] {Contender.SCALAR, Contender.VECTOR, Contender.ONE_THREAD}) {
            Double ns = r.nanos().get(k);
            if (ns != null && (fastest == null || ns < r.nanos().get(fastest))) {
                fastest = k;
            }
        }
        return fastest;
    }

    /** {@code reference}'s time over {@code k}'s, against a threshold. */
    private static GoalCheck check(String goal, double threshold, PerRound r, Contender reference, Contender k) {
        Double value = r.value(reference, k);
        return new GoalCheck(goal, threshold, value, value == null ? null : value >= threshold, r.ratio(reference, k));
    }

    /**
     * A JMH average-time score in nanoseconds.
     *
     * @param unit JMH's unit: {@code ns/op}, {@code us/op}, {@code ms/op} or {@code s/op}
     */
    static double toNanos(double score, String unit) {
        switch (unit) {
            case "ns/op":
                return score;
            case "us/op":
                return score * 1e3;
            case "ms/op":
                return score * 1e6;
            case "s/op":
                return score * 1e9;
            default:
                throw new IllegalArgumentException("not an average-time unit: " + unit);
        }
    }
}

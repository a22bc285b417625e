package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ContenderResult;
import dev.strider.examples.bench.Results.GoalCheck;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * From times per call to what the report shows: throughput, ratios to the arraycopy ceiling and
 * to oneDNN, the best generated target and the goal checks of the targets issue. Pure arithmetic
 * on {@link Measurement}s, so it is tested on hand-made numbers, apart from JMH.
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
    /** The best target against oneDNN on the tiny tensors. */
    static final double TINY_VS_ONEDNN = 5.0;
    /** SCALAR against the hand-tiled loop, where there is one. */
    static final double SCALAR_VS_HAND = 1.0;

    private Analysis() {
    }

    /**
     * One JMH result: a contender's mean time per call in a case.
     *
     * @param error the confidence half-width, NaN when JMH has none (a single iteration)
     */
    record Measurement(Case benchmarkCase, Contender contender, double score, double error, String unit) {
    }

    /** Every case that has a measurement, in the suite's order. */
    static List<CaseResult> analyse(List<Measurement> measurements) {
        Map<Case, Map<Contender, Measurement>> byCase = new EnumMap<>(Case.class);
        for (Measurement m : measurements) {
            Measurement before = byCase.computeIfAbsent(m.benchmarkCase(), c -> new EnumMap<>(Contender.class))
                    .put(m.contender(), m);
            if (before != null) {
                throw new IllegalArgumentException("two results for " + m.contender() + " in " + m.benchmarkCase());
            }
        }
        List<CaseResult> cases = new ArrayList<>();
        byCase.forEach((c, results) -> cases.add(analyse(c, results)));
        return cases;
    }

    private static CaseResult analyse(Case c, Map<Contender, Measurement> measured) {
        Map<Contender, Double> nanos = new EnumMap<>(Contender.class);
        measured.forEach((k, m) -> nanos.put(k, toNanos(m.score(), m.unit())));
        Double ceiling = nanos.get(Contender.ARRAYCOPY);
        Double oneDnn = nanos.get(Contender.ONEDNN);

        List<ContenderResult> contenders = new ArrayList<>();
        Contender best = null;
        for (Map.Entry<Contender, Measurement> e : measured.entrySet()) {
            Contender k = e.getKey();
            Measurement m = e.getValue();
            double ns = nanos.get(k);
            contenders.add(new ContenderResult(k, m.score(), Double.isNaN(m.error()) ? null : m.error(), m.unit(), ns,
                    c.bytes() / ns, ratio(ceiling, ns), ratio(oneDnn, ns)));
            if (k.generated() && (best == null || ns < nanos.get(best))) {
                best = k;
            }
        }
        return new CaseResult(c.id(), c.title(), c.kind().name(), c.bytesRead(), c.bytesWritten(), c.hasOneDnn(),
                c.oneDnnNote(),
                best, contenders, goals(c.kind(), best == null ? null : nanos.get(best), nanos));
    }

    /** {@code reference / nanos}: above 1 when this contender is faster; null without a reference. */
    private static Double ratio(Double referenceNanos, double nanos) {
        return referenceNanos == null ? null : referenceNanos / nanos;
    }

    /** The goals of the targets issue that apply to a case of this kind, checked. */
    private static List<GoalCheck> goals(Case.Kind kind, Double bestNanos, Map<Contender, Double> nanos) {
        List<GoalCheck> goals = new ArrayList<>();
        Double oneDnn = nanos.get(Contender.ONEDNN);
        switch (kind) {
            case TRANSPOSE:
                goals.add(check("best target ≥ 1.2× oneDNN", TRANSPOSE_VS_ONEDNN, quotient(oneDnn, bestNanos)));
                break;
            case BLOCKED:
                goals.add(check("best target ≥ 1.0× oneDNN", BLOCKED_VS_ONEDNN, quotient(oneDnn, bestNanos)));
                goals.add(check("best target ≥ 0.8× ceiling", BLOCKED_VS_CEILING,
                        quotient(nanos.get(Contender.ARRAYCOPY), bestNanos)));
                break;
            case TINY:
                goals.add(check("best target ≥ 5× oneDNN", TINY_VS_ONEDNN, quotient(oneDnn, bestNanos)));
                break;
            case ELEMENT_WISE:
                break;
        }
        if (nanos.containsKey(Contender.HAND)) {
            goals.add(check("SCALAR ≥ 1.0× hand-tiled", SCALAR_VS_HAND,
                    quotient(nanos.get(Contender.HAND), nanos.get(Contender.SCALAR))));
        }
        return goals;
    }

    private static Double quotient(Double numerator, Double denominator) {
        return numerator == null || denominator == null ? null : numerator / denominator;
    }

    private static GoalCheck check(String goal, double threshold, Double value) {
        return new GoalCheck(goal, threshold, value, value == null ? null : value >= threshold);
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

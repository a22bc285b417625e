package dev.strider.runtime;

import java.util.Arrays;
import java.util.List;

/**
 * The tuner's decisions on timings, as pure functions, so they can be tested on made-up numbers:
 * when a candidate has warmed up (its time per call stopped falling: the JIT has compiled it), and
 * which candidate wins.
 */
final class Choice {

    /** Slices a candidate needs before it can count as warm. */
    static final int MIN_WARM_SLICES = 6;
    /** The last slices a warm candidate's best must not beat the earlier best by more than {@link #IMPROVEMENT}. */
    static final int WARM_WINDOW = 4;
    static final double IMPROVEMENT = 0.03;
    /** Candidates within this fraction of the fastest median tie; the first in rule order wins a tie. */
    static final double TIE = 0.02;
    /** The last slices of each candidate whose median counts. */
    static final int COUNTED = 7;

    private Choice() {
    }

    /** One candidate's times per call, nanoseconds, one per slice in the order measured; empty when it failed. */
    record Timing(String label, double[] slices) {
        Timing {
            slices = slices.clone();
        }

        /** The median of the last {@link #COUNTED} slices; infinity without slices. */
        double median() {
            if (slices.length == 0) {
                return Double.POSITIVE_INFINITY;
            }
            double[] last = Arrays.copyOfRange(slices, Math.max(0, slices.length - COUNTED), slices.length);
            Arrays.sort(last);
            int n = last.length;
            return n % 2 == 1 ? last[n / 2] : (last[n / 2 - 1] + last[n / 2]) / 2;
        }
    }

    /** The winner's index (-1 when no candidate has a time) and every median. */
    record Verdict(int chosen, double[] medians) {
    }

    /**
     * True when {@code slices} (times per call, in order) show a warm candidate: at least
     * {@link #MIN_WARM_SLICES}, and the best of the last {@link #WARM_WINDOW} is no more than
     * {@link #IMPROVEMENT} below the best before them.
     */
    static boolean warm(double[] slices, int count) {
        if (count < MIN_WARM_SLICES) {
            return false;
        }
        double before = Double.POSITIVE_INFINITY;
        double recent = Double.POSITIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            if (i < count - WARM_WINDOW) {
                before = Math.min(before, slices[i]);
            } else {
                recent = Math.min(recent, slices[i]);
            }
        }
        return recent >= before * (1 - IMPROVEMENT);
    }

    /**
     * The fastest candidate by the median of its last slices; candidates within {@link #TIE} of
     * it tie, and the earliest of them (the list is in rule order) wins, so noise does not move
     * the choice away from the rule's for nothing.
     */
    static Verdict choose(List<Timing> timings) {
        double[] medians = new double[timings.size()];
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < medians.length; i++) {
            medians[i] = timings.get(i).median();
            best = Math.min(best, medians[i]);
        }
        if (best == Double.POSITIVE_INFINITY) {
            return new Verdict(-1, medians);
        }
        for (int i = 0; i < medians.length; i++) {
            if (medians[i] <= best * (1 + TIE)) {
                return new Verdict(i, medians);
            }
        }
        throw new AssertionError("the fastest median is among them");
    }
}

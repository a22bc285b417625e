package dev.strider.examples.bench;

import java.util.Arrays;

/**
 * How a set of samples spreads: its median, quartiles and extremes, and how many there were. The
 * suite's figures are medians of per-round values (times per call, ratios between contenders of
 * the same round), because on a shared machine the occasional slow round is not part of the
 * code's speed: the median ignores it, the mean does not. The quartiles (IQR) say how steady the
 * rounds were; min and max what the worst rounds looked like.
 *
 * <p>Quantiles interpolate linearly between order statistics (Hyndman and Fan's type 7, the
 * default of R and NumPy): the median of an even count is the mean of the two middle values.
 *
 * @param n how many samples
 */
public record Spread(double min, double q1, double median, double q3, double max, int n) {

    /**
     * The spread of {@code samples}, NaN values left out (a round where a reference did not run).
     *
     * @throws IllegalArgumentException when no sample is a number
     */
    public static Spread of(double... samples) {
        double[] sorted = Arrays.stream(samples).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        return new Spread(sorted[0], quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75),
                sorted[sorted.length - 1], sorted.length);
    }

    /** The {@code p}-quantile (0 to 1) of ascending {@code sorted}, type 7. */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    /**
     * Per-round ratios {@code numerator[i] / denominator[i]}: with times per call, the
     * reference's time over a contender's ({@code ratios(arraycopy, scalar)}: SCALAR's throughput
     * as a fraction of arraycopy's in each round). NaN where either is missing (NaN).
     */
    public static double[] ratios(double[] numerator, double[] denominator) {
        if (numerator.length != denominator.length) {
            throw new IllegalArgumentException("rounds differ: " + numerator.length + " and " + denominator.length);
        }
        double[] ratios = new double[numerator.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = numerator[i] / denominator[i];
        }
        return ratios;
    }

    /** The interquartile range over the median: 0.05 is a spread of ±2.5 % around it. */
    public double relativeIqr() {
        return (q3 - q1) / median;
    }
}

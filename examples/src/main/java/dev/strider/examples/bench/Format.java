package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.Machine;
import dev.strider.examples.bench.Results.Settings;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * How the report and the chart write numbers (three significant digits, never scientific
 * notation) and describe the run they show.
 */
final class Format {

    private Format() {
    }

    /** {@code 13.5}, {@code 0.00512}, {@code 1230}: three significant digits. */
    static String significant(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        if (value == 0) {
            return "0";
        }
        return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** A time per call in the unit that keeps it readable: {@code 129 ns}, {@code 56.2 µs}, {@code 4.97 ms}. */
    static String time(double nanos) {
        if (nanos < 1e3) {
            return significant(nanos) + " ns";
        }
        if (nanos < 1e6) {
            return significant(nanos / 1e3) + " µs";
        }
        return significant(nanos / 1e6) + " ms";
    }

    /**
     * A median time with its range, all in the median's unit: {@code 12.3 ms (10.1–15)}.
     */
    static String timeRange(double median, double min, double max) {
        double scale = median < 1e3 ? 1 : median < 1e6 ? 1e3 : 1e6;
        String unit = median < 1e3 ? " ns" : median < 1e6 ? " µs" : " ms";
        return significant(median / scale) + unit + " (" + significant(min / scale) + "–" + significant(max / scale)
                + ")";
    }

    /** The day of an ISO-8601 instant: {@code 2025-11-21} of {@code 2025-11-21T10:00:00Z}. */
    static String day(String instant) {
        return instant.length() >= 10 ? instant.substring(0, 10) : instant;
    }

    /** A ratio as a multiple: {@code 1.48×}. */
    static String times(double ratio) {
        return significant(ratio) + "×";
    }

    /** A spread as its interquartile range: {@code 0.98–1.04}. */
    static String iqr(Spread s) {
        return significant(s.q1()) + "–" + significant(s.q3());
    }

    /**
     * Where and how a run was measured, for the report's header and the chart's subtitle alike:
     * date, processor and its vector ISA, JVM, vector shape, the tuner's mode, oneDNN and its threads
     * (all cores' too when that ran), how the contenders were measured, and the benchmarks chosen
     * when not all were. Results of schema 1 lack the ISA, the mode and the slices, and say so by
     * leaving them out.
     */
    static String run(Results results) {
        Machine m = results.machine();
        Settings s = results.settings();
        String isa = m.isa() == null ? "" : "; ISA " + (m.isa().isEmpty() ? "unknown" : String.join(" ", m.isa()));
        String how;
        String iterations = s.warmupIterations() + " × " + s.warmupMillis() + " ms warm-up and "
                + s.measurementIterations() + " × " + s.measurementMillis() + " ms measured iterations";
        if (s.sliceMillis() == null) {
            how = "JMH " + s.mode() + " mode: " + s.forks() + (s.forks() == 1 ? " fork, " : " forks, ") + iterations;
        } else {
            how = "Interleaved (" + s.mode() + " mode): every contender of a case in the same " + (s.forks() == 1
                    ? "fork" : s.forks() + " forks") + ", " + iterations + " of rounds, each round a " + s.sliceMillis()
                    + " ms slice per contender in shuffled order";
        }
        return "Measured " + day(results.date()) + " on " + m.cpu() + " (" + m.cores()
                + (m.cores() == 1 ? " core" : " cores") + isa + (m.isa() == null ? ", " : "; ") + m.os() + "), " + m.jvm() + " (" + m.jvmVendor()
                + "), preferred vector shape " + (m.vectorBits() > 0 ? m.vectorBits() + " bits" : "unknown")
                + (s.tune() == null ? "" : ", tuner mode " + s.tune()) + "; "
                + m.oneDnn() + ", OMP_NUM_THREADS=" + m.ompNumThreads()
                + (s.oneDnnAllCoresThreads() > 1 ? " (all cores: " + s.oneDnnAllCoresThreads() + ")" : "")
                + ". " + how
                + (".*".equals(s.include()) ? "" : ", benchmarks matching `" + s.include() + "`") + ".";
    }
}

package dev.strider.examples.demo;

import dev.strider.examples.demo.Pipeline.Step;
import dev.strider.examples.kernels.PipelineOps;
import java.util.Arrays;
import java.util.Locale;

/**
 * Per step, the median time of a call of a generated class and of the generic oracle, over whole
 * runs of the pipeline taken in turns after a warm-up. A demonstration, not a benchmark: one JVM,
 * no forks, no control of the JIT; the JMH suite ({@code dev.strider.examples.bench}) measures.
 */
final class Timing {

    private final long[][] kernelNanos;
    private final long[][] genericNanos;

    private Timing(int repeat) {
        kernelNanos = new long[Step.values().length][repeat];
        genericNanos = new long[Step.values().length][repeat];
    }

    /** Runs the pipeline {@code warmUps} times, then {@code repeat} timed times, with each implementation in turn. */
    static Timing measure(byte[] pixels, PipelineOps kernels, PipelineOps generic, int warmUps, int repeat) {
        Timing timing = new Timing(repeat);
        Pipeline kernelRun = new Pipeline(pixels);
        Pipeline genericRun = new Pipeline(pixels);
        for (int i = 0; i < warmUps; i++) {
            kernelRun.run(kernels, (step, kernel) -> kernel.run());
            genericRun.run(generic, (step, kernel) -> kernel.run());
        }
        for (int i = 0; i < repeat; i++) {
            kernelRun.run(kernels, timer(timing.kernelNanos, i));
            genericRun.run(generic, timer(timing.genericNanos, i));
        }
        return timing;
    }

    private static Pipeline.Calls timer(long[][] nanos, int run) {
        return (step, kernel) -> {
            long start = System.nanoTime();
            kernel.run();
            nanos[step.ordinal()][run] = System.nanoTime() - start;
        };
    }

    /** The median of the generated class's calls of {@code step}, in µs. */
    double kernelMicros(Step step) {
        return medianMicros(kernelNanos[step.ordinal()]);
    }

    /** The median of the oracle's calls of {@code step}, in µs. */
    double genericMicros(Step step) {
        return medianMicros(genericNanos[step.ordinal()]);
    }

    /** step, the generated class and generic in µs (written "us": a console may not print µ), the speed-up; the sum. */
    Table table(String kernelColumn) {
        Table table = new Table("step", ">" + kernelColumn + " us", ">generic us", ">speed-up");
        double kernelTotal = 0;
        double genericTotal = 0;
        for (Step step : Step.values()) {
            double k = kernelMicros(step);
            double g = genericMicros(step);
            kernelTotal += k;
            genericTotal += g;
            table.row(step.call, micros(k), micros(g), speedUp(g, k));
        }
        return table.row("sum of the steps", micros(kernelTotal), micros(genericTotal), speedUp(genericTotal, kernelTotal));
    }

    private static double medianMicros(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        return median / 1000;
    }

    private static String micros(double us) {
        return String.format(Locale.ROOT, "%.1f", us);
    }

    private static String speedUp(double generic, double kernel) {
        return String.format(Locale.ROOT, "%.1fx", generic / kernel);
    }
}

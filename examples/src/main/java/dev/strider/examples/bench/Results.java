package dev.strider.examples.bench;

import java.util.List;

/**
 * One run of the suite as {@code results.json} holds it: when and where it ran, with which JMH
 * settings, and per case every contender's time, throughput and ratios, the best generated
 * target and the goal checks. {@link Report} and {@link Chart} render from this alone, so an old
 * file re-renders without the run ({@code Suite --render-only}). Absent values are null (JSON
 * {@code null}): a contender not run, a ratio without its reference, a JMH error from a single
 * iteration.
 *
 * @param schema      {@value #SCHEMA}: bump it when a field changes meaning
 * @param date        the run's end, ISO-8601 UTC
 * @param wallSeconds how long the whole run took, forks and all
 */
public record Results(String schema, String date, long wallSeconds, Machine machine, Settings settings,
                      List<CaseResult> cases) {

    public static final String SCHEMA = "strider-bench/1";

    /**
     * Where it ran.
     *
     * @param cpu                   {@code model name} from /proc/cpuinfo, else {@code os.arch}
     * @param cores                 {@code Runtime.availableProcessors()}
     * @param vectorBits            the preferred Vector API shape ({@code Device.vectorBits()}), 0 if unknown
     * @param commonPoolParallelism the ForkJoin common pool's workers THREADS kernels use besides the caller
     * @param ompNumThreads         the {@code OMP_NUM_THREADS} the run (and oneDNN in every fork) saw, or {@code unset}
     * @param oneDnn                oneDNN's version, CPU runtime and ISA, or why it did not load
     */
    public record Machine(String cpu, int cores, String os, String jvm, String jvmVendor, int vectorBits,
                          int commonPoolParallelism, String ompNumThreads, String oneDnn) {
    }

    /**
     * How JMH ran: average time per call, in {@code forks} JVMs each, {@code warmupIterations} of
     * {@code warmupMillis} then {@code measurementIterations} of {@code measurementMillis}.
     *
     * @param include               the regex that chose the benchmarks, {@code .*} for all
     * @param oneDnnAllCoresThreads the OMP_NUM_THREADS of the "oneDNN, all cores" run, 0 when it did not run
     */
    public record Settings(String mode, int forks, int warmupIterations, long warmupMillis,
                           int measurementIterations, long measurementMillis, String include, List<String> jvmArgs,
                           int oneDnnAllCoresThreads) {
    }

    /**
     * One case.
     *
     * @param kind       {@link Case.Kind}'s name: which goals apply
     * @param oneDnnPeer whether oneDNN has a peer for the case (false: "n/a", not "not run")
     * @param oneDnnNote why oneDNN is absent or what it does differently; null when it does the same work
     * @param best       the fastest generated target, null when none ran
     */
    public record CaseResult(String id, String title, String kind, long bytesRead, long bytesWritten,
                             boolean oneDnnPeer, String oneDnnNote, Contender best, List<ContenderResult> contenders,
                             List<GoalCheck> goals) {

        /** Bytes read plus bytes written. */
        public long bytes() {
            return bytesRead + bytesWritten;
        }

        /** The result of one contender, or null if it did not run. */
        public ContenderResult of(Contender contender) {
            for (ContenderResult r : contenders) {
                if (r.contender() == contender) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * One contender in one case.
     *
     * @param mean           JMH's score, in {@code unit}
     * @param error          JMH's 99.9% confidence half-width in {@code unit}; null when it has none
     * @param nanosPerCall   the mean in nanoseconds
     * @param gigabytesPerSecond the case's bytes read plus written per nanosecond
     * @param ratioToCeiling this throughput over arraycopy's of the same bytes (1: at the ceiling)
     * @param ratioToOneDnn  oneDNN's time over this time (above 1: faster than oneDNN)
     */
    public record ContenderResult(Contender contender, double mean, Double error, String unit, double nanosPerCall,
                                  double gigabytesPerSecond, Double ratioToCeiling, Double ratioToOneDnn) {
    }

    /**
     * A goal of the targets issue, checked.
     *
     * @param goal      what it asks: {@code best target ≥ 1.2× oneDNN}
     * @param threshold the value it asks for
     * @param value     the value measured, null when a contender it needs did not run
     * @param met       {@code value >= threshold}, null when not measured
     */
    public record GoalCheck(String goal, double threshold, Double value, Boolean met) {
    }
}

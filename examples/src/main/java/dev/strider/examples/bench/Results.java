package dev.strider.examples.bench;

import java.util.List;

/**
 * One run of the suite as {@code results.json} holds it: when and where it ran, with which
 * settings, per case every contender's time, throughput and ratios, the best generated target, the
 * tuned choice against it and the goal checks, and the cold starts. {@link Report} and
 * {@link Chart} render from this alone, so an old file re-renders without the run
 * ({@code Suite --render-only}); files of schema {@value #SCHEMA_1} (every contender in a fork of
 * its own, JMH means) read too, their new fields null. Absent values are null (JSON
 * {@code null}): a contender not run, a ratio without its reference, a spread of a contender
 * measured in a fork of its own.
 *
 * @param schema      {@value #SCHEMA}: bump it when a field changes meaning
 * @param date        the run's end, ISO-8601 UTC
 * @param wallSeconds how long the whole run took, forks and all
 * @param coldStart   the cold-start measurements, null when none ran
 * @param dispatch    the tuner's dispatcher against direct calls on the tiny cases, null when it did not run
 *                    (and in files written before it existed)
 */
public record Results(String schema, String date, long wallSeconds, Machine machine, Settings settings,
                      List<CaseResult> cases, ColdStarts coldStart, List<Dispatch> dispatch) {

    /** Results without the dispatch measurement. */
    public Results(String schema, String date, long wallSeconds, Machine machine, Settings settings,
                   List<CaseResult> cases, ColdStarts coldStart) {
        this(schema, date, wallSeconds, machine, settings, cases, coldStart, null);
    }

    /** Whether any case measured {@code contender}: results from before a contender existed have none. */
    public boolean measured(Contender contender) {
        return cases.stream().anyMatch(c -> c.of(contender) != null);
    }

    /**
     * Whether the table and the chart show {@code contender}: always, but for the contenders later
     * suites added (the tuned choice, THREADS in forks of its own, the one-thread tuned choice),
     * shown only where some case measured them.
     */
    public boolean shows(Contender contender) {
        boolean added = contender == Contender.TUNED || contender == Contender.THREADS_OWN_FORK
                || contender == Contender.ONE_THREAD;
        return !added || measured(contender);
    }

    /** Contenders interleaved in one fork per case, medians of per-round ratios, cold starts. */
    public static final String SCHEMA = "strider-bench/2";
    /** Every contender in its own fork, JMH means and errors (read for re-rendering only). */
    public static final String SCHEMA_1 = "strider-bench/1";

    /**
     * Where it ran.
     *
     * @param cpu                   {@code model name} from /proc/cpuinfo, else {@code os.arch}
     * @param isa                   the vector ISA flags /proc/cpuinfo lists ({@link Cpu#vectorFlags}), empty
     *                              when it cannot be read
     * @param cores                 {@code Runtime.availableProcessors()}
     * @param vectorBits            the preferred Vector API shape ({@code Device.vectorBits()}), 0 if unknown
     * @param commonPoolParallelism the ForkJoin common pool's workers THREADS kernels use besides the caller
     * @param ompNumThreads         the {@code OMP_NUM_THREADS} the run (and oneDNN in every fork) saw, or {@code unset}
     * @param oneDnn                oneDNN's version, CPU runtime and ISA, or why it did not load
     */
    public record Machine(String cpu, List<String> isa, int cores, String os, String jvm, String jvmVendor,
                          int vectorBits, int commonPoolParallelism, String ompNumThreads, String oneDnn) {
    }

    /**
     * How JMH ran: in {@code forks} JVMs per benchmark, {@code warmupIterations} of
     * {@code warmupMillis} then {@code measurementIterations} of {@code measurementMillis}; an
     * interleaved benchmark runs rounds of one slice of {@code sliceMillis} per contender all
     * along, and records the measured iterations' rounds.
     *
     * @param include               the regex that chose the benchmarks, {@code .*} for all
     * @param oneDnnAllCoresThreads the OMP_NUM_THREADS of the "oneDNN, all cores" run, 0 when it did not run
     * @param sliceMillis           a contender's slice of a round (null in schema 1)
     * @param tune                  the tuner's mode the forks ran with ({@code strider.tune}: rules, measure,
     *                              wisdom; null in schema 1)
     * @param coldStartJvms         fresh JVMs per contender and kernel of the cold start, 0 when it did not run
     */
    public record Settings(String mode, int forks, int warmupIterations, long warmupMillis,
                           int measurementIterations, long measurementMillis, String include, List<String> jvmArgs,
                           int oneDnnAllCoresThreads, Long sliceMillis, String tune, Integer coldStartJvms) {
    }

    /**
     * One case.
     *
     * @param kind        {@link Case.Kind}'s name: which goals apply
     * @param oneDnnPeer  whether oneDNN has a peer for the case (false: "n/a", not "not run")
     * @param oneDnnNote  why oneDNN is absent or what it does differently; null when it does the same work
     * @param best        the fixed generated target (SCALAR, VECTOR, THREADS) with the lowest median time, null
     *                    when none ran
     * @param rounds      the interleaved rounds measured, null when none were
     * @param tuned       the class the tuned contender ran ({@code Strider.load}), null when it did not run
     * @param tunedVsBest per round, the best target's time over the tuned contender's (above 1: tuned faster),
     *                    null when either did not run
     * @param offHeap     the off-heap kernels against the same kernels on arrays and against the copy-around path
     *                    (issue 15), one per memory and target; null where the case ran none (and in files written
     *                    before they existed)
     */
    public record CaseResult(String id, String title, String kind, long bytesRead, long bytesWritten,
                             boolean oneDnnPeer, String oneDnnNote, Contender best, List<ContenderResult> contenders,
                             List<GoalCheck> goals, Integer rounds, String tuned, Spread tunedVsBest,
                             List<OffHeapResult> offHeap) {

        /** A case without off-heap contenders. */
        public CaseResult(String id, String title, String kind, long bytesRead, long bytesWritten,
                          boolean oneDnnPeer, String oneDnnNote, Contender best, List<ContenderResult> contenders,
                          List<GoalCheck> goals, Integer rounds, String tuned, Spread tunedVsBest) {
            this(id, title, kind, bytesRead, bytesWritten, oneDnnPeer, oneDnnNote, best, contenders, goals, rounds, tuned,
                    tunedVsBest, null);
        }

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
     * One contender in one case: measured interleaved ({@code time} and the ratio spreads set,
     * {@code mean} null), or in a fork of its own (oneDNN on all cores, every contender of schema
     * 1: JMH's {@code mean}, {@code error} and {@code unit}, no spreads).
     *
     * @param nanosPerCall       the median time per call over the rounds; JMH's mean for a fork of its own
     * @param gigabytesPerSecond the case's bytes read plus written per {@code nanosPerCall}
     * @param ratioToCeiling     the median per-round ratio of arraycopy's time over this one (1: at the ceiling);
     *                           for a fork of its own, the ratio of the two medians
     * @param ratioToOneDnn      the same against single-threaded oneDNN (above 1: faster than oneDNN)
     * @param time               the per-round times per call, nanoseconds
     * @param ceilingRatios      the per-round ratios to arraycopy
     * @param oneDnnRatios       the per-round ratios to oneDNN
     * @param mean               JMH's score, in {@code unit}
     * @param error              JMH's 99.9% confidence half-width in {@code unit}; null when it has none
     */
    public record ContenderResult(Contender contender, double nanosPerCall, double gigabytesPerSecond,
                                  Double ratioToCeiling, Double ratioToOneDnn, Spread time, Spread ceilingRatios,
                                  Spread oneDnnRatios, Double mean, Double error, String unit) {
    }

    /**
     * One off-heap kernel of a case (issue 15) against its twin on arrays and against the copy-around
     * path of the same target, measured in the same rounds. Ratios are per round, as times: the array
     * kernel's time over the off-heap kernel's ({@code vsArray}, goal ≥ 0.9) and the copy-around
     * path's over the off-heap kernel's ({@code vsCopyAround}, goal ≥ 2).
     *
     * @param memory       {@code direct buffer} or {@code segment} ({@link Contender.Memory#label()})
     * @param target       SCALAR, VECTOR, THREADS or tuned: the array contender set against it
     * @param contender    the off-heap contender
     * @param kernel       the class it ran ({@code OffHeapOps_Vector512}; for tuned the class and variant the tuner
     *                     routed to), null when unknown
     * @param bestTarget   whether {@code target} is the case's best fixed target on arrays
     * @param nanosPerCall the off-heap kernel's median time per call
     * @param arrayNanos   the array kernel's median time per call
     * @param copyAroundNanos the copy-around path's median time per call, null when it did not run
     * @param vsArray      per round, the array kernel's time over the off-heap kernel's
     * @param vsCopyAround per round, the copy-around path's time over the off-heap kernel's; null when it did not run
     */
    public record OffHeapResult(String memory, String target, Contender contender, String kernel, boolean bestTarget,
                                double nanosPerCall, double arrayNanos, Double copyAroundNanos, Spread vsArray,
                                Spread vsCopyAround) {
    }

    /**
     * A goal of the targets issue, checked.
     *
     * @param goal      what it asks: {@code best target ≥ 1.2× oneDNN}
     * @param threshold the value it asks for
     * @param value     the value measured (the median of the per-round ratios), null when a contender it needs
     *                  did not run
     * @param met       {@code value >= threshold}, null when not measured
     * @param spread    the per-round ratios, null for a ratio of separate forks
     */
    public record GoalCheck(String goal, double threshold, Double value, Boolean met, Spread spread) {
    }

    /**
     * The cold starts: per kernel and contender, {@code jvms} fresh JVMs, each timing its first
     * {@code calls} calls ({@link ColdStart}).
     */
    public record ColdStarts(int calls, int jvms, List<ColdStartResult> results) {
    }

    /**
     * One contender's cold start of one kernel, over its fresh JVMs.
     *
     * @param id             the case whose kernel it calls: {@code toBlocked64}
     * @param implementation the class that ran (the tuned contender's is the registry's choice)
     * @param load           {@code Strider.load}, nanoseconds
     * @param firstCall      the first call alone, nanoseconds
     * @param calls          the first {@code calls} calls in all, the first included, nanoseconds
     */
    public record ColdStartResult(String id, String title, Contender contender, String implementation, Spread load,
                                  Spread firstCall, Spread calls) {
    }

    /**
     * What the tuner's dispatcher costs per call on a tiny case ({@link DispatchBenchmark}): calls
     * through {@code Strider.load(set)} against direct calls of the class and variant it routes
     * the method to, interleaved in rounds.
     *
     * @param dispatcher  the class {@code Strider.load} returned: {@code BlockedOps_Tuned}
     * @param direct      the class and variant called directly: {@code BlockedOps_Vector512 (4x4 blocks in registers)}
     * @param tuned       the per-round times per call through the dispatcher, nanoseconds
     * @param directTime  the per-round times per call of the direct calls, nanoseconds
     * @param overhead    per round, the dispatcher's time per call minus the direct call's, nanoseconds
     * @param ratio       per round, the dispatcher's time over the direct call's
     * @param withinNoise whether the interquartile range of the per-round overheads holds 0
     */
    public record Dispatch(String id, String title, String dispatcher, String direct, int rounds, Spread tuned,
                           Spread directTime, Spread overhead, Spread ratio, boolean withinNoise) {
    }
}

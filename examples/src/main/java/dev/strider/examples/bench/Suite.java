package dev.strider.examples.bench;

import dev.strider.examples.bench.Analysis.Measurement;
import dev.strider.examples.bench.Results.ColdStarts;
import dev.strider.examples.bench.Results.Machine;
import dev.strider.examples.bench.Results.Settings;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.runtime.Device;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The benchmark suite in one run: every {@link Case} with every {@link Contender}, through JMH's
 * Runner API, then the cold starts, then {@code results.json}, {@code results.md}
 * ({@link Report}) and {@code ratios.svg} ({@link Chart}) in the output directory.
 * {@code bench/run} at the repository root is the way in; directly:
 *
 * <pre>OMP_NUM_THREADS=1 java --add-modules jdk.incubator.vector -cp examples/target/strider-examples.jar \
 *     dev.strider.examples.bench.Suite --mode quick --out docs/bench</pre>
 *
 * <p>Each case runs in a forked JVM of its own (with the vector module, a fixed heap and the
 * tuner's mode), all its contenders interleaved in short slices ({@link InterleavedBenchmark});
 * the forks leave their rounds in a temporary directory, which this JVM reads back. The runner's
 * own JVM only collects results, describes the machine and starts the cold-start JVMs
 * ({@link ColdStart}).
 *
 * <p>oneDNN runs twice: single-threaded among the interleaved contenders (the forks inherit the
 * caller's {@code OMP_NUM_THREADS=1}), then with all cores as the peer of THREADS, in forks of its
 * own ({@link OneDnnBenchmark}). A JVM cannot change its own environment, and OpenMP reads the
 * variable once, so that run starts its forks through a two-line shell wrapper that sets it and
 * execs this JVM's {@code java}; the forks check that they got it ({@link OneDnnBenchmark.Reorder}).
 * Its peer, THREADS, then runs the blocked cases in forks of its own too ({@link TargetsBenchmark},
 * {@code target=threads}), each alone and called back to back as oneDNN was: the goal "THREADS at
 * least oneDNN on all cores" compares fork with fork ({@link Contender#THREADS_OWN_FORK}), never an
 * interleaved THREADS, whose worker sleeps and whose caches go cold between its slices, with a
 * oneDNN that had its fork to itself.
 */
@Command(name = "suite", mixinStandardHelpOptions = true,
        description = "Runs Strider's benchmark suite (JMH) and writes results.json, results.md and ratios.svg.")
public final class Suite implements Callable<Integer> {

    /**
     * The suite's benchmarks, as {@code Class.method} names after the {@link Case} ids: the
     * interleaved JMH benchmark of each case, oneDNN on all cores in forks of its own, the
     * cold starts (run by {@link ColdStart}, not JMH, but selected by the same names) and the
     * tuner's dispatcher against direct calls on the tiny cases ({@link DispatchBenchmark}).
     */
    static final String INTERLEAVED = InterleavedBenchmark.class.getName();
    static final String ONEDNN = OneDnnBenchmark.class.getName();
    /** THREADS in forks of its own, beside oneDNN on all cores: {@link #threadsOwnForks}. */
    static final String TARGETS = TargetsBenchmark.class.getName();
    static final String COLD_START = ColdStart.class.getName();
    static final String DISPATCH = DispatchBenchmark.class.getName();

    /** What a fork costs besides its iterations on the 2-core machine (JVM start, tensors, set-up): about 1.5 s. */
    static final double FORK_SECONDS = 1.5;

    /** What a cold-start JVM costs on the 2-core machine, start to exit: 0.4 to 1 s. */
    static final double COLD_START_SECONDS = 0.8;

    static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector");

    /** The tuner's system property and its modes ({@code dev.strider.runtime}'s tuner reads it in every fork). */
    static final String TUNE_PROPERTY = "strider.tune";
    static final List<String> TUNE_MODES = List.of("rules", "measure", "wisdom");
    static final String DEFAULT_TUNE = "measure";

    /** Preset settings. */
    enum RunMode {
        /**
         * About 6–6.5 minutes on 2 cores: 15 interleaved and 2 dispatch forks, oneDNN on all cores and
         * THREADS beside it on the 6 blocked cases, 40 cold-start JVMs.
         */
        QUICK(1, 3, 1000, 5, 1000, 4, 5),
        /** Tighter spreads: about 25 minutes on 2 cores. */
        FULL(2, 5, 1000, 20, 1000, 4, 15);

        final int forks;
        final int warmupIterations;
        final long warmupMillis;
        final int iterations;
        final long iterationMillis;
        final long sliceMillis;
        final int coldStartJvms;

        RunMode(int forks, int warmupIterations, long warmupMillis, int iterations, long iterationMillis,
                long sliceMillis, int coldStartJvms) {
            this.forks = forks;
            this.warmupIterations = warmupIterations;
            this.warmupMillis = warmupMillis;
            this.iterations = iterations;
            this.iterationMillis = iterationMillis;
            this.sliceMillis = sliceMillis;
            this.coldStartJvms = coldStartJvms;
        }
    }

    @Option(names = "--mode", defaultValue = "quick", description = "quick (about 5 minutes on 2 cores) or full (about"
            + " 25 minutes).", converter = ModeConverter.class)
    RunMode mode;

    @Option(names = "--include", defaultValue = ".*", paramLabel = "REGEX",
            description = "Only benchmarks whose Class.method name this regex finds, e.g. 'toBlocked64' (one case: its"
                    + " interleaved contenders, oneDNN on all cores, its cold start), 'Interleaved', 'ColdStart' or 'Dispatch'.")
    String include;

    @Option(names = "--out", defaultValue = "docs/bench", paramLabel = "DIR",
            description = "Where results.json, results.md and ratios.svg go (created if missing).")
    Path out;

    @Option(names = "--render-only", paramLabel = "FILE",
            description = "Run nothing: render results.md and ratios.svg from this results.json, into --out if given,"
                    + " else beside it.")
    Path renderOnly;

    @Option(names = "--list", description = "Print the benchmarks and the estimated time, run nothing.")
    boolean list;

    @Option(names = "--onednn-all-cores", paramLabel = "THREADS",
            description = "OMP_NUM_THREADS of the extra 'oneDNN, all cores' run; default: this machine's cores; 0 or 1 skips it.")
    Integer oneDnnAllCores;

    @Option(names = "--forks", description = "Override the mode's forks per benchmark.")
    Integer forks;

    @Option(names = "--warmup-iterations", description = "Override the mode's warm-up iterations.")
    Integer warmupIterations;

    @Option(names = "--warmup-ms", description = "Override the mode's warm-up iteration time.")
    Long warmupMillis;

    @Option(names = "--iterations", description = "Override the mode's measured iterations.")
    Integer iterations;

    @Option(names = "--iteration-ms", description = "Override the mode's measured iteration time.")
    Long iterationMillis;

    @Option(names = "--slice-ms", description = "Override the mode's slice of a round per contender (4 ms).")
    Long sliceMillis;

    @Option(names = "--cold-jvms", description = "Override the mode's fresh JVMs per contender and kernel of the cold"
            + " start (quick 5, full 15); 0 skips it.")
    Integer coldStartJvms;

    @Option(names = "--tune", paramLabel = "MODE", description = "The tuner's mode for every fork and cold-start JVM"
            + " (system property strider.tune): rules, measure or wisdom; default: this JVM's strider.tune, else measure.")
    String tune;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String... args) {
        System.exit(new CommandLine(new Suite()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter console = spec.commandLine().getOut();
        if (renderOnly != null) {
            Results results;
            try {
                results = ResultsJson.read(renderOnly);
            } catch (IOException | IllegalArgumentException e) {
                spec.commandLine().getErr().println("error: cannot render " + renderOnly + ": " + e.getMessage());
                return 1;
            }
            Path dir = spec.commandLine().getParseResult().hasMatchedOption("--out") ? out
                    : renderOnly.toAbsolutePath().getParent();
            render(results, dir, false, console);
            return 0;
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(include);
        } catch (PatternSyntaxException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--include is not a regex: " + e.getMessage());
        }
        List<String> benchmarks = benchmarks(pattern);
        if (benchmarks.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no benchmark of the suite matches --include "
                    + include);
        }
        String tuneMode = tune != null ? tune : System.getProperty(TUNE_PROPERTY, DEFAULT_TUNE);
        if (!TUNE_MODES.contains(tuneMode)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "the tuner's mode (--tune or -D"
                    + TUNE_PROPERTY + ") is '" + tuneMode + "', not one of " + String.join(", ", TUNE_MODES));
        }
        List<String> interleaved = new ArrayList<>(of(benchmarks, INTERLEAVED));
        interleaved.addAll(of(benchmarks, DISPATCH)); // interleaved too: the dispatcher against a direct call
        List<String> oneDnn = of(benchmarks, ONEDNN);
        List<Case> coldCases = of(benchmarks, COLD_START).stream().map(Case::ofBenchmark).toList();
        Settings settings = settings(oneDnn.isEmpty() ? 0 : allCoresThreads(), tuneMode, coldCases.isEmpty());
        if (settings.oneDnnAllCoresThreads() <= 1) {
            benchmarks = benchmarks.stream().filter(b -> !b.startsWith(ONEDNN + ".")).toList();
            oneDnn = List.of();
            if (benchmarks.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--include " + include + " matches only"
                        + " oneDNN on all cores, which does not run with fewer than 2 threads");
            }
        }
        int runs = runs(benchmarks, settings.oneDnnAllCoresThreads());
        int coldJvms = coldCases.size() * ColdStart.CONTENDERS.size() * settings.coldStartJvms();
        console.printf("%d benchmarks (%d JMH forks, %d cold-start JVMs), %s mode: estimated %.1f minutes%n",
                benchmarks.size(), runs * settings.forks(), coldJvms, settings.mode(),
                estimateSeconds(runs, coldJvms, settings) / 60);
        if (list) {
            benchmarks.forEach(console::println);
            return 0;
        }
        String omp = System.getenv("OMP_NUM_THREADS");
        boolean needsOneDnn = settings.oneDnnAllCoresThreads() > 1
                || of(benchmarks, INTERLEAVED).stream().anyMatch(b -> Case.ofBenchmark(b).hasOneDnn());
        if (needsOneDnn && !"1".equals(omp)) {
            // the forks would refuse to run (OneDnnBenchmark.Reorder): say so now, not minutes into the run
            throw new CommandLine.ParameterException(spec.commandLine(), "OMP_NUM_THREADS is "
                    + (omp == null ? "unset" : omp) + ": run with OMP_NUM_THREADS=1, which oneDNN's forks inherit"
                    + " (bench/run sets it), or leave oneDNN out with --include");
        }
        long start = System.nanoTime();
        List<Measurement> measurements = new ArrayList<>();
        List<Rounds> rounds;
        List<Results.Dispatch> dispatch;
        Path roundsDir = Files.createTempDirectory("strider-rounds-");
        try {
            if (!interleaved.isEmpty()) {
                new Runner(options(interleaved, settings, roundsDir)
                        .param("sliceMillis", String.valueOf(settings.sliceMillis())).build()).run();
            }
            if (settings.oneDnnAllCoresThreads() > 1) {
                int threads = settings.oneDnnAllCoresThreads();
                console.println("oneDNN with all cores: OMP_NUM_THREADS=" + threads);
                for (RunResult r : new Runner(options(oneDnn, settings, roundsDir)
                        .jvm(ompWrapper(threads).toString())
                        .param("ompThreads", String.valueOf(threads))
                        .build()).run()) {
                    measurements.add(measurement(r));
                }
                List<String> threadsForks = threadsOwnForks(oneDnn);
                if (!threadsForks.isEmpty()) {
                    console.println("THREADS in forks of its own, the peer of oneDNN on all cores");
                    for (RunResult r : new Runner(options(threadsForks, settings, roundsDir).param("target", "threads")
                            .build()).run()) {
                        measurements.add(measurement(r, Contender.THREADS_OWN_FORK));
                    }
                }
            }
            rounds = readRounds(roundsDir);
            dispatch = readDispatch(roundsDir);
        } catch (RunnerException e) {
            spec.commandLine().getErr().println("error: the JMH run failed, nothing written: " + e.getMessage());
            return 1;
        } finally {
            deleteRounds(roundsDir);
        }
        ColdStarts cold = null;
        if (settings.coldStartJvms() > 0 && !coldCases.isEmpty()) {
            try {
                cold = ColdStart.summarise(ColdStart.run(coldCases, settings.coldStartJvms(), ColdStart.CALLS,
                        forkJvmArgs(settings, null), console::println), ColdStart.CALLS, settings.coldStartJvms());
            } catch (IOException e) {
                spec.commandLine().getErr().println("error: the cold start failed, the table goes without it: "
                        + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        long wall = Math.round((System.nanoTime() - start) / 1e9);
        Results results = new Results(Results.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), wall,
                machine(), settings, Analysis.analyse(rounds, measurements), cold, dispatch.isEmpty() ? null : dispatch);
        render(results, out, true, console);
        console.printf("wall time %d s%n", wall);
        return 0;
    }

    /**
     * The suite's benchmarks whose {@code SimpleClass.method} the pattern finds, as full names:
     * {@code InterleavedBenchmark.<case>} for every case, {@code OneDnnBenchmark.<case>} (all cores)
     * where oneDNN has a peer, {@code ColdStart.<case>} for the cold-start kernels.
     */
    static List<String> benchmarks(Pattern include) {
        List<String> names = new ArrayList<>();
        for (Method m : InterleavedBenchmark.class.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                names.add(INTERLEAVED + "." + m.getName());
            }
        }
        for (Method m : OneDnnBenchmark.class.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                names.add(ONEDNN + "." + m.getName());
            }
        }
        for (Case c : ColdStart.CASES) {
            names.add(COLD_START + "." + c.id());
        }
        for (Method m : DispatchBenchmark.class.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                names.add(DISPATCH + "." + m.getName());
            }
        }
        names.removeIf(name -> !include.matcher(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1))
                .find());
        names.sort(null);
        return names;
    }

    /** The benchmarks of one class ({@link #INTERLEAVED}, {@link #ONEDNN}, {@link #COLD_START}). */
    static List<String> of(List<String> benchmarks, String type) {
        return benchmarks.stream().filter(b -> b.startsWith(type + ".")).toList();
    }

    /**
     * JMH runs (forks per run aside): one per interleaved case, and the oneDNN ones when the
     * all-cores run happens.
     */
    static int runs(List<String> benchmarks, int oneDnnAllCoresThreads) {
        List<String> oneDnn = of(benchmarks, ONEDNN);
        return of(benchmarks, INTERLEAVED).size() + of(benchmarks, DISPATCH).size()
                + (oneDnnAllCoresThreads > 1 ? oneDnn.size() + threadsOwnForks(oneDnn).size() : 0);
    }

    /**
     * The {@link TargetsBenchmark} methods that run THREADS in forks of its own beside the all-cores
     * oneDNN runs {@code oneDnn}: the blocked cases among them, whose goal sets the two against each
     * other (issue 18).
     */
    static List<String> threadsOwnForks(List<String> oneDnn) {
        return oneDnn.stream().map(Case::ofBenchmark).filter(c -> c.kind() == Case.Kind.BLOCKED)
                .map(c -> TARGETS + "." + c.id()).toList();
    }

    /** The rounds every fork left in {@code dir}, those of several forks of a case concatenated. */
    static List<Rounds> readRounds(Path dir) throws IOException {
        Map<Case, List<Rounds>> byCase = new java.util.EnumMap<>(Case.class);
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                if (f.getFileName().toString().startsWith(DispatchRounds.FILE_PREFIX)) {
                    continue;
                }
                Rounds r = Rounds.parse(Files.readString(f, StandardCharsets.UTF_8));
                byCase.computeIfAbsent(r.benchmarkCase(), c -> new ArrayList<>()).add(r);
            }
        }
        return byCase.values().stream().map(Rounds::concat).toList();
    }

    /** The dispatch rounds the forks of {@link DispatchBenchmark} left in {@code dir}, summarised per case. */
    static List<Results.Dispatch> readDispatch(Path dir) throws IOException {
        Map<Case, List<DispatchRounds>> byCase = new java.util.EnumMap<>(Case.class);
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                if (f.getFileName().toString().startsWith(DispatchRounds.FILE_PREFIX)) {
                    DispatchRounds r = DispatchRounds.parse(Files.readString(f, StandardCharsets.UTF_8));
                    byCase.computeIfAbsent(r.benchmarkCase(), c -> new ArrayList<>()).add(r);
                }
            }
        }
        return byCase.values().stream().map(forks -> DispatchRounds.concat(forks).summarise()).toList();
    }

    private static void deleteRounds(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }

    /** The all-cores run's thread count: the option, else the cores; 0 when it cannot or need not run. */
    private int allCoresThreads() {
        int threads = oneDnnAllCores != null ? oneDnnAllCores : Device.current().cores();
        return threads > 1 && Files.isExecutable(Path.of("/bin/sh")) ? threads : 0;
    }

    /**
     * An executable {@code /bin/sh} script that runs this JVM's {@code java} with
     * {@code OMP_NUM_THREADS=threads}: JMH's {@code jvm} for the all-cores forks. Deleted on exit.
     */
    static Path ompWrapper(int threads) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path script = Files.createTempFile("strider-omp" + threads + "-", ".sh");
        script.toFile().deleteOnExit();
        Files.writeString(script, "#!/bin/sh\n# A JMH fork with oneDNN on " + threads + " threads (written by "
                + Suite.class.getName() + ")\nOMP_NUM_THREADS=" + threads + " exec '" + java.replace("'", "'\\''")
                + "' \"$@\"\n", StandardCharsets.UTF_8);
        if (!script.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + script + " executable");
        }
        return script;
    }

    /**
     * Every fork costs {@link #FORK_SECONDS} plus its warm-up and measured iterations; every
     * cold-start JVM {@link #COLD_START_SECONDS}.
     */
    static double estimateSeconds(int runs, int coldStartJvms, Settings s) {
        double perFork = FORK_SECONDS + (s.warmupIterations() * s.warmupMillis()
                + s.measurementIterations() * s.measurementMillis()) / 1000.0;
        return runs * s.forks() * perFork + coldStartJvms * COLD_START_SECONDS;
    }

    private Settings settings(int oneDnnAllCoresThreads, String tuneMode, boolean noColdStart) {
        return new Settings(mode.name().toLowerCase(java.util.Locale.ROOT),
                forks != null ? forks : mode.forks,
                warmupIterations != null ? warmupIterations : mode.warmupIterations,
                warmupMillis != null ? warmupMillis : mode.warmupMillis,
                iterations != null ? iterations : mode.iterations,
                iterationMillis != null ? iterationMillis : mode.iterationMillis,
                include, FORK_JVM_ARGS, oneDnnAllCoresThreads,
                sliceMillis != null ? sliceMillis : mode.sliceMillis, tuneMode,
                noColdStart ? 0 : coldStartJvms != null ? coldStartJvms : mode.coldStartJvms);
    }

    /** The JVM arguments of a fork: the settings' (heap, vector module), the tuner's mode, where rounds go. */
    static List<String> forkJvmArgs(Settings s, Path roundsDir) {
        List<String> args = new ArrayList<>(s.jvmArgs());
        args.add("-D" + TUNE_PROPERTY + "=" + s.tune());
        if (roundsDir != null) {
            args.add("-D" + InterleavedBenchmark.ROUNDS_DIR_PROPERTY + "=" + roundsDir);
        }
        return args;
    }

    private static ChainedOptionsBuilder options(List<String> benchmarks, Settings s, Path roundsDir) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(s.forks())
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.warmupMillis()))
                .measurementIterations(s.measurementIterations())
                .measurementTime(TimeValue.milliseconds(s.measurementMillis()))
                .jvmArgsAppend(forkJvmArgs(s, roundsDir).toArray(new String[0]))
                .shouldFailOnError(true);
        for (String b : benchmarks) {
            options.include("^" + Pattern.quote(b) + "$");
        }
        return options;
    }

    /** A JMH result as the case and contender its benchmark name and parameters say. */
    static Measurement measurement(RunResult r) {
        BenchmarkParams params = r.getParams();
        Map<String, String> values = new HashMap<>();
        for (String key : params.getParamsKeys()) {
            values.put(key, params.getParam(key));
        }
        return measurement(r, Contender.of(params.getBenchmark(), values));
    }

    /** A JMH result as the measurement of {@code contender} in a fork of its own. */
    static Measurement measurement(RunResult r, Contender contender) {
        Result<?> primary = r.getPrimaryResult();
        return new Measurement(Case.ofBenchmark(r.getParams().getBenchmark()), contender, primary.getScore(),
                primary.getScoreError(), primary.getScoreUnit());
    }

    /** This machine and JVM, oneDNN as it loads here, and the OMP_NUM_THREADS the forks inherit. */
    static Machine machine() {
        Device device = Device.current();
        String oneDnn;
        try {
            oneDnn = OneDnn.info().toString();
        } catch (RuntimeException e) {
            oneDnn = "oneDNN unavailable: " + e.getMessage();
        }
        String omp = System.getenv("OMP_NUM_THREADS");
        String cpuinfo = Cpu.cpuinfo();
        return new Machine(Cpu.model(cpuinfo), Cpu.vectorFlags(cpuinfo), device.cores(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("java.vendor"), device.vectorBits(), ForkJoinPool.getCommonPoolParallelism(),
                omp == null ? "unset" : omp, oneDnn);
    }

    /** Writes results.md and ratios.svg (and results.json after a run) into {@code dir}. */
    private static void render(Results results, Path dir, boolean withJson, PrintWriter console) throws IOException {
        Files.createDirectories(dir);
        if (withJson) {
            ResultsJson.write(results, dir.resolve("results.json"));
        }
        String markdown = Report.markdown(results);
        Files.writeString(dir.resolve("results.md"), markdown, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("ratios.svg"), Chart.svg(results), StandardCharsets.UTF_8);
        console.println();
        console.println(markdown);
        console.println("wrote " + (withJson ? dir.resolve("results.json") + ", " : "") + dir.resolve("results.md")
                + " and " + dir.resolve("ratios.svg"));
    }

    /** {@code quick}, {@code full}, in any case. */
    static final class ModeConverter implements CommandLine.ITypeConverter<RunMode> {
        @Override
        public RunMode convert(String value) {
            try {
                return RunMode.valueOf(value.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a mode: quick or full");
            }
        }
    }
}

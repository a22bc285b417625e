package dev.strider.examples.bench;

import dev.strider.examples.bench.Analysis.Measurement;
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
 * Runner API, then {@code results.json}, {@code results.md} ({@link Report}) and
 * {@code ratios.svg} ({@link Chart}) in the output directory. {@code bench/run} at the repository
 * root is the way in; directly:
 *
 * <pre>OMP_NUM_THREADS=1 java --add-modules jdk.incubator.vector -cp examples/target/strider-examples.jar \
 *     dev.strider.examples.bench.Suite --mode quick --out docs/bench</pre>
 *
 * <p>Each benchmark runs in its own forked JVM (with the vector module and a fixed heap), so that
 * the JIT's profile of one contender never shapes another's code. The runner's own JVM only
 * collects results and describes the machine.
 *
 * <p>oneDNN runs twice: single-threaded in the main run (the forks inherit the caller's
 * {@code OMP_NUM_THREADS=1}), then with all cores as the peer of THREADS. A JVM cannot change
 * its own environment, and OpenMP reads the variable once, so the second run starts its forks
 * through a two-line shell wrapper that sets it and execs this JVM's {@code java}; the forks
 * check that they got it ({@link OneDnnBenchmark.Reorder}).
 */
@Command(name = "suite", mixinStandardHelpOptions = true,
        description = "Runs Strider's benchmark suite (JMH) and writes results.json, results.md and ratios.svg.")
public final class Suite implements Callable<Integer> {

    /** The benchmark classes of the suite; their methods are named after {@link Case} ids. */
    static final List<Class<?>> BENCHMARKS = List.of(TargetsBenchmark.class, BaselinesBenchmark.class,
            CeilingBenchmark.class, OneDnnBenchmark.class);

    /** What a fork costs besides its iterations on the 2-core machine (JVM start, set-up): 0.8 to 1.1 s measured. */
    static final double FORK_SECONDS = 1.0;

    static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector");

    /** Preset JMH settings. */
    enum RunMode {
        /** About 5 minutes for the 106 runs on 2 cores: enough to see the ratios, errors stay wide. */
        QUICK(1, 2, 500, 3, 300),
        /** Tighter errors: about an hour for the 106 runs on 2 cores. */
        FULL(2, 5, 1000, 10, 1000);

        final int forks;
        final int warmupIterations;
        final long warmupMillis;
        final int iterations;
        final long iterationMillis;

        RunMode(int forks, int warmupIterations, long warmupMillis, int iterations, long iterationMillis) {
            this.forks = forks;
            this.warmupIterations = warmupIterations;
            this.warmupMillis = warmupMillis;
            this.iterations = iterations;
            this.iterationMillis = iterationMillis;
        }
    }

    @Option(names = "--mode", defaultValue = "quick", description = "quick (about 5 minutes on 2 cores) or full (about an hour).",
            converter = ModeConverter.class)
    RunMode mode;

    @Option(names = "--include", defaultValue = ".*", paramLabel = "REGEX",
            description = "Only benchmarks whose Class.method name this regex finds, e.g. 'toBlocked64' (one case,"
                    + " every contender) or 'OneDnn' (one contender, every case).")
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
        List<String> oneDnn = benchmarks.stream()
                .filter(b -> b.startsWith(OneDnnBenchmark.class.getName() + ".")).toList();
        Settings settings = settings(oneDnn.isEmpty() ? 0 : allCoresThreads());
        int runs = runs(benchmarks, settings.oneDnnAllCoresThreads());
        console.printf("%d benchmarks (%d JMH runs with the targets), %s mode: estimated %.1f minutes%n",
                benchmarks.size(), runs, settings.mode(), estimateSeconds(runs, settings) / 60);
        if (list) {
            benchmarks.forEach(console::println);
            return 0;
        }
        String omp = System.getenv("OMP_NUM_THREADS");
        if (!oneDnn.isEmpty() && !"1".equals(omp)) {
            // the forks would refuse to run (OneDnnBenchmark.Reorder): say so now, not minutes into the run
            throw new CommandLine.ParameterException(spec.commandLine(), "OMP_NUM_THREADS is "
                    + (omp == null ? "unset" : omp) + ": run with OMP_NUM_THREADS=1, which oneDNN's forks inherit"
                    + " (bench/run sets it), or leave oneDNN out with --include");
        }
        long start = System.nanoTime();
        List<RunResult> runResults;
        try {
            runResults = new ArrayList<>(new Runner(options(benchmarks, settings).build()).run());
            if (settings.oneDnnAllCoresThreads() > 1) {
                int threads = settings.oneDnnAllCoresThreads();
                console.println("oneDNN with all cores: OMP_NUM_THREADS=" + threads);
                runResults.addAll(new Runner(options(oneDnn, settings)
                        .jvm(ompWrapper(threads).toString())
                        .param("ompThreads", String.valueOf(threads))
                        .build()).run());
            }
        } catch (RunnerException e) {
            spec.commandLine().getErr().println("error: the JMH run failed, nothing written: " + e.getMessage());
            return 1;
        }
        long wall = Math.round((System.nanoTime() - start) / 1e9);
        List<Measurement> measurements = new ArrayList<>();
        for (RunResult r : runResults) {
            measurements.add(measurement(r));
        }
        Results results = new Results(Results.SCHEMA, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), wall,
                machine(), settings, Analysis.analyse(measurements));
        render(results, out, true, console);
        console.printf("wall time %d s%n", wall);
        return 0;
    }

    /** The suite's benchmarks whose {@code SimpleClass.method} the pattern finds, as full JMH names. */
    static List<String> benchmarks(Pattern include) {
        List<String> names = new ArrayList<>();
        for (Class<?> type : BENCHMARKS) {
            for (Method m : type.getMethods()) {
                if (m.isAnnotationPresent(Benchmark.class)
                        && include.matcher(type.getSimpleName() + "." + m.getName()).find()) {
                    names.add(type.getName() + "." + m.getName());
                }
            }
        }
        names.sort(null);
        return names;
    }

    /**
     * JMH runs: one per benchmark, one per target for the {@link TargetsBenchmark} methods, and
     * the {@link OneDnnBenchmark} ones again with all cores when that run happens.
     */
    static int runs(List<String> benchmarks, int oneDnnAllCoresThreads) {
        int targets = targetParams().length;
        int runs = 0;
        for (String b : benchmarks) {
            if (b.startsWith(TargetsBenchmark.class.getName() + ".")) {
                runs += targets;
            } else if (b.startsWith(OneDnnBenchmark.class.getName() + ".") && oneDnnAllCoresThreads > 1) {
                runs += 2;
            } else {
                runs++;
            }
        }
        return runs;
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

    private static String[] targetParams() {
        try {
            return TargetsBenchmark.class.getField("target").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("TargetsBenchmark has no 'target' parameter", e);
        }
    }

    /** Every fork costs {@link #FORK_SECONDS} plus its warm-up and measured iterations. */
    static double estimateSeconds(int runs, Settings s) {
        double perFork = FORK_SECONDS + (s.warmupIterations() * s.warmupMillis()
                + s.measurementIterations() * s.measurementMillis()) / 1000.0;
        return runs * s.forks() * perFork;
    }

    private Settings settings(int oneDnnAllCoresThreads) {
        return new Settings(mode.name().toLowerCase(java.util.Locale.ROOT),
                forks != null ? forks : mode.forks,
                warmupIterations != null ? warmupIterations : mode.warmupIterations,
                warmupMillis != null ? warmupMillis : mode.warmupMillis,
                iterations != null ? iterations : mode.iterations,
                iterationMillis != null ? iterationMillis : mode.iterationMillis,
                include, FORK_JVM_ARGS, oneDnnAllCoresThreads);
    }

    private static ChainedOptionsBuilder options(List<String> benchmarks, Settings s) {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.NANOSECONDS)
                .forks(s.forks())
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.warmupMillis()))
                .measurementIterations(s.measurementIterations())
                .measurementTime(TimeValue.milliseconds(s.measurementMillis()))
                .jvmArgsAppend(s.jvmArgs().toArray(new String[0]))
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
        Result<?> primary = r.getPrimaryResult();
        return new Measurement(Case.ofBenchmark(params.getBenchmark()), Contender.of(params.getBenchmark(), values),
                primary.getScore(), primary.getScoreError(), primary.getScoreUnit());
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
        return new Machine(cpuModel(), device.cores(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("java.vendor"), device.vectorBits(), ForkJoinPool.getCommonPoolParallelism(),
                omp == null ? "unset" : omp, oneDnn);
    }

    /** {@code model name} of the first processor in /proc/cpuinfo; the architecture elsewhere. */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: fall through
        }
        return System.getProperty("os.arch");
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

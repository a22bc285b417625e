package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.runtime.KernelProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What the tuner's dispatcher costs a call (the tuner issue: "within the noise on the tiny
 * cases"): a tiny kernel called through {@code Strider.load(set)}, the generated
 * {@code <Interface>_Tuned} (a volatile slot read and one more interface call), against a direct
 * call of the class and variant the tuner routed the method to, built through that class's
 * provider ({@code KernelProvider.create(variant)}). The two sides run interleaved, as
 * {@link InterleavedBenchmark}'s contenders do: each call of the benchmark method is a round of
 * one slice of about {@link #sliceMillis} per side, in a random order, each side in its own hidden
 * copy of {@link DispatchSlice}. The fork writes its rounds ({@link DispatchRounds}) where
 * {@value InterleavedBenchmark#ROUNDS_DIR_PROPERTY} says; the suite reports per case the median of
 * the per-round differences (dispatcher minus direct, per call) and their spread. Ad hoc:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'DispatchBenchmark'</pre>
 *
 * <p>The set-up tunes the kernel set before the dispatcher's first call ({@code Strider.tune}), so
 * nothing is timed while the tuner measures, and the dispatcher's slot holds the tuned class from
 * its first call on: the steady state of a program that tunes up front (called first, the method
 * would run SCALAR until the tuner switched it, and the dispatcher's call site would have seen two
 * classes). A wisdom file makes the tuning quick after the first fork of a machine and JDK.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DispatchBenchmark {

    /** The cases measured: the tiny ones, where a call's overhead shows. */
    static final List<Case> CASES = List.of(Case.TO_TINY_BLOCKED, Case.NCHW_TO_NHWC_TINY);

    /** What a side's slice of a round lasts, in milliseconds. */
    @Param({"4"})
    public long sliceMillis;

    private Case benchmarkCase;
    private String dispatcher;
    private String direct;
    private final InterleavedBenchmark.Timed[] sides = new InterleavedBenchmark.Timed[2];
    private final int[] calls = new int[2];
    private final List<double[]> rounds = new ArrayList<>();
    private final Random order = new Random(42);
    private boolean measuring;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        benchmarkCase = Case.ofBenchmark(params.getBenchmark());
        if (!CASES.contains(benchmarkCase)) {
            throw new IllegalStateException("DispatchBenchmark measures " + CASES + ", not " + benchmarkCase);
        }
        Class<?> set = kernelSet(benchmarkCase);
        String method = benchmarkCase.kernelMethod();
        Tensors t = new Tensors();
        t.setUp();
        Object tuned = Strider.load(set);
        String explain = Strider.tune(set);
        sides[DispatchRounds.TUNED] = slice(benchmarkCase, t, tuned);
        dispatcher = tuned.getClass().getSimpleName();
        // In rules mode there is no dispatcher and explain names no route: the direct side is the same class.
        direct = InterleavedBenchmark.routed(explain, method, dispatcher);
        sides[DispatchRounds.DIRECT] = slice(benchmarkCase, t, direct(set, direct, method + "(float[], float[])"));
        for (int i = 0; i < sides.length; i++) {
            calls[i] = InterleavedBenchmark.callsFor(sliceMillis, sides[i].run(1), 1);
        }
    }

    /** The kernel set a tiny case calls. */
    static Class<?> kernelSet(Case c) {
        return InterleavedBenchmark.blocked(c) ? BlockedOps.class : ImageOps.class;
    }

    /**
     * A new instance of the class and variant {@code routed} names, as {@code Strider.explain}
     * writes them: {@code BlockedOps_Vector512 (4x4 blocks in registers)} is variant
     * {@code variants().get(methodKey).indexOf("4x4 blocks in registers")} of the provider of
     * {@code BlockedOps_Vector512}; {@code BlockedOps_Scalar} alone is that class's rule.
     *
     * @throws IllegalStateException when no provider of {@code set} has that class or variant
     */
    static Object direct(Class<?> set, String routed, String methodKey) {
        int paren = routed.indexOf(" (");
        String simpleName = paren < 0 ? routed.strip() : routed.substring(0, paren);
        String variant = paren < 0 ? null : routed.substring(paren + 2, routed.lastIndexOf(')'));
        for (KernelProvider p : ServiceLoader.load(KernelProvider.class, set.getClassLoader())) {
            String name = p.className().substring(p.className().lastIndexOf('.') + 1);
            if (p.kernelSet() != set || !name.equals(simpleName)) {
                continue;
            }
            if (variant == null) {
                return p.create();
            }
            List<String> variants = p.variants().getOrDefault(methodKey, List.of());
            int k = variants.indexOf(variant);
            if (k < 0) {
                throw new IllegalStateException(simpleName + " has no variant '" + variant + "' of " + methodKey
                        + " (it has " + variants + ")");
            }
            return p.create(k);
        }
        throw new IllegalStateException("no generated class " + simpleName + " of " + set.getSimpleName()
                + " (from '" + routed + "')");
    }

    /** A side in a hidden copy of {@link DispatchSlice}, else (if that fails) in {@link DispatchSlice} itself. */
    static InterleavedBenchmark.Timed slice(Case c, Tensors t, Object kernels) {
        InterleavedBenchmark.Timed copy = InterleavedBenchmark.hiddenCopy(DispatchSlice.class,
                List.of(Case.class, Tensors.class, Object.class), c, t, kernels);
        return copy != null ? copy : new DispatchSlice(c, t, kernels);
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
    }

    /** One round: both sides' slices, in a random order. */
    private void round() {
        int first = order.nextInt(2);
        double[] perCall = InterleavedBenchmark.runSlices(sides, new int[] {first, 1 - first}, calls, measuring,
                sliceMillis);
        if (measuring) {
            rounds.add(perCall);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        DispatchRounds measured = new DispatchRounds(benchmarkCase, dispatcher, direct, calls.clone(), rounds);
        String dir = System.getProperty(InterleavedBenchmark.ROUNDS_DIR_PROPERTY);
        if (dir != null) {
            Path file = Path.of(dir, DispatchRounds.FILE_PREFIX + benchmarkCase.id() + "-" + ProcessHandle.current().pid()
                    + ".tsv");
            Files.writeString(file, measured.toTsv(), StandardCharsets.UTF_8);
        }
        System.out.println("\n" + Report.dispatchLine(measured.summarise()));
        rounds.clear();
    }

    @Benchmark
    public void toTinyBlocked() {
        round();
    }

    @Benchmark
    public void nchwToNhwcTiny() {
        round();
    }
}

package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.examples.kernels.OffHeapOps;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.OneDnnReorder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
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
 * Every contender of a {@link Case} in one fork, interleaved: each call of the benchmark method is
 * one <em>round</em>, in which every contender runs one short slice (about {@link #sliceMillis} of
 * back-to-back calls), in an order shuffled anew each round. A slow phase of a shared machine
 * (another build, a noisy neighbour, a frequency drop) then slows every contender of the rounds it
 * covers alike, and a ratio taken within a round (SCALAR's time over arraycopy's) survives it,
 * where ratios of contenders measured in separate forks minutes apart do not. The suite reports
 * per contender the median time per call over the rounds, and per contender the median and
 * spread of its per-round ratios ({@link Analysis}).
 *
 * <p>Warm-up iterations run rounds too, which is how every contender gets compiled, and set each
 * contender's calls per slice from its speed (at least one call); measured iterations keep those
 * counts fixed and record every round. At the end of the trial the fork writes its rounds
 * ({@link Rounds}) to the directory the system property {@value #ROUNDS_DIR_PROPERTY} names, where
 * {@link Suite} reads them, and prints the medians. JMH's own score is the time of a round.
 *
 * <p>The contenders: SCALAR, VECTOR and THREADS forced through {@code Strider.load(set, target)},
 * the tuned choice ({@code Strider.load(set)} in the tuner's mode, {@code strider.tune}), the
 * generic kernel, the naive loop, the hand-tiled loop where there is one, arraycopy of the same
 * bytes and oneDNN single-threaded where the case has a peer (so the fork needs
 * {@code OMP_NUM_THREADS=1}, as {@link OneDnnBenchmark}'s do). Each runs through its own hidden
 * copy of {@link Slice}, so its call sites keep a profile of their own.
 *
 * <p>The cases with off-heap contenders ({@link Case#offHeap()}, issue 15) add, per target and for
 * the tuned choice: the kernel on direct byte buffers ({@link OffHeapOps}, or on JDK 20+ the same
 * declarations compiled for Java 22, {@link SegmentContenders#bufferKernelSet()}), on native segments
 * where the JVM and the build have them ({@link SegmentContenders}: JDK 22+), and the copy-around
 * path (copy the direct input into an array, the array kernel, copy the result out). Ad hoc:
 *
 * <pre>OMP_NUM_THREADS=1 java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'InterleavedBenchmark.toBlocked64'</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class InterleavedBenchmark {

    /** The system property naming the directory each fork writes its rounds to. */
    public static final String ROUNDS_DIR_PROPERTY = "strider.bench.rounds";

    /** Upper bound of calls per slice, far above what any case needs in a few milliseconds. */
    static final int MAX_CALLS = 1 << 22;

    /** What a contender's slice of a round lasts, in milliseconds (at least one call). */
    @Param({"4"})
    public long sliceMillis;

    /**
     * Which contenders the fork runs: {@code all}; {@code arrays}, the targets and the tuned choice
     * on arrays (with arraycopy and oneDNN); or {@code segments}, the same on native segments (with
     * arraycopy and oneDNN). Until C2 compiles them, the array kernels' reinterprets run as Java
     * code that stores into a heap segment, which makes the JDK compile every vector store to a
     * native segment with full checks ({@code VectorPlan.withSegmentLanes} in the processor). A
     * fork of segments alone shows the segment kernels as a program that keeps its tensors
     * off-heap runs them; compare it with a fork of arrays alone, fork against fork. For JMH run
     * by hand ({@code -p memory=segments}): {@link Suite} ({@code bench/run}) runs {@code all} and
     * merges a case's forks only when they ran the same contenders.
     */
    @Param({"all"})
    public String memory;

    /** A slice's loop: {@code calls} calls, the nanoseconds they took. {@link Slice} and its hidden copies. */
    public interface Timed {
        long run(int calls);
    }

    private Case benchmarkCase;
    private List<Contender> contenders;
    private Timed[] slices;
    private int[] calls;
    private boolean measuring;
    private final List<double[]> rounds = new ArrayList<>();
    private final Random shuffle = new Random(42);
    private int[] order;
    private String tuned;
    private OneDnnReorder oneDnn;
    /** The class each off-heap contender ran, for the report. */
    private final Map<Contender, String> kernels = new EnumMap<>(Contender.class);

    /** The contenders of a case, in {@link Contender} order. */
    static List<Contender> contenders(Case c) {
        List<Contender> list = new ArrayList<>(List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS,
                Contender.TUNED));
        if (c.kind() == Case.Kind.BLOCKED) {
            list.add(Contender.ONE_THREAD);
        }
        list.add(Contender.GENERIC);
        list.add(Contender.NAIVE);
        if (hasHandTiled(c)) {
            list.add(Contender.HAND);
        }
        list.add(Contender.ARRAYCOPY);
        if (c.hasOneDnn()) {
            list.add(Contender.ONEDNN);
        }
        if (c.offHeap()) {
            List<Contender.Memory> memories = new ArrayList<>();
            if (SegmentContenders.bufferKernelSet() != null) {
                memories.add(Contender.Memory.BUFFER);
            }
            if (SegmentContenders.available()) {
                memories.add(Contender.Memory.SEGMENT);
            }
            memories.add(Contender.Memory.COPY_AROUND);
            for (Contender.Memory m : memories) {
                for (Contender target : List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS, Contender.TUNED)) {
                    list.add(Contender.offHeap(m, target));
                }
            }
        }
        return list;
    }

    /** The contenders {@code memory} ({@link #memory}) keeps. */
    static List<Contender> only(List<Contender> all, String memory) {
        List<Contender> kept = new ArrayList<>();
        for (Contender k : all) {
            boolean peer = k == Contender.ARRAYCOPY || k == Contender.ONEDNN;
            boolean target = k == Contender.SCALAR || k == Contender.VECTOR || k == Contender.THREADS
                    || k == Contender.TUNED || k == Contender.ONE_THREAD;
            boolean keep = switch (memory) {
                case "all" -> true;
                case "arrays" -> peer || target;
                case "segments" -> peer || k.memory() == Contender.Memory.SEGMENT;
                default -> throw new IllegalArgumentException("memory is all, arrays or segments, not " + memory);
            };
            if (keep) {
                kept.add(k);
            }
        }
        if (memory.equals("segments") && kept.size() == all.stream().filter(k -> k == Contender.ARRAYCOPY
                || k == Contender.ONEDNN).count()) {
            String why = SegmentContenders.unavailable();
            throw new IllegalStateException("memory=segments, but no segment contenders here: "
                    + (why != null ? why : "the case has no off-heap contenders"));
        }
        return kept;
    }

    /** Whether {@link BaselinesBenchmark} has a hand-tiled loop for the case ({@code <id>Hand}). */
    static boolean hasHandTiled(Case c) {
        try {
            BaselinesBenchmark.class.getMethod(c.id() + "Hand", Tensors.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** Whether the case calls {@link BlockedOps} (else {@link ImageOps}). */
    static boolean blocked(Case c) {
        return c.id().contains("Blocked");
    }

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        benchmarkCase = Case.ofBenchmark(params.getBenchmark());
        contenders = only(contenders(benchmarkCase), memory);
        Tensors t = new Tensors();
        t.setUp();
        if (benchmarkCase.hasOneDnn()) {
            OneDnnBenchmark.requireOmpThreads("1");
            oneDnn = OneDnnReorder.create(benchmarkCase.oneDnnSource(), benchmarkCase.oneDnnDestination(),
                    benchmarkCase.oneDnnScale());
            Random random = new Random(5);
            if (benchmarkCase.oneDnnSource().type() == DataType.U8) {
                oneDnn.copyIn(benchmarkCase.randomByteInput(random));
            } else {
                oneDnn.copyIn(benchmarkCase.randomFloatInput(random));
            }
        }
        ImageOps tunedImage = Strider.load(ImageOps.class);
        BlockedOps tunedBlocked = Strider.load(BlockedOps.class);
        Class<? extends OffHeapOps> bufferSet = benchmarkCase.offHeap() ? SegmentContenders.bufferKernelSet() : null;
        tuned = (blocked(benchmarkCase) ? tunedBlocked : tunedImage).getClass().getSimpleName();
        slices = new Timed[contenders.size()];
        for (int i = 0; i < slices.length; i++) {
            Contender k = contenders.get(i);
            if (k.memory() == Contender.Memory.SEGMENT) {
                slices[i] = SegmentContenders.slice(benchmarkCase, k, t);
                continue;
            }
            if (k.memory() == Contender.Memory.BUFFER) {
                OffHeapOps offHeap = SegmentContenders.bufferKernels(k.onArrays());
                kernels.put(k, offHeap.getClass().getSimpleName());
                slices[i] = slice(benchmarkCase, "offheap", t, null, null, null, offHeap);
                continue;
            }
            ImageOps image;
            BlockedOps blocked;
            Contender onArrays = k.memory() == Contender.Memory.COPY_AROUND ? k.onArrays() : k;
            switch (onArrays) {
                case SCALAR:
                case VECTOR:
                case THREADS:
                    Target target = Target.valueOf(onArrays.name());
                    image = Strider.load(ImageOps.class, target);
                    blocked = Strider.load(BlockedOps.class, target);
                    break;
                case TUNED:
                    image = tunedImage;
                    blocked = tunedBlocked;
                    break;
                case ONE_THREAD:
                    image = Strider.loadOneThread(ImageOps.class);
                    blocked = Strider.loadOneThread(BlockedOps.class);
                    break;
                case GENERIC:
                    image = new GenericOps.Image();
                    blocked = new GenericOps.Blocked();
                    break;
                default:
                    image = null;
                    blocked = null;
            }
            slices[i] = slice(benchmarkCase, kind(k), t, image, blocked, k == Contender.ONEDNN ? oneDnn : null, null);
        }
        order = new int[slices.length];
        calls = new int[slices.length];
        for (int i = 0; i < slices.length; i++) {
            order[i] = i;
            calls[i] = callsFor(sliceMillis, slices[i].run(1), 1);
        }
        // The tuned contender's first call queued its method for the tuner: time its choice, not the tuning.
        tunedChoice = Strider.awaitTuning(blocked(benchmarkCase) ? BlockedOps.class : ImageOps.class);
        tuned = routed(tunedChoice, benchmarkCase.kernelMethod(), tuned);
        if (contenders.contains(Contender.ONE_THREAD)) {
            String oneThread = routedOneThread(tunedChoice, benchmarkCase.kernelMethod());
            if (oneThread != null) {
                kernels.put(Contender.ONE_THREAD, oneThread);
            }
        }
        if (benchmarkCase.offHeap()) {
            // the off-heap tuned choices too; the copy-around path runs the array kernel's classes
            if (bufferSet != null) {
                kernels.put(Contender.BUFFER_TUNED, routed(Strider.awaitTuning(bufferSet), benchmarkCase.kernelMethod(),
                        kernels.get(Contender.BUFFER_TUNED)));
            }
            for (int i = 0; i < slices.length; i++) {
                Contender k = contenders.get(i);
                if (k.memory() == Contender.Memory.SEGMENT) {
                    String kernel = ((OffHeapSlice) slices[i]).kernel();
                    kernels.put(k, k.onArrays() != Contender.TUNED ? kernel : routed(
                            Strider.awaitTuning(SegmentContenders.kernelSet()), benchmarkCase.kernelMethod(), kernel));
                }
            }
        }
        for (int i = 0; i < slices.length; i++) {
            calls[i] = callsFor(sliceMillis, slices[i].run(1), 1);
        }
    }

    /**
     * The class (and variant) {@code explain}'s text says the tuner routed {@code method} to:
     * {@code BlockedOps_Vector512 (4x4 blocks in registers)}; {@code otherwise} when it says nothing.
     */
    static String routed(String explain, String method, String otherwise) {
        for (String line : explain.split("\\R")) {
            if (line.startsWith("    " + method + "(")) {
                String rest = line.substring(line.indexOf(')') + 1).trim();
                int from = rest.indexOf("; from ");
                return from < 0 ? rest : rest.substring(0, from);
            }
        }
        return otherwise;
    }

    /**
     * The one-thread candidate {@code explain}'s text marks as chosen among those the tuner timed for
     * {@code method} ({@code BlockedOps_Vector512 (8x8 blocks in registers)}); null when it timed none
     * there (rules or wisdom).
     */
    static String routedOneThread(String explain, String method) {
        boolean inMethod = false;
        for (String line : explain.split("\\R")) {
            if (line.startsWith("    " + method + "(")) {
                inMethod = true;
            } else if (inMethod && (!line.startsWith("        ") || line.trim().startsWith("then "))) {
                return null;
            } else if (inMethod && line.endsWith(" chosen")) {
                return line.trim().split(" {2,}")[0];
            }
        }
        return null;
    }

    /** What the tuner said once it had routed the case's method ({@code Strider.explain}'s text). */
    String tunedChoice = "";

    private static String kind(Contender k) {
        switch (k) {
            case NAIVE:
                return "naive";
            case HAND:
                return "hand";
            case ARRAYCOPY:
                return "arraycopy";
            case ONEDNN:
                return "onednn";
            case COPY_SCALAR:
            case COPY_VECTOR:
            case COPY_THREADS:
            case COPY_TUNED:
                return "copyaround";
            default:
                return "kernel";
        }
    }

    /** Warm-up rounds calibrate the slices; measured rounds are recorded. */
    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
    }

    /** How many calls fill a slice of {@code sliceMillis}, at {@code nanos} for {@code made} calls. */
    static int callsFor(long sliceMillis, long nanos, int made) {
        double perCall = Math.max(1.0, (double) nanos / made);
        return (int) Math.max(1, Math.min(MAX_CALLS, Math.round(sliceMillis * 1e6 / perCall)));
    }

    /**
     * Runs each of {@code slices} once, in {@code order}, and returns each one's time per call;
     * while warming up ({@code !measuring}) it sizes each one's {@code calls} to fill
     * {@code sliceMillis} next time.
     */
    static double[] runSlices(Timed[] slices, int[] order, int[] calls, boolean measuring, long sliceMillis) {
        double[] perCall = new double[slices.length];
        for (int i : order) {
            long nanos = slices[i].run(calls[i]);
            perCall[i] = (double) nanos / calls[i];
            if (!measuring) {
                calls[i] = callsFor(sliceMillis, nanos, calls[i]);
            }
        }
        return perCall;
    }

    /** One round: every contender's slice, in a fresh order. */
    private void round() {
        for (int i = order.length - 1; i > 0; i--) {
            int j = shuffle.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        double[] perCall = runSlices(slices, order, calls, measuring, sliceMillis);
        if (measuring) {
            rounds.add(perCall);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (oneDnn != null) {
            oneDnn.close();
        }
        Rounds measured = new Rounds(benchmarkCase, contenders, calls.clone(), rounds, tuned, kernels);
        String dir = System.getProperty(ROUNDS_DIR_PROPERTY);
        if (dir != null) {
            Path file = Path.of(dir, benchmarkCase.id() + "-" + ProcessHandle.current().pid() + ".tsv");
            Files.writeString(file, measured.toTsv(), StandardCharsets.UTF_8);
        }
        StringBuilder summary = new StringBuilder("\n" + measured.rounds() + " rounds, median per call:");
        for (Contender k : contenders) {
            summary.append(String.format(Locale.ROOT, " %s %s;", k.name(),
                    Format.time(Spread.of(measured.of(k)).median())));
        }
        System.out.println(summary + " tuned is " + tuned);
        rounds.clear();
    }

    /** The contender's loop in a hidden copy of {@link Slice}, else (if that fails) in {@link Slice} itself. */
    static Timed slice(Case c, String kind, Tensors t, ImageOps image, BlockedOps blocked, OneDnnReorder oneDnn,
                       OffHeapOps offHeap) {
        Timed copy = hiddenCopy(Slice.class, List.of(Case.class, String.class, Tensors.class, ImageOps.class,
                BlockedOps.class, OneDnnReorder.class, OffHeapOps.class), c, kind, t, image, blocked, oneDnn, offHeap);
        return copy != null ? copy : new Slice(c, kind, t, image, blocked, oneDnn, offHeap);
    }

    /**
     * A new instance of a hidden copy of {@code template} ({@link Slice}, {@link DispatchSlice}),
     * by its constructor taking {@code parameters}; null (with a warning) when no copy can be
     * defined, so the caller falls back on the template itself. The constructor's exceptions pass.
     */
    static Timed hiddenCopy(Class<? extends Timed> template, List<Class<?>> parameters, Object... arguments) {
        try {
            MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(template(template), true);
            MethodHandle constructor = copy.findConstructor(copy.lookupClass(),
                    MethodType.methodType(void.class, parameters));
            return (Timed) constructor.invokeWithArguments(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            System.err.println("bench: no hidden copy of " + template.getSimpleName() + " (" + e
                    + "): its contenders share its call sites");
            return null;
        }
    }

    /** The class file of a template ({@link Slice}, {@link DispatchSlice}) to define hidden copies of. */
    static byte[] template(Class<?> template) throws IOException {
        String file = template.getSimpleName() + ".class";
        try (InputStream in = template.getResourceAsStream(file)) {
            if (in == null) {
                throw new IOException(file + " is not on the class path");
            }
            return in.readAllBytes();
        }
    }

    @Benchmark
    public void nchwToNhwcLarge() {
        round();
    }

    @Benchmark
    public void nhwcToNchwLarge() {
        round();
    }

    @Benchmark
    public void nchwToNhwcImage() {
        round();
    }

    @Benchmark
    public void nhwcToNchwImage() {
        round();
    }

    @Benchmark
    public void toBlocked64() {
        round();
    }

    @Benchmark
    public void fromBlocked64() {
        round();
    }

    @Benchmark
    public void toBlocked17() {
        round();
    }

    @Benchmark
    public void fromBlocked17() {
        round();
    }

    @Benchmark
    public void toBlocked8() {
        round();
    }

    @Benchmark
    public void toBlockedWeights() {
        round();
    }

    @Benchmark
    public void toTinyBlocked() {
        round();
    }

    @Benchmark
    public void nchwToNhwcTiny() {
        round();
    }

    @Benchmark
    public void normalizeImage() {
        round();
    }

    @Benchmark
    public void flipImage() {
        round();
    }

    @Benchmark
    public void addBias() {
        round();
    }
}

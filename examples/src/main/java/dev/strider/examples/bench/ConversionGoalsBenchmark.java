package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.QuantizedOps;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Float8s;
import dev.strider.kernel.HalfFloats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Issue 20's two speed goals, each a pair of reorders of {@link QuantizedOps} on one target,
 * interleaved: every call of the benchmark method is a round in which both run a slice of
 * back-to-back calls (about {@link #sliceMillis}), in an order drawn anew each round, so a slow
 * phase of the machine slows both alike. At the end the fork prints, over the measured rounds,
 * each one's median time per call and GB/s and the median and quartiles of the per-round ratio:
 * <ul>
 * <li>{@code dequantize}: u8 to f32 1x64x56x56 with a scale per channel given at call time,
 *     against the same reorder with one constant scale (goal: at least 0.8x its speed);</li>
 * <li>{@code bf16}: bf16 to f32 nchw to nChw16c 1x64x56x56, against the f32 reorder of the same
 *     shape (goal: at least 0.8x its GB/s; bf16 moves 6 bytes per element, f32 8, so this asks bf16
 *     to run faster than f32; the ratio of elements per second is printed too).</li>
 * <li>{@code f16}: the same for f16 to f32 (the same goal).</li>
 * <li>{@code f8} (no goal; what decoding costs): f8 e4m3 to f32 nchw to nChw16c 1x64x56x56, against
 *     the f32 reorder of the same shape (the time ratio).</li>
 * <li>{@code compensation} (no goal; what it costs): f32 weights to s8 OIhw16i16o 256x256x3x3 with
 *     oneDNN's s8s8 compensation per output channel, against the same reorder without it.</li>
 * <li>{@code quantize} (no goal of the issue; the project's: ahead of oneDNN): f32 to u8
 *     1x64x56x56 with a destination scale per channel and one zero point given at call time,
 *     against oneDNN's reorder of the same ({@code dst:per_dim_1} scales, a common zero point),
 *     on one thread when the fork inherits {@code OMP_NUM_THREADS=1}.</li>
 * <li>{@code quantizeBlocked} (the same): f32 nchw to u8 nChw16c 1x64x56x56 with a compile-time
 *     scale and zero point, transposed in registers, against oneDNN's reorder with that common
 *     source scale and destination zero point.</li>
 * <li>{@code dequantizeBlocked} (the same): u8 nChw16c to f32 nchw 1x64x56x56 with a compile-time
 *     scale, transposed in registers, against oneDNN's reorder with that common source scale.</li>
 * <li>{@code dequantizeInts} (the same): s32 to f32 nchw 1x64x56x56 with a source scale per channel
 *     given at call time, against oneDNN's reorder with {@code src:per_dim_1} scales.</li>
 * <li>{@code quantizeWeights} (the same): f32 weights OIhw to s8 OIhw16i16o 256x256x3x3 with a
 *     destination scale per output channel given at call time, transposed in registers with each
 *     row's scale read once, against oneDNN's reorder with {@code dst:per_dim_0} scales.</li>
 * <li>{@code dequantizeS4} (the same): s4 weights, two to a byte, to f32 256x256x3x3 with a source
 *     scale per output channel and one zero point given at call time, against oneDNN's reorder with
 *     {@code src:per_dim_0} scales and a common zero point (its reference kernel: it has no other
 *     4-bit reorder).</li>
 * <li>{@code packS4} (the same): f32 weights 256x256x3x3 into s4, against oneDNN's reorder.</li>
 * </ul>
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main ConversionGoalsBenchmark -p target=VECTOR
 * OMP_NUM_THREADS=1 java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main ConversionGoalsBenchmark -p goal=quantize</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ConversionGoalsBenchmark {

    private static final int ELEMENTS = 64 * 56 * 56;
    private static final int WEIGHTS = 256 * 256 * 3 * 3;

    /** Which pair. */
    @Param({"dequantize", "bf16", "f16", "f8", "compensation", "quantize", "quantizeBlocked", "dequantizeBlocked",
            "dequantizeInts", "quantizeWeights", "dequantizeS4", "packS4"})
    public String goal;

    /** The class both run on. */
    @Param({"VECTOR"})
    public String target;

    /** Milliseconds per slice. */
    @Param({"4"})
    public long sliceMillis;

    private QuantizedOps ops;
    private final Random random = new Random(20);
    private byte[] u8;
    private short[] bf16;
    private short[] f16;
    private byte[] e4m3;
    private float[] f32;
    private float[] scales;
    private float[] dst;
    private float[] weights;
    private byte[] s8;
    private int[] compensation;
    private final int[] calls = {1, 1};
    private final List<double[]> rounds = new ArrayList<>();
    private boolean measuring;
    private String kernelClass;
    /** The pair, as {@link #setUp} decided it for the goal. */
    private Pair pair;
    /** oneDNN's reorder, for the pairs against oneDNN. */
    private OneDnnReorder oneDnn;

    /** What {@link #report} prints for a pair. */
    private enum Verdict {
        /** Issue 20's goals: the GB/s ratio, at least 0.8. */
        GOAL,
        /** What the contender costs over the reference: the time ratio. */
        COST,
        /** Against oneDNN's reorder: the speed ratio. */
        ONE_DNN
    }

    /**
     * The two reorders of a goal: the contender, then the reference it is measured against, each
     * with its name and the bytes it moves per element (read + written), over {@code elements}.
     */
    private record Pair(String contender, Runnable contenderCall, double contenderBytes, String reference,
                        Runnable referenceCall, double referenceBytes, int elements, Verdict verdict) {
    }

    @Setup(Level.Trial)
    public void setUp() {
        ops = Strider.load(QuantizedOps.class, Target.valueOf(target));
        kernelClass = ops.getClass().getSimpleName();
        u8 = new byte[ELEMENTS];
        random.nextBytes(u8);
        f32 = new float[ELEMENTS];
        bf16 = new short[ELEMENTS];
        f16 = new short[ELEMENTS];
        e4m3 = new byte[ELEMENTS];
        for (int i = 0; i < ELEMENTS; i++) {
            f32[i] = random.nextFloat() - 0.5f;
            bf16[i] = HalfFloats.floatToBf16(f32[i]);
            f16[i] = HalfFloats.floatToF16(f32[i]);
            e4m3[i] = Float8s.floatToE4m3(f32[i]);
        }
        scales = new float[64];
        for (int c = 0; c < 64; c++) {
            scales[c] = 0.001f + random.nextFloat() / 64;
        }
        dst = new float[ELEMENTS];
        pair = switch (goal) {
            case "dequantize" -> new Pair("dequantizePerChannel", () -> ops.dequantizePerChannel(u8, dst, scales), 5,
                    "dequantizeConstant", () -> ops.dequantizeConstant(u8, dst), 5, ELEMENTS, Verdict.GOAL);
            // bf16 moves 6 bytes per element, f32 8: the goal asks bf16 to run faster than f32
            case "bf16" -> new Pair("bf16ToBlocked", () -> ops.bf16ToBlocked(bf16, dst), 6,
                    "f32ToBlocked", () -> ops.f32ToBlocked(f32, dst), 8, ELEMENTS, Verdict.GOAL);
            // the same for f16, widened through a tile by the JDK from Java 24 (else in lanes, ten operations a row)
            case "f16" -> new Pair("f16ToBlocked", () -> ops.f16ToBlocked(f16, dst), 6,
                    "f32ToBlocked", () -> ops.f32ToBlocked(f32, dst), 8, ELEMENTS, Verdict.GOAL);
            case "f8" -> new Pair("e4m3ToBlocked", () -> ops.e4m3ToBlocked(e4m3, dst), 5,
                    "f32ToBlocked", () -> ops.f32ToBlocked(f32, dst), 8, ELEMENTS, Verdict.COST);
            case "compensation" -> {
                weights = new float[WEIGHTS];
                for (int i = 0; i < WEIGHTS; i++) {
                    weights[i] = (float) (random.nextGaussian() * 40);
                }
                s8 = new byte[WEIGHTS];
                compensation = new int[256];
                yield new Pair("quantizeWeightsCompensated", () -> ops.quantizeWeightsCompensated(weights, s8, compensation),
                        5, "quantizeWeights", () -> ops.quantizeWeights(weights, s8), 5, WEIGHTS, Verdict.COST);
            }
            case "quantize" -> {
                s8 = new byte[ELEMENTS];
                for (int i = 0; i < ELEMENTS; i++) {
                    f32[i] = (float) (random.nextGaussian() * 3);
                }
                float[] dstScales = new float[64];
                for (int c = 0; c < 64; c++) {
                    dstScales[c] = 0.02f + random.nextFloat() / 16;
                }
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 1, 64, 56, 56),
                        MemorySpec.tagged(DataType.U8, "nchw", 1, 64, 56, 56),
                        OneDnnReorder.Quantization.NONE.withDestinationScales(0b10, dstScales)
                                .withDestinationZeroPoints(0, 128));
                peer.copyIn(f32);
                yield againstOneDnn("quantizePerChannel", () -> ops.quantizePerChannel(f32, s8, dstScales, 128), 5, peer);
            }
            case "quantizeBlocked" -> {
                s8 = new byte[ELEMENTS];
                for (int i = 0; i < ELEMENTS; i++) {
                    f32[i] = (float) (random.nextGaussian() * 600);
                }
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 1, 64, 56, 56),
                        MemorySpec.tagged(DataType.U8, "nChw16c", 1, 64, 56, 56),
                        OneDnnReorder.Quantization.NONE.withSourceScales(0, 0.05f).withDestinationZeroPoints(0, 128));
                peer.copyIn(f32);
                yield againstOneDnn("quantizeToBlocked", () -> ops.quantizeToBlocked(f32, s8), 5, peer);
            }
            case "quantizeWeights" -> {
                weights = new float[WEIGHTS];
                for (int i = 0; i < WEIGHTS; i++) {
                    weights[i] = (float) (random.nextGaussian() * 0.05);
                }
                s8 = new byte[WEIGHTS];
                float[] perO = new float[256];
                for (int o = 0; o < 256; o++) {
                    perO[o] = 0.0005f + random.nextFloat() / 1000;
                }
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "oihw", 256, 256, 3, 3),
                        MemorySpec.tagged(DataType.S8, "OIhw16i16o", 256, 256, 3, 3),
                        OneDnnReorder.Quantization.NONE.withDestinationScales(0b1, perO));
                peer.copyIn(weights);
                yield againstOneDnn("quantizeWeightsPerChannel", () -> ops.quantizeWeightsPerChannel(weights, s8, perO), 5,
                        peer, WEIGHTS);
            }
            case "dequantizeBlocked" -> {
                byte[] blocked = new byte[64 * 3136];
                random.nextBytes(blocked);
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.U8, "nChw16c", 1, 64, 56, 56),
                        MemorySpec.tagged(DataType.F32, "nchw", 1, 64, 56, 56),
                        OneDnnReorder.Quantization.NONE.withSourceScales(0, 0.05f));
                peer.copyIn(blocked);
                yield againstOneDnn("dequantizeFromBlocked", () -> ops.dequantizeFromBlocked(blocked, dst), 5, peer);
            }
            case "dequantizeInts" -> {
                int[] accumulators = new int[ELEMENTS];
                for (int i = 0; i < ELEMENTS; i++) {
                    accumulators[i] = (int) (random.nextGaussian() * 20000);
                }
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.S32, "nchw", 1, 64, 56, 56),
                        MemorySpec.tagged(DataType.F32, "nchw", 1, 64, 56, 56),
                        OneDnnReorder.Quantization.NONE.withSourceScales(0b10, scales));
                peer.copyIn(accumulators);
                yield againstOneDnn("dequantizeAccumulators", () -> ops.dequantizeAccumulators(accumulators, dst, scales),
                        8, peer);
            }
            case "dequantizeS4" -> {
                byte[] packed = new byte[WEIGHTS / 2];
                random.nextBytes(packed);
                float[] perO = new float[256];
                for (int o = 0; o < 256; o++) {
                    perO[o] = 0.01f + random.nextFloat() / 100;
                }
                float[] out = new float[WEIGHTS];
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.S4, "oihw", 256, 256, 3, 3),
                        MemorySpec.tagged(DataType.F32, "oihw", 256, 256, 3, 3),
                        OneDnnReorder.Quantization.NONE.withSourceScales(0b1, perO).withSourceZeroPoints(0, 3));
                peer.copyIn(packed);
                ops.dequantizeS4Weights(packed, out, perO, 3);
                sameAsOneDnn(peer, out);
                // half a byte read and four written per element
                yield againstOneDnn("dequantizeS4Weights", () -> ops.dequantizeS4Weights(packed, out, perO, 3), 4.5, peer,
                        WEIGHTS);
            }
            case "packS4" -> {
                weights = new float[WEIGHTS];
                for (int i = 0; i < WEIGHTS; i++) {
                    weights[i] = (float) (random.nextGaussian() * 4);
                }
                byte[] packed = new byte[WEIGHTS / 2];
                OneDnnReorder peer = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "oihw", 256, 256, 3, 3),
                        MemorySpec.tagged(DataType.S4, "oihw", 256, 256, 3, 3));
                peer.copyIn(weights);
                ops.packS4Weights(weights, packed);
                sameAsOneDnn(peer, packed);
                yield againstOneDnn("packS4Weights", () -> ops.packS4Weights(weights, packed), 4.5, peer, WEIGHTS);
            }
            default -> throw new IllegalArgumentException("goal " + goal);
        };
    }

    /** {@code name} against oneDNN's reorder {@code peer} (its data already in), moving the same bytes per element. */
    private Pair againstOneDnn(String name, Runnable call, double bytes, OneDnnReorder peer) {
        return againstOneDnn(name, call, bytes, peer, ELEMENTS);
    }

    /** The same for a tensor of {@code elements}. */
    private Pair againstOneDnn(String name, Runnable call, double bytes, OneDnnReorder peer, int elements) {
        oneDnn = peer;
        return new Pair(name, call, bytes, "oneDNN " + peer.implementation(), peer::execute, bytes, elements,
                Verdict.ONE_DNN);
    }

    /** Runs {@code peer} once and refuses to time a contender whose output {@code ours} differs from its. */
    private static void sameAsOneDnn(OneDnnReorder peer, Object ours) {
        peer.execute();
        Object theirs = ours instanceof float[] f ? new float[f.length] : new byte[((byte[]) ours).length];
        if (theirs instanceof float[] f) {
            peer.copyOut(f);
        } else {
            peer.copyOut((byte[]) theirs);
        }
        boolean same = ours instanceof float[] f ? java.util.Arrays.equals(f, (float[]) theirs)
                : java.util.Arrays.equals((byte[]) ours, (byte[]) theirs);
        if (!same) {
            throw new IllegalStateException("the contender's output is not oneDNN's: nothing to time");
        }
    }

    /** Releases oneDNN's primitive and buffers. */
    @TearDown(Level.Trial)
    public void close() {
        if (oneDnn != null) {
            oneDnn.close();
        }
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
    }

    /** Contender {@code k} of the pair, {@code n} calls, in nanoseconds. */
    private long slice(int k, int n) {
        Runnable call = k == 0 ? pair.contenderCall() : pair.referenceCall();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            call.run();
        }
        return System.nanoTime() - start;
    }

    /** One round: both contenders' slices, in a random order; times per call recorded when measuring. */
    @Benchmark
    public float[] round() {
        double[] perCall = new double[2];
        int first = random.nextInt(2);
        for (int j = 0; j < 2; j++) {
            int k = (first + j) % 2;
            long nanos = slice(k, calls[k]);
            perCall[k] = (double) nanos / calls[k];
            if (!measuring) {
                calls[k] = (int) Math.max(1, Math.min(1 << 20, sliceMillis * 1_000_000L / Math.max(1.0, perCall[k])));
            }
        }
        if (measuring) {
            rounds.add(perCall);
        }
        return dst;
    }

    @TearDown(Level.Trial)
    public void report() {
        double[] contender = rounds.stream().mapToDouble(r -> r[0]).toArray();
        double[] reference = rounds.stream().mapToDouble(r -> r[1]).toArray();
        double[] ratio = new double[rounds.size()];
        double[] speed = new double[rounds.size()];
        for (int i = 0; i < ratio.length; i++) {
            ratio[i] = (pair.contenderBytes() / contender[i]) / (pair.referenceBytes() / reference[i]);
            speed[i] = reference[i] / contender[i];
        }
        Spread r = Spread.of(ratio);
        Spread e = Spread.of(speed);
        Spread c = Spread.of(contender);
        Spread f = Spread.of(reference);
        System.out.printf(Locale.ROOT, "%n[goal %s] %s, %d rounds%n", goal, kernelClass, rounds.size());
        System.out.printf(Locale.ROOT, "  %-26s %8.1f us  %6.1f GB/s%n", pair.contender(), c.median() / 1e3,
                pair.contenderBytes() * pair.elements() / c.median());
        System.out.printf(Locale.ROOT, "  %-26s %8.1f us  %6.1f GB/s%n", pair.reference(), f.median() / 1e3,
                pair.referenceBytes() * pair.elements() / f.median());
        switch (pair.verdict()) {
            case COST -> System.out.printf(Locale.ROOT,
                    "  time ratio %s / %s per round: median %.3f, quartiles %.3f-%.3f%n",
                    pair.contender(), pair.reference(), 1 / e.median(), 1 / e.q3(), 1 / e.q1());
            case ONE_DNN -> System.out.printf(Locale.ROOT, "  speed ratio %s / oneDNN per round: median %.3f,"
                    + " quartiles %.3f-%.3f (OMP_NUM_THREADS=%s)%n", pair.contender(), e.median(), e.q1(), e.q3(),
                    System.getenv("OMP_NUM_THREADS"));
            default -> {
                System.out.printf(Locale.ROOT,
                        "  GB/s ratio %s / %s per round: median %.3f, quartiles %.3f-%.3f (goal 0.8)%n",
                        pair.contender(), pair.reference(), r.median(), r.q1(), r.q3());
                if (pair.contenderBytes() != pair.referenceBytes()) {
                    // the same elements each: the ratio of elements per second, which GB/s of the output also gives
                    System.out.printf(Locale.ROOT, "  elements/s ratio per round: median %.3f, quartiles %.3f-%.3f%n",
                            e.median(), e.q1(), e.q3());
                }
            }
        }
    }
}

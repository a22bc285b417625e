package dev.strider.examples.bench;

import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The cases of the benchmark suite: what each one computes, the layouts it reads and writes
 * (from which its byte count follows), its oneDNN peer if oneDNN has one, and which goals of the
 * targets issue apply to it.
 *
 * <p>Every benchmark method of the suite is named after its case: {@code TargetsBenchmark.toBlocked64}
 * (one per target), {@code BaselinesBenchmark.toBlocked64Naive} and {@code ...Hand},
 * {@code CeilingBenchmark.toBlocked64}, {@code OneDnnBenchmark.toBlocked64}. So a JMH regex such
 * as {@code '\.toBlocked64'} selects one case with all its contenders, and {@link #ofBenchmark}
 * finds the case of a result.
 */
public enum Case {

    NCHW_TO_NHWC_LARGE("nchwToNhwcLarge", "NCHW→NHWC f32 1×64×256×256", Kind.TRANSPOSE,
            reorder(TensorLayout.packed("NCHW", Dims.LARGE), TensorLayout.of("NCHW", Dims.LARGE, "nhwc")),
            OneDnnPeer.reorder("nchw", "nhwc")),
    NHWC_TO_NCHW_LARGE("nhwcToNchwLarge", "NHWC→NCHW f32 1×64×256×256", Kind.TRANSPOSE,
            reorder(TensorLayout.of("NCHW", Dims.LARGE, "nhwc"), TensorLayout.packed("NCHW", Dims.LARGE)),
            OneDnnPeer.reorder("nhwc", "nchw")),
    NCHW_TO_NHWC_IMAGE("nchwToNhwcImage", "NCHW→NHWC f32 1×3×224×224", Kind.TRANSPOSE,
            reorder(TensorLayout.packed("NCHW", Dims.IMAGE), TensorLayout.of("NCHW", Dims.IMAGE, "nhwc")),
            OneDnnPeer.reorder("nchw", "nhwc")),
    NHWC_TO_NCHW_IMAGE("nhwcToNchwImage", "NHWC→NCHW f32 1×3×224×224", Kind.TRANSPOSE,
            reorder(TensorLayout.of("NCHW", Dims.IMAGE, "nhwc"), TensorLayout.packed("NCHW", Dims.IMAGE)),
            OneDnnPeer.reorder("nhwc", "nchw")),
    TO_BLOCKED_64("toBlocked64", "nchw→nChw16c f32 1×64×56×56", Kind.BLOCKED,
            reorder(TensorLayout.packed("NCHW", Dims.FEATURES), TensorLayout.of("NCHW", Dims.FEATURES, "nChw16c")),
            OneDnnPeer.reorder("nchw", "nChw16c")),
    FROM_BLOCKED_64("fromBlocked64", "nChw16c→nchw f32 1×64×56×56", Kind.BLOCKED,
            reorder(TensorLayout.of("NCHW", Dims.FEATURES, "nChw16c"), TensorLayout.packed("NCHW", Dims.FEATURES)),
            OneDnnPeer.reorder("nChw16c", "nchw")),
    TO_BLOCKED_17("toBlocked17", "nchw→nChw16c f32 1×17×56×56 (tail)", Kind.BLOCKED,
            reorder(TensorLayout.packed("NCHW", Dims.TAIL), TensorLayout.of("NCHW", Dims.TAIL, "nChw16c")),
            OneDnnPeer.reorder("nchw", "nChw16c")),
    FROM_BLOCKED_17("fromBlocked17", "nChw16c→nchw f32 1×17×56×56 (tail)", Kind.BLOCKED,
            reorder(TensorLayout.of("NCHW", Dims.TAIL, "nChw16c"), TensorLayout.packed("NCHW", Dims.TAIL)),
            OneDnnPeer.reorder("nChw16c", "nchw")),
    TO_BLOCKED_8("toBlocked8", "nchw→nChw8c f32 1×64×56×56", Kind.BLOCKED,
            reorder(TensorLayout.packed("NCHW", Dims.FEATURES), TensorLayout.of("NCHW", Dims.FEATURES, "nChw8c")),
            OneDnnPeer.reorder("nchw", "nChw8c")),
    TO_BLOCKED_WEIGHTS("toBlockedWeights", "OIhw→OIhw16i16o f32 weights 64×64×3×3", Kind.BLOCKED,
            reorder(TensorLayout.packed("OIHW", Dims.WEIGHTS), TensorLayout.of("OIHW", Dims.WEIGHTS, "OIhw16i16o")),
            OneDnnPeer.reorder("oihw", "OIhw16i16o")),
    TO_TINY_BLOCKED("toTinyBlocked", "nchw→nChw8c f32 1×17×5×4 (tiny)", Kind.TINY,
            reorder(TensorLayout.packed("NCHW", Dims.TINY), TensorLayout.of("NCHW", Dims.TINY, "nChw8c")),
            OneDnnPeer.reorder("nchw", "nChw8c")),
    NCHW_TO_NHWC_TINY("nchwToNhwcTiny", "NCHW→NHWC f32 1×3×8×8 (tiny)", Kind.TINY,
            reorder(TensorLayout.packed("NCHW", Dims.THUMB), TensorLayout.of("NCHW", Dims.THUMB, "nhwc")),
            OneDnnPeer.reorder("nchw", "nhwc")),
    NORMALIZE_IMAGE("normalizeImage", "u8 NHWC→f32 NCHW normalize 1×3×224×224", Kind.ELEMENT_WISE,
            List.of(new Operand(TensorLayout.of("NCHW", Dims.IMAGE, "nhwc"), DataType.U8)),
            new Operand(TensorLayout.packed("NCHW", Dims.IMAGE), DataType.F32),
            new OneDnnPeer("nhwc", "nchw", (float) (1 / 127.5)),
            "oneDNN: its u8→f32 reorder with a scale of 1/127.5 but no −1 shift (oneDNN's zero points are for"
                    + " integer destinations only), so it does a little less than the other contenders"),
    FLIP_IMAGE("flipImage", "flip W (stride −1) f32 1×3×224×224", Kind.ELEMENT_WISE,
            List.of(new Operand(TensorLayout.packed("NCHW", Dims.IMAGE), DataType.F32)),
            new Operand(TensorLayout.packed("NCHW", Dims.IMAGE), DataType.F32), null,
            "oneDNN: n/a, its memory descriptors take no negative strides"),
    ADD_BIAS("addBias", "bias add f32 1×64×56×56 + 1×64×1×1", Kind.ELEMENT_WISE,
            List.of(new Operand(TensorLayout.packed("NCHW", Dims.FEATURES), DataType.F32),
                    new Operand(TensorLayout.packed("NCHW", Dims.CHANNELS), DataType.F32)),
            new Operand(TensorLayout.packed("NCHW", Dims.FEATURES), DataType.F32), null,
            "oneDNN: n/a, a binary op, not a reorder");

    /** The logical NCHW sizes of the cases' tensors. */
    private static final class Dims {
        static final int[] LARGE = {1, 64, 256, 256};
        static final int[] FEATURES = {1, 64, 56, 56};
        static final int[] CHANNELS = {1, 64, 1, 1};
        static final int[] TAIL = {1, 17, 56, 56};
        /** O, I, H, W: the 3x3 convolution weights of a 64-channel layer. */
        static final int[] WEIGHTS = {64, 64, 3, 3};
        static final int[] TINY = {1, 17, 5, 4};
        static final int[] THUMB = {1, 3, 8, 8};
        static final int[] IMAGE = {1, 3, 224, 224};
    }

    /** Which goals of the targets issue apply. */
    public enum Kind {
        /** NCHW↔NHWC: the best target at least 1.2× oneDNN's single-thread speed. */
        TRANSPOSE,
        /** To and from nChw16c, nChw8c and OIhw16i16o weights: at least oneDNN's speed, and at least 0.8× the arraycopy ceiling. */
        BLOCKED,
        /** Tensors so small that call overhead dominates: at least 5× oneDNN. */
        TINY,
        /** Conversions, slices and binary ops: no oneDNN goal. */
        ELEMENT_WISE
    }

    /** A tensor a case reads or writes: its layout (pad lanes included in its buffer) and element type. */
    public record Operand(TensorLayout layout, DataType type) {
        /** The whole buffer: {@code bufferSize × element size}, pad lanes included. */
        public long bytes() {
            return (long) layout.bufferSize() * type.bytes();
        }

        long[] dims() {
            return Arrays.stream(layout.sizes()).asLongStream().toArray();
        }
    }

    /** oneDNN's reorder for a case: source and destination format tags, and a source scale (1: none). */
    record OneDnnPeer(String sourceTag, String destinationTag, float sourceScale) {
        static OneDnnPeer reorder(String sourceTag, String destinationTag) {
            return new OneDnnPeer(sourceTag, destinationTag, 1f);
        }
    }

    private final String id;
    private final String title;
    private final Kind kind;
    private final List<Operand> inputs;
    private final Operand output;
    private final OneDnnPeer oneDnn;
    private final String oneDnnNote;

    Case(String id, String title, Kind kind, Operand[] reorder, OneDnnPeer oneDnn) {
        this(id, title, kind, List.of(reorder[0]), reorder[1], oneDnn, null);
    }

    Case(String id, String title, Kind kind, List<Operand> inputs, Operand output, OneDnnPeer oneDnn, String oneDnnNote) {
        this.id = id;
        this.title = title;
        this.kind = kind;
        this.inputs = inputs;
        this.output = output;
        this.oneDnn = oneDnn;
        this.oneDnnNote = oneDnnNote;
    }

    private static Operand[] reorder(TensorLayout from, TensorLayout to) {
        return new Operand[] {new Operand(from, DataType.F32), new Operand(to, DataType.F32)};
    }

    /** The benchmark method name: {@code toBlocked64}. */
    public String id() {
        return id;
    }

    /** The method of ImageOps or BlockedOps the case's kernel contenders call, as {@link Slice} calls it. */
    public String kernelMethod() {
        switch (this) {
            case NCHW_TO_NHWC_LARGE: return "largeToNhwc";
            case NHWC_TO_NCHW_LARGE: return "largeToNchw";
            case NCHW_TO_NHWC_IMAGE: return "toInterleaved";
            case NHWC_TO_NCHW_IMAGE: return "toPlanar";
            case NCHW_TO_NHWC_TINY: return "thumbToNhwc";
            case NORMALIZE_IMAGE: return "normalize";
            case FLIP_IMAGE: return "flip";
            default: return id; // the blocked cases and the bias add are named after their method
        }
    }

    /**
     * Whether the case also runs off-heap (issue 15): the kernel on direct buffers
     * ({@code OffHeapOps}) and, on JDK 22+, on native segments ({@code SegmentOps}), and the
     * copy-around path (copy in, the array kernel, copy out), interleaved with the array contenders.
     */
    public boolean offHeap() {
        return this == TO_BLOCKED_64 || this == NCHW_TO_NHWC_IMAGE || this == NORMALIZE_IMAGE;
    }

    /** {@code nchw→nChw16c f32 1×64×56×56}. */
    public String title() {
        return title;
    }

    public Kind kind() {
        return kind;
    }

    public List<Operand> inputs() {
        return inputs;
    }

    public Operand output() {
        return output;
    }

    /** Every input buffer whole: a bias vector counts once, although it is read for every pixel. */
    public long bytesRead() {
        return inputs.stream().mapToLong(Operand::bytes).sum();
    }

    /** The output buffer whole, pad lanes included (a kernel writes their zeros). */
    public long bytesWritten() {
        return output.bytes();
    }

    /** Bytes read plus bytes written: what GB/s are counted from. */
    public long bytes() {
        return bytesRead() + bytesWritten();
    }

    /** A random f32 input for the first operand: {@link #randomFloatInput(Random, int)} of input 0. */
    public float[] randomFloatInput(Random random) {
        return randomFloatInput(random, 0);
    }

    /**
     * A random f32 input for an operand, as any contender may be handed it: values in
     * [-0.5, 0.5) on the logical elements and zeros in pad lanes (written through the generic
     * reorder from a packed tensor, which zero-fills them).
     */
    public float[] randomFloatInput(Random random, int operand) {
        Operand in = inputs.get(operand);
        if (in.type() != DataType.F32) {
            throw new IllegalStateException(id + " reads " + in.type() + ", not f32");
        }
        TensorLayout layout = in.layout();
        TensorLayout packed = TensorLayout.packed(layout.dims(), layout.sizes());
        float[] plain = new float[packed.bufferSize()];
        for (int i = 0; i < plain.length; i++) {
            plain[i] = random.nextFloat() - 0.5f;
        }
        float[] input = new float[layout.bufferSize()];
        FloatKernels.reorder(plain, packed, input, layout);
        return input;
    }

    /** A random u8 input for the first operand. */
    public byte[] randomByteInput(Random random) {
        Operand in = inputs.get(0);
        if (in.type() != DataType.U8) {
            throw new IllegalStateException(id + " reads " + in.type() + ", not u8");
        }
        byte[] input = new byte[in.layout().bufferSize()];
        random.nextBytes(input);
        return input;
    }

    /** Whether oneDNN's reorder is a contender in this case. */
    public boolean hasOneDnn() {
        return oneDnn != null;
    }

    /** oneDNN's source memory: the case's input layout as a oneDNN tag. */
    public MemorySpec oneDnnSource() {
        Operand in = inputs.get(0);
        return MemorySpec.tagged(in.type(), peer().sourceTag(), in.dims());
    }

    /** oneDNN's destination memory. */
    public MemorySpec oneDnnDestination() {
        return MemorySpec.tagged(output.type(), peer().destinationTag(), output.dims());
    }

    /** The scale oneDNN's reorder multiplies by; 1 for none. */
    public float oneDnnScale() {
        return peer().sourceScale();
    }

    private OneDnnPeer peer() {
        if (oneDnn == null) {
            throw new IllegalStateException(id + " has no oneDNN peer: " + oneDnnNote);
        }
        return oneDnn;
    }

    /** Why oneDNN is absent, or what its reorder does differently; null when it does the same work. */
    public String oneDnnNote() {
        return oneDnnNote;
    }

    /** The case of a benchmark method or full benchmark name: {@code ...BaselinesBenchmark.toBlocked64Naive}. */
    public static Case ofBenchmark(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        for (String suffix : List.of("Naive", "Hand")) {
            if (method.endsWith(suffix)) {
                method = method.substring(0, method.length() - suffix.length());
                break;
            }
        }
        for (Case c : values()) {
            if (c.id.equals(method)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no benchmark case is named '" + method + "' (from " + benchmark + ")");
    }

    /** The id, as benchmark names and results.json write it. */
    @Override
    public String toString() {
        return id;
    }
}

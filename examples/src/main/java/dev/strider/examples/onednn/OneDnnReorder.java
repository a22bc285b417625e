package dev.strider.examples.onednn;

import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_ATTR_SCALES;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_ATTR_ZERO_POINTS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DST;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_FROM;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_SRC;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_TO;
import static org.bytedeco.dnnl.global.dnnl.dnnl_a;
import static org.bytedeco.dnnl.global.dnnl.dnnl_cpu;
import static org.bytedeco.dnnl.global.dnnl.dnnl_engine_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_engine_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_create_with_tag;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_get_size;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_permute_axes;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_memory_get_data_handle;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_scales_mask;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_zero_points_mask;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_desc_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_primitive_execute;
import static org.bytedeco.dnnl.global.dnnl.dnnl_reorder_primitive_desc_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_stream_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_stream_default_flags;
import static org.bytedeco.dnnl.global.dnnl.dnnl_stream_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_stream_wait;
import static org.bytedeco.dnnl.global.dnnl.dnnl_success;

import dev.strider.kernel.HalfFloats;
import dev.strider.kernel.Nibbles;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.IntSupplier;
import org.bytedeco.dnnl.dnnl_engine;
import org.bytedeco.dnnl.dnnl_exec_arg_t;
import org.bytedeco.dnnl.dnnl_memory;
import org.bytedeco.dnnl.dnnl_memory_desc;
import org.bytedeco.dnnl.dnnl_primitive;
import org.bytedeco.dnnl.dnnl_primitive_attr;
import org.bytedeco.dnnl.dnnl_primitive_desc;
import org.bytedeco.dnnl.dnnl_stream;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.ShortPointer;

/**
 * One oneDNN reorder primitive on the CPU engine, through oneDNN's C API as the JavaCPP preset
 * maps it: the native peer of Strider's reorders in the benchmarks, and their oracle in tests.
 *
 * <p>Everything is built once in {@link #create}: engine, stream, memory descriptors, the
 * primitive, and the source and destination buffers, which oneDNN allocates itself (64-byte
 * aligned, as {@code dnnl::memory(md, engine)} does in a C++ program). {@link #execute} then only
 * runs the primitive and waits for the stream, so a benchmark measures the reorder and one JNI
 * call, not set-up. Data moves in and out by {@link #copyIn} and {@link #copyOut}, outside any
 * measured code.
 *
 * <p>A converting reorder can take a source scale ({@code dst = src * scale}, computed in float
 * by oneDNN); oneDNN has no shift for a float destination (its zero points are for integer data).
 * With a {@link Quantization} it takes oneDNN's whole model, as benchdnn's
 * {@code --attr-scales=src:common:X+dst:per_dim_1 --attr-zero-points=src:common:Z+dst:common:W}
 * asks: {@code dst = (src - Z) * X / Y + W}, each of the four common (mask 0) or one per index of
 * a set of dims (oneDNN's mask), given to oneDNN as run-time arguments; see
 * {@code docs/adr-onednn-quantization.md} for the arithmetic oneDNN then does.
 *
 * <p>Every {@code dnnl_*} call's status is checked; a failure throws {@link IllegalStateException}
 * naming the call, what it was asked and the status ({@code dnnl_unimplemented}). {@link #close}
 * releases every native object in reverse order of creation. Not thread-safe: one instance per
 * thread.
 */
public final class OneDnnReorder implements AutoCloseable {

    private final MemorySpec source;
    private final MemorySpec destination;
    /** Native objects to destroy, the last created first, each with the call that destroys it. */
    private final Deque<Release> releases = new ArrayDeque<>();

    private dnnl_stream stream;
    private dnnl_primitive primitive;
    private dnnl_exec_arg_t args;
    private int argCount;
    private Pointer sourceData;
    private Pointer destinationData;
    private long sourceElements;
    private long destinationElements;
    private boolean closed;
    private String implementation;
    private Compensations compensations = Compensations.NONE;
    private long compensationOffset = -1;

    private OneDnnReorder(MemorySpec source, MemorySpec destination) {
        this.source = source;
        this.destination = destination;
    }

    /**
     * oneDNN's compensation of s8 convolution weights, as benchdnn's {@code --oflag=s8s8_comp:M}
     * and {@code zp_comp:M} ask it: flags of the destination's memory descriptor
     * ({@code memory_extra_desc_t}) that make the reorder write, after the weights (their size
     * rounded up to 4 bytes), one int32 per index of the masked dims' padded sizes: first
     * {@code -128 · Σ w} for {@code s8s8}, then {@code -Σ w} for the zero point.
     *
     * @param s8s8Mask      the dims of the s8s8 compensation (oneDNN's mask), 0 for none
     * @param zeroPointMask the dims of the zero-point compensation, 0 for none
     */
    public record Compensations(int s8s8Mask, int zeroPointMask) {
        /** No compensation. */
        public static final Compensations NONE = new Compensations(0, 0);

        boolean any() {
            return s8s8Mask != 0 || zeroPointMask != 0;
        }
    }

    /**
     * A reorder into s8 weights that writes oneDNN's compensations too ({@link Compensations}).
     * The public C API has no setter for those flags; {@code dnnl_memory_desc_get_blob} and
     * {@code _create_with_blob} copy the descriptor as bytes, and the flags are written into
     * those bytes at the offset of {@code extra} in oneDNN 3.11's {@code dnnl_memory_desc}. The
     * descriptor oneDNN then reads back must ask exactly the tail bytes the flags take, or this
     * throws: a oneDNN whose descriptor differs is refused, never misread.
     */
    public static OneDnnReorder create(MemorySpec source, MemorySpec destination, Quantization quantization,
                                       Compensations compensations) {
        if (compensations.any() && destination.type() != DataType.S8) {
            throw new IllegalArgumentException("oneDNN compensates s8 weights, not " + destination.type());
        }
        OneDnn.load();
        OneDnnReorder r = new OneDnnReorder(source, destination);
        r.compensations = compensations;
        try {
            r.checkQuantization(quantization);
            r.build(quantization);
            return r;
        } catch (RuntimeException | Error e) {
            r.close();
            throw e;
        }
    }

    /**
     * {@code values} (a primitive array over {@code layout}'s buffer) with every element that is not
     * one of the layout's logical elements (a blocked layout's pad lanes) zero: what oneDNN's
     * reorders assume of a blocked input, and so what the inputs given to it and to Strider's
     * kernels side by side must hold. {@code values} itself for a layout without pad lanes.
     */
    public static Object zeroPadLanes(dev.strider.layout.TensorLayout layout, Object values) {
        if (!layout.isBlocked()) {
            return values;
        }
        Object zeroed = java.lang.reflect.Array.newInstance(values.getClass().getComponentType(),
                java.lang.reflect.Array.getLength(values));
        int[] index = new int[layout.rank()];
        do {
            int at = layout.offsetOf(index);
            System.arraycopy(values, at, zeroed, at, 1);
        } while (dev.strider.layout.TensorLayout.increment(index, layout.sizes()));
        return zeroed;
    }

    /**
     * How oneDNN lays out a compensation along the dims of {@code mask} after weights in {@code dst}:
     * per int32, the logical index it stands for (row-major over those dims' sizes, as Strider's
     * {@code @Compensation} array holds it), or -1 for a pad index. oneDNN's layout is the
     * destination's tag trimmed to those dims (benchdnn's {@code trim_tag_by_mask}: {@code Abcd8a}
     * on mask 0b11 is {@code Ab8a}) over their padded sizes; for convolution weights
     * ({@code OIhw16i16o} on mask 1, {@code gOIhw4i16o4i} on mask 0b11) that is row-major over the
     * padded dims.
     */
    public static int[] compensationOrder(dev.strider.layout.TensorLayout dst, int mask) {
        if (dst.format().isEmpty()) {
            throw new IllegalArgumentException("oneDNN's compensation layout follows a format tag; " + dst + " has none");
        }
        StringBuilder dims = new StringBuilder();
        java.util.List<Integer> sizes = new java.util.ArrayList<>();
        for (int dim = 0; dim < dst.rank(); dim++) {
            if ((mask & (1 << dim)) != 0) {
                dims.append(dst.dims().charAt(dim));
                sizes.add(dst.size(dim));
            }
        }
        StringBuilder trimmed = new StringBuilder();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d*)([A-Za-z])").matcher(dst.format());
        while (m.find()) {
            if (dims.indexOf(String.valueOf(Character.toUpperCase(m.group(2).charAt(0)))) >= 0) {
                trimmed.append(m.group());
            }
        }
        dev.strider.layout.TensorLayout comp = dev.strider.layout.TensorLayout.of(dims.toString(),
                sizes.stream().mapToInt(Integer::intValue).toArray(), trimmed.toString());
        int[] logical = new int[comp.bufferSize()];
        java.util.Arrays.fill(logical, -1);
        int[] index = new int[comp.rank()];
        int k = 0;
        do {
            logical[comp.offsetOf(index)] = k++;
        } while (dev.strider.layout.TensorLayout.increment(index, comp.sizes()));
        return logical;
    }

    /** Where the compensations start in the destination buffer, in bytes; -1 without them. */
    public long compensationOffset() {
        return compensationOffset;
    }

    /** The offset of {@code extra} in oneDNN 3.11's {@code dnnl_memory_desc}, found by its size effects. */
    private static final int EXTRA_OFFSET = 640;
    private static final long FLAG_S8S8 = 0x1;
    private static final long FLAG_ZERO_POINT = 0x8;

    /** {@code md} with the compensation flags set, through its blob; checked by the size oneDNN then asks. */
    private dnnl_memory_desc withCompensations(dnnl_memory_desc md) {
        long plain = dnnl_memory_desc_get_size(md);
        try (org.bytedeco.javacpp.SizeTPointer size = new org.bytedeco.javacpp.SizeTPointer(1)) {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_get_blob((BytePointer) null, size, md),
                    "dnnl_memory_desc_get_blob(size)");
            int n = Math.toIntExact(size.get());
            byte[] blob = new byte[n];
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_get_blob(blob, size, md),
                    "dnnl_memory_desc_get_blob");
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(blob).order(java.nio.ByteOrder.nativeOrder());
            if (n < EXTRA_OFFSET + 24 || b.getInt(4) != destination.dims().length || b.getLong(EXTRA_OFFSET) != 0) {
                throw new IllegalStateException("oneDNN's memory descriptor is not laid out as 3.11's (" + n
                        + " bytes, ndims " + b.getInt(4) + ", extra flags " + b.getLong(EXTRA_OFFSET) + ")");
            }
            long flags = (compensations.s8s8Mask() != 0 ? FLAG_S8S8 : 0)
                    | (compensations.zeroPointMask() != 0 ? FLAG_ZERO_POINT : 0);
            b.putLong(EXTRA_OFFSET, flags);
            b.putInt(EXTRA_OFFSET + 8, compensations.s8s8Mask());
            b.putInt(EXTRA_OFFSET + 16, compensations.zeroPointMask());
            dnnl_memory_desc out = new dnnl_memory_desc();
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_create_with_blob(out, blob),
                    "dnnl_memory_desc_create_with_blob(" + compensations + ")");
            releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(out)));
            long data = (plain + 3) / 4 * 4;
            long expected = data + 4 * (padded(out, compensations.s8s8Mask()) + padded(out, compensations.zeroPointMask()));
            long asked = dnnl_memory_desc_get_size(out);
            if (asked != expected) {
                throw new IllegalStateException("oneDNN asks " + asked + " bytes for " + destination + " with "
                        + compensations + ", not the " + expected + " its 3.11 layout gives: the descriptor differs");
            }
            compensationOffset = data;
            return out;
        }
    }

    /** The product of the padded sizes of the dims of {@code mask}; 0 for mask 0. */
    private static long padded(dnnl_memory_desc md, int mask) {
        if (mask == 0) {
            return 0;
        }
        try (PointerPointer<org.bytedeco.javacpp.LongPointer> dims = new PointerPointer<>(1)) {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_memory_desc_query(md,
                    org.bytedeco.dnnl.global.dnnl.dnnl_query_padded_dims, dims), "dnnl_memory_desc_query(padded_dims)");
            org.bytedeco.javacpp.LongPointer p = dims.get(org.bytedeco.javacpp.LongPointer.class, 0);
            long n = 1;
            for (int d = 0; d < 32; d++) {
                if ((mask & (1 << d)) != 0) {
                    n *= p.get(d);
                }
            }
            return n;
        }
    }

    /** A plain reorder, no scale: {@code create(tagged(F32, "nchw", dims), tagged(F32, "nChw16c", dims))}. */
    public static OneDnnReorder create(MemorySpec source, MemorySpec destination) {
        return create(source, destination, 1f);
    }

    /**
     * A reorder that multiplies by {@code sourceScale} on the way ({@code 1} for none), e.g. u8 to
     * f32 with {@code 1 / 127.5f}.
     *
     * @throws IllegalArgumentException when the dims of the two sides differ
     * @throws IllegalStateException    when oneDNN fails or does not implement the reorder, naming the call
     */
    public static OneDnnReorder create(MemorySpec source, MemorySpec destination, float sourceScale) {
        return create(source, destination, Quantization.NONE.withSourceScale(sourceScale));
    }

    /**
     * oneDNN's quantization attributes of a reorder: {@code dst = (src - srcZeroPoint) * srcScale /
     * dstScale + dstZeroPoint}, plus an optional sum post-op. Each of the four is either not set
     * (null: oneDNN's default, no attribute at all) or set with a mask and its values, as
     * {@code dnnl_primitive_attr_set_scales} / {@code _set_zero_points} take them: bit {@code d} of
     * the mask means the value varies along dim {@code d}, and the values are one per index of the
     * masked dims, row-major in dim order (mask 0: one common value).
     *
     * <pre>{@code
     * Quantization.NONE.withSourceScales(0b10, 0.5f, 2, 4).withDestinationZeroPoints(0b10, 1, 2, 3)
     * }</pre>
     *
     * <p>The float constructors and {@link #withSourceScale(float)} keep the old meaning: a scale of
     * 1 or a zero point of 0 is not set at all, as benchdnn sets only what its command line names.
     * The {@code with...s} methods set the attribute whatever its value, so a scale of 1 or a zero
     * point of 0 given there reaches oneDNN (which may compute differently with it than without).
     * The lengths of the values are checked against the dims in {@link OneDnnReorder#create}.
     */
    public record Quantization(Scales srcScales, Scales dstScales, ZeroPoints srcZeroPoints,
            ZeroPoints dstZeroPoints, float sum) {
        /** Nothing to scale or shift. */
        public static final Quantization NONE = new Quantization(null, null, null, null, 0);

        /** Common scales and zero points and a sum; a scale of 1, a zero point of 0 or a sum of 0 is not set. */
        public Quantization(float srcScale, float dstScale, int srcZeroPoint, int dstZeroPoint, float sum) {
            this(srcScale == 1 ? null : Scales.common(srcScale), dstScale == 1 ? null : Scales.common(dstScale),
                    srcZeroPoint == 0 ? null : ZeroPoints.common(srcZeroPoint),
                    dstZeroPoint == 0 ? null : ZeroPoints.common(dstZeroPoint), sum);
        }

        /** Common scales and zero points, no sum post-op; a scale of 1 or a zero point of 0 is not set. */
        public Quantization(float srcScale, float dstScale, int srcZeroPoint, int dstZeroPoint) {
            this(srcScale, dstScale, srcZeroPoint, dstZeroPoint, 0);
        }

        /** This with {@code scale} as the common source scale; 1 for none. */
        public Quantization withSourceScale(float scale) {
            return withSourceScales(scale == 1 ? null : Scales.common(scale));
        }

        /** This with f32 source scales: {@code mask} 0 and one value, or one value per index of the masked dims. */
        public Quantization withSourceScales(int mask, float... values) {
            return withSourceScales(new Scales(mask, DataType.F32, values));
        }

        /** This with source scales held in {@code type} (f32, bf16 or f16; each value must be exact in it). */
        public Quantization withSourceScales(int mask, DataType type, float... values) {
            return withSourceScales(new Scales(mask, type, values));
        }

        /** This with {@code scales} as the source scales; null for none. */
        public Quantization withSourceScales(Scales scales) {
            return new Quantization(scales, dstScales, srcZeroPoints, dstZeroPoints, sum);
        }

        /** This with f32 destination scales (the result is multiplied by their reciprocal, or divided). */
        public Quantization withDestinationScales(int mask, float... values) {
            return withDestinationScales(new Scales(mask, DataType.F32, values));
        }

        /** This with destination scales held in {@code type} (f32, bf16 or f16). */
        public Quantization withDestinationScales(int mask, DataType type, float... values) {
            return withDestinationScales(new Scales(mask, type, values));
        }

        /** This with {@code scales} as the destination scales; null for none. */
        public Quantization withDestinationScales(Scales scales) {
            return new Quantization(srcScales, scales, srcZeroPoints, dstZeroPoints, sum);
        }

        /** This with s32 source zero points. */
        public Quantization withSourceZeroPoints(int mask, int... values) {
            return withSourceZeroPoints(new ZeroPoints(mask, DataType.S32, values));
        }

        /** This with source zero points held in {@code type} (s32, s8 or u8; each value must fit it). */
        public Quantization withSourceZeroPoints(int mask, DataType type, int... values) {
            return withSourceZeroPoints(new ZeroPoints(mask, type, values));
        }

        /** This with {@code zeroPoints} as the source zero points; null for none. */
        public Quantization withSourceZeroPoints(ZeroPoints zeroPoints) {
            return new Quantization(srcScales, dstScales, zeroPoints, dstZeroPoints, sum);
        }

        /** This with s32 destination zero points. */
        public Quantization withDestinationZeroPoints(int mask, int... values) {
            return withDestinationZeroPoints(new ZeroPoints(mask, DataType.S32, values));
        }

        /** This with destination zero points held in {@code type} (s32, s8 or u8). */
        public Quantization withDestinationZeroPoints(int mask, DataType type, int... values) {
            return withDestinationZeroPoints(new ZeroPoints(mask, type, values));
        }

        /** This with {@code zeroPoints} as the destination zero points; null for none. */
        public Quantization withDestinationZeroPoints(ZeroPoints zeroPoints) {
            return new Quantization(srcScales, dstScales, srcZeroPoints, zeroPoints, sum);
        }

        /** This with a sum post-op of scale {@code beta} ({@code dst = reorder(src) + beta * dst}); 0 for none. */
        public Quantization withSum(float beta) {
            return new Quantization(srcScales, dstScales, srcZeroPoints, dstZeroPoints, beta);
        }

        /** The common source scale, 1 when none is set. */
        public float srcScale() {
            return srcScales == null ? 1 : srcScales.common();
        }

        /** The common destination scale, 1 when none is set. */
        public float dstScale() {
            return dstScales == null ? 1 : dstScales.common();
        }

        /** The common source zero point, 0 when none is set. */
        public int srcZeroPoint() {
            return srcZeroPoints == null ? 0 : srcZeroPoints.common();
        }

        /** The common destination zero point, 0 when none is set. */
        public int dstZeroPoint() {
            return dstZeroPoints == null ? 0 : dstZeroPoints.common();
        }

        boolean any() {
            return srcScales != null || dstScales != null || srcZeroPoints != null || dstZeroPoints != null
                    || sum != 0;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Quantization[");
            String sep = "";
            if (srcScales != null) {
                sb.append("src scales ").append(srcScales);
                sep = ", ";
            }
            if (dstScales != null) {
                sb.append(sep).append("dst scales ").append(dstScales);
                sep = ", ";
            }
            if (srcZeroPoints != null) {
                sb.append(sep).append("src zero points ").append(srcZeroPoints);
                sep = ", ";
            }
            if (dstZeroPoints != null) {
                sb.append(sep).append("dst zero points ").append(dstZeroPoints);
                sep = ", ";
            }
            if (sum != 0) {
                sb.append(sep).append("sum ").append(sum);
            }
            return sb.append(']').toString();
        }
    }

    /**
     * Scales for one argument: a mask (bit {@code d}: varies along dim {@code d}), the data type
     * oneDNN reads them in (f32, bf16 or f16) and the values, one per index of the masked dims,
     * row-major in dim order.
     */
    public record Scales(int mask, DataType type, float[] values, long[] groups) {

        /** Scales without groups. */
        public Scales(int mask, DataType type, float[] values) {
            this(mask, type, values, new long[0]);
        }

        public Scales {
            groups = groups.clone();
            if (mask < 0) {
                throw new IllegalArgumentException("a scales mask is a set of dims, not " + mask);
            }
            if (type != DataType.F32 && type != DataType.BF16 && type != DataType.F16) {
                throw new IllegalArgumentException("oneDNN's scales are f32, bf16 or f16, not " + type);
            }
            values = values.clone();
            if (values.length == 0) {
                throw new IllegalArgumentException("scales need at least one value");
            }
            for (float v : values) {
                float held = type == DataType.BF16 ? HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(v))
                        : type == DataType.F16 ? HalfFloats.f16ToFloat(HalfFloats.floatToF16(v)) : v;
                if (Float.floatToIntBits(held) != Float.floatToIntBits(v)) {
                    throw new IllegalArgumentException("the scale " + v + " is not exact in " + type + " (it would be "
                            + held + ")");
                }
            }
        }

        /** One value for every element (mask 0). */
        public static Scales common(float value) {
            return new Scales(0, DataType.F32, new float[] {value});
        }

        @Override
        public float[] values() {
            return values.clone();
        }

        float common() {
            if (mask != 0) {
                throw new IllegalStateException("these scales vary (mask " + Integer.toBinaryString(mask) + "): " + this);
            }
            return values[0];
        }

        @Override
        public String toString() {
            return type + " mask 0b" + Integer.toBinaryString(mask) + " " + java.util.Arrays.toString(values);
        }
    }

    /**
     * Zero points for one argument: a mask, the data type oneDNN reads them in (s32, s8 or u8) and
     * the values, one per index of the masked dims, row-major in dim order.
     */
    public record ZeroPoints(int mask, DataType type, int[] values, long[] groups) {

        /** Zero points without groups. */
        public ZeroPoints(int mask, DataType type, int[] values) {
            this(mask, type, values, new long[0]);
        }

        public ZeroPoints {
            groups = groups.clone();
            if (mask < 0) {
                throw new IllegalArgumentException("a zero points mask is a set of dims, not " + mask);
            }
            if (type != DataType.S32 && type != DataType.S8 && type != DataType.U8 && type != DataType.S4
                    && type != DataType.U4) {
                throw new IllegalArgumentException("zero points here are s32, s8, u8, s4 or u4, not " + type);
            }
            values = values.clone();
            if (values.length == 0) {
                throw new IllegalArgumentException("zero points need at least one value");
            }
            for (int v : values) {
                if (type == DataType.S8 && (v < -128 || v > 127) || type == DataType.U8 && (v < 0 || v > 255)
                        || type == DataType.S4 && (v < -8 || v > 7) || type == DataType.U4 && (v < 0 || v > 15)) {
                    throw new IllegalArgumentException("the zero point " + v + " does not fit " + type);
                }
            }
        }

        /** One value for every element (mask 0). */
        public static ZeroPoints common(int value) {
            return new ZeroPoints(0, DataType.S32, new int[] {value});
        }

        @Override
        public int[] values() {
            return values.clone();
        }

        int common() {
            if (mask != 0) {
                throw new IllegalStateException("these zero points vary (mask " + Integer.toBinaryString(mask) + "): "
                        + this);
            }
            return values[0];
        }

        @Override
        public String toString() {
            return type + " mask 0b" + Integer.toBinaryString(mask) + " " + java.util.Arrays.toString(values);
        }
    }

    /**
     * How many values a mask takes on these dims: the product of the masked dims.
     *
     * @throws IllegalArgumentException when the mask names a dim the tensor lacks
     */
    static long valuesFor(int mask, long[] dims, String what) {
        if (mask >>> dims.length != 0) {
            throw new IllegalArgumentException(what + " have mask 0b" + Integer.toBinaryString(mask) + ", but the tensor has "
                    + dims.length + " dims");
        }
        long n = 1;
        for (int d = 0; d < dims.length; d++) {
            if ((mask & (1 << d)) != 0) {
                n *= dims[d];
            }
        }
        return n;
    }

    private static void checkLength(int mask, long[] groups, int length, long[] dims, String what) {
        long n = valuesFor(mask, dims, what);
        for (int k = 0; k < groups.length; k++) {
            int d = dims.length - groups.length + k;
            if ((mask & (1 << d)) != 0) {
                if (groups[k] < 1 || dims[d] % groups[k] != 0) {
                    throw new IllegalArgumentException(what + ": a group of " + groups[k] + " does not divide dim " + d
                            + " (" + dims[d] + ")");
                }
                n /= groups[k];
            }
        }
        if (length != n) {
            StringBuilder masked = new StringBuilder();
            for (int d = 0; d < dims.length; d++) {
                if ((mask & (1 << d)) != 0) {
                    masked.append(masked.length() == 0 ? "" : ", ").append(d).append(" (").append(dims[d]).append(')');
                }
            }
            throw new IllegalArgumentException(what + " with mask 0b" + Integer.toBinaryString(mask) + " take " + n
                    + (mask == 0 ? " value (one common value)" : " values (one per index of dims " + masked + ")")
                    + ", got " + length);
        }
    }

    /**
     * A reorder with oneDNN's scales and zero points, common or per dim, and a sum post-op.
     *
     * @throws IllegalArgumentException when the dims of the two sides differ, or a mask names a dim
     *                                  the tensor lacks, or the number of values is not what the mask
     *                                  takes on these dims
     * @throws IllegalStateException    when oneDNN fails or does not implement the reorder, naming the call
     */
    public static OneDnnReorder create(MemorySpec source, MemorySpec destination, Quantization quantization) {
        return create(source, destination, quantization, Compensations.NONE);
    }

    /** The dims of the two sides are the same, and every parameter holds as many values as its mask takes. */
    private void checkQuantization(Quantization quantization) {
        if (!java.util.Arrays.equals(source.dims(), destination.dims())) {
            throw new IllegalArgumentException("a reorder keeps the dims: " + source + " -> " + destination);
        }
        long[] dims = source.dims();
        if (quantization.srcScales() != null) {
            checkLength(quantization.srcScales().mask(), quantization.srcScales().groups, quantization.srcScales().values.length, dims, "source scales");
        }
        if (quantization.dstScales() != null) {
            checkLength(quantization.dstScales().mask(), quantization.dstScales().groups, quantization.dstScales().values.length, dims,
                    "destination scales");
        }
        if (quantization.srcZeroPoints() != null) {
            checkLength(quantization.srcZeroPoints().mask(), quantization.srcZeroPoints().groups, quantization.srcZeroPoints().values.length, dims,
                    "source zero points");
        }
        if (quantization.dstZeroPoints() != null) {
            checkLength(quantization.dstZeroPoints().mask(), quantization.dstZeroPoints().groups, quantization.dstZeroPoints().values.length, dims,
                    "destination zero points");
        }
    }

    private void build(Quantization q) {
        String what = source + " -> " + destination;
        dnnl_engine engine = new dnnl_engine();
        OneDnn.check(dnnl_engine_create(engine, dnnl_cpu, 0), "dnnl_engine_create(cpu, 0)");
        releases.push(new Release("dnnl_engine_destroy", () -> dnnl_engine_destroy(engine)));
        stream = new dnnl_stream();
        OneDnn.check(dnnl_stream_create(stream, engine, dnnl_stream_default_flags), "dnnl_stream_create");
        dnnl_stream s = stream;
        releases.push(new Release("dnnl_stream_destroy", () -> dnnl_stream_destroy(s)));

        dnnl_memory_desc srcDesc = describe(source);
        dnnl_memory_desc dstDesc = describe(destination);
        if (compensations.any()) {
            dstDesc = withCompensations(dstDesc);
        }
        sourceElements = units(dnnl_memory_desc_get_size(srcDesc), source.type());
        destinationElements = units(dnnl_memory_desc_get_size(dstDesc), destination.type());

        dnnl_primitive_attr attr = null;
        if (q.any()) {
            attr = new dnnl_primitive_attr();
            OneDnn.check(dnnl_primitive_attr_create(attr), "dnnl_primitive_attr_create");
            dnnl_primitive_attr a = attr;
            releases.push(new Release("dnnl_primitive_attr_destroy", () -> dnnl_primitive_attr_destroy(a)));
            setScales(attr, DNNL_ARG_SRC, "DNNL_ARG_SRC", q.srcScales());
            setScales(attr, DNNL_ARG_DST, "DNNL_ARG_DST", q.dstScales());
            setZeroPoints(attr, DNNL_ARG_SRC, "DNNL_ARG_SRC", q.srcZeroPoints());
            setZeroPoints(attr, DNNL_ARG_DST, "DNNL_ARG_DST", q.dstZeroPoints());
            if (q.sum() != 0) {
                org.bytedeco.dnnl.dnnl_post_ops po = new org.bytedeco.dnnl.dnnl_post_ops();
                OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_post_ops_create(po), "dnnl_post_ops_create");
                releases.push(new Release("dnnl_post_ops_destroy", () -> org.bytedeco.dnnl.global.dnnl.dnnl_post_ops_destroy(po)));
                OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_post_ops_append_sum(po, q.sum(), 0,
                        org.bytedeco.dnnl.global.dnnl.dnnl_data_type_undef), "dnnl_post_ops_append_sum(" + q.sum() + ")");
                OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_post_ops(attr, po),
                        "dnnl_primitive_attr_set_post_ops");
            }
        }
        dnnl_primitive_desc pd = new dnnl_primitive_desc();
        OneDnn.check(dnnl_reorder_primitive_desc_create(pd, srcDesc, engine, dstDesc, engine, attr),
                "dnnl_reorder_primitive_desc_create(" + what + (attr != null ? ", " + q : "") + ")");
        releases.push(new Release("dnnl_primitive_desc_destroy", () -> dnnl_primitive_desc_destroy(pd)));
        try (PointerPointer<BytePointer> info = new PointerPointer<>(1)) {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_desc_query(pd,
                    org.bytedeco.dnnl.global.dnnl.dnnl_query_impl_info_str, 0, info), "dnnl_primitive_desc_query(impl_info_str)");
            implementation = info.get(BytePointer.class, 0).getString();
        }
        primitive = new dnnl_primitive();
        OneDnn.check(dnnl_primitive_create(primitive, pd), "dnnl_primitive_create(reorder " + what + ")");
        dnnl_primitive p = primitive;
        releases.push(new Release("dnnl_primitive_destroy", () -> dnnl_primitive_destroy(p)));

        dnnl_memory srcMemory = allocate(srcDesc, engine, "source " + source);
        dnnl_memory dstMemory = allocate(dstDesc, engine, "destination " + destination);
        sourceData = dataHandle(srcMemory, source.type(), sourceElements);
        destinationData = dataHandle(dstMemory, destination.type(), destinationElements);

        java.util.List<Integer> argIds = new java.util.ArrayList<>();
        java.util.List<dnnl_memory> argMemories = new java.util.ArrayList<>();
        argIds.add(DNNL_ARG_FROM);
        argMemories.add(srcMemory);
        argIds.add(DNNL_ARG_TO);
        argMemories.add(dstMemory);
        if (q.srcScales() != null) {
            argIds.add(DNNL_ARG_ATTR_SCALES | DNNL_ARG_SRC);
            argMemories.add(scalesMemory(engine, q.srcScales(), "source scales"));
        }
        if (q.dstScales() != null) {
            argIds.add(DNNL_ARG_ATTR_SCALES | DNNL_ARG_DST);
            argMemories.add(scalesMemory(engine, q.dstScales(), "destination scales"));
        }
        if (q.srcZeroPoints() != null) {
            argIds.add(DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC);
            argMemories.add(zeroPointsMemory(engine, q.srcZeroPoints(), "source zero points"));
        }
        if (q.dstZeroPoints() != null) {
            argIds.add(DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_DST);
            argMemories.add(zeroPointsMemory(engine, q.dstZeroPoints(), "destination zero points"));
        }
        argCount = argIds.size();
        args = new dnnl_exec_arg_t(argCount);
        dnnl_exec_arg_t a = args;
        releases.push(new Release("freeing the argument array", () -> {
            a.close();
            return dnnl_success;
        }));
        for (int i = 0; i < argCount; i++) {
            args.position(i).arg(argIds.get(i)).memory(argMemories.get(i));
        }
        args.position(0);
    }

    /** Sets scales on {@code attr} for {@code arg}: by mask alone when f32, else with the data type and no groups. */
    private static void setScales(dnnl_primitive_attr attr, int arg, String argName, Scales scales) {
        if (scales == null) {
            return;
        }
        if (scales.groups().length > 0) {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_scales(attr, arg, scales.mask(),
                    scales.groups().length, scales.groups(), OneDnn.dataType(scales.type())),
                    "dnnl_primitive_attr_set_scales(" + argName + ", mask " + scales.mask() + ", groups "
                            + java.util.Arrays.toString(scales.groups()) + ", " + scales.type() + ")");
        } else if (scales.type() == DataType.F32) {
            OneDnn.check(dnnl_primitive_attr_set_scales_mask(attr, arg, scales.mask()),
                    "dnnl_primitive_attr_set_scales_mask(" + argName + ", mask " + scales.mask() + ")");
        } else {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_scales(attr, arg, scales.mask(), 0,
                    (long[]) null, OneDnn.dataType(scales.type())),
                    "dnnl_primitive_attr_set_scales(" + argName + ", mask " + scales.mask() + ", " + scales.type() + ")");
        }
    }

    /** Sets zero points on {@code attr} for {@code arg}: by mask alone when s32, else with the data type. */
    private static void setZeroPoints(dnnl_primitive_attr attr, int arg, String argName, ZeroPoints zeroPoints) {
        if (zeroPoints == null) {
            return;
        }
        if (zeroPoints.groups().length > 0) {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_zero_points(attr, arg, zeroPoints.mask(),
                    zeroPoints.groups().length, zeroPoints.groups(), OneDnn.dataType(zeroPoints.type())),
                    "dnnl_primitive_attr_set_zero_points(" + argName + ", mask " + zeroPoints.mask() + ", groups "
                            + java.util.Arrays.toString(zeroPoints.groups()) + ", " + zeroPoints.type() + ")");
        } else if (zeroPoints.type() == DataType.S32) {
            OneDnn.check(dnnl_primitive_attr_set_zero_points_mask(attr, arg, zeroPoints.mask()),
                    "dnnl_primitive_attr_set_zero_points_mask(" + argName + ", mask " + zeroPoints.mask() + ")");
        } else {
            OneDnn.check(org.bytedeco.dnnl.global.dnnl.dnnl_primitive_attr_set_zero_points(attr, arg, zeroPoints.mask(),
                    0, (long[]) null, OneDnn.dataType(zeroPoints.type())), "dnnl_primitive_attr_set_zero_points("
                            + argName + ", mask " + zeroPoints.mask() + ", " + zeroPoints.type() + ")");
        }
    }

    /** A one-dim memory ({@code a}) of the values' data type holding them. */
    private dnnl_memory valuesMemory(dnnl_engine engine, DataType type, int n, String what) {
        dnnl_memory_desc desc = new dnnl_memory_desc();
        OneDnn.check(dnnl_memory_desc_create_with_tag(desc, 1, new long[] {n}, OneDnn.dataType(type), dnnl_a),
                "dnnl_memory_desc_create_with_tag(" + type + " a " + n + ") for the " + what);
        releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(desc)));
        return allocate(desc, engine, what);
    }

    private dnnl_memory scalesMemory(dnnl_engine engine, Scales scales, String what) {
        float[] v = scales.values;
        dnnl_memory memory = valuesMemory(engine, scales.type(), v.length, what);
        Pointer data = dataHandle(memory, scales.type(), v.length);
        for (int i = 0; i < v.length; i++) {
            switch (scales.type()) {
                case BF16 -> ((ShortPointer) data).put(i, HalfFloats.floatToBf16(v[i]));
                case F16 -> ((ShortPointer) data).put(i, HalfFloats.floatToF16(v[i]));
                default -> ((FloatPointer) data).put(i, v[i]);
            }
        }
        return memory;
    }

    private dnnl_memory zeroPointsMemory(dnnl_engine engine, ZeroPoints zeroPoints, String what) {
        int[] v = zeroPoints.values;
        dnnl_memory memory = valuesMemory(engine, zeroPoints.type(), v.length, what);
        if (zeroPoints.type().packed()) {
            // s4 and u4: two to a byte, the even one in the low half
            byte[] packed = new byte[Nibbles.bytes(v.length)];
            for (int i = 0; i < v.length; i++) {
                Nibbles.set(packed, i, v[i]);
            }
            ((BytePointer) dataHandle(memory, zeroPoints.type(), packed.length)).put(packed);
            return memory;
        }
        Pointer data = dataHandle(memory, zeroPoints.type(), v.length);
        for (int i = 0; i < v.length; i++) {
            if (zeroPoints.type() == DataType.S32) {
                ((IntPointer) data).put(i, v[i]);
            } else {
                ((BytePointer) data).put(i, (byte) v[i]);
            }
        }
        return memory;
    }

    private dnnl_memory_desc describe(MemorySpec spec) {
        dnnl_memory_desc md = new dnnl_memory_desc();
        long[] dims = spec.dims();
        int type = OneDnn.dataType(spec.type());
        OneDnn.PermutedTag permuted = null;
        int tag;
        try {
            tag = OneDnn.formatTag(spec.tag());
        } catch (IllegalArgumentException e) {
            permuted = OneDnn.permutedTag(spec.tag());
            if (permuted == null || permuted.letterOf().length != dims.length) {
                throw e;
            }
            tag = permuted.tag();
        }
        if (permuted == null) {
            OneDnn.check(dnnl_memory_desc_create_with_tag(md, dims.length, dims, type, tag),
                    "dnnl_memory_desc_create_with_tag(" + spec + ")");
            releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(md)));
            return md;
        }
        // the named tag on dims renamed (its dim i is the spec's dim letterOf[i]), then its axes put back
        long[] renamed = new long[dims.length];
        int[] back = new int[dims.length];
        for (int i = 0; i < dims.length; i++) {
            renamed[i] = dims[permuted.letterOf()[i]];
            back[i] = permuted.letterOf()[i];
        }
        OneDnn.check(dnnl_memory_desc_create_with_tag(md, dims.length, renamed, type, tag),
                "dnnl_memory_desc_create_with_tag(" + spec + ", as a permutation of a named tag)");
        releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(md)));
        dnnl_memory_desc out = new dnnl_memory_desc();
        OneDnn.check(dnnl_memory_desc_permute_axes(out, md, back), "dnnl_memory_desc_permute_axes(" + spec + ")");
        releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(out)));
        return out;
    }

    /** A memory whose buffer oneDNN allocates ({@code DNNL_MEMORY_ALLOCATE}) and frees with the memory. */
    private dnnl_memory allocate(dnnl_memory_desc md, dnnl_engine engine, String what) {
        dnnl_memory memory = new dnnl_memory();
        OneDnn.check(dnnl_memory_create(memory, md, engine, new AllocateHandle()),
                "dnnl_memory_create(" + what + ", DNNL_MEMORY_ALLOCATE)");
        releases.push(new Release("dnnl_memory_destroy", () -> dnnl_memory_destroy(memory)));
        return memory;
    }

    /** {@code DNNL_MEMORY_ALLOCATE}, {@code (void *) -1}, which the preset does not define. */
    private static final class AllocateHandle extends Pointer {
        AllocateHandle() {
            address = -1L;
        }
    }

    private Pointer dataHandle(dnnl_memory memory, DataType type, long elements) {
        if (type == DataType.F32) {
            try (PointerPointer<FloatPointer> handle = new PointerPointer<>(1)) {
                OneDnn.check(dnnl_memory_get_data_handle(memory, handle), "dnnl_memory_get_data_handle");
                return handle.get(FloatPointer.class, 0).capacity(elements).limit(elements);
            }
        }
        if (type == DataType.BF16 || type == DataType.F16) {
            try (PointerPointer<ShortPointer> handle = new PointerPointer<>(1)) {
                OneDnn.check(dnnl_memory_get_data_handle(memory, handle), "dnnl_memory_get_data_handle");
                return handle.get(ShortPointer.class, 0).capacity(elements).limit(elements);
            }
        }
        if (type == DataType.S32) {
            try (PointerPointer<IntPointer> handle = new PointerPointer<>(1)) {
                OneDnn.check(dnnl_memory_get_data_handle(memory, handle), "dnnl_memory_get_data_handle");
                return handle.get(IntPointer.class, 0).capacity(elements).limit(elements);
            }
        }
        try (PointerPointer<BytePointer> handle = new PointerPointer<>(1)) {
            OneDnn.check(dnnl_memory_get_data_handle(memory, handle), "dnnl_memory_get_data_handle");
            return handle.get(BytePointer.class, 0).capacity(elements).limit(elements);
        }
    }

    /** The implementation oneDNN chose ({@code jit:uni}, {@code simple:any}, {@code jit:direct_copy}). */
    public String implementation() {
        return implementation;
    }

    /**
     * Copies {@code input} in (a {@code float[]}, a {@code short[]} of bf16 or f16 bits, a
     * {@code byte[]} or an {@code int[]}, as the source type is), runs the reorder and returns the
     * whole destination buffer, pad lanes included, as a new array of the destination's Java type.
     */
    public Object run(Object input) {
        if (input instanceof float[] f) {
            copyIn(f);
        } else if (input instanceof short[] s) {
            copyIn(s);
        } else if (input instanceof byte[] b) {
            copyIn(b);
        } else {
            copyIn((int[]) input);
        }
        execute();
        int n = Math.toIntExact(destinationElements);
        switch (destination.type()) {
            case F32: {
                float[] out = new float[n];
                copyOut(out);
                return out;
            }
            case S32: {
                int[] out = new int[n];
                copyOut(out);
                return out;
            }
            case BF16:
            case F16: {
                short[] out = new short[n];
                copyOut(out);
                return out;
            }
            default: {
                byte[] out = new byte[n];
                copyOut(out);
                return out;
            }
        }
    }

    /** Runs the reorder and waits for it: what a benchmark measures. */
    public void execute() {
        checkOpen();
        OneDnn.check(dnnl_primitive_execute(primitive, stream, argCount, args), "dnnl_primitive_execute");
        OneDnn.check(dnnl_stream_wait(stream), "dnnl_stream_wait");
    }

    /** Copies the whole source buffer in; {@code values.length} must be its element count. */
    public void copyIn(float[] values) {
        ((FloatPointer) buffer(sourceData, source, sourceElements, values.length, DataType.F32, "source")).put(values);
    }

    /** Copies the whole u8, s8 or f8 source buffer in (f8 as bits); {@code values.length} must be its element count. */
    public void copyIn(byte[] values) {
        ((BytePointer) buffer(sourceData, source, sourceElements, values.length, bytes(source), "source")).put(values);
    }

    /** Copies the whole s32 source buffer in; {@code values.length} must be its element count. */
    public void copyIn(int[] values) {
        ((IntPointer) buffer(sourceData, source, sourceElements, values.length, DataType.S32, "source")).put(values);
    }

    /** Copies the whole bf16 or f16 source buffer in, as bits; {@code values.length} must be its element count. */
    public void copyIn(short[] values) {
        ((ShortPointer) buffer(sourceData, source, sourceElements, values.length, halves(source), "source")).put(values);
    }

    /** Copies the whole bf16 or f16 destination buffer, pad lanes included, out into {@code values}, as bits. */
    public void copyOut(short[] values) {
        ((ShortPointer) buffer(destinationData, destination, destinationElements, values.length, halves(destination),
                "destination")).get(values);
    }

    /** The 16-bit type of a side: f16 when it is f16, else bf16 (which {@link #buffer} then checks). */
    private static DataType halves(MemorySpec spec) {
        return spec.type() == DataType.F16 ? DataType.F16 : DataType.BF16;
    }

    /**
     * Copies {@code values} into the whole destination buffer (a {@code float[]}, {@code short[]},
     * {@code byte[]} or {@code int[]} as its type is), pad lanes included: what a sum post-op adds to.
     */
    public void copyInDestination(Object values) {
        checkOpen();
        int length = java.lang.reflect.Array.getLength(values);
        if (length != destinationElements) {
            throw new IllegalArgumentException("the destination buffer " + destination + " holds " + destinationElements
                    + " elements (pad lanes included), not " + length);
        }
        if (values instanceof float[] f) {
            ((FloatPointer) destinationData).put(f);
        } else if (values instanceof short[] s) {
            ((ShortPointer) destinationData).put(s);
        } else if (values instanceof byte[] b) {
            ((BytePointer) destinationData).put(b);
        } else {
            ((IntPointer) destinationData).put((int[]) values);
        }
    }

    /** Copies the whole destination buffer, pad lanes included, out into {@code values}. */
    public void copyOut(float[] values) {
        ((FloatPointer) buffer(destinationData, destination, destinationElements, values.length, DataType.F32,
                "destination")).get(values);
    }

    /** Copies the whole u8 or s8 destination buffer, pad lanes included, out into {@code values}. */
    public void copyOut(byte[] values) {
        ((BytePointer) buffer(destinationData, destination, destinationElements, values.length, bytes(destination),
                "destination")).get(values);
    }

    /** Copies the whole s32 destination buffer, pad lanes included, out into {@code values}. */
    public void copyOut(int[] values) {
        ((IntPointer) buffer(destinationData, destination, destinationElements, values.length, DataType.S32,
                "destination")).get(values);
    }

    /** The byte type of a side: s8 when it is s8, else u8 (which {@link #buffer} then checks). */
    private static DataType bytes(MemorySpec spec) {
        return spec.type() == DataType.S8 || spec.type() == DataType.F8_E5M2 || spec.type() == DataType.F8_E4M3
                || spec.type().packed() ? spec.type() : DataType.U8;
    }

    /**
     * What a buffer of {@code size} bytes holds, in the units {@link #run} moves: elements, or for
     * the 4-bit types the bytes their packed elements take. oneDNN 3.11 sizes s4 and u4 memory by
     * those bytes, but f4 memory by one byte per element ({@code sub_byte_data_type_multiplier} is
     * 2 only for s4 and u4), though its reorders pack f4 two to a byte as well: only the first half
     * of an f4 buffer is used.
     */
    private static long units(long size, DataType type) {
        if (type == DataType.F4_E2M1 || type == DataType.F4_E3M0) {
            return (size + 1) / 2;
        }
        return size / type.bytes();
    }

    private Pointer buffer(Pointer data, MemorySpec spec, long elements, int length, DataType type, String side) {
        checkOpen();
        if (spec.type() != type) {
            throw new IllegalArgumentException("the " + side + " is " + spec.type() + ", not " + type + ": " + spec);
        }
        if (length != elements) {
            throw new IllegalArgumentException("the " + side + " buffer " + spec + " holds " + elements
                    + " elements (pad lanes included), not " + length);
        }
        return data;
    }

    /** Elements of the source buffer, pad lanes included: {@code dnnl_memory_desc_get_size / element size}. */
    public long sourceElements() {
        return sourceElements;
    }

    /** Elements of the destination buffer, pad lanes included. */
    public long destinationElements() {
        return destinationElements;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this oneDNN reorder is closed: " + source + " -> " + destination);
        }
    }

    /**
     * Destroys every native object, the last created first. Idempotent. Every object is released
     * even when one destroy call fails; the first failure is then thrown.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        while (!releases.isEmpty()) {
            Release r = releases.pop();
            try {
                OneDnn.check(r.destroy().getAsInt(), r.call());
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** A native object's destroy call and its name, for the message if it fails. */
    private record Release(String call, IntSupplier destroy) {
    }

    @Override
    public String toString() {
        return "oneDNN reorder " + source + " -> " + destination;
    }
}

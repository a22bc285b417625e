package dev.strider.examples.onednn;

import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_ATTR_SCALES;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_ATTR_ZERO_POINTS;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_DST;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_FROM;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_SRC;
import static org.bytedeco.dnnl.global.dnnl.DNNL_ARG_TO;
import static org.bytedeco.dnnl.global.dnnl.dnnl_a;
import static org.bytedeco.dnnl.global.dnnl.dnnl_s32;
import static org.bytedeco.dnnl.global.dnnl.dnnl_cpu;
import static org.bytedeco.dnnl.global.dnnl.dnnl_engine_create;
import static org.bytedeco.dnnl.global.dnnl.dnnl_engine_destroy;
import static org.bytedeco.dnnl.global.dnnl.dnnl_f32;
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
 * With a {@link Quantization} it takes oneDNN's whole common (mask 0) model, as benchdnn's
 * {@code --attr-scales=src:common:X+dst:common:Y --attr-zero-points=src:common:Z+dst:common:W}
 * asks: {@code dst = (src - Z) * X / Y + W}, each given to oneDNN as a run-time argument.
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

    private OneDnnReorder(MemorySpec source, MemorySpec destination) {
        this.source = source;
        this.destination = destination;
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
     * oneDNN's common quantization attributes of a reorder: {@code dst = (src - srcZeroPoint) *
     * srcScale / dstScale + dstZeroPoint}. A scale of 1 or a zero point of 0 is not set at all, as
     * benchdnn sets only what its command line names.
     */
    public record Quantization(float srcScale, float dstScale, int srcZeroPoint, int dstZeroPoint, float sum) {
        /** Nothing to scale or shift. */
        public static final Quantization NONE = new Quantization(1, 1, 0, 0);

        /** Scales and zero points, no sum post-op. */
        public Quantization(float srcScale, float dstScale, int srcZeroPoint, int dstZeroPoint) {
            this(srcScale, dstScale, srcZeroPoint, dstZeroPoint, 0);
        }

        /** This with {@code scale} as the source scale. */
        public Quantization withSourceScale(float scale) {
            return new Quantization(scale, dstScale, srcZeroPoint, dstZeroPoint, sum);
        }

        /** This with a sum post-op of scale {@code beta} ({@code dst = reorder(src) + beta * dst}); 0 for none. */
        public Quantization withSum(float beta) {
            return new Quantization(srcScale, dstScale, srcZeroPoint, dstZeroPoint, beta);
        }

        boolean any() {
            return srcScale != 1 || dstScale != 1 || srcZeroPoint != 0 || dstZeroPoint != 0 || sum != 0;
        }
    }

    /**
     * A reorder with oneDNN's common scales and zero points.
     *
     * @throws IllegalArgumentException when the dims of the two sides differ
     * @throws IllegalStateException    when oneDNN fails or does not implement the reorder, naming the call
     */
    public static OneDnnReorder create(MemorySpec source, MemorySpec destination, Quantization quantization) {
        if (!java.util.Arrays.equals(source.dims(), destination.dims())) {
            throw new IllegalArgumentException("a reorder keeps the dims: " + source + " -> " + destination);
        }
        OneDnn.load();
        OneDnnReorder r = new OneDnnReorder(source, destination);
        try {
            r.build(quantization);
            return r;
        } catch (RuntimeException | Error e) {
            r.close();
            throw e;
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
        sourceElements = dnnl_memory_desc_get_size(srcDesc) / source.type().bytes();
        destinationElements = dnnl_memory_desc_get_size(dstDesc) / destination.type().bytes();

        dnnl_primitive_attr attr = null;
        if (q.any()) {
            attr = new dnnl_primitive_attr();
            OneDnn.check(dnnl_primitive_attr_create(attr), "dnnl_primitive_attr_create");
            dnnl_primitive_attr a = attr;
            releases.push(new Release("dnnl_primitive_attr_destroy", () -> dnnl_primitive_attr_destroy(a)));
            if (q.srcScale() != 1) {
                OneDnn.check(dnnl_primitive_attr_set_scales_mask(attr, DNNL_ARG_SRC, 0),
                        "dnnl_primitive_attr_set_scales_mask(DNNL_ARG_SRC, mask 0)");
            }
            if (q.dstScale() != 1) {
                OneDnn.check(dnnl_primitive_attr_set_scales_mask(attr, DNNL_ARG_DST, 0),
                        "dnnl_primitive_attr_set_scales_mask(DNNL_ARG_DST, mask 0)");
            }
            if (q.srcZeroPoint() != 0) {
                OneDnn.check(dnnl_primitive_attr_set_zero_points_mask(attr, DNNL_ARG_SRC, 0),
                        "dnnl_primitive_attr_set_zero_points_mask(DNNL_ARG_SRC, mask 0)");
            }
            if (q.dstZeroPoint() != 0) {
                OneDnn.check(dnnl_primitive_attr_set_zero_points_mask(attr, DNNL_ARG_DST, 0),
                        "dnnl_primitive_attr_set_zero_points_mask(DNNL_ARG_DST, mask 0)");
            }
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

        argCount = 2 + (q.srcScale() != 1 ? 1 : 0) + (q.dstScale() != 1 ? 1 : 0) + (q.srcZeroPoint() != 0 ? 1 : 0)
                + (q.dstZeroPoint() != 0 ? 1 : 0);
        args = new dnnl_exec_arg_t(argCount);
        dnnl_exec_arg_t a = args;
        releases.push(new Release("freeing the argument array", () -> {
            a.close();
            return dnnl_success;
        }));
        args.position(0).arg(DNNL_ARG_FROM).memory(srcMemory);
        args.position(1).arg(DNNL_ARG_TO).memory(dstMemory);
        int at = 2;
        if (q.srcScale() != 1) {
            args.position(at++).arg(DNNL_ARG_ATTR_SCALES | DNNL_ARG_SRC).memory(scalar(engine, q.srcScale(), 0, "source scale"));
        }
        if (q.dstScale() != 1) {
            args.position(at++).arg(DNNL_ARG_ATTR_SCALES | DNNL_ARG_DST)
                    .memory(scalar(engine, q.dstScale(), 0, "destination scale"));
        }
        if (q.srcZeroPoint() != 0) {
            args.position(at++).arg(DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC)
                    .memory(scalar(engine, Float.NaN, q.srcZeroPoint(), "source zero point"));
        }
        if (q.dstZeroPoint() != 0) {
            args.position(at++).arg(DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_DST)
                    .memory(scalar(engine, Float.NaN, q.dstZeroPoint(), "destination zero point"));
        }
        args.position(0);
    }

    /** A one-element memory holding a scale (f32, when {@code scale} is not NaN) or a zero point (s32). */
    private dnnl_memory scalar(dnnl_engine engine, float scale, int zeroPoint, String what) {
        boolean f32 = !Float.isNaN(scale);
        dnnl_memory_desc desc = new dnnl_memory_desc();
        OneDnn.check(dnnl_memory_desc_create_with_tag(desc, 1, new long[] {1}, f32 ? dnnl_f32 : dnnl_s32, dnnl_a),
                "dnnl_memory_desc_create_with_tag(" + (f32 ? "f32" : "s32") + " a 1) for the " + what);
        releases.push(new Release("dnnl_memory_desc_destroy", () -> dnnl_memory_desc_destroy(desc)));
        dnnl_memory memory = allocate(desc, engine, what);
        if (f32) {
            ((FloatPointer) dataHandle(memory, DataType.F32, 1)).put(0, scale);
        } else {
            ((IntPointer) dataHandle(memory, DataType.S32, 1)).put(0, zeroPoint);
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

    /** Copies the whole u8 or s8 source buffer in; {@code values.length} must be its element count. */
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
        return spec.type() == DataType.S8 ? DataType.S8 : DataType.U8;
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

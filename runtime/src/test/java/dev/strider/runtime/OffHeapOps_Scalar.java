package dev.strider.runtime;

import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.FloatKernels;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Stands for a generated SCALAR class of {@link OffHeapOps}; counts the calls of each method. */
public final class OffHeapOps_Scalar implements OffHeapOps {

    private static final Map<String, AtomicInteger> CALLS = new ConcurrentHashMap<>();

    /** How often {@code method} ran. */
    static int calls(String method) {
        return CALLS.computeIfAbsent(method, m -> new AtomicInteger()).get();
    }

    private static void ran(String method) {
        CALLS.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void transpose(float[] src, float[] dst) {
        ran("arrays");
        FloatKernels.reorder(src, ROWS, dst, COLUMNS);
    }

    @Override
    public void transpose(FloatBuffer src, FloatBuffer dst) {
        ran("buffers");
        FloatKernels.reorder(src, ROWS, dst, COLUMNS);
    }

    @Override
    public void transposeBytes(ByteBuffer src, ByteBuffer dst) {
        ran("bytes");
        FloatKernels.reorder(FloatKernels.view("src", src, ROWS), ROWS, FloatKernels.view("dst", dst, COLUMNS), COLUMNS);
    }

    @Override
    public void transposeSegments(Object src, Object dst) {
        ran("segments");
        FloatKernels.reorder(FloatKernels.view("src", src, ROWS), ROWS, FloatKernels.view("dst", dst, COLUMNS), COLUMNS);
    }

    /** The class of {@code MemorySegment} on JDK 22+, else null. */
    static Class<?> segmentClass() {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            return Class.forName("java.lang.foreign.MemorySegment");
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /** The methods as a generated provider lists them: one per kind of memory. */
    static List<GeneratedReorder> reorders() {
        List<GeneratedReorder> list = new ArrayList<>();
        list.add(new GeneratedReorder("transpose", ElementType.FLOAT, ROWS, COLUMNS,
                (kernels, src, dst) -> ((OffHeapOps) kernels).transpose((float[]) src, (float[]) dst)));
        list.add(new GeneratedReorder("transpose", ElementType.FLOAT, FloatBuffer.class, FloatBuffer.class, ROWS, COLUMNS,
                (kernels, src, dst) -> ((OffHeapOps) kernels).transpose((FloatBuffer) src, (FloatBuffer) dst)));
        list.add(new GeneratedReorder("transposeBytes", ElementType.FLOAT, ByteBuffer.class, ByteBuffer.class, ROWS,
                COLUMNS, (kernels, src, dst) -> ((OffHeapOps) kernels).transposeBytes((ByteBuffer) src, (ByteBuffer) dst)));
        Class<?> segment = segmentClass();
        if (segment != null) {
            list.add(new GeneratedReorder("transposeSegments", ElementType.FLOAT, segment, segment, ROWS, COLUMNS,
                    (kernels, src, dst) -> ((OffHeapOps) kernels).transposeSegments(src, dst)));
        }
        return list;
    }

    public static final class Provider extends ServiceProvider {
        public Provider() {
            super(OffHeapOps.class, Target.SCALAR, 0, "dev.strider.runtime.OffHeapOps_Scalar", OffHeapOps_Scalar::new,
                    OffHeapOps_Scalar.reorders());
        }
    }
}

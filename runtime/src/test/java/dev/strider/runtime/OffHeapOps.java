package dev.strider.runtime;

import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A stand-in for a kernel set that generated one reorder per kind of memory
 * ({@link OffHeapOps_Scalar}): arrays, float buffers, byte buffers and, on JDK 22+, segments.
 */
public interface OffHeapOps {

    /** A 3x2 matrix, rows packed. */
    TensorLayout ROWS = TensorLayout.packed("HW", 3, 2);
    /** The same matrix, columns packed. */
    TensorLayout COLUMNS = TensorLayout.of("HW", new int[] {3, 2}, "wh");

    void transpose(float[] src, float[] dst);

    void transpose(FloatBuffer src, FloatBuffer dst);

    void transposeBytes(ByteBuffer src, ByteBuffer dst);

    /** Stands for {@code transposeSegments(MemorySegment, MemorySegment)}, which this release-17 source cannot name. */
    void transposeSegments(Object src, Object dst);
}

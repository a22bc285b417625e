package dev.strider.runtime;

import dev.strider.layout.TensorLayout;

/**
 * A hand-written stand-in for a {@code @Kernels} interface and its generated classes
 * ({@link FakeOps_Scalar}, {@link FakeOps_Vector256}, {@link FakeOps_Threads}), registered in
 * the test resources' {@code META-INF/services/dev.strider.runtime.KernelProvider}.
 */
public interface FakeOps {

    /** A 2x3 matrix, rows packed. */
    TensorLayout ROWS = TensorLayout.packed("HW", 2, 3);
    /** The same matrix, columns packed: the transpose's destination. */
    TensorLayout COLUMNS = TensorLayout.of("HW", new int[] {2, 3}, "wh");

    void copy(float[] src, float[] dst);

    /** ROWS to COLUMNS, as a generated reorder would. */
    void transpose(float[] src, float[] dst);
}

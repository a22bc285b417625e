package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;

/**
 * A reorder between two layouts found at run time by {@link KernelRegistry}: a generated method
 * when one was declared for the layouts, else the generic kernel.
 */
public interface ReorderKernel {

    /**
     * Copies every logical element of {@code src} to the same logical index of {@code dst}.
     *
     * @throws IllegalArgumentException when an array is not of {@link #type()} (checked before
     *                                  anything is written), or too short for its layout
     */
    void reorder(Object src, Object dst);

    /** True when a generated method runs, false for the generic kernel. */
    boolean generated();

    /**
     * What runs: {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar} (the class
     * {@link KernelLoader#load(Class)} chose, and the method) or {@code generic FloatKernels.reorder}.
     */
    String origin();

    /** The layout {@link #reorder} reads. */
    TensorLayout src();

    /** The layout {@link #reorder} writes. */
    TensorLayout dst();

    /** The element type of both arrays. */
    ElementType type();
}

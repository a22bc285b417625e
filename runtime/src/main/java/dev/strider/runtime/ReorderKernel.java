package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;

/**
 * A reorder between two layouts found at run time by {@link KernelRegistry}: the generated
 * methods declared for the layouts, each for its kind of memory, and the generic kernel for
 * every other argument.
 *
 * <p>Each operand may be an array of {@link #type()} ({@code float[]}), a buffer of the type
 * ({@code FloatBuffer}), a {@code ByteBuffer} holding elements of the type, or (JDK 22+) a
 * {@code java.lang.foreign.MemorySegment} holding them, direct or heap, native or heap. Element 0
 * of a buffer is at its position (the reorder reads and writes {@code [position, limit)} and
 * moves neither), of a segment at offset 0; a buffer is read and written in its own order, a
 * segment in native order; no alignment is required (see {@link dev.strider.Elements}).
 */
public interface ReorderKernel {

    /**
     * Copies every logical element of {@code src} to the same logical index of {@code dst}, in
     * place (off-heap memory is not copied through an array), and zeros to {@code dst}'s pad lanes.
     *
     * @throws NullPointerException     when an operand is null
     * @throws IllegalArgumentException when an operand is of another kind or type (an
     *                                  {@code IntBuffer} for a float reorder), too small for its
     *                                  layout, {@code dst} is read-only, or the two overlap in
     *                                  memory; checked before anything is written
     * @throws IllegalStateException    when a segment's arena is closed or confined to another
     *                                  thread, checked before anything is written
     */
    void reorder(Object src, Object dst);

    /**
     * True when generated methods were found for the layouts (each runs for arguments of its
     * parameter classes: {@link #generated(Object, Object)}), false for the generic kernel alone.
     */
    boolean generated();

    /** True when a generated method runs for these arguments, false when the generic kernel does. */
    default boolean generated(Object src, Object dst) {
        return generated();
    }

    /**
     * What runs, by kind of argument: the generic kernel alone is {@code generic FloatKernels.reorder};
     * generated methods are listed with their parameter classes and the generic kernel for the other
     * arguments, {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar(float[], float[]);
     * otherwise generic FloatKernels.reorder} (the class {@link KernelLoader#load(Class)} chose).
     */
    String origin();

    /**
     * What runs for these arguments, without running it: one generated method,
     * {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar(float[], float[])}, or
     * {@code generic FloatKernels.reorder}.
     */
    default String origin(Object src, Object dst) {
        return origin();
    }

    /** The layout {@link #reorder} reads. */
    TensorLayout src();

    /** The layout {@link #reorder} writes. */
    TensorLayout dst();

    /** The element type of both operands. */
    ElementType type();
}

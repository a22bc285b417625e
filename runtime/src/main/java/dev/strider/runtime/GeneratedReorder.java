package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;

/**
 * A generated reorder method, described for {@link KernelRegistry}: its layouts and element
 * type, and how to call it on an instance of any generated class of its kernel set.
 *
 * @param method the method's name in the {@code @Kernels} interface
 * @param type   the element type of both arrays
 * @param src    the layout the method reads
 * @param dst    the layout the method writes
 * @param call   calls the method on an instance of the kernel set
 */
public record GeneratedReorder(String method, ElementType type, TensorLayout src, TensorLayout dst, Call call) {

    /** {@code ((ImageOps) kernels).toPlanar((float[]) src, (float[]) dst)}, written by the processor. */
    @FunctionalInterface
    public interface Call {
        /** Casts {@code kernels} to the kernel set and the arrays to its element type, and calls the method. */
        void reorder(Object kernels, Object src, Object dst);
    }
}

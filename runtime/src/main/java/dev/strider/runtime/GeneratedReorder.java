package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A generated reorder method, described for {@link KernelRegistry}: its layouts, element type and
 * parameter classes, and how to call it on an instance of any generated class of its kernel set.
 * A kernel set may list several methods for one pair of layouts, one per kind of memory (arrays,
 * {@code FloatBuffer}s, {@code MemorySegment}s...); the registry calls the one whose parameter
 * classes the arguments are instances of.
 *
 * @param method   the method's name in the {@code @Kernels} interface
 * @param type     the element type of both operands
 * @param srcClass the class of the method's source parameter: the element type's array class
 *                 ({@code float[].class}), its buffer class ({@code FloatBuffer.class}),
 *                 {@code ByteBuffer.class} or {@code java.lang.foreign.MemorySegment}
 * @param dstClass the class of the method's destination parameter, one of the same
 * @param src      the layout the method reads
 * @param dst      the layout the method writes
 * @param call     calls the method on an instance of the kernel set
 */
public record GeneratedReorder(String method, ElementType type, Class<?> srcClass, Class<?> dstClass, TensorLayout src,
                               TensorLayout dst, Call call) {

    /**
     * Checks the parameter classes.
     *
     * @throws IllegalArgumentException when a parameter class is none of those a reorder of
     *                                  {@code type} takes
     */
    public GeneratedReorder {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        Objects.requireNonNull(call, "call");
        check(method, "src", srcClass, type);
        check(method, "dst", dstClass, type);
    }

    /**
     * A method on arrays of the element type ({@code float[]}, {@code float[]}): the form every
     * generated class had before off-heap memory.
     */
    public GeneratedReorder(String method, ElementType type, TensorLayout src, TensorLayout dst, Call call) {
        this(method, type, type.arrayClass(), type.arrayClass(), src, dst, call);
    }

    /** True when {@code src} and {@code dst} are instances of the method's parameter classes. */
    public boolean takes(Object src, Object dst) {
        return srcClass.isInstance(src) && dstClass.isInstance(dst);
    }

    /** {@code toPlanar(float[], FloatBuffer)}: the method with its parameter classes. */
    public String signature() {
        return method + "(" + srcClass.getSimpleName() + ", " + dstClass.getSimpleName() + ")";
    }

    private static void check(String method, String role, Class<?> c, ElementType type) {
        Objects.requireNonNull(c, role + "Class");
        if (c != type.arrayClass() && c != type.bufferClass() && c != ByteBuffer.class
                && !c.getName().equals("java.lang.foreign.MemorySegment")) {
            throw new IllegalArgumentException(method + ": a " + type.javaName() + " reorder's " + role + " is a "
                    + type.arrayClass().getSimpleName() + ", " + type.bufferClass().getSimpleName()
                    + ", ByteBuffer or MemorySegment, not " + c.getName());
        }
    }

    /** {@code ((ImageOps) kernels).toPlanar((float[]) src, (float[]) dst)}, written by the processor. */
    @FunctionalInterface
    public interface Call {
        /** Casts {@code kernels} to the kernel set and the operands to the method's parameter classes, and calls the method. */
        void reorder(Object kernels, Object src, Object dst);
    }
}

package dev.strider.runtime;

import dev.strider.kernel.Checks;
import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;

/** The layouts and element type of a {@link ReorderKernel}, and the check of the operands' kind and type both kinds make first. */
abstract class LayoutReorder implements ReorderKernel {

    private final TensorLayout src;
    private final TensorLayout dst;
    private final ElementType type;

    LayoutReorder(TensorLayout src, TensorLayout dst, ElementType type) {
        this.src = src;
        this.dst = dst;
        this.type = type;
    }

    @Override
    public final void reorder(Object src, Object dst) {
        checkType("src", src);
        checkType("dst", dst);
        run(src, dst);
    }

    /** Runs the reorder on operands known to be memory of {@link #type()} ({@link Checks#memoryOf}). */
    abstract void run(Object src, Object dst);

    private void checkType(String name, Object memory) {
        if (memory == null || memory.getClass() != type.arrayClass()) {
            Checks.memoryOf(name, memory, type, "reorder");
        }
    }

    @Override
    public final TensorLayout src() {
        return src;
    }

    @Override
    public final TensorLayout dst() {
        return dst;
    }

    @Override
    public final ElementType type() {
        return type;
    }

    @Override
    public String toString() {
        return origin() + ": " + src + " -> " + dst;
    }
}

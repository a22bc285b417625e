package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;

/** The layouts and element type of a {@link ReorderKernel}, and the array-type check both kinds make first. */
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

    /** Runs the reorder on arrays known to be of {@link #type()}. */
    abstract void run(Object src, Object dst);

    private void checkType(String name, Object array) {
        if (array == null) {
            throw new NullPointerException(name + " is null");
        }
        if (array.getClass() != type.arrayClass()) {
            throw new IllegalArgumentException(name + " is a " + array.getClass().getSimpleName() + " but this "
                    + type.javaName() + " reorder takes " + type.arrayClass().getSimpleName());
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

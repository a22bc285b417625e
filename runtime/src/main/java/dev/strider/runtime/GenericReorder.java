package dev.strider.runtime;

import dev.strider.kernel.ByteKernels;
import dev.strider.kernel.DoubleKernels;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.IntKernels;
import dev.strider.kernel.LongKernels;
import dev.strider.kernel.ShortKernels;
import dev.strider.layout.TensorLayout;

/** The generic run-time-stride reorder of {@code dev.strider.kernel}, for layouts nothing was generated for. */
final class GenericReorder extends LayoutReorder {

    GenericReorder(TensorLayout src, TensorLayout dst, ElementType type) {
        super(src, dst, type);
    }

    @Override
    void run(Object s, Object d) {
        switch (type()) {
            case DOUBLE: DoubleKernels.reorder((double[]) s, src(), (double[]) d, dst()); break;
            case FLOAT: FloatKernels.reorder((float[]) s, src(), (float[]) d, dst()); break;
            case LONG: LongKernels.reorder((long[]) s, src(), (long[]) d, dst()); break;
            case INT: IntKernels.reorder((int[]) s, src(), (int[]) d, dst()); break;
            case SHORT: ShortKernels.reorder((short[]) s, src(), (short[]) d, dst()); break;
            case BYTE: ByteKernels.reorder((byte[]) s, src(), (byte[]) d, dst()); break;
            default: throw new AssertionError(type());
        }
    }

    @Override
    public boolean generated() {
        return false;
    }

    /** {@code generic FloatKernels.reorder}. */
    @Override
    public String origin() {
        String name = type().javaName();
        return "generic " + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Kernels.reorder";
    }
}

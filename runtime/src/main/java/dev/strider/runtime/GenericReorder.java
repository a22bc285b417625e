package dev.strider.runtime;

import dev.strider.kernel.ByteKernels;
import dev.strider.kernel.DoubleKernels;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.IntKernels;
import dev.strider.kernel.LongKernels;
import dev.strider.kernel.ShortKernels;
import dev.strider.layout.TensorLayout;

/**
 * The generic run-time-stride reorder of {@code dev.strider.kernel}, for layouts nothing was
 * generated for and for arguments no generated method of the layouts takes. Off-heap operands
 * (and an array beside one) are viewed as buffers of the type, in place ({@code FloatKernels.view}).
 */
final class GenericReorder extends LayoutReorder {

    GenericReorder(TensorLayout src, TensorLayout dst, ElementType type) {
        super(src, dst, type);
    }

    /** Arrays of the type go to the array kernel as before; any other pair through the kernel's buffer views. */
    @Override
    void run(Object s, Object d) {
        switch (type()) {
            case DOUBLE:
                if (s instanceof double[] && d instanceof double[]) {
                    DoubleKernels.reorder((double[]) s, src(), (double[]) d, dst());
                } else {
                    DoubleKernels.reorder(DoubleKernels.view("src", s, src()), src(), DoubleKernels.view("dst", d, dst()), dst());
                }
                break;
            case FLOAT:
                if (s instanceof float[] && d instanceof float[]) {
                    FloatKernels.reorder((float[]) s, src(), (float[]) d, dst());
                } else {
                    FloatKernels.reorder(FloatKernels.view("src", s, src()), src(), FloatKernels.view("dst", d, dst()), dst());
                }
                break;
            case LONG:
                if (s instanceof long[] && d instanceof long[]) {
                    LongKernels.reorder((long[]) s, src(), (long[]) d, dst());
                } else {
                    LongKernels.reorder(LongKernels.view("src", s, src()), src(), LongKernels.view("dst", d, dst()), dst());
                }
                break;
            case INT:
                if (s instanceof int[] && d instanceof int[]) {
                    IntKernels.reorder((int[]) s, src(), (int[]) d, dst());
                } else {
                    IntKernels.reorder(IntKernels.view("src", s, src()), src(), IntKernels.view("dst", d, dst()), dst());
                }
                break;
            case SHORT:
                if (s instanceof short[] && d instanceof short[]) {
                    ShortKernels.reorder((short[]) s, src(), (short[]) d, dst());
                } else {
                    ShortKernels.reorder(ShortKernels.view("src", s, src()), src(), ShortKernels.view("dst", d, dst()), dst());
                }
                break;
            case BYTE:
                if (s instanceof byte[] && d instanceof byte[]) {
                    ByteKernels.reorder((byte[]) s, src(), (byte[]) d, dst());
                } else {
                    ByteKernels.reorder(ByteKernels.view("src", s, src()), src(), ByteKernels.view("dst", d, dst()), dst());
                }
                break;
            default:
                throw new AssertionError(type());
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

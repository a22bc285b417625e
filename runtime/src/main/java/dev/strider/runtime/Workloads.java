package dev.strider.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * For generated code ({@code <Interface>_Tuned.Tuning}): the tuner's own arrays, filled with
 * small nonzero values (an integer division by one of them never throws), and the workload that
 * calls a method on them. Programs do not call it.
 */
public final class Workloads {

    private Workloads() {
    }

    /** A workload of {@code bytes} bytes moved per call that runs {@code call} on the kernels it is given. */
    public static TunableKernels.Workload of(long bytes, Consumer<Object> call) {
        Objects.requireNonNull(call, "call");
        return new TunableKernels.Workload() {
            @Override
            public void call(Object kernels) {
                call.accept(kernels);
            }

            @Override
            public long bytes() {
                return bytes;
            }
        };
    }

    /**
     * The handle of the kernel set's method {@code name}, found through the generated code's
     * {@code lookup} (the interface may be package-private).
     *
     * @throws IllegalStateException when it is not there (the generated code is from another build)
     */
    public static MethodHandle virtual(MethodHandles.Lookup lookup, Class<?> kernelSet, String name, Class<?>... params) {
        try {
            return lookup.findVirtual(kernelSet, name, MethodType.methodType(void.class, params));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException(kernelSet.getName() + "." + name + " cannot be called: " + e, e);
        }
    }

    /** {@code t} if unchecked, else wrapped: what a workload's call throws. */
    public static RuntimeException unchecked(Throwable t) {
        if (t instanceof Error) {
            throw (Error) t;
        }
        return t instanceof RuntimeException ? (RuntimeException) t : new IllegalStateException(t);
    }

    /** 1 to 7, repeating. */
    private static int value(int i) {
        return i % 7 + 1;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static double[] filled(double[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value(i);
        }
        return a;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static float[] filled(float[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value(i);
        }
        return a;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static long[] filled(long[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value(i);
        }
        return a;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static int[] filled(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value(i);
        }
        return a;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static short[] filled(short[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (short) value(i);
        }
        return a;
    }

    /**
     * {@code a} filled with the f16 codes of 1 to 7, repeating; {@code a} itself. The short values 1
     * to 7 would be f16 subnormals, which a vector widening multiplies at the cost of a microcode
     * assist per vector on x86 (the VECTOR classes' f16 to f32), so the tuner would time the
     * slowest data there is.
     */
    public static short[] filledF16(short[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = dev.strider.kernel.HalfFloats.floatToF16((float) value(i));
        }
        return a;
    }

    /** {@code a} filled with the bf16 codes of 1 to 7, repeating (not subnormals either); {@code a} itself. */
    public static short[] filledBf16(short[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = dev.strider.kernel.HalfFloats.floatToBf16((float) value(i));
        }
        return a;
    }

    /** {@code a} filled with 1 to 7, repeating; {@code a} itself. */
    public static byte[] filled(byte[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) value(i);
        }
        return a;
    }
}

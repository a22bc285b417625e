package dev.strider.examples.kernels;

import dev.strider.Target;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnnReorder;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the oneDNN oracle tests share: oneDNN's reorder of one array into a new one, destinations
 * full of garbage, and a bit-for-bit comparison that collects every mismatch in words.
 */
final class OneDnnOracle {

    private OneDnnOracle() {
    }

    /**
     * oneDNN's reorder of {@code input} ({@code float[]}, {@code short[]} of bf16 or f16 bits,
     * {@code byte[]}, {@code int[]}) from {@code from} to {@code to} with a source scale: the whole
     * destination buffer, pad lanes included, as an array of the destination's Java type.
     */
    static Object reorder(MemorySpec from, MemorySpec to, float scale, Object input) {
        try (OneDnnReorder oracle = OneDnnReorder.create(from, to, scale)) {
            return oracle.run(input);
        }
    }

    /** The same with a sum post-op of scale {@code beta} onto a destination that starts as {@code initial}. */
    static Object reorderSum(MemorySpec from, MemorySpec to, float scale, float beta, Object input, Object initial) {
        try (OneDnnReorder oracle = OneDnnReorder.create(from, to,
                OneDnnReorder.Quantization.NONE.withSourceScale(scale).withSum(beta))) {
            oracle.copyInDestination(initial);
            return oracle.run(input);
        }
    }

    /**
     * The generated classes of {@code set} that {@code target} names, by simple name, one instance
     * each: {@code X_Scalar}; {@code X_Vector128}, {@code X_Vector256} and {@code X_Vector512}; {@code X_Threads}.
     */
    static Map<String, Object> kernels(Class<?> set, Target target)
            throws ReflectiveOperationException {
        String[] suffixes = switch (target) {
            case SCALAR -> new String[] {"Scalar"};
            case VECTOR -> new String[] {"Vector128", "Vector256", "Vector512"};
            case THREADS -> new String[] {"Threads"};
        };
        Map<String, Object> out = new LinkedHashMap<>();
        for (String suffix : suffixes) {
            String name = set.getSimpleName() + "_" + suffix;
            out.put(name, Class.forName(set.getPackageName() + "." + name).getConstructor().newInstance());
        }
        return out;
    }

    /**
     * The same with every variant of the one-thread classes as well ({@code X_Vector512(k)} for each
     * k the class has: a number out of range runs variant 0), named {@code X_Vector512 variant k}.
     */
    static Map<String, Object> kernelsAndVariants(Class<?> set, Target target, int variants)
            throws ReflectiveOperationException {
        Map<String, Object> out = kernels(set, target);
        if (target == Target.THREADS) {
            return out;
        }
        for (String name : List.copyOf(out.keySet())) {
            Class<?> type = Class.forName(set.getPackageName() + "." + name);
            for (int k = 0; k < variants; k++) {
                out.put(name + " variant " + k, type.getConstructor(int.class).newInstance(k));
            }
        }
        return out;
    }

    /** A destination full of what must not survive: NaN, 0x5a5a5a5a, 0x5a5a, 0x5a. */
    static Object garbage(DataType type, int n) {
        switch (type) {
            case F32: {
                float[] a = new float[n];
                Arrays.fill(a, Float.NaN);
                return a;
            }
            case S32: {
                int[] a = new int[n];
                Arrays.fill(a, 0x5a5a5a5a);
                return a;
            }
            case BF16:
            case F16: {
                short[] a = new short[n];
                Arrays.fill(a, (short) 0x5a5a);
                return a;
            }
            default: {
                byte[] a = new byte[n];
                Arrays.fill(a, (byte) 0x5a);
                return a;
            }
        }
    }

    /** A copy of a primitive array. */
    static Object copy(Object array) {
        Object c = Array.newInstance(array.getClass().getComponentType(), Array.getLength(array));
        System.arraycopy(array, 0, c, 0, Array.getLength(array));
        return c;
    }

    /** The raw bits of element {@code i}: a float's, an int, a short, a byte. */
    static long bits(Object array, int i) {
        return array instanceof float[] f ? Float.floatToRawIntBits(f[i])
                : array instanceof int[] n ? n[i] : array instanceof short[] s ? s[i] : ((byte[]) array)[i];
    }

    /**
     * Adds to {@code mismatches} a line saying how many elements of {@code actual} differ from
     * {@code expected} and the first of them, when any does; {@code what} names the kernel and the case.
     */
    static void compare(String what, Object expected, Object actual, List<String> mismatches) {
        int n = Array.getLength(expected);
        int wrong = 0;
        String first = null;
        for (int i = 0; i < n; i++) {
            if (bits(expected, i) != bits(actual, i)) {
                if (wrong++ == 0) {
                    first = "element " + i + " is " + Array.get(actual, i) + String.format(" (0x%X)", bits(actual, i))
                            + ", oneDNN wrote " + Array.get(expected, i) + String.format(" (0x%X)", bits(expected, i));
                }
            }
        }
        if (wrong > 0) {
            mismatches.add(what + ": " + wrong + " of " + n + " differ, first " + first);
        }
    }
}

package dev.strider.kernel;

import dev.strider.BinaryOp;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Properties over random layouts. The oracle is a per-index loop over {@link TensorLayout#offsetOf},
 * independent of the kernels' offset tables and row walker.
 */
class LayoutAndKernelPropertiesTest {

    @Property(tries = 400)
    void offsetsOfAWritableLayoutAreDistinctAndInsideTheBuffer(@ForAll Random r) {
        TensorLayout l = RandomLayouts.writable(r, RandomLayouts.sizes(r, 5, 6));
        BitSet used = new BitSet(l.bufferSize());
        int[] idx = new int[l.rank()];
        do {
            int at = l.offsetOf(idx);
            assertTrue(at >= l.offset() && at < l.bufferSize(), () -> l + " maps " + Arrays.toString(idx) + " to " + at);
            assertTrue(!used.get(at), () -> l + " maps two indices to " + at);
            used.set(at);
        } while (TensorLayout.increment(idx, l.sizes()));
        assertTrue(!l.overlaps(), l::overlapReason);
    }

    @Property(tries = 300)
    void aPackedLayoutUsesEverySlotOnceWithItsPadLanes(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 6);
        String dims = RandomLayouts.DIMS.substring(0, sizes.length);
        TensorLayout l = r.nextBoolean() ? TensorLayout.of(dims, sizes, RandomLayouts.plainTag(r, dims))
                : TensorLayout.of(dims, sizes, RandomLayouts.blockedTag(r, dims));
        assertTrue(l.isPacked(), l::toString);
        assertEquals(l.paddedElementCount(), l.bufferSize());
        BitSet used = new BitSet(l.bufferSize());
        int[] idx = new int[l.rank()];
        do {
            used.set(l.paddedOffsetOf(idx));
        } while (TensorLayout.increment(idx, l.paddedSizes()));
        assertEquals(l.bufferSize(), used.cardinality(), l::toString);
    }

    @Property(tries = 300)
    void bufferSizeBoundsEveryOffsetOfAReadableLayout(@ForAll Random r) {
        TensorLayout l = RandomLayouts.readable(r, RandomLayouts.sizes(r, 5, 6));
        int max = -1;
        int[] idx = new int[l.rank()];
        do {
            max = Math.max(max, l.offsetOf(idx));
        } while (TensorLayout.increment(idx, l.sizes()));
        assertTrue(max < l.bufferSize());
        if (!l.isBlocked()) {
            assertEquals(max + 1, l.bufferSize(), "DMLCalcBufferTensorSize is the last offset plus one: " + l);
        }
    }

    @Property(tries = 300)
    void reorderMatchesThePerIndexCopyAndRoundTrips(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 5, 5);
        TensorLayout a = RandomLayouts.writable(r, sizes);
        TensorLayout b = RandomLayouts.writable(r, sizes);
        ElementType type = ElementType.values()[r.nextInt(6)];
        Object src = randomArray(type, r, a.bufferSize());
        zeroPadLanesByIndex(src, a); // blocked inputs are zero-padded by contract

        Object there = randomArray(type, r, b.bufferSize() + r.nextInt(3));
        Object expected = copyOf(there);
        perIndexCopy(src, a, expected, b);
        zeroPadLanesByIndex(expected, b);
        invoke(type, "reorder", src, a, there, b);
        assertArraysEqual(expected, there, a + " -> " + b);

        Object back = randomArray(type, r, a.bufferSize());
        invoke(type, "reorder", there, b, back, a);
        assertLogicalEqual(src, a, back, a);
    }

    @Property(tries = 200)
    void twoFlipsAreTheIdentity(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 6);
        TensorLayout in = RandomLayouts.writable(r, sizes);
        int dim = r.nextInt(sizes.length);
        int[] strides = new int[sizes.length];
        Arrays.fill(strides, 1);
        strides[dim] = -1;
        SliceWindow flip = SliceWindow.of(in, new int[sizes.length], sizes, strides);
        float[] src = (float[]) randomArray(ElementType.FLOAT, r, in.bufferSize());
        TensorLayout mid = RandomLayouts.writable(r, sizes);
        float[] once = new float[mid.bufferSize()];
        FloatKernels.slice(src, in, flip, once, mid);
        SliceWindow flipBack = SliceWindow.of(mid, new int[sizes.length], sizes, strides);
        float[] twice = new float[in.bufferSize()];
        FloatKernels.slice(once, mid, flipBack, twice, in);
        assertLogicalEqual(src, in, twice, in);
        // and the first flip really reversed dim `dim`
        int[] idx = new int[sizes.length];
        do {
            int[] mirrored = idx.clone();
            mirrored[dim] = sizes[dim] - 1 - idx[dim];
            assertEquals(src[in.offsetOf(mirrored)], once[mid.offsetOf(idx)]);
        } while (TensorLayout.increment(idx, sizes));
    }

    @Property(tries = 300)
    void sliceMatchesTheWindowIndexMap(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 7);
        TensorLayout in = RandomLayouts.readable(r, sizes);
        int rank = sizes.length;
        SliceWindow w = RandomLayouts.window(r, in);
        int[] offsets = w.offsets();
        int[] windowSizes = w.sizes();
        int[] strides = w.strides();
        int[] out = w.outputSizes();
        TensorLayout dstLayout = RandomLayouts.writable(r, out);
        ElementType type = ElementType.values()[r.nextInt(6)];
        Object src = randomArray(type, r, in.bufferSize());
        Object dst = randomArray(type, r, dstLayout.bufferSize());
        Object expected = copyOf(dst);
        int[] o = new int[rank];
        do {
            int[] i = new int[rank];
            for (int d = 0; d < rank; d++) {
                int start = strides[d] < 0 ? offsets[d] + windowSizes[d] - 1 : offsets[d];
                i[d] = start + strides[d] * o[d];
            }
            Array.set(expected, dstLayout.offsetOf(o), Array.get(src, in.offsetOf(i)));
        } while (TensorLayout.increment(o, out));
        zeroPadLanesByIndex(expected, dstLayout);
        invoke(type, "slice", src, in, w, dst, dstLayout);
        assertArraysEqual(expected, dst, in + " " + w + " -> " + dstLayout);
    }

    @Property(tries = 300)
    void binaryBroadcastsLikeNumPy(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 5);
        int[] aSizes = RandomLayouts.broadcastFrom(r, sizes);
        int[] bSizes = RandomLayouts.broadcastFrom(r, sizes);
        TensorLayout a = RandomLayouts.readable(r, aSizes);
        TensorLayout b = RandomLayouts.readable(r, bSizes);
        TensorLayout out = RandomLayouts.writable(r, sizes);
        BinaryOp op = BinaryOp.values()[r.nextInt(BinaryOp.values().length)];
        double[] x = (double[]) randomArray(ElementType.DOUBLE, r, a.bufferSize());
        double[] y = (double[]) randomArray(ElementType.DOUBLE, r, b.bufferSize());
        double[] z = new double[out.bufferSize()];
        DoubleKernels.binary(op, x, a, y, b, z, out);
        int[] idx = new int[sizes.length];
        do {
            int[] ia = idx.clone();
            int[] ib = idx.clone();
            for (int d = 0; d < sizes.length; d++) {
                ia[d] = aSizes[d] == 1 ? 0 : idx[d];
                ib[d] = bSizes[d] == 1 ? 0 : idx[d];
            }
            double u = x[a.offsetOf(ia)];
            double v = y[b.offsetOf(ib)];
            double expected;
            switch (op) {
                case ADD: expected = u + v; break;
                case SUB: expected = u - v; break;
                case MUL: expected = u * v; break;
                case DIV: expected = u / v; break;
                case MIN: expected = Math.min(u, v); break;
                default: expected = Math.max(u, v); break;
            }
            assertEquals(expected, z[out.offsetOf(idx)]);
        } while (TensorLayout.increment(idx, sizes));
    }

    @Property(tries = 200)
    void unaryWritesLogicalElementsAndZeroPadLanesOnly(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 6);
        TensorLayout in = RandomLayouts.readable(r, sizes);
        TensorLayout out = RandomLayouts.writable(r, sizes);
        float[] x = (float[]) randomArray(ElementType.FLOAT, r, in.bufferSize());
        float[] y = (float[]) randomArray(ElementType.FLOAT, r, out.bufferSize());
        float[] expected = y.clone();
        int[] idx = new int[sizes.length];
        do {
            expected[out.offsetOf(idx)] = x[in.offsetOf(idx)] * 0.5f + 3f;
        } while (TensorLayout.increment(idx, sizes));
        zeroPadLanesByIndex(expected, out);
        FloatKernels.unary(UnaryOp.scaleShift(0.5, 3), x, in, y, out);
        assertArrayEquals(expected, y, out::toString);
    }

    // ---------------------------------------------------------------- helpers

    private static Object randomArray(ElementType type, Random r, int length) {
        Object a = Array.newInstance(type.arrayClass().getComponentType(), length);
        for (int i = 0; i < length; i++) {
            int v = r.nextInt(200) - 100;
            switch (type) {
                case DOUBLE: Array.setDouble(a, i, v + r.nextDouble()); break;
                case FLOAT: Array.setFloat(a, i, v + r.nextFloat()); break;
                case LONG: Array.setLong(a, i, (long) v << 33 | r.nextInt(1000)); break;
                case INT: Array.setInt(a, i, v * 1000 + r.nextInt(1000)); break;
                case SHORT: Array.setShort(a, i, (short) (v * 100)); break;
                default: Array.setByte(a, i, (byte) v); break;
            }
        }
        return a;
    }

    private static Object copyOf(Object array) {
        int n = Array.getLength(array);
        Object c = Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }

    private static void perIndexCopy(Object src, TensorLayout a, Object dst, TensorLayout b) {
        int[] idx = new int[a.rank()];
        do {
            Array.set(dst, b.offsetOf(idx), Array.get(src, a.offsetOf(idx)));
        } while (TensorLayout.increment(idx, a.sizes()));
    }

    /** Zeros at every padded index outside the logical sizes, found index by index. */
    private static void zeroPadLanesByIndex(Object dst, TensorLayout l) {
        Object zero = Array.get(Array.newInstance(dst.getClass().getComponentType(), 1), 0);
        int[] idx = new int[l.rank()];
        do {
            for (int d = 0; d < idx.length; d++) {
                if (idx[d] >= l.size(d)) {
                    Array.set(dst, l.paddedOffsetOf(idx), zero);
                    break;
                }
            }
        } while (TensorLayout.increment(idx, l.paddedSizes()));
    }

    private static void assertLogicalEqual(Object a, TensorLayout la, Object b, TensorLayout lb) {
        int[] idx = new int[la.rank()];
        do {
            assertEquals(Array.get(a, la.offsetOf(idx)), Array.get(b, lb.offsetOf(idx)), Arrays.toString(idx));
        } while (TensorLayout.increment(idx, la.sizes()));
    }

    private static void assertArraysEqual(Object expected, Object actual, String what) {
        int n = Array.getLength(expected);
        assertEquals(n, Array.getLength(actual));
        for (int i = 0; i < n; i++) {
            assertEquals(Array.get(expected, i), Array.get(actual, i), what + " at " + i);
        }
    }

    /** The array and buffer overloads have the same arity: match by the arguments' classes. */
    private static boolean takes(Method m, Object[] args) {
        Class<?>[] p = m.getParameterTypes();
        if (p.length != args.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (!p[i].isPrimitive() && !p[i].isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    /** Calls {@code <Type>Kernels.<name>} for the element type: one test body covers all six expansions. */
    private static void invoke(ElementType type, String name, Object... args) {
        String cls = "dev.strider.kernel." + Character.toUpperCase(type.javaName().charAt(0))
                + type.javaName().substring(1) + "Kernels";
        try {
            for (Method m : Class.forName(cls).getMethods()) {
                if (m.getName().equals(name) && takes(m, args)) {
                    m.invoke(null, args);
                    return;
                }
            }
            throw new AssertionError("no " + cls + "." + name);
        } catch (InvocationTargetException e) {
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}

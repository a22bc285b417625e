package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Random;

/**
 * Kernel operands of every on-heap and NIO kind for tests, built around given element values:
 * element 0 where the kind puts it (a buffer's position, after sentinel-filled lead), sentinel
 * elements or bytes after. {@link #contents} reads back everything the operand's memory holds,
 * lead and trail included, so a test compares what a kernel wrote against a twin built from the
 * expected values, and sees any byte written outside the operand.
 */
public final class Memory {

    /** The sentinel in every lead and trail element (its bytes, for byte buffers). */
    public static final byte SENTINEL = 0x5A;

    private Memory() {
    }

    /** The kinds of memory a kernel operand can be (segments are tested on JDK 22+). */
    public enum Kind {
        /** A primitive array, with trailing elements. */
        ARRAY(true),
        /** A heap buffer of the type at a non-zero array offset and position. */
        HEAP(true),
        /** A direct buffer of the type: a view of a direct ByteBuffer in some order, maybe unaligned. */
        DIRECT(true),
        /** A heap ByteBuffer holding the elements in some order, from an odd position perhaps. */
        HEAP_BYTES(true),
        /** A direct ByteBuffer holding the elements. */
        DIRECT_BYTES(true),
        /** A typed view of a heap ByteBuffer (no accessible array). */
        VIEW_OF_HEAP_BYTES(true),
        /** A read-only heap buffer of the type. */
        READ_ONLY_HEAP(false),
        /** A read-only direct buffer of the type. */
        READ_ONLY_DIRECT(false);

        private final boolean writable;

        Kind(boolean writable) {
            this.writable = writable;
        }

        public boolean writable() {
            return writable;
        }
    }

    /** How to build one operand: its kind, byte order, and how many elements (bytes for byte buffers) before and after. */
    public record Spec(ElementType type, Kind kind, ByteOrder order, int lead, int trail, int arrayOffset) {

        /** A random spec; {@code writable} for an output. */
        public static Spec random(Random r, ElementType type, boolean writable) {
            Kind[] kinds = Kind.values();
            Kind k;
            do {
                k = kinds[r.nextInt(kinds.length)];
            } while (writable && !k.writable());
            ByteOrder order = r.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            return new Spec(type, k, order, r.nextInt(4) == 0 ? 0 : r.nextInt(11), r.nextInt(5), r.nextInt(4));
        }

        /** The operand holding {@code values} (an array of the type) from element 0. */
        public Object make(Object values) {
            return Memory.make(this, values);
        }
    }

    /** Random values of {@code type}, finite, so that bits survive every copy. */
    public static Object random(ElementType type, Random r, int n) {
        Object a = Array.newInstance(type.arrayClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            switch (type) {
                case DOUBLE: ((double[]) a)[i] = r.nextGaussian() * 100; break;
                case FLOAT: ((float[]) a)[i] = (float) (r.nextGaussian() * 100); break;
                case LONG: ((long[]) a)[i] = r.nextLong(); break;
                case INT: ((int[]) a)[i] = r.nextInt(); break;
                case SHORT: ((short[]) a)[i] = (short) r.nextInt(); break;
                case BYTE: ((byte[]) a)[i] = (byte) r.nextInt(); break;
                default: throw new AssertionError(type);
            }
        }
        return a;
    }

    /** {@code values} with zeros in {@code layout}'s pad lanes: a blocked input as kernels may assume it. */
    public static Object zeroPadded(Object values, TensorLayout layout) {
        Object v = copy(values);
        ElementType.of(v).clearPadLanes(v, layout);
        return v;
    }

    public static Object copy(Object array) {
        int n = Array.getLength(array);
        Object c = Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }

    /** An array of {@code type} whose every element is the sentinel (its bytes all {@link #SENTINEL}). */
    public static Object sentinels(ElementType type, int n) {
        ByteBuffer b = ByteBuffer.allocate(n * type.bytes());
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, SENTINEL);
        }
        return elements(type, b, 0, n);
    }

    static Object make(Spec s, Object values) {
        ElementType t = s.type();
        int n = Array.getLength(values);
        int eb = t.bytes();
        switch (s.kind()) {
            case ARRAY: {
                Object a = sentinels(t, n + s.trail());
                System.arraycopy(values, 0, a, 0, n);
                return a;
            }
            case HEAP:
            case READ_ONLY_HEAP: {
                Object a = sentinels(t, s.arrayOffset() + s.lead() + n + s.trail());
                System.arraycopy(values, 0, a, s.arrayOffset() + s.lead(), n);
                Buffer b = wrap(a).position(s.arrayOffset()).slice().position(s.lead());
                return s.kind() == Kind.HEAP ? b : readOnly(b);
            }
            case DIRECT:
            case READ_ONLY_DIRECT:
            case VIEW_OF_HEAP_BYTES: {
                int misalign = s.arrayOffset() % eb;
                int bytes = misalign + (s.lead() + n + s.trail()) * eb;
                ByteBuffer raw = s.kind() == Kind.VIEW_OF_HEAP_BYTES ? ByteBuffer.allocate(bytes) : ByteBuffer.allocateDirect(bytes);
                fill(raw);
                ByteBuffer at = raw.position(misalign).slice().order(s.order());
                put(t, at, s.lead() * eb, values);
                Buffer b = typed(t, at).position(s.lead());
                return s.kind() == Kind.READ_ONLY_DIRECT ? readOnly(b) : b;
            }
            case HEAP_BYTES:
            case DIRECT_BYTES: {
                int bytes = s.lead() + n * eb + s.trail() * eb;
                ByteBuffer b = (s.kind() == Kind.HEAP_BYTES ? ByteBuffer.allocate(bytes) : ByteBuffer.allocateDirect(bytes))
                        .order(s.order());
                fill(b);
                put(t, b, s.lead(), values);
                return b.position(s.lead());
            }
            default:
                throw new AssertionError(s.kind());
        }
    }

    private static void fill(ByteBuffer b) {
        for (int i = 0; i < b.capacity(); i++) {
            b.put(i, SENTINEL);
        }
    }

    /** Writes {@code values} into {@code b} from byte {@code at}, in {@code b}'s order, with absolute puts. */
    public static void put(ElementType t, ByteBuffer b, int at, Object values) {
        int n = Array.getLength(values);
        int eb = t.bytes();
        for (int i = 0; i < n; i++) {
            int p = at + i * eb;
            switch (t) {
                case DOUBLE: b.putDouble(p, ((double[]) values)[i]); break;
                case FLOAT: b.putFloat(p, ((float[]) values)[i]); break;
                case LONG: b.putLong(p, ((long[]) values)[i]); break;
                case INT: b.putInt(p, ((int[]) values)[i]); break;
                case SHORT: b.putShort(p, ((short[]) values)[i]); break;
                case BYTE: b.put(p, ((byte[]) values)[i]); break;
                default: throw new AssertionError(t);
            }
        }
    }

    /** {@code n} elements of {@code t} read from byte {@code at} of {@code b}, in its order. */
    public static Object elements(ElementType t, ByteBuffer b, int at, int n) {
        Object a = Array.newInstance(t.arrayClass().getComponentType(), n);
        int eb = t.bytes();
        for (int i = 0; i < n; i++) {
            int p = at + i * eb;
            switch (t) {
                case DOUBLE: ((double[]) a)[i] = b.getDouble(p); break;
                case FLOAT: ((float[]) a)[i] = b.getFloat(p); break;
                case LONG: ((long[]) a)[i] = b.getLong(p); break;
                case INT: ((int[]) a)[i] = b.getInt(p); break;
                case SHORT: ((short[]) a)[i] = b.getShort(p); break;
                case BYTE: ((byte[]) a)[i] = b.get(p); break;
                default: throw new AssertionError(t);
            }
        }
        return a;
    }

    private static Buffer wrap(Object a) {
        if (a instanceof double[]) {
            return DoubleBuffer.wrap((double[]) a);
        }
        if (a instanceof float[]) {
            return FloatBuffer.wrap((float[]) a);
        }
        if (a instanceof long[]) {
            return LongBuffer.wrap((long[]) a);
        }
        if (a instanceof int[]) {
            return IntBuffer.wrap((int[]) a);
        }
        if (a instanceof short[]) {
            return ShortBuffer.wrap((short[]) a);
        }
        return ByteBuffer.wrap((byte[]) a);
    }

    private static Buffer typed(ElementType t, ByteBuffer b) {
        switch (t) {
            case DOUBLE: return b.asDoubleBuffer();
            case FLOAT: return b.asFloatBuffer();
            case LONG: return b.asLongBuffer();
            case INT: return b.asIntBuffer();
            case SHORT: return b.asShortBuffer();
            case BYTE: return b;
            default: throw new AssertionError(t);
        }
    }

    public static Buffer readOnly(Buffer b) {
        Buffer r;
        if (b instanceof DoubleBuffer) {
            r = ((DoubleBuffer) b).asReadOnlyBuffer();
        } else if (b instanceof FloatBuffer) {
            r = ((FloatBuffer) b).asReadOnlyBuffer();
        } else if (b instanceof LongBuffer) {
            r = ((LongBuffer) b).asReadOnlyBuffer();
        } else if (b instanceof IntBuffer) {
            r = ((IntBuffer) b).asReadOnlyBuffer();
        } else if (b instanceof ShortBuffer) {
            r = ((ShortBuffer) b).asReadOnlyBuffer();
        } else {
            r = ((ByteBuffer) b).asReadOnlyBuffer();
        }
        return r;
    }

    /**
     * Everything the operand's memory holds, as raw bits: every element of an array, every element
     * of a typed buffer from index 0 to its capacity, every byte of a byte buffer. With the
     * position and limit at the end, so that a moved position shows too.
     */
    public static long[] contents(Object memory) {
        if (memory.getClass().isArray()) {
            int n = Array.getLength(memory);
            long[] c = new long[n];
            for (int i = 0; i < n; i++) {
                c[i] = bits(Array.get(memory, i));
            }
            return c;
        }
        Buffer b = (Buffer) memory;
        long[] c = new long[b.capacity() + 2];
        for (int i = 0; i < b.capacity(); i++) {
            c[i] = bits(get(b, i));
        }
        c[b.capacity()] = b.position();
        c[b.capacity() + 1] = b.limit();
        return c;
    }

    private static Object get(Buffer b, int i) {
        if (b instanceof DoubleBuffer) {
            return ((DoubleBuffer) b).get(i);
        }
        if (b instanceof FloatBuffer) {
            return ((FloatBuffer) b).get(i);
        }
        if (b instanceof LongBuffer) {
            return ((LongBuffer) b).get(i);
        }
        if (b instanceof IntBuffer) {
            return ((IntBuffer) b).get(i);
        }
        if (b instanceof ShortBuffer) {
            return ((ShortBuffer) b).get(i);
        }
        return ((ByteBuffer) b).get(i);
    }

    private static long bits(Object v) {
        if (v instanceof Double) {
            return Double.doubleToRawLongBits((Double) v);
        }
        if (v instanceof Float) {
            return Float.floatToRawIntBits((Float) v);
        }
        return ((Number) v).longValue();
    }

    /** {@code n} elements of {@code type} from element 0 of an array or buffer (a byte buffer in its order). */
    public static Object read(ElementType type, Object memory, int n) {
        if (memory.getClass().isArray()) {
            Object a = Array.newInstance(type.arrayClass().getComponentType(), n);
            System.arraycopy(memory, 0, a, 0, n);
            return a;
        }
        if (memory instanceof ByteBuffer && type != ElementType.BYTE) {
            ByteBuffer b = (ByteBuffer) memory;
            return elements(type, b, b.position(), n);
        }
        Buffer b = (Buffer) memory;
        Object a = Array.newInstance(type.arrayClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            Array.set(a, i, get(b, b.position() + i));
        }
        return a;
    }
}

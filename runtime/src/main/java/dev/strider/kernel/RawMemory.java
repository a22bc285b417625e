package dev.strider.kernel;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.Buffer;

/**
 * Direct buffers by address, for kernels compiled for Java 17 to 21 while they run on JDK 17 to
 * 21, where there is no final FFM API: a generated scalar nest over direct buffers reads and
 * writes {@code RawMemory.getFloat(srcAddress + offset)} where {@link #usable} holds for every
 * buffer, with the offsets in bytes that a nest over segments counts from Java 22.
 *
 * <p><b>Why.</b> JDK 17's C2 keeps the bounds check of every {@code ByteBuffer.getFloat(i)} and
 * {@code FloatBuffer.get(i)} in the loop, so element by element a direct buffer ran at a third of
 * an array: nchw to nChw16c 1x64x56x56, the scalar nest, 155-165 us on direct buffers against
 * 56-57 on arrays and 56-57 by address (AMD EPYC Zen 4, JDK 17.0.15, one JVM, interleaved, two
 * runs of a scratch harness). The generated method checks each buffer's size against its layout
 * before anything is read or written, and a nest's offsets are the layout's, so every address it
 * forms lies inside the buffer.
 *
 * <p><b>How.</b> Through {@code sun.misc.Unsafe} of module {@code jdk.unsupported}, as Netty and
 * Agrona reach direct memory on these JDKs: bound method handles in {@code static final} fields,
 * which C2 inlines to the plain load or store (the figures above are through them), so nothing is
 * compiled against {@code sun.misc} and no package is opened. Only on JDK 17 to 21: from JDK 22 a
 * kernel compiled for Java 22 reaches buffers through segments, and JDK 23 deprecated these methods
 * of {@code Unsafe} for removal (JEP 471; JDK 24 warns when they are first used, JEP 498), so a
 * kernel compiled for Java 17 runs its element-by-element nest there. A buffer over a segment
 * ({@code MemorySegment.asByteBuffer()}, whose arena may be closed while a kernel runs) is never
 * used by address, nor a buffer whose elements are not aligned to their size.
 *
 * <p><b>For generated code only.</b> The loads and stores check nothing: an address outside the
 * memory of a live direct buffer crashes the JVM or corrupts it. Generated kernels form addresses
 * only from {@link #address} of a buffer {@link #usable} took, whose size they checked, plus their
 * layouts' offsets. {@link #addressesTaken} tells how often kernels went by address in this JVM.
 */
public final class RawMemory {

    /** {@code sun.misc.Unsafe}'s methods, bound to its instance; all null where unusable. */
    static final MethodHandle GET_LONG_AT;       // (Object, long) long
    static final MethodHandle GET_OBJECT;        // (Object, long) Object
    static final MethodHandle ARRAY_BASE_OFFSET; // (Class) int
    static final MethodHandle FIELD_OFFSET;      // (Field) long
    /** The offset of {@code java.nio.Buffer.address}, or -1. */
    static final long ADDRESS;

    private static final MethodHandle GET_BYTE, PUT_BYTE, GET_SHORT, PUT_SHORT, GET_INT, PUT_INT;
    private static final MethodHandle GET_LONG, PUT_LONG, GET_FLOAT, PUT_FLOAT, GET_DOUBLE, PUT_DOUBLE;
    /** The offset of {@code java.nio.Buffer.segment} (the segment a buffer views, or null), or -1. */
    private static final long SEGMENT;
    /** True when kernels may reach direct buffers by address here ({@link #usable}). */
    private static final boolean BY_ADDRESS;
    /** The addresses {@link #address} gave. */
    private static final java.util.concurrent.atomic.LongAdder TAKEN = new java.util.concurrent.atomic.LongAdder();

    static {
        MethodHandle[] h = new MethodHandle[16];
        long address = -1;
        long segment = -1;
        boolean off = false;
        if (Runtime.version().feature() < 22) {
            try {
                off = Boolean.getBoolean("strider.noRawMemory");
                Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
                Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                Object unsafe = theUnsafe.get(null);
                MethodHandles.Lookup l = MethodHandles.publicLookup();
                h[0] = l.findVirtual(unsafeClass, "getLong", MethodType.methodType(long.class, Object.class, long.class))
                        .bindTo(unsafe);
                h[1] = l.findVirtual(unsafeClass, "getObject", MethodType.methodType(Object.class, Object.class,
                        long.class)).bindTo(unsafe);
                h[2] = l.findVirtual(unsafeClass, "arrayBaseOffset", MethodType.methodType(int.class, Class.class))
                        .bindTo(unsafe);
                h[3] = l.findVirtual(unsafeClass, "objectFieldOffset", MethodType.methodType(long.class, Field.class))
                        .bindTo(unsafe);
                Class<?>[] types = {byte.class, short.class, int.class, long.class, float.class, double.class};
                String[] names = {"Byte", "Short", "Int", "Long", "Float", "Double"};
                for (int i = 0; i < types.length; i++) {
                    h[4 + 2 * i] = l.findVirtual(unsafeClass, "get" + names[i], MethodType.methodType(types[i],
                            long.class)).bindTo(unsafe);
                    h[5 + 2 * i] = l.findVirtual(unsafeClass, "put" + names[i], MethodType.methodType(void.class,
                            long.class, types[i])).bindTo(unsafe);
                }
                address = (long) h[3].invokeExact(Buffer.class.getDeclaredField("address"));
                try {
                    segment = (long) h[3].invokeExact(Buffer.class.getDeclaredField("segment"));
                } catch (NoSuchFieldException e) {
                    segment = -1;
                }
            } catch (Throwable t) {
                h = new MethodHandle[16];
                address = -1;
                segment = -1;
            }
        }
        GET_LONG_AT = h[0];
        GET_OBJECT = h[1];
        ARRAY_BASE_OFFSET = h[2];
        FIELD_OFFSET = h[3];
        GET_BYTE = h[4];
        PUT_BYTE = h[5];
        GET_SHORT = h[6];
        PUT_SHORT = h[7];
        GET_INT = h[8];
        PUT_INT = h[9];
        GET_LONG = h[10];
        PUT_LONG = h[11];
        GET_FLOAT = h[12];
        PUT_FLOAT = h[13];
        GET_DOUBLE = h[14];
        PUT_DOUBLE = h[15];
        ADDRESS = address;
        SEGMENT = segment;
        // without the segment field a buffer over a closable segment could not be told apart
        BY_ADDRESS = h[15] != null && segment >= 0 && !off;
    }

    private RawMemory() {
    }

    /**
     * True when a kernel may read and write {@code bytes} bytes of {@code b}'s elements of {@code
     * elementBytes} bytes by address from its position: on JDK 17 to 21 with {@code sun.misc.Unsafe}
     * at hand (and not turned off by the system property {@code strider.noRawMemory}), a direct
     * buffer that views no segment, whose element 0 (its position) is aligned to the element size,
     * with that many bytes remaining. Generated code asks it of the buffer it sliced at the caller's
     * position, a local no other thread moves, after the method checked the caller's buffer: so what
     * it then reaches by address stays inside the buffer whatever another thread does to the
     * caller's. The caller checks the byte order.
     */
    public static boolean usable(Buffer b, int elementBytes, long bytes) {
        if (!BY_ADDRESS || !b.isDirect()) {
            return false;
        }
        try {
            if ((Object) GET_OBJECT.invokeExact((Object) b, SEGMENT) != null) {
                return false;
            }
            long at = (long) GET_LONG_AT.invokeExact((Object) b, ADDRESS);
            int size = elementBytes(b);
            return at != 0 && (at + (long) b.position() * size) % elementBytes == 0
                    && (long) b.remaining() * size >= bytes;
        } catch (Throwable t) {
            return false;
        }
    }

    /**
     * The address of element 0 of {@code b}, a buffer {@link #usable} took: the address of the byte
     * at its position. The caller keeps {@code b} reachable until the last access ({@code
     * Reference.reachabilityFence}), since a direct buffer's memory is freed with it.
     *
     * @throws IllegalArgumentException where kernels do not go by address, or {@code b} is not a
     *                                  direct buffer over no segment
     */
    public static long address(Buffer b) {
        try {
            if (!BY_ADDRESS || !b.isDirect() || (Object) GET_OBJECT.invokeExact((Object) b, SEGMENT) != null) {
                throw new IllegalArgumentException("not reached by address: " + b);
            }
            long at = (long) GET_LONG_AT.invokeExact((Object) b, ADDRESS) + (long) b.position() * elementBytes(b);
            TAKEN.increment();
            return at;
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * How many buffer addresses kernels took in this JVM ({@link #address}): more than 0 once a
     * kernel ran a nest by address, which is how a test or a user tells that it did.
     */
    public static long addressesTaken() {
        return TAKEN.sum();
    }

    /** The size of {@code b}'s elements: 1 for a {@code ByteBuffer}, 4 for a {@code FloatBuffer}. */
    private static int elementBytes(Buffer b) {
        if (b instanceof java.nio.ByteBuffer) {
            return 1;
        }
        if (b instanceof java.nio.ShortBuffer || b instanceof java.nio.CharBuffer) {
            return 2;
        }
        if (b instanceof java.nio.IntBuffer || b instanceof java.nio.FloatBuffer) {
            return 4;
        }
        return 8;
    }

    // ------------------------------------------------------------------ loads and stores

    /** The byte at {@code address}, in native order; unchecked (see the class). */
    public static byte getByte(long address) {
        try {
            return (byte) GET_BYTE.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putByte(long address, byte value) {
        try {
            PUT_BYTE.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The short at {@code address}, in native order; unchecked (see the class). */
    public static short getShort(long address) {
        try {
            return (short) GET_SHORT.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putShort(long address, short value) {
        try {
            PUT_SHORT.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The int at {@code address}, in native order; unchecked (see the class). */
    public static int getInt(long address) {
        try {
            return (int) GET_INT.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putInt(long address, int value) {
        try {
            PUT_INT.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The long at {@code address}, in native order; unchecked (see the class). */
    public static long getLong(long address) {
        try {
            return (long) GET_LONG.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putLong(long address, long value) {
        try {
            PUT_LONG.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The float at {@code address}, in native order; unchecked (see the class). */
    public static float getFloat(long address) {
        try {
            return (float) GET_FLOAT.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putFloat(long address, float value) {
        try {
            PUT_FLOAT.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The double at {@code address}, in native order; unchecked (see the class). */
    public static double getDouble(long address) {
        try {
            return (double) GET_DOUBLE.invokeExact(address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Writes {@code value} at {@code address}, in native order; unchecked (see the class). */
    public static void putDouble(long address, double value) {
        try {
            PUT_DOUBLE.invokeExact(address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}

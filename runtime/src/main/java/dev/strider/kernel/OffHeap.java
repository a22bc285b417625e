package dev.strider.kernel;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Optional;

/**
 * What the kernels need to know about memory that is not a Java array: NIO buffers (direct or
 * heap) and {@code java.lang.foreign.MemorySegment}s (native or heap). It answers where an
 * operand's element 0 lies, so that {@link Checks#disjoint} can tell whether two operands share
 * bytes, checks that a segment may be used here and now, and turns a segment into a NIO buffer
 * over the same memory for the generic kernels.
 *
 * <p><b>Why reflection.</b> The runtime compiles with {@code --release 17} and has no
 * dependencies, but {@code MemorySegment} is final API only from JDK 22. So this class reaches it
 * through {@code java.lang.invoke}: when the running JDK is 22 or later and
 * {@code java.lang.foreign.MemorySegment} loads, the method handles below are built once (in the
 * holder class {@code Ffm}) and every question about a segment, and about where a buffer's memory
 * is, goes through them ({@code MemorySegment.ofBuffer(buffer)} sees through views, slices and
 * read-only buffers alike). On JDK 17 to 21 there are no segments to take (on 21 the API is a
 * preview and is not used); where a buffer's memory is then comes from its own methods when it
 * exposes its array ({@code hasArray()}), else from {@code java.nio.Buffer}'s {@code address}
 * field and the typed buffers' {@code hb} (and views' {@code bb}) fields, read with
 * {@code sun.misc.Unsafe} from module {@code jdk.unsupported}, as Netty does (holder class
 * {@code Raw}). Neither route opens a package or calls {@code setAccessible} on JDK classes
 * other than {@code sun.misc.Unsafe.theUnsafe}, which that module opens for this purpose.
 *
 * <p><b>What cannot be told.</b> Where the Unsafe route is unavailable (a JDK 17 to 21 run with
 * {@code sun.misc.Unsafe} removed or denied) a direct buffer's address, and the array behind a
 * read-only heap buffer or a view of a heap {@code ByteBuffer}, are unknown: two such operands are
 * then taken to be disjoint and {@link Checks#disjoint} does not throw, since it cannot prove an
 * overlap. Arrays and heap buffers that expose their array are always compared exactly.
 */
final class OffHeap {

    private OffHeap() {
    }

    // ------------------------------------------------------------------ kinds

    /** True on JDK 22 and later, where {@code MemorySegment} is final API and its handles resolved. */
    static boolean segments() {
        return Ffm.SEGMENT != null;
    }

    /** True when {@code x} is a {@code java.lang.foreign.MemorySegment} (JDK 22+). */
    static boolean isSegment(Object x) {
        return Ffm.SEGMENT != null && Ffm.SEGMENT.isInstance(x);
    }

    /** {@code "float[]"}, {@code "FloatBuffer"}, {@code "MemorySegment"}, else the class's name. */
    static String describe(Object x) {
        if (x.getClass().isArray()) {
            return x.getClass().getComponentType().getName() + "[]";
        }
        if (x instanceof Buffer) {
            return bufferType((Buffer) x).getSimpleName();
        }
        if (isSegment(x)) {
            return "MemorySegment";
        }
        return x.getClass().getName();
    }

    /** {@code describe(x)} with its article: {@code "an int[]"}, {@code "a FloatBuffer"}. */
    static String aDescribed(Object x) {
        String d = describe(x);
        return ("aeiouAEIOU".indexOf(d.charAt(0)) >= 0 ? "an " : "a ") + d;
    }

    /** The public typed class a buffer is an instance of: {@code FloatBuffer.class} for a direct float buffer. */
    private static Class<?> bufferType(Buffer b) {
        for (Class<?> c = b.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getSuperclass() == Buffer.class) {
                return c;
            }
        }
        return b.getClass();
    }

    /** Bytes per element of an array or buffer ({@code ByteBuffer}: 1), or 1 for a segment. */
    static int scale(Object memory) {
        if (memory instanceof Buffer) {
            if (memory instanceof ByteBuffer) {
                return 1;
            }
            if (memory instanceof ShortBuffer || memory instanceof java.nio.CharBuffer) {
                return 2;
            }
            if (memory instanceof IntBuffer || memory instanceof FloatBuffer) {
                return 4;
            }
            if (memory instanceof LongBuffer || memory instanceof DoubleBuffer) {
                return 8;
            }
            throw new IllegalArgumentException("unknown buffer type " + memory.getClass().getName());
        }
        Class<?> c = memory.getClass().getComponentType();
        if (c == null) {
            return 1; // a segment
        }
        if (c == byte.class || c == boolean.class) {
            return 1;
        }
        if (c == short.class || c == char.class) {
            return 2;
        }
        if (c == int.class || c == float.class) {
            return 4;
        }
        if (c == long.class || c == double.class) {
            return 8;
        }
        throw new IllegalArgumentException(describe(memory) + " is not a primitive array");
    }

    /**
     * The bytes from element 0 on: an array's length, a buffer's remaining elements, a
     * segment's size, in bytes.
     *
     * @throws IllegalArgumentException when {@code memory} is none of these
     */
    static long bytes(Object memory) {
        if (memory instanceof Buffer) {
            return (long) ((Buffer) memory).remaining() * scale(memory);
        }
        if (memory.getClass().isArray()) {
            return (long) java.lang.reflect.Array.getLength(memory) * scale(memory);
        }
        if (isSegment(memory)) {
            return Ffm.byteSize(memory);
        }
        throw new IllegalArgumentException(describe(memory)
                + " is not kernel memory: use a primitive array, a java.nio buffer or a MemorySegment");
    }

    // ------------------------------------------------------------------ where the memory is

    /**
     * Where operand {@code b}'s element 0 lies relative to operand {@code a}'s, in bytes, when bytes
     * {@code [aFrom, aTo)} of {@code a} and {@code [bFrom, bTo)} of {@code b} (counted from each
     * one's element 0, and within its {@link #bytes}) share at least one byte; null when they share
     * none, or when that cannot be told (see the class comment).
     */
    static Long shift(Object a, long aFrom, long aTo, Object b, long bFrom, long bTo) {
        if (aFrom >= aTo || bFrom >= bTo) {
            return null;
        }
        if (a.getClass().isArray() && b.getClass().isArray()) {
            return a == b && aFrom < bTo && bFrom < aTo ? 0L : null;
        }
        if (segments()) {
            return Ffm.shift(a, aFrom, aTo, b, bFrom, bTo);
        }
        Place pa = Raw.place(a);
        Place pb = pa == null ? null : Raw.place(b);
        if (pb == null || pa.base() != pb.base()) {
            return null;
        }
        long d = pb.offset() - pa.offset();
        return aFrom < d + bTo && d + bFrom < aTo ? d : null;
    }

    /**
     * Where element 0 of an operand is: in {@code base} (an array, or null for native memory) at
     * byte {@code offset} from the array's first element (an absolute address for native memory).
     */
    private record Place(Object base, long offset) {
    }

    // ------------------------------------------------------------------ segments and buffers of segments

    /**
     * Throws unless a segment's arena is open and this thread may use it; for a direct buffer on
     * JDK 22+, the same of the segment it may come from. Nothing for other memory.
     *
     * @throws IllegalStateException naming the operand
     */
    static void usable(String role, Object memory) {
        if (!segments()) {
            return;
        }
        Object segment;
        if (memory instanceof Buffer && ((Buffer) memory).isDirect()) {
            segment = Ffm.ofBuffer(memory);
        } else if (isSegment(memory)) {
            segment = memory;
        } else {
            return;
        }
        Checks.usable(role, Ffm.isAlive(segment), Ffm.isAccessibleBy(segment, Thread.currentThread()));
    }

    /**
     * The first {@code elements} elements of {@code type} of a segment, as a buffer of that type
     * over the same memory (index 0 at offset 0; native byte order): through
     * {@code asByteBuffer()} for native segments and heap segments over a {@code byte[]}, else
     * by wrapping the array of a heap segment over an array of {@code type}. Checks first that
     * the segment is usable here and holds the elements.
     *
     * @throws IllegalStateException    when the arena is closed or confined to another thread
     * @throws IllegalArgumentException when the segment is too small, the elements need more than
     *                                  2 GB (the most a {@code ByteBuffer} holds), or it is a heap
     *                                  segment no buffer can reach in place (over an array of
     *                                  another type, not at an element boundary of its array, or
     *                                  read-only over an array other than {@code byte[]})
     */
    static Buffer segmentView(String role, Object segment, ElementType type, int elements, String layout) {
        usable(role, segment);
        long size = Ffm.byteSize(segment);
        Checks.capacityBytes(role, size, type.bytes(), elements, layout);
        long bytes = (long) elements * type.bytes();
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(role + ": its layout needs " + bytes + " bytes of the segment, but the"
                    + " generic kernels reach a segment through a ByteBuffer, which holds at most "
                    + Integer.MAX_VALUE + " bytes; use a generated kernel or split the tensor");
        }
        Object slice = Ffm.asSlice(segment, 0, bytes);
        ByteBuffer bytesView = Ffm.asByteBuffer(slice);
        if (bytesView != null) {
            return typed(bytesView.order(ByteOrder.nativeOrder()), type);
        }
        // A heap segment over an array other than byte[]: wrap that array where it lines up.
        Optional<?> base = Ffm.heapBase(slice);
        long at = Ffm.address(slice);
        if (base.isEmpty()) {
            throw new IllegalArgumentException(role + " is a read-only heap MemorySegment over an array other than"
                    + " byte[]: the generic kernels cannot reach its array in place; pass the array or a read-only "
                    + type.bufferClass().getSimpleName() + " of it");
        }
        Object array = base.get();
        if (array.getClass() != type.arrayClass() || at % type.bytes() != 0) {
            throw new IllegalArgumentException(role + " is a heap MemorySegment over " + aDescribed(array)
                    + (array.getClass() == type.arrayClass() ? " starting inside an element (byte " + at + ")" : "")
                    + ": the generic " + type.javaName() + " kernels reach a heap segment through a buffer over its"
                    + " array, which needs a " + type.arrayClass().getSimpleName() + " (or byte[]) and element 0 on an"
                    + " element boundary");
        }
        return wrap(array, type, (int) (at / type.bytes()), elements);
    }

    private static Buffer typed(ByteBuffer bytes, ElementType type) {
        switch (type) {
            case DOUBLE: return bytes.asDoubleBuffer();
            case FLOAT: return bytes.asFloatBuffer();
            case LONG: return bytes.asLongBuffer();
            case INT: return bytes.asIntBuffer();
            case SHORT: return bytes.asShortBuffer();
            case BYTE: return bytes;
            default: throw new AssertionError(type);
        }
    }

    private static Buffer wrap(Object array, ElementType type, int from, int length) {
        switch (type) {
            case DOUBLE: return DoubleBuffer.wrap((double[]) array, from, length).slice();
            case FLOAT: return FloatBuffer.wrap((float[]) array, from, length).slice();
            case LONG: return LongBuffer.wrap((long[]) array, from, length).slice();
            case INT: return IntBuffer.wrap((int[]) array, from, length).slice();
            case SHORT: return ShortBuffer.wrap((short[]) array, from, length).slice();
            case BYTE: return ByteBuffer.wrap((byte[]) array, from, length).slice();
            default: throw new AssertionError(type);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new IllegalStateException(t);
    }

    // ------------------------------------------------------------------ JDK 22+: java.lang.foreign

    /** The handles on {@code MemorySegment}, built once; all null before JDK 22 or if any fails to resolve. */
    private static final class Ffm {

        static final Class<?> SEGMENT;
        private static final MethodHandle OF_BUFFER;           // (Object) Object
        private static final MethodHandle ADDRESS;             // (Object) long
        private static final MethodHandle BYTE_SIZE;           // (Object) long
        private static final MethodHandle HEAP_BASE;           // (Object) Object (an Optional)
        private static final MethodHandle AS_SLICE;            // (Object, long, long) Object
        private static final MethodHandle AS_OVERLAPPING;      // (Object, Object) Object (an Optional)
        private static final MethodHandle AS_BYTE_BUFFER;      // (Object) Object
        private static final MethodHandle IS_ALIVE;            // (Object) boolean: scope().isAlive()
        private static final MethodHandle IS_ACCESSIBLE_BY;    // (Object, Thread) boolean

        static {
            Class<?> segment = null;
            MethodHandle[] h = new MethodHandle[9];
            if (Runtime.version().feature() >= 22) {
                try {
                    segment = Class.forName("java.lang.foreign.MemorySegment");
                    Class<?> scope = Class.forName("java.lang.foreign.MemorySegment$Scope");
                    MethodHandles.Lookup l = MethodHandles.publicLookup();
                    MethodType objectToObject = MethodType.methodType(Object.class, Object.class);
                    h[0] = l.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class))
                            .asType(objectToObject);
                    h[1] = l.findVirtual(segment, "address", MethodType.methodType(long.class))
                            .asType(MethodType.methodType(long.class, Object.class));
                    h[2] = l.findVirtual(segment, "byteSize", MethodType.methodType(long.class))
                            .asType(MethodType.methodType(long.class, Object.class));
                    h[3] = l.findVirtual(segment, "heapBase", MethodType.methodType(Optional.class))
                            .asType(objectToObject);
                    h[4] = l.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class, long.class))
                            .asType(MethodType.methodType(Object.class, Object.class, long.class, long.class));
                    h[5] = l.findVirtual(segment, "asOverlappingSlice", MethodType.methodType(Optional.class, segment))
                            .asType(MethodType.methodType(Object.class, Object.class, Object.class));
                    h[6] = l.findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class))
                            .asType(objectToObject);
                    h[7] = MethodHandles.filterReturnValue(l.findVirtual(segment, "scope", MethodType.methodType(scope)),
                            l.findVirtual(scope, "isAlive", MethodType.methodType(boolean.class)))
                            .asType(MethodType.methodType(boolean.class, Object.class));
                    h[8] = l.findVirtual(segment, "isAccessibleBy", MethodType.methodType(boolean.class, Thread.class))
                            .asType(MethodType.methodType(boolean.class, Object.class, Thread.class));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    segment = null;
                }
            }
            if (segment == null) {
                java.util.Arrays.fill(h, null);
            }
            SEGMENT = segment;
            OF_BUFFER = h[0];
            ADDRESS = h[1];
            BYTE_SIZE = h[2];
            HEAP_BASE = h[3];
            AS_SLICE = h[4];
            AS_OVERLAPPING = h[5];
            AS_BYTE_BUFFER = h[6];
            IS_ALIVE = h[7];
            IS_ACCESSIBLE_BY = h[8];
        }

        private Ffm() {
        }

        static Object ofBuffer(Object buffer) {
            try {
                return (Object) OF_BUFFER.invokeExact(buffer);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static long address(Object segment) {
            try {
                return (long) ADDRESS.invokeExact(segment);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static long byteSize(Object segment) {
            try {
                return (long) BYTE_SIZE.invokeExact(segment);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static Optional<?> heapBase(Object segment) {
            try {
                return (Optional<?>) (Object) HEAP_BASE.invokeExact(segment);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static Object asSlice(Object segment, long offset, long size) {
            try {
                return (Object) AS_SLICE.invokeExact(segment, offset, size);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static Optional<?> asOverlappingSlice(Object segment, Object other) {
            try {
                return (Optional<?>) (Object) AS_OVERLAPPING.invokeExact(segment, other);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** Null when the segment cannot be seen as a ByteBuffer (a heap segment over another array than byte[]). */
        static ByteBuffer asByteBuffer(Object segment) {
            try {
                return (ByteBuffer) (Object) AS_BYTE_BUFFER.invokeExact(segment);
            } catch (UnsupportedOperationException e) {
                return null;
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static boolean isAlive(Object segment) {
            try {
                return (boolean) IS_ALIVE.invokeExact(segment);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        static boolean isAccessibleBy(Object segment, Thread thread) {
            try {
                return (boolean) IS_ACCESSIBLE_BY.invokeExact(segment, thread);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** An array, a buffer or a segment as a segment over the same memory, element 0 at offset 0. */
        static Object segmentOf(Object memory) {
            if (SEGMENT.isInstance(memory)) {
                return memory;
            }
            if (memory instanceof Buffer) {
                return ofBuffer(memory);
            }
            return ofBuffer(wrapWhole(memory));
        }

        private static Buffer wrapWhole(Object array) {
            if (array instanceof float[]) {
                return FloatBuffer.wrap((float[]) array);
            }
            if (array instanceof double[]) {
                return DoubleBuffer.wrap((double[]) array);
            }
            if (array instanceof int[]) {
                return IntBuffer.wrap((int[]) array);
            }
            if (array instanceof long[]) {
                return LongBuffer.wrap((long[]) array);
            }
            if (array instanceof short[]) {
                return ShortBuffer.wrap((short[]) array);
            }
            if (array instanceof byte[]) {
                return ByteBuffer.wrap((byte[]) array);
            }
            if (array instanceof char[]) {
                return java.nio.CharBuffer.wrap((char[]) array);
            }
            throw new IllegalArgumentException(describe(array) + " is not kernel memory");
        }

        /**
         * Through {@code asOverlappingSlice}, which compares segments of any kind, read-only heap
         * ones included. Only the start of the slice it returns is used: its size is not the
         * overlap's when the other segment starts later (JDK 22 to 25).
         */
        static Long shift(Object a, long aFrom, long aTo, Object b, long bFrom, long bTo) {
            Object ra = asSlice(segmentOf(a), aFrom, aTo - aFrom);
            Object rb = asSlice(segmentOf(b), bFrom, bTo - bFrom);
            Optional<?> inA = asOverlappingSlice(ra, rb);
            if (inA.isEmpty()) {
                return null;
            }
            long bAfterA = address(inA.get()) - address(ra);                              // max(0, startB - startA)
            long aAfterB = address(asOverlappingSlice(rb, ra).orElseThrow()) - address(rb); // max(0, startA - startB)
            return bAfterA - aAfterB + aFrom - bFrom;
        }
    }

    // ------------------------------------------------------------------ JDK 17 to 21: sun.misc.Unsafe

    /**
     * The address and array behind a buffer that does not expose its array, read with
     * {@code sun.misc.Unsafe} as Netty reads them; only built when there is no FFM route. All
     * null when {@code sun.misc.Unsafe} or a field is missing.
     */
    private static final class Raw {

        // sun.misc.Unsafe's handles, found once by RawMemory (null on JDK 22 and later, or where missing)
        private static final MethodHandle GET_LONG = RawMemory.GET_LONG_AT;
        private static final MethodHandle GET_OBJECT = RawMemory.GET_OBJECT;
        private static final MethodHandle ARRAY_BASE_OFFSET = RawMemory.ARRAY_BASE_OFFSET;
        private static final MethodHandle FIELD_OFFSET = RawMemory.FIELD_OFFSET;
        private static final long ADDRESS = RawMemory.ADDRESS;                   // java.nio.Buffer.address
        private static final Class<?>[] TYPED = {ByteBuffer.class, ShortBuffer.class, IntBuffer.class,
            FloatBuffer.class, LongBuffer.class, DoubleBuffer.class};
        private static final long[] HB = new long[TYPED.length]; // each typed buffer class's hb
        /** The offset of a view class's {@code bb} field (the ByteBuffer it views), or -1. */
        private static final ClassValue<Long> BB = new ClassValue<>() {
            @Override
            protected Long computeValue(Class<?> type) {
                for (Class<?> c = type; c != null && c != Buffer.class; c = c.getSuperclass()) {
                    try {
                        Field f = c.getDeclaredField("bb");
                        if (f.getType() == ByteBuffer.class) {
                            return (long) FIELD_OFFSET.invokeExact(f);
                        }
                    } catch (NoSuchFieldException e) {
                        // look further up
                    } catch (Throwable t) {
                        return -1L;
                    }
                }
                return -1L;
            }
        };
        /** False when a typed buffer's {@code hb} was not found: then no place is known but an exposed array's. */
        private static final boolean FIELDS;

        static {
            boolean fields = GET_LONG != null && !segments();
            if (fields) {
                try {
                    for (int i = 0; i < TYPED.length; i++) {
                        HB[i] = (long) FIELD_OFFSET.invokeExact(TYPED[i].getDeclaredField("hb"));
                    }
                } catch (Throwable t) {
                    fields = false;
                }
            }
            FIELDS = fields;
        }

        private Raw() {
        }

        /** Where element 0 of an array or buffer is, or null when unknown. */
        static Place place(Object memory) {
            if (memory.getClass().isArray()) {
                return new Place(memory, 0);
            }
            if (!(memory instanceof Buffer)) {
                return null;
            }
            Buffer b = (Buffer) memory;
            int scale = scale(b);
            if (b.hasArray()) {
                return new Place(b.array(), (long) (b.arrayOffset() + b.position()) * scale);
            }
            if (!FIELDS) {
                return null;
            }
            try {
                long address = (long) GET_LONG.invokeExact((Object) b, ADDRESS);
                if (b.isDirect()) {
                    return address == 0 ? null : new Place(null, address + (long) b.position() * scale);
                }
                Object array = heapArray(b);
                if (array == null) {
                    return null;
                }
                long offset = address - (int) ARRAY_BASE_OFFSET.invokeExact((Class<?>) array.getClass())
                        + (long) b.position() * scale;
                long arrayBytes = (long) java.lang.reflect.Array.getLength(array) * scale(array);
                // A sanity check on what the fields said: the buffer's bytes lie inside the array.
                return offset >= 0 && offset + (long) b.remaining() * scale <= arrayBytes ? new Place(array, offset) : null;
            } catch (Throwable t) {
                return null;
            }
        }

        /** The {@code hb} of a read-only heap buffer, or of the heap ByteBuffer a view views. */
        private static Object heapArray(Buffer b) throws Throwable {
            for (int i = 0; i < TYPED.length; i++) {
                if (TYPED[i].isInstance(b)) {
                    Object hb = (Object) GET_OBJECT.invokeExact((Object) b, HB[i]);
                    if (hb != null) {
                        return hb;
                    }
                    long bb = BB.get(b.getClass());
                    if (bb < 0) {
                        return null;
                    }
                    Object viewed = (Object) GET_OBJECT.invokeExact((Object) b, bb);
                    return viewed == null ? null : (Object) GET_OBJECT.invokeExact(viewed, HB[0]);
                }
            }
            return null;
        }
    }
}

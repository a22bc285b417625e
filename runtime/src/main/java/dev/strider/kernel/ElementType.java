package dev.strider.kernel;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Locale;

/**
 * The element types of Strider buffers: each a Java primitive array, a NIO buffer of the type
 * ({@link #bufferClass()}), or memory that holds elements of the type without saying so (a
 * {@code ByteBuffer}, a {@code MemorySegment}).
 */
public enum ElementType {
    /** {@code double[]}. */
    DOUBLE(double[].class, DoubleBuffer.class, 8),
    /** {@code float[]}. */
    FLOAT(float[].class, FloatBuffer.class, 4),
    /** {@code long[]}. */
    LONG(long[].class, LongBuffer.class, 8),
    /** {@code int[]}; may be read as unsigned. */
    INT(int[].class, IntBuffer.class, 4),
    /** {@code short[]}; may be read as unsigned. */
    SHORT(short[].class, ShortBuffer.class, 2),
    /** {@code byte[]}; may be read as unsigned. */
    BYTE(byte[].class, ByteBuffer.class, 1);

    private final Class<?> arrayClass;
    private final Class<? extends Buffer> bufferClass;
    private final int bytes;

    ElementType(Class<?> arrayClass, Class<? extends Buffer> bufferClass, int bytes) {
        this.arrayClass = arrayClass;
        this.bufferClass = bufferClass;
        this.bytes = bytes;
    }

    /** The Java keyword: {@code "float"}. */
    public String javaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The array class of a buffer of this type: {@code float[].class}. */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /**
     * The NIO buffer class of this type, whose {@code get} and {@code put} read and write one
     * element: {@code FloatBuffer.class} ({@code ByteBuffer.class} for byte).
     */
    public Class<? extends Buffer> bufferClass() {
        return bufferClass;
    }

    /** Size of one element in bytes. */
    public int bytes() {
        return bytes;
    }

    /** True for byte, short and int: the types whose bits may be read as unsigned. */
    public boolean hasUnsignedReading() {
        return this == BYTE || this == SHORT || this == INT;
    }

    /** True for byte and short: the types whose bits may be written as unsigned (u8, u16). */
    public boolean hasUnsignedWriting() {
        return this == BYTE || this == SHORT;
    }

    /** True for double and float. */
    public boolean isFloatingPoint() {
        return this == DOUBLE || this == FLOAT;
    }

    /**
     * The element type of a primitive array of one of the six types.
     *
     * @throws NullPointerException     when {@code array} is null
     * @throws IllegalArgumentException when {@code array} is not one of the six array types
     */
    public static ElementType of(Object array) {
        if (array == null) {
            throw new NullPointerException("array");
        }
        for (ElementType t : values()) {
            if (t.arrayClass == array.getClass()) {
                return t;
            }
        }
        throw new IllegalArgumentException(array.getClass().getSimpleName()
                + " is not a Strider buffer: use double[], float[], long[], int[], short[] or byte[]");
    }

    /**
     * The type named by a Java keyword ({@code "float"}).
     *
     * @throws IllegalArgumentException listing the six names, when {@code name} is none of them
     */
    public static ElementType ofJavaName(String name) {
        for (ElementType t : values()) {
            if (t.javaName().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("\"" + name + "\" is not an element type: use double, float, long, int, short or byte");
    }

    int length(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }

    void readRow(Object src, int base, int[] along, int n, boolean unsigned, double[] row) {
        switch (this) {
            case DOUBLE: DoubleKernels.readRow((double[]) src, base, along, n, unsigned, row); break;
            case FLOAT: FloatKernels.readRow((float[]) src, base, along, n, unsigned, row); break;
            case LONG: LongKernels.readRow((long[]) src, base, along, n, unsigned, row); break;
            case INT: IntKernels.readRow((int[]) src, base, along, n, unsigned, row); break;
            case SHORT: ShortKernels.readRow((short[]) src, base, along, n, unsigned, row); break;
            case BYTE: ByteKernels.readRow((byte[]) src, base, along, n, unsigned, row); break;
            default: throw new AssertionError(this);
        }
    }

    void writeScaledRow(double[] row, Arithmetic arithmetic, double scale, double shift, boolean unsigned, Object dst,
                        int base, int[] along, int n) {
        switch (this) {
            case DOUBLE: DoubleKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (double[]) dst, base, along, n); break;
            case FLOAT: FloatKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (float[]) dst, base, along, n); break;
            case LONG: LongKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (long[]) dst, base, along, n); break;
            case INT: IntKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (int[]) dst, base, along, n); break;
            case SHORT: ShortKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (short[]) dst, base, along, n); break;
            case BYTE: ByteKernels.writeScaledRow(row, arithmetic, scale, shift, unsigned, (byte[]) dst, base, along, n); break;
            default: throw new AssertionError(this);
        }
    }

    void clearPadLanes(Object dst, dev.strider.layout.TensorLayout layout) {
        switch (this) {
            case DOUBLE: DoubleKernels.clearPadLanes((double[]) dst, layout); break;
            case FLOAT: FloatKernels.clearPadLanes((float[]) dst, layout); break;
            case LONG: LongKernels.clearPadLanes((long[]) dst, layout); break;
            case INT: IntKernels.clearPadLanes((int[]) dst, layout); break;
            case SHORT: ShortKernels.clearPadLanes((short[]) dst, layout); break;
            case BYTE: ByteKernels.clearPadLanes((byte[]) dst, layout); break;
            default: throw new AssertionError(this);
        }
    }
}

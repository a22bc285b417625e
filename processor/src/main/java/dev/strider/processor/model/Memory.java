package dev.strider.processor.model;

import dev.strider.kernel.ElementType;
import java.util.Locale;

/**
 * Where a kernel parameter's elements live, as its Java type says: a primitive value, an array,
 * a typed NIO buffer ({@code FloatBuffer}), a {@code ByteBuffer} holding elements of a declared
 * type, or a {@code MemorySegment}. The same plan renders to each; only loads, stores and checks
 * differ.
 */
public enum Memory {
    /** A primitive value ({@code float value}): not a tensor. */
    VALUE,
    /** {@code float[]}. */
    ARRAY,
    /** {@code FloatBuffer} and the other typed buffers, direct or heap; element 0 at the position. */
    BUFFER,
    /** {@code ByteBuffer} holding elements of the type {@code @Elements} names; element 0 at the position. */
    BYTE_BUFFER,
    /** {@code java.lang.foreign.MemorySegment}, native or heap, in native byte order; element 0 at offset 0. */
    SEGMENT;

    /** The package of the FFM API. */
    public static final String FOREIGN_PACKAGE = "java.lang.foreign";

    /** True for the three kinds of memory outside a Java array of the element type. */
    public boolean offHeap() {
        return this == BUFFER || this == BYTE_BUFFER || this == SEGMENT;
    }

    /** True for the two NIO buffer kinds. */
    public boolean buffer() {
        return this == BUFFER || this == BYTE_BUFFER;
    }

    /** The package of the parameter's type: {@code java.nio}, {@code java.lang.foreign}, or null (primitives and arrays). */
    public String packageName() {
        return buffer() ? "java.nio" : this == SEGMENT ? FOREIGN_PACKAGE : null;
    }

    /** The simple name of the parameter's type: {@code float}, {@code float[]}, {@code FloatBuffer}, {@code MemorySegment}. */
    public String typeName(ElementType type) {
        return switch (this) {
            case VALUE -> type.javaName();
            case ARRAY -> type.javaName() + "[]";
            case BUFFER -> bufferName(type);
            case BYTE_BUFFER -> "ByteBuffer";
            case SEGMENT -> "MemorySegment";
        };
    }

    /** {@code FloatBuffer}: the typed buffer of {@code type} ({@code ByteBuffer} for bytes). */
    public static String bufferName(ElementType type) {
        String name = type.javaName();
        return Character.toUpperCase(name.charAt(0)) + name.substring(1).toLowerCase(Locale.ROOT) + "Buffer";
    }
}

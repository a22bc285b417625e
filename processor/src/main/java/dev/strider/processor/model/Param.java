package dev.strider.processor.model;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;

/**
 * A parameter of a kernel method: its name, element type and where its elements live
 * ({@code float[] src}, {@code FloatBuffer src}, {@code @Elements(float.class) MemorySegment dst},
 * or {@code float value}).
 *
 * @param name     the name the generated code uses
 * @param memory   an array, a buffer, a segment, or {@link Memory#VALUE} for a scalar
 * @param declared the name the user declared, which messages quote (the same unless the generated
 *                 code renamed the parameter)
 * @param narrow   the narrow format its integer elements hold ({@code @Elements(Bf16.class)} on
 *                 a {@code short[]}, {@code @Elements(F8E4m3.class)} on a {@code byte[]},
 *                 {@code @Elements(S4.class)} two to a byte), or null for elements that are what
 *                 their Java type says
 */
public record Param(String name, ElementType type, Memory memory, String declared, NarrowFormat narrow) {

    public Param {
        if (narrow != null && type != narrow.storage()) {
            throw new IllegalArgumentException(narrow.label() + " elements sit in " + narrow.storage().javaName()
                    + " storage, not " + type.javaName());
        }
    }

    public Param(String name, ElementType type, Memory memory) {
        this(name, type, memory, name, null);
    }

    public Param(String name, ElementType type, Memory memory, String declared) {
        this(name, type, memory, declared, null);
    }

    /** The same parameter holding {@code format} numbers in its integer storage. */
    public Param holding(NarrowFormat format) {
        return new Param(name, type, memory, declared, format);
    }

    /** True when its elements are bf16, f16, f8, s4, u4 or f4 numbers. */
    public boolean isNarrow() {
        return narrow != null;
    }

    /**
     * What one element is, as messages and Javadoc say it: {@code float}, {@code bf16 (short)}.
     */
    public String numberName() {
        return narrow == null ? type.javaName() : narrow.label() + " (" + type.javaName() + ")";
    }

    /**
     * True when it holds 4-bit elements two to a byte ({@code @Elements(S4.class) byte[]}): read and
     * written one element at a time, each write keeping the other half of its byte, so never by two
     * threads at once, and in no vector.
     */
    public boolean packed() {
        return narrow != null && narrow.packed();
    }

    /** The type its numbers compute as: float for the narrow formats (exact), else its own. */
    public ElementType arithmeticType() {
        return narrow != null ? ElementType.FLOAT : type;
    }

    /** True when both hold the same kind of number: the same type, and the same narrow format or none. */
    public boolean sameNumbers(Param other) {
        return type == other.type && narrow == other.narrow;
    }

    public static Param array(String name, ElementType type) {
        return new Param(name, type, Memory.ARRAY);
    }

    public static Param scalar(String name, ElementType type) {
        return new Param(name, type, Memory.VALUE);
    }

    /** True for a tensor operand (array, buffer or segment), false for a scalar value. */
    public boolean tensor() {
        return memory != Memory.VALUE;
    }

    /** True for a buffer or a segment. */
    public boolean offHeap() {
        return memory.offHeap();
    }

    /** The simple name of the Java type: {@code float[]}, {@code FloatBuffer}, {@code MemorySegment}. */
    public String javaType() {
        return memory.typeName(type);
    }

    /** The same parameter under another name in generated code; messages still quote {@link #declared}. */
    public Param renamed(String newName) {
        return new Param(newName, type, memory, declared, narrow);
    }

    /** The same parameter in other memory, for tests and for the off-heap twin of an array method. */
    public Param in(Memory other) {
        return new Param(name, type, other, declared, narrow);
    }
}

package dev.strider.processor.model;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.Half;

/**
 * A parameter of a kernel method: its name, element type and where its elements live
 * ({@code float[] src}, {@code FloatBuffer src}, {@code @Elements(float.class) MemorySegment dst},
 * or {@code float value}).
 *
 * @param name     the name the generated code uses
 * @param memory   an array, a buffer, a segment, or {@link Memory#VALUE} for a scalar
 * @param declared the name the user declared, which messages quote (the same unless the generated
 *                 code renamed the parameter)
 * @param half     the 16-bit float format its {@code short} elements hold ({@code @Elements(Bf16.class)}),
 *                 or null for elements that are what their Java type says
 */
public record Param(String name, ElementType type, Memory memory, String declared, Half half) {

    public Param {
        if (half != null && type != ElementType.SHORT) {
            throw new IllegalArgumentException(half.label() + " elements sit in short storage, not " + type.javaName());
        }
    }

    public Param(String name, ElementType type, Memory memory) {
        this(name, type, memory, name, null);
    }

    public Param(String name, ElementType type, Memory memory, String declared) {
        this(name, type, memory, declared, null);
    }

    /** The same parameter holding {@code format} numbers in its {@code short} storage. */
    public Param holding(Half format) {
        return new Param(name, type, memory, declared, format);
    }

    /** True when its elements are bf16 or f16 numbers. */
    public boolean isHalf() {
        return half != null;
    }

    /**
     * What one element is, as messages and Javadoc say it: {@code float}, {@code bf16 (short)}.
     */
    public String numberName() {
        return half == null ? type.javaName() : half.label() + " (short)";
    }

    /** The type its numbers compute as: float for bf16 and f16 (exact), else its own. */
    public ElementType arithmeticType() {
        return half != null ? ElementType.FLOAT : type;
    }

    /** True when both hold the same kind of number: the same type, and the same 16-bit float format or none. */
    public boolean sameNumbers(Param other) {
        return type == other.type && half == other.half;
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
        return new Param(newName, type, memory, declared, half);
    }

    /** The same parameter in other memory, for tests and for the off-heap twin of an array method. */
    public Param in(Memory other) {
        return new Param(name, type, other, declared, half);
    }
}

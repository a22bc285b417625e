package dev.strider.processor.model;

import dev.strider.kernel.ElementType;

/**
 * A parameter of a kernel method: its name, element type and where its elements live
 * ({@code float[] src}, {@code FloatBuffer src}, {@code @Elements(float.class) MemorySegment dst},
 * or {@code float value}).
 *
 * @param name     the name the generated code uses
 * @param memory   an array, a buffer, a segment, or {@link Memory#VALUE} for a scalar
 * @param declared the name the user declared, which messages quote (the same unless the generated
 *                 code renamed the parameter)
 */
public record Param(String name, ElementType type, Memory memory, String declared) {

    public Param(String name, ElementType type, Memory memory) {
        this(name, type, memory, name);
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
        return new Param(newName, type, memory, declared);
    }

    /** The same parameter in other memory, for tests and for the off-heap twin of an array method. */
    public Param in(Memory other) {
        return new Param(name, type, other, declared);
    }
}

package dev.strider;

/**
 * bf16, oneDNN's {@code dnnl_bf16}: the upper 16 bits of an f32 (8 exponent bits, 7 fraction
 * bits), held in a {@code short}. Named by {@link Elements}, never instantiated:
 * {@code @Elements(Bf16.class) short[] weights} (or a {@code ShortBuffer}, {@code ByteBuffer} or
 * {@code MemorySegment}). A reorder to or from bf16 converts through f32 as oneDNN's does
 * ({@link dev.strider.kernel.HalfFloats}).
 */
public final class Bf16 {

    private Bf16() {
    }
}

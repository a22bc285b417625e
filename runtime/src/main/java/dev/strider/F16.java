package dev.strider;

/**
 * f16, IEEE 754 binary16 and oneDNN's {@code dnnl_f16} (5 exponent bits, 10 fraction bits), held
 * in a {@code short}. Named by {@link Elements}, never instantiated:
 * {@code @Elements(F16.class) short[] weights} (or a {@code ShortBuffer}, {@code ByteBuffer} or
 * {@code MemorySegment}). A reorder to or from f16 converts through f32 as oneDNN's does
 * ({@link dev.strider.kernel.HalfFloats}).
 */
public final class F16 {

    private F16() {
    }
}

package dev.strider;

/**
 * f8 e5m2, oneDNN's {@code dnnl_f8_e5m2}: 5 exponent bits, 2 fraction bits (bias 15), with infinities and NaNs like f16's upper byte; held in a {@code byte}. Named by {@link Elements}, never
 * instantiated: {@code @Elements(F8E5m2.class) byte[] weights} (or a {@code ByteBuffer} or
 * {@code MemorySegment}). A reorder to or from it converts through f32 as oneDNN v3.11's does
 * ({@link dev.strider.kernel.Float8s}).
 */
public final class F8E5m2 {

    private F8E5m2() {
    }
}

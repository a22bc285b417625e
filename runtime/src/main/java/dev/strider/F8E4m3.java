package dev.strider;

/**
 * f8 e4m3, oneDNN's {@code dnnl_f8_e4m3}: 4 exponent bits, 3 fraction bits (bias 7), no infinities, {@code S.1111.111} its only NaN, 448 its largest value; held in a {@code byte}. Named by {@link Elements}, never
 * instantiated: {@code @Elements(F8E4m3.class) byte[] weights} (or a {@code ByteBuffer} or
 * {@code MemorySegment}). A reorder to or from it converts through f32 as oneDNN v3.11's does
 * ({@link dev.strider.kernel.Float8s}).
 */
public final class F8E4m3 {

    private F8E4m3() {
    }
}

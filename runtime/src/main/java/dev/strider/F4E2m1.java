package dev.strider;

/**
 * f4 e2m1, oneDNN's {@code dnnl_f4_e2m1}: sign, 2 exponent bits, 1 fraction bit; the magnitudes 0, 0.5, 1, 1.5, 2, 3, 4 and 6, no infinities and no NaN. Two of them share a byte, element {@code 2k} in its low four bits and {@code 2k + 1} in its
 * high four, as oneDNN packs them; a layout's offsets and sizes count elements, so a tensor of
 * {@code n} elements takes {@code (n + 1) / 2} bytes. Named by {@link Elements}, never
 * instantiated: {@code @Elements(F4E2m1.class) byte[] weights} (or a {@code ByteBuffer} or {@code MemorySegment}). From f32 it takes the nearest magnitude, ties to the even code, saturating at 6; infinities and NaN give ±6 ({@link dev.strider.kernel.Float4s}, a port of oneDNN v3.11's).
 */
public final class F4E2m1 {

    private F4E2m1() {
    }
}

package dev.strider;

/**
 * f4 e3m0, oneDNN's {@code dnnl_f4_e3m0}: sign and 3 exponent bits; the magnitudes 0, 0.25, 0.5, 1, 2, 4, 8 and 16, no infinities and no NaN. Two of them share a byte, element {@code 2k} in its low four bits and {@code 2k + 1} in its
 * high four, as oneDNN packs them; a layout's offsets and sizes count elements, so a tensor of
 * {@code n} elements takes {@code (n + 1) / 2} bytes. Named by {@link Elements}, never
 * instantiated: {@code @Elements(F4E3m0.class) byte[] weights} (or a {@code ByteBuffer} or {@code MemorySegment}). From f32 it takes the nearest magnitude, ties to the even code, saturating at 16; infinities and NaN give ±16 ({@link dev.strider.kernel.Float4s}, a port of oneDNN v3.11's).
 */
public final class F4E3m0 {

    private F4E3m0() {
    }
}

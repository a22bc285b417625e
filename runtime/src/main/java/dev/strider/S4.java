package dev.strider;

/**
 * s4, oneDNN's {@code dnnl_s4}: a 4-bit two's complement integer, -8 to 7. Two of them share a byte, element {@code 2k} in its low four bits and {@code 2k + 1} in its
 * high four, as oneDNN packs them; a layout's offsets and sizes count elements, so a tensor of
 * {@code n} elements takes {@code (n + 1) / 2} bytes. Named by {@link Elements}, never
 * instantiated: {@code @Elements(S4.class) byte[] weights} (or a {@code ByteBuffer} or {@code MemorySegment}). A reorder into it computes in f32 as into s8, then saturates to [-8, 7] and rounds half to even; NaN gives 0 ({@link dev.strider.kernel.Int4s}).
 */
public final class S4 {

    private S4() {
    }
}

package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Target;
import java.nio.ByteBuffer;

/**
 * Reorders to and from the 16-bit floats, each checked bit for bit against oneDNN's reorder of the
 * same data types and formats ({@code HalfFloatOracleTest}): f32 to bf16 and f16 and back, through
 * plain, nhwc and blocked formats (pad lanes included), bf16 and f16 to and from the integer types
 * with scales, and one whose destination is native memory.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface HalfOps {

    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12})
    interface Planar {}

    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12}, format = "nhwc")
    interface Interleaved {}

    /** 17 channels pad to 32. */
    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12}, format = "nChw16c")
    interface Blocked {}

    @Reorder(from = Planar.class, to = Planar.class)
    void toBf16(float[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = Planar.class, to = Blocked.class)
    void toBf16Blocked(float[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = Blocked.class, to = Planar.class)
    void fromBf16Blocked(@Elements(Bf16.class) short[] src, float[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class)
    void toF16Nhwc(float[] src, @Elements(F16.class) short[] dst);

    @Reorder(from = Interleaved.class, to = Planar.class)
    void fromF16Nhwc(@Elements(F16.class) short[] src, float[] dst);

    @Reorder(from = Planar.class, to = Blocked.class, scale = 0.25)
    void quarterToF16Blocked(float[] src, @Elements(F16.class) java.nio.ShortBuffer dst);

    @Reorder(from = Planar.class, to = Interleaved.class, scale = 64, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void bf16ToBytes(@Elements(Bf16.class) short[] src, byte[] dst);

    @Reorder(from = Planar.class, to = Planar.class, scale = 100, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void f16ToUnsignedBytes(@Elements(F16.class) short[] src, byte[] dst);

    @Reorder(from = Planar.class, to = Blocked.class, scale = 0.5)
    void bytesToBf16Blocked(byte[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = Interleaved.class, to = Planar.class, scale = 0.001)
    void thousandthToF16(float[] src, @Elements(F16.class) ByteBuffer dst);

    @Reorder(from = Planar.class, to = Blocked.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void f16ToBytesBlocked(@Elements(F16.class) short[] src, byte[] dst);

    /** A plain copy of bf16 bits: the vector classes move it in vectors. */
    @Reorder(from = Planar.class, to = Blocked.class)
    void bf16Blocked(@Elements(Bf16.class) short[] src, @Elements(Bf16.class) short[] dst);
}

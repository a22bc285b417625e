package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.Kernels;
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

    // the layouts of ConversionOps: Planar, Interleaved (nhwc) and Blocked (nChw16c, 17 channels padded to 32)

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class)
    void toBf16(float[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void toBf16Blocked(float[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Planar.class)
    void fromBf16Blocked(@Elements(Bf16.class) short[] src, float[] dst);

    /** bf16 nchw widened into f32 nChw16c: 17 channels, so a tail block of one real row. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void bf16ToF32Blocked(@Elements(Bf16.class) short[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class)
    void bf16ToF32Nhwc(@Elements(Bf16.class) short[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class)
    void toF16Nhwc(float[] src, @Elements(F16.class) short[] dst);

    /** f16 nchw widened into f32 nChw16c: each transposed row widened in int lanes as it is stored. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void f16ToF32Blocked(@Elements(F16.class) short[] src, float[] dst);

    /** f16 widened into f32 in place, in contiguous vectors. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class)
    void f16ToF32(@Elements(F16.class) short[] src, float[] dst);

    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Planar.class)
    void fromF16Nhwc(@Elements(F16.class) short[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, scale = 0.25)
    void quarterToF16Blocked(float[] src, @Elements(F16.class) java.nio.ShortBuffer dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, scale = 64, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void bf16ToBytes(@Elements(Bf16.class) short[] src, byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, scale = 100, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void f16ToUnsignedBytes(@Elements(F16.class) short[] src, byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, scale = 0.5)
    void bytesToBf16Blocked(byte[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Planar.class, scale = 0.001)
    void thousandthToF16(float[] src, @Elements(F16.class) ByteBuffer dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void f16ToBytesBlocked(@Elements(F16.class) short[] src, byte[] dst);

    /** A plain copy of bf16 bits: the vector classes move it in vectors. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void bf16Blocked(@Elements(Bf16.class) short[] src, @Elements(Bf16.class) short[] dst);
}

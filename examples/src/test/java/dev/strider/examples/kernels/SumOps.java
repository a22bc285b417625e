package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Target;

/**
 * Reorders with oneDNN's sum post-op ({@code dst = reorder(src) + sum * dst}), each checked bit for
 * bit against oneDNN's reorder of the same types, formats, scale and sum ({@code SumOracleTest}), on
 * {@link ConversionOps}' layouts.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface SumOps {

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, scale = 0.5, sum = 1)
    void halveOntoBlocked(float[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, sum = 0.5)
    void halfOfOldNhwc(float[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, scale = 3, sum = 1,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsOntoBytes(float[] src, byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, scale = 0.25, sum = -1.75)
    void bytesOntoFloats(byte[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, sum = 0.5, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsOntoUnsignedBytes(float[] src, byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, sum = 1,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void intsOntoInts(int[] src, int[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, sum = 1)
    void floatsOntoBf16(float[] src, @Elements(Bf16.class) short[] dst);
}

package dev.strider.examples.kernels;

import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Target;
import dev.strider.Unary;
import dev.strider.UnaryKind;

/**
 * Conversions where Strider's arithmetic once differed from oneDNN's reorder, checked bit for bit
 * against it (OneDnnOracleTest): a scale without a shift keeps -0.0, f32 and scaled s32 saturate
 * to an int at 2147483520 (the largest float below 2^31) and NaN gives -2^31, scaled ints compute
 * in f32. Each is declared in the layouts where oneDNN picks different kernels: plain to plain
 * (its direct copy), nchw to nhwc (its generic jit reorder) and to the blocked nChw16c.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface ConversionOps {

    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12})
    interface Planar {}

    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12}, format = "nhwc")
    interface Interleaved {}

    /** 17 channels pad to 32. */
    @Layout(dims = "NCHW", sizes = {1, 17, 12, 12}, format = "nChw16c")
    interface Blocked {}

    @Reorder(from = Planar.class, to = Planar.class, scale = 0.5)
    void halveFloats(float[] src, float[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class, scale = 0.5)
    void halveFloatsToNhwc(float[] src, float[] dst);

    @Reorder(from = Planar.class, to = Blocked.class, scale = 0.5)
    void halveFloatsToBlocked(float[] src, float[] dst);

    @Reorder(from = Planar.class, to = Planar.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsToInts(float[] src, int[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsToIntsNhwc(float[] src, int[] dst);

    @Reorder(from = Planar.class, to = Blocked.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsToIntsBlocked(float[] src, int[] dst);

    @Reorder(from = Planar.class, to = Planar.class, scale = 3, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void tripleInts(int[] src, int[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class, scale = 0.3, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void scaleIntsToNhwc(int[] src, int[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void floatsToBytesNhwc(float[] src, byte[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class, scale = 0.5)
    void halveIntsToFloats(int[] src, float[] dst);

    /** The unary is the conversion of a type to itself: oneDNN's f32 to f32 reorder with a scale. */
    @Unary(op = UnaryKind.SCALE_SHIFT, in = Planar.class, out = Planar.class, scale = 0.5)
    void halveFloatsUnary(float[] src, float[] dst);

    /** oneDNN's s32 to s32 reorder with a scale. */
    @Unary(op = UnaryKind.SCALE_SHIFT, in = Planar.class, out = Planar.class, scale = 3)
    void tripleIntsUnary(int[] src, int[] dst);
}

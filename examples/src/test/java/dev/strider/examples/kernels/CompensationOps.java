package dev.strider.examples.kernels;

import dev.strider.Compensation;
import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Scale;
import dev.strider.Side;
import dev.strider.Target;
import dev.strider.ZeroPoint;
import java.nio.ByteBuffer;

/**
 * Reorders into s8 convolution weights that write oneDNN's compensations besides them
 * ({@code --oflag=s8s8_comp}, {@code zp_comp}). Checked on every class against the generic kernel,
 * and the generic kernel against oneDNN's reorder ({@code CompensationTest}).
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface CompensationOps {

    /** Weights O=20 (a partial block of 16), I=6 (a partial block of 16). */
    @Layout(dims = "OIHW", sizes = {20, 6, 3, 3})
    interface Oihw {}

    @Layout(dims = "OIHW", sizes = {20, 6, 3, 3}, format = "OIhw4i16o4i")
    interface OIhw4i16o4i {}

    /** Grouped weights: 2 groups of O=20, I=6. */
    @Layout(dims = "GOIHW", sizes = {2, 20, 6, 3, 3})
    interface Goihw {}

    @Layout(dims = "GOIHW", sizes = {2, 20, 6, 3, 3}, format = "gOIhw4i16o4i")
    interface GOIhw4i16o4i {}

    /** Weights large enough for THREADS to split (147,456 elements). */
    @Layout(dims = "OIHW", sizes = {256, 64, 3, 3})
    interface BigOihw {}

    @Layout(dims = "OIHW", sizes = {256, 64, 3, 3}, format = "OIhw16i16o")
    interface BigOIhw16i16o {}

    /** benchdnn's plain s8 case: {@code abcd} to {@code cdba}. */
    @Layout(dims = "ABCD", sizes = {5, 3, 3, 3})
    interface Abcd {}

    @Layout(dims = "ABCD", sizes = {5, 3, 3, 3}, format = "cdba")
    interface Cdba {}

    /** Four weights in a line: small enough that a compensation could be the source's own array. */
    @Layout(dims = "A", sizes = {4})
    interface Line {}

    /** Plain s8 weights whose compensation sums runs of 27 (A per row of BCD): a loop, not written out. */
    @Layout(dims = "ABCD", sizes = {5, 3, 3, 3}, format = "abcd")
    interface AbcdAgain {}

    /** f32 weights quantized with a scale per O, both compensations per O. */
    @Reorder(from = Oihw.class, to = OIhw4i16o4i.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void weights(float[] src, byte[] dst, @Scale(value = Side.SRC, per = "O") float[] scales,
                 @Compensation(value = Compensation.Kind.S8S8, per = "O") int[] s8s8,
                 @Compensation(value = Compensation.Kind.ZERO_POINT, per = "O") int[] zeroPoint);

    /** Grouped weights with a compile-time scale, the s8s8 compensation per group and O (oneDNN's mask 3). */
    @Reorder(from = Goihw.class, to = GOIhw4i16o4i.class, scale = 0.5, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void grouped(float[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = "GO") int[] s8s8);

    /** A reorder THREADS splits, then compensates once every chunk is done. */
    @Reorder(from = BigOihw.class, to = BigOIhw16i16o.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void big(float[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = "O") int[] s8s8,
             @Compensation(value = Compensation.Kind.ZERO_POINT, per = "O") int[] zeroPoint);

    /** s8 to s8 with a source zero point, the zero-point compensation per A. */
    @Reorder(from = Abcd.class, to = Cdba.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void plain(byte[] src, byte[] dst, @ZeroPoint(Side.SRC) int zeroPoint,
               @Compensation(value = Compensation.Kind.ZERO_POINT, per = "A") int[] compensation);

    /** s32 to s8: the compensation must not be the source's array. */
    @Reorder(from = Line.class, to = Line.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void ints(int[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = "A") int[] s8s8);

    /** s8 to s8 with zero points per A: the compensation must not be their array. */
    @Reorder(from = Line.class, to = Line.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void shifted(byte[] src, byte[] dst, @ZeroPoint(value = Side.SRC, per = "A") int[] zeroPoints,
                 @Compensation(value = Compensation.Kind.ZERO_POINT, per = "A") int[] compensation);

    /** s8 to s8, plain: each compensation value sums a run of 27 weights. */
    @Reorder(from = Abcd.class, to = AbcdAgain.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void rows(byte[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = "A") int[] s8s8);

    /** The weights into a byte buffer (from its position), the compensation into an array. */
    @Reorder(from = Oihw.class, to = OIhw4i16o4i.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void toBuffer(float[] src, @Elements(byte.class) ByteBuffer dst,
                  @Compensation(value = Compensation.Kind.S8S8, per = "O") int[] s8s8);
}

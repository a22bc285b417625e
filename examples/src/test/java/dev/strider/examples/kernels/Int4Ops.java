package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.F4E2m1;
import dev.strider.F4E3m0;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.S4;
import dev.strider.Scale;
import dev.strider.Side;
import dev.strider.Target;
import dev.strider.U4;
import dev.strider.ZeroPoint;
import java.nio.ByteBuffer;

/**
 * Reorders to and from oneDNN's 4-bit types, s4, u4, f4 e2m1 and f4 e3m0, packed two to a byte,
 * each checked bit for bit against oneDNN's reorder of the same data types and formats
 * ({@code Int4OracleTest}) where oneDNN has one: f32 into each through interleaved and blocked
 * formats, each back to f32, s4 and u4 to the 16-bit floats, s4 and u4 with a scale and zero point given at
 * call time, and one destination in a direct buffer. oneDNN reorders 4-bit data only between dense
 * tensors, so the blocked layouts here have no pad lanes; the u4 transpose and the padded
 * destination, which it has no reorder for, are checked against the generic kernel.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface Int4Ops {

    @Layout(dims = "NCHW", sizes = {1, 32, 5, 7})
    interface Planar {}

    @Layout(dims = "NCHW", sizes = {1, 32, 5, 7}, format = "nhwc")
    interface Interleaved {}

    /** 32 channels in two blocks of 16: dense. */
    @Layout(dims = "NCHW", sizes = {1, 32, 5, 7}, format = "nChw16c")
    interface Blocked {}

    @Layout(dims = "AB", sizes = {15, 16})
    interface Rows {}

    @Layout(dims = "AB", sizes = {15, 16}, format = "ba")
    interface Columns {}

    @Reorder(from = Planar.class, to = Interleaved.class)
    void toS4Nhwc(float[] src, @Elements(S4.class) byte[] dst);

    @Reorder(from = Planar.class, to = Blocked.class)
    void toU4Blocked(float[] src, @Elements(U4.class) byte[] dst);

    @Reorder(from = Interleaved.class, to = Planar.class)
    void toE2m1Nchw(float[] src, @Elements(F4E2m1.class) byte[] dst);

    @Reorder(from = Planar.class, to = Planar.class)
    void toE3m0(float[] src, @Elements(F4E3m0.class) byte[] dst);

    @Reorder(from = Interleaved.class, to = Planar.class)
    void fromS4Nhwc(@Elements(S4.class) byte[] src, float[] dst);

    @Reorder(from = Blocked.class, to = Blocked.class)
    void fromU4Blocked(@Elements(U4.class) byte[] src, float[] dst);

    @Reorder(from = Interleaved.class, to = Interleaved.class)
    void fromE2m1Nhwc(@Elements(F4E2m1.class) byte[] src, float[] dst);

    @Reorder(from = Planar.class, to = Planar.class)
    void fromE3m0(@Elements(F4E3m0.class) byte[] src, float[] dst);

    @Reorder(from = Planar.class, to = Planar.class)
    void s4ToBf16(@Elements(S4.class) byte[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = Interleaved.class, to = Interleaved.class)
    void u4ToF16(@Elements(U4.class) byte[] src, @Elements(F16.class) short[] dst);

    @Reorder(from = Planar.class, to = Planar.class)
    void dequantizeS4(@Elements(S4.class) byte[] src, float[] dst, @Scale(value = Side.SRC, per = "C") float[] scales,
                      @ZeroPoint(Side.SRC) int zeroPoint);

    @Reorder(from = Planar.class, to = Planar.class)
    void dequantizeU4PerChannel(@Elements(U4.class) byte[] src, float[] dst,
                                @Scale(value = Side.SRC, per = "C") float[] scales,
                                @ZeroPoint(value = Side.SRC, per = "C") int[] zeroPoints);

    /** 128 x 16 weights. */
    @Layout(dims = "AB", sizes = {128, 16})
    interface Weights {}

    /** u8 weights less s4 zero points, one per row and group of 16 columns (benchdnn's per_tensor:s4:1x16). */
    @Reorder(from = Weights.class, to = Weights.class, unsignedSource = true)
    void u8LessS4ZeroPoints(byte[] src, float[] dst,
                            @ZeroPoint(value = Side.SRC, per = "AB", groups = {1, 16}) @Elements(S4.class) byte[] zeroPoints);

    /** 64 x 128 weights, O by I. */
    @Layout(dims = "OI", sizes = {64, 128})
    interface Oi {}

    /** The README's example: s4 weights, a scale per O, s4 zero points per O and group of 32 I. */
    @Reorder(from = Oi.class, to = Oi.class)
    void decompress(@Elements(S4.class) byte[] weights, float[] dst, @Scale(value = Side.SRC, per = "O") float[] scales,
                    @ZeroPoint(value = Side.SRC, per = "OI", groups = {1, 32}) @Elements(S4.class) byte[] zeroPoints);

    @Reorder(from = Planar.class, to = Interleaved.class)
    void toS4Direct(float[] src, @Elements(S4.class) ByteBuffer dst);

    /** oneDNN has no u4 to u4 reorder; the generic kernel is the check. */
    @Reorder(from = Rows.class, to = Columns.class)
    void transposeU4(@Elements(U4.class) byte[] src, @Elements(U4.class) byte[] dst);

    /** 17 channels padded to 32: its pad lanes are zero nibbles. oneDNN has no reorder into it. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void toS4Padded(float[] src, @Elements(S4.class) byte[] dst);
}

package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Compensation;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.F8E4m3;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.S4;
import dev.strider.Scale;
import dev.strider.Side;
import dev.strider.Target;
import dev.strider.ZeroPoint;

/**
 * The reorders behind issue 20's speed goals, in one set so each pair runs in one class: u8 to f32
 * with a scale per channel given at call time against the same reorder with one constant scale,
 * and bf16 to f32 nchw to nChw16c against the f32 reorder of the same shape
 * ({@code bench.ConversionGoalsBenchmark}); what oneDNN's s8s8 compensation costs an int8 weight
 * reorder, the same reorder with and without it; and f32 quantized to u8 per channel, against
 * oneDNN's reorder of the same.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface QuantizedOps {

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56})
    interface Features {}

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56}, format = "nChw16c")
    interface Blocked {}

    /** u8 to f32 with one scale known at compile time. */
    @Reorder(from = Features.class, to = Features.class, unsignedSource = true, scale = 0.0078125)
    void dequantizeConstant(byte[] src, float[] dst);

    /** u8 to f32 with a scale per channel given at call time (oneDNN's per_dim_1 source scales). */
    @Reorder(from = Features.class, to = Features.class, unsignedSource = true)
    void dequantizePerChannel(byte[] src, float[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);

    /**
     * f32 activations to u8, a destination scale per channel and one zero point given at call time
     * (oneDNN's {@code dst:per_dim_1} scales and a common zero point): what a quantized network does
     * to its input.
     */
    @Reorder(from = Features.class, to = Features.class, unsignedDestination = true, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void quantizePerChannel(float[] src, byte[] dst, @Scale(value = Side.DST, per = "C") float[] scales,
                            @ZeroPoint(Side.DST) int zeroPoint);

    /**
     * f32 activations to u8 nChw16c with a compile-time scale and zero point (oneDNN's common source
     * scale and destination zero point): quantized into an int8 convolution's blocked layout.
     */
    @Reorder(from = Features.class, to = Blocked.class, unsignedDestination = true, scale = 0.05, shift = 128,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizeToBlocked(float[] src, byte[] dst);

    /** u8 nChw16c back to f32 nchw with a compile-time scale (oneDNN's common source scale): dequantized. */
    @Reorder(from = Blocked.class, to = Features.class, unsignedSource = true, scale = 0.05)
    void dequantizeFromBlocked(byte[] src, float[] dst);

    /** s32 accumulators to f32 with a source scale per channel given at call time: an int8 convolution's output. */
    @Reorder(from = Features.class, to = Features.class)
    void dequantizeAccumulators(int[] src, float[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);

    /** bf16 to f32, nchw to nChw16c. */
    @Reorder(from = Features.class, to = Blocked.class)
    void bf16ToBlocked(@Elements(Bf16.class) short[] src, float[] dst);

    /** f16 to f32, nchw to nChw16c: from Java 24 16x16 blocks of 16-bit lanes widened through a tile by the JDK. */
    @Reorder(from = Features.class, to = Blocked.class)
    void f16ToBlocked(@Elements(F16.class) short[] src, float[] dst);

    /** f8 e4m3 to f32, nchw to nChw16c: each row of codes decoded into floats as it is loaded. */
    @Reorder(from = Features.class, to = Blocked.class)
    void e4m3ToBlocked(@Elements(F8E4m3.class) byte[] src, float[] dst);

    /** f32 to f32, nchw to nChw16c: the reorder the bf16 and f8 ones are measured against. */
    @Reorder(from = Features.class, to = Blocked.class)
    void f32ToBlocked(float[] src, float[] dst);

    /** Convolution weights, 256 x 256 x 3 x 3 (589,824). */
    @Layout(dims = "OIHW", sizes = {256, 256, 3, 3})
    interface Weights {}

    @Layout(dims = "OIHW", sizes = {256, 256, 3, 3}, format = "OIhw16i16o")
    interface BlockedWeights {}

    /** f32 weights to s8 OIhw16i16o. */
    @Reorder(from = Weights.class, to = BlockedWeights.class, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void quantizeWeights(float[] src, byte[] dst);

    /**
     * f32 weights to s8 OIhw16i16o with a destination scale per output channel given at call time,
     * as int8 convolutions quantize their weights (oneDNN's mask 1 on O).
     */
    @Reorder(from = Weights.class, to = BlockedWeights.class, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void quantizeWeightsPerChannel(float[] src, byte[] dst, @Scale(value = Side.DST, per = "O") float[] scales);

    /** The same, writing oneDNN's s8s8 compensation per output channel besides the weights. */
    @Reorder(from = Weights.class, to = BlockedWeights.class, rounding = Rounding.HALF_EVEN,
            overflow = Overflow.SATURATE)
    void quantizeWeightsCompensated(float[] src, byte[] dst,
                                    @Compensation(value = Compensation.Kind.S8S8, per = "O") int[] compensation);

    /**
     * s4 weights, two to a byte, to f32 with a source scale per output channel and one zero point
     * given at call time: the weight decompression of 4-bit models.
     */
    @Reorder(from = Weights.class, to = Weights.class)
    void dequantizeS4Weights(@Elements(S4.class) byte[] src, float[] dst, @Scale(value = Side.SRC, per = "O") float[] scales,
                             @ZeroPoint(Side.SRC) int zeroPoint);

    /** f32 weights packed into s4, two to a byte, saturated and rounded as oneDNN does. */
    @Reorder(from = Weights.class, to = Weights.class)
    void packS4Weights(float[] src, @Elements(S4.class) byte[] dst);
}

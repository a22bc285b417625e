package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Scale;
import dev.strider.Side;
import dev.strider.Target;
import dev.strider.ZeroPoint;

/**
 * Reorders that take oneDNN's quantization parameters when they are called: scales and zero points
 * of the source and the destination, one value or one per index of some dims. Each is checked on
 * every class against the generic kernel ({@code QuantizedKernelsTest}) and against oneDNN's reorder
 * ({@code QuantizationOracleTest}).
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface QuantOps {

    /** Weights as a convolution holds them, O=20 (a partial block of 16), I=6. */
    @Layout(dims = "OIHW", sizes = {20, 6, 3, 3})
    interface Oihw {}

    @Layout(dims = "OIHW", sizes = {20, 6, 3, 3}, format = "OIhw16i16o")
    interface OIhw16i16o {}

    /** f32 weights into s8, per output channel: oneDNN's int8 weights. */
    @Reorder(from = Oihw.class, to = OIhw16i16o.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizeWeights(float[] weights, byte[] dst, @Scale(value = Side.DST, per = "O") float[] scales);

    /** u8 activations to f32, a zero point and a scale per channel. */
    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Planar.class, unsignedSource = true)
    void dequantize(byte[] src, float[] dst, @ZeroPoint(value = Side.SRC, per = "C") int[] zeroPoints,
                    @Scale(value = Side.SRC, per = "C") float[] scales);

    /** f32 to u8 with one scale and zero point, given at call time. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizeActivations(float[] src, byte[] dst, @Scale(Side.DST) float scale, @ZeroPoint(Side.DST) int zeroPoint);

    /** s8 to s8 requantized: source and destination scales per channel, both. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void requantize(byte[] src, byte[] dst, @Scale(value = Side.SRC, per = "C") float[] srcScales,
                    @Scale(value = Side.DST, per = "C") float[] dstScales);

    /** f32 to f32 with scales per (N, C) pair and per spatial position: oneDNN's per_dim_01 and more. */
    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Planar.class)
    void scaleByPlace(float[] src, float[] dst, @Scale(value = Side.SRC, per = "NC") float[] channelScales,
                      @Scale(value = Side.DST, per = "HW") float[] placeScales);

    /** f32 into bf16 with bf16 scales per channel and a compile-time sum. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, sum = 0.5)
    void scaleOntoBf16(float[] src, @Elements(Bf16.class) short[] dst,
                       @Elements(Bf16.class) @Scale(value = Side.SRC, per = "C") short[] scales);

    /** u8 planar activations to f32, a zero point and a scale per channel, in vectors: one of each per row. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, unsignedSource = true)
    void dequantizePlanar(byte[] src, float[] dst, @ZeroPoint(value = Side.SRC, per = "C") int[] zeroPoints,
                          @Scale(value = Side.SRC, per = "C") float[] scales, @Scale(Side.DST) float dstScale);

    /** f32 interleaved, scales per channel along the lanes (one vector of them per pixel). */
    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Interleaved.class)
    void scaleInterleaved(float[] src, float[] dst, @ZeroPoint(value = Side.SRC, per = "C") int[] zeroPoints,
                          @Scale(value = Side.DST, per = "C") float[] scales);

    /** bf16 to f64 with scales per channel: double arithmetic, the bf16 widened to double before the multiply. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class)
    void widenBf16(@Elements(Bf16.class) short[] src, double[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);

    /** f64 to f16 with scales per channel: computed in double, narrowed to float, then to f16. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class)
    void narrowToF16(double[] src, @Elements(F16.class) short[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);

    /** s8 weights to f32 with scales and s32 zero points in groups along O (oneDNN's decompression). */
    @Reorder(from = Oihw.class, to = OIhw16i16o.class)
    void decompress(byte[] weights, float[] dst,
                    @ZeroPoint(value = Side.SRC, per = "OI", groups = {4, 1}) int[] zeroPoints,
                    @Scale(value = Side.SRC, per = "OI", groups = {4, 3}) float[] scales);

    /** f32 to u8 planar, a destination scale per channel (one per row of vectors) and one zero point: in vectors. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizePlanar(float[] src, byte[] dst, @Scale(value = Side.DST, per = "C") float[] scales,
                        @ZeroPoint(Side.DST) int zeroPoint);

    /** f32 to s8 interleaved, a scale and a zero point per channel along the lanes: in vectors. */
    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Interleaved.class,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizeInterleaved(float[] src, byte[] dst, @Scale(value = Side.DST, per = "C") float[] scales,
                             @ZeroPoint(value = Side.DST, per = "C") int[] zeroPoints);

    /** s32 accumulators to s8, blocked: a source scale per channel and one destination scale, in vectors. */
    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Blocked.class,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void requantizeInts(int[] src, byte[] dst, @Scale(value = Side.SRC, per = "C") float[] srcScales,
                        @Scale(Side.DST) float dstScale);

    /** u8 to s8 planar, a source zero point and a scale per channel, in vectors. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class, unsignedSource = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void shiftToSigned(byte[] src, byte[] dst, @ZeroPoint(Side.SRC) int zeroPoint,
                       @Scale(value = Side.SRC, per = "C") float[] scales);

    /** s32 accumulators to f32, blocked, a source scale per channel along the lanes: in vectors (I2F). */
    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Blocked.class)
    void dequantizeInts(int[] src, float[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);

    /** s32 to s8 with s8 zero points per channel and a compile-time source scale. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, scale = 0.125,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void narrowInts(int[] src, byte[] dst, @ZeroPoint(value = Side.DST, per = "C") byte[] zeroPoints);
    /**
     * f32 nchw to u8 nChw16c, a scale and a zero point per channel given at call time: across the
     * lanes, each input row (one channel) read with its channel's values in VECTOR (256, 512 bits).
     */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void quantizeToBlockedPerChannel(float[] src, byte[] dst, @Scale(value = Side.DST, per = "C") float[] scales,
                                     @ZeroPoint(value = Side.DST, per = "C") int[] zeroPoints);

    /** u8 nChw16c to f32 nchw per channel: each input row (16 channels) with a vector of its channels' values. */
    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Planar.class, unsignedSource = true)
    void dequantizeFromBlockedPerChannel(byte[] src, float[] dst, @ZeroPoint(value = Side.SRC, per = "C") int[] zeroPoints,
                                         @Scale(value = Side.SRC, per = "C") float[] scales);

    /** s32 nchw to f32 nChw16c with a source scale per channel. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void dequantizeIntsToBlocked(int[] src, float[] dst, @Scale(value = Side.SRC, per = "C") float[] scales);
}

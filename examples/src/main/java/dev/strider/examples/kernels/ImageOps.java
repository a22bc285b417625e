package dev.strider.examples.kernels;

import dev.strider.Binary;
import dev.strider.Kernels;
import dev.strider.Target;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Slice;
import dev.strider.Unary;
import dev.strider.BinaryOp;
import dev.strider.UnaryKind;

/**
 * An image preprocessing kernel set, as a user would declare it: the processor generates
 * {@code ImageOps_Scalar}, {@code ImageOps_Vector128/256/512} and {@code ImageOps_Threads} with
 * every size and stride a literal, and {@code Strider.load(ImageOps.class)} picks one.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface ImageOps {

    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224})
    interface Planar {}

    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224}, format = "nhwc")
    interface Interleaved {}

    @Layout(dims = "NCHW", sizes = {1, 3, 160, 160})
    interface Crop160 {}

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56})
    interface Features {}

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56}, format = "nhwc")
    interface FeaturesNhwc {}

    /** 1x64x256x256: 16 MiB per buffer, beyond the L2 cache, where transposes are tiled. */
    @Layout(dims = "NCHW", sizes = {1, 64, 256, 256})
    interface Large {}

    @Layout(dims = "NCHW", sizes = {1, 64, 256, 256}, format = "nhwc")
    interface LargeNhwc {}

    @Layout(dims = "NCHW", sizes = {1, 64, 1, 1})
    interface ChannelVector {}

    /** 1x3x8x8: so small that the call, not the copy, is what a reorder costs. */
    @Layout(dims = "NCHW", sizes = {1, 3, 8, 8})
    interface Thumb {}

    @Layout(dims = "NCHW", sizes = {1, 3, 8, 8}, format = "nhwc")
    interface ThumbNhwc {}

    /** u8 NHWC pixels to f32 NCHW in [-1, 1]: (x / 127.5) - 1. */
    @Reorder(from = Interleaved.class, to = Planar.class, unsignedSource = true, scale = 1 / 127.5, shift = -1)
    void normalize(byte[] pixels, float[] planar);

    /**
     * f32 NCHW to u8 NHWC, as oneDNN's f32 to u8 reorder: each value rounded half to even and
     * saturated to [0, 255], stored as the low 8 bits of a byte.
     */
    @Reorder(from = Planar.class, to = Interleaved.class, unsignedDestination = true,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void toPixels(float[] planar, byte[] pixels);

    @Reorder(from = Interleaved.class, to = Planar.class)
    void toPlanar(float[] src, float[] dst);

    @Reorder(from = Planar.class, to = Interleaved.class)
    void toInterleaved(float[] src, float[] dst);

    @Reorder(from = Features.class, to = FeaturesNhwc.class)
    void featuresToNhwc(float[] src, float[] dst);

    @Reorder(from = FeaturesNhwc.class, to = Features.class)
    void featuresToNchw(float[] src, float[] dst);

    @Reorder(from = Large.class, to = LargeNhwc.class)
    void largeToNhwc(float[] src, float[] dst);

    @Reorder(from = LargeNhwc.class, to = Large.class)
    void largeToNchw(float[] src, float[] dst);

    @Reorder(from = Thumb.class, to = ThumbNhwc.class)
    void thumbToNhwc(float[] src, float[] dst);

    /** Mirror each row: a SLICE1 window over the whole image with W stride -1. */
    @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 224, 224}, strides = {1, 1, 1, -1})
    void flip(float[] src, float[] dst);

    /** The central 160x160 pixels. */
    @Slice(from = Planar.class, offsets = {0, 0, 32, 32}, sizes = {1, 3, 160, 160}, strides = {1, 1, 1, 1},
            to = Crop160.class)
    void centerCrop(float[] src, float[] dst);

    /** out[n,c,h,w] = x[n,c,h,w] + bias[c]: the bias is broadcast over H and W. */
    @Binary(op = BinaryOp.ADD, a = Features.class, b = ChannelVector.class, out = Features.class)
    void addBias(float[] x, float[] bias, float[] out);

    @Unary(op = UnaryKind.RELU, in = Features.class, out = Features.class)
    void relu(float[] in, float[] out);
}

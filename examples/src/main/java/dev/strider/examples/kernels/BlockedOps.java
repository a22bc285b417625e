package dev.strider.examples.kernels;

import dev.strider.Kernels;
import dev.strider.Target;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.Unary;
import dev.strider.UnaryKind;

/**
 * Reorders to and from oneDNN's nChw16c, with and without a channel tail, to nChw8c, of weights
 * to OIhw16i16o, and an op on blocked data.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface BlockedOps {

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56})
    interface Plain64 {}

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56}, format = "nChw16c")
    interface Blocked64 {}

    @Layout(dims = "NCHW", sizes = {1, 17, 56, 56})
    interface Plain17 {}

    /** 17 channels pad to 32: the lanes 17..31 of the second block hold zeros. */
    @Layout(dims = "NCHW", sizes = {1, 17, 56, 56}, format = "nChw16c")
    interface Blocked17 {}

    @Layout(dims = "NCHW", sizes = {1, 17, 5, 4})
    interface TinyPlain {}

    @Layout(dims = "NCHW", sizes = {1, 17, 5, 4}, format = "nChw8c")
    interface TinyBlocked {}

    /** 64 channels in blocks of 8 (AVX2's natural block): no pad lanes. */
    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56}, format = "nChw8c")
    interface Blocked8 {}

    /** Convolution weights, 64 output by 64 input channels, 3x3, as a framework stores them. */
    @Layout(dims = "OIHW", sizes = {64, 64, 3, 3})
    interface PlainWeights {}

    /** The same weights as oneDNN's AVX-512 convolutions read them: 16x16 (i, o) tiles, o innermost. */
    @Layout(dims = "OIHW", sizes = {64, 64, 3, 3}, format = "OIhw16i16o")
    interface BlockedWeights {}

    @Reorder(from = Plain64.class, to = Blocked64.class)
    void toBlocked64(float[] src, float[] dst);

    @Reorder(from = Blocked64.class, to = Plain64.class)
    void fromBlocked64(float[] src, float[] dst);

    @Reorder(from = Plain17.class, to = Blocked17.class)
    void toBlocked17(float[] src, float[] dst);

    @Reorder(from = Blocked17.class, to = Plain17.class)
    void fromBlocked17(float[] src, float[] dst);

    @Reorder(from = TinyPlain.class, to = TinyBlocked.class)
    void toTinyBlocked(float[] src, float[] dst);

    @Reorder(from = Plain64.class, to = Blocked8.class)
    void toBlocked8(float[] src, float[] dst);

    @Reorder(from = PlainWeights.class, to = BlockedWeights.class)
    void toBlockedWeights(float[] src, float[] dst);

    /** relu on blocked data: pad lanes stay zero. */
    @Unary(op = UnaryKind.RELU, in = Blocked17.class, out = Blocked17.class)
    void relu(float[] in, float[] out);

    /** x * 2 + 1 on blocked data: f(0) = 1, yet pad lanes stay zero. */
    @Unary(op = UnaryKind.SCALE_SHIFT, scale = 2, shift = 1, in = Blocked17.class, out = Blocked17.class)
    void doublePlusOne(float[] in, float[] out);
}

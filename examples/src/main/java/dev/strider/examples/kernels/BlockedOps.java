package dev.strider.examples.kernels;

import dev.strider.Kernels;
import dev.strider.Target;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.Unary;
import dev.strider.UnaryKind;

/** Reorders to and from oneDNN's nChw16c, with and without a channel tail, and an op on blocked data. */
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

    /** relu on blocked data: pad lanes stay zero. */
    @Unary(op = UnaryKind.RELU, in = Blocked17.class, out = Blocked17.class)
    void relu(float[] in, float[] out);

    /** x * 2 + 1 on blocked data: f(0) = 1, yet pad lanes stay zero. */
    @Unary(op = UnaryKind.SCALE_SHIFT, scale = 2, shift = 1, in = Blocked17.class, out = Blocked17.class)
    void doublePlusOne(float[] in, float[] out);
}

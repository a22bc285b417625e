package dev.strider.examples.kernels;

import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Overflow;
import dev.strider.Reorder;
import dev.strider.Rounding;
import dev.strider.Slice;
import dev.strider.Target;

/**
 * The kernels of the demo ({@code java -jar strider-examples.jar}): one 224x224 RGB picture from
 * pixels to normalized floats, to oneDNN's blocked {@code nChw16c} and back, cropped and flipped
 * by DirectML slices, and back to pixels. Every size and stride is fixed here, so the processor
 * bakes them into {@code PipelineOps_Scalar}, {@code _Vector128/256/512} and {@code _Threads}.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface PipelineOps {

    /** The picture as the demo computes on it: one image, 3 channels (R, G, B), 224x224. */
    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224})
    interface Planar {}

    /** The same picture as pixels: R, G, B of one pixel side by side, rows top to bottom. */
    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224}, format = "nhwc")
    interface Pixels {}

    /** oneDNN's nChw16c: the 3 channels pad to one block of 16; lanes 3..15 of every pixel hold zeros. */
    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224}, format = "nChw16c")
    interface Blocked {}

    @Layout(dims = "NCHW", sizes = {1, 3, 160, 160})
    interface Crop {}

    @Layout(dims = "NCHW", sizes = {1, 3, 160, 160}, format = "nhwc")
    interface CropPixels {}

    /** u8 pixels to floats in [-1, 1]: x / 127.5 - 1. */
    @Reorder(from = Pixels.class, to = Planar.class, unsignedSource = true, scale = 1 / 127.5, shift = -1)
    void normalize(byte[] pixels, float[] planar);

    @Reorder(from = Planar.class, to = Blocked.class)
    void toBlocked(float[] planar, float[] blocked);

    @Reorder(from = Blocked.class, to = Planar.class)
    void fromBlocked(float[] blocked, float[] planar);

    /** The central 160x160 pixels. */
    @Slice(from = Planar.class, offsets = {0, 0, 32, 32}, sizes = {1, 3, 160, 160}, strides = {1, 1, 1, 1},
            to = Crop.class)
    void centerCrop(float[] planar, float[] crop);

    /** A horizontal mirror: the whole picture with W stride -1. */
    @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 224, 224}, strides = {1, 1, 1, -1})
    void mirror(float[] planar, float[] mirrored);

    /** A vertical flip: the whole picture with H stride -1. */
    @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 224, 224}, strides = {1, 1, -1, 1})
    void upsideDown(float[] planar, float[] flipped);

    /**
     * Floats in [-1, 1] back to u8 pixels: {@code x * 127.5 + 127.5} rounded half to even and
     * saturated to [0, 255], as oneDNN's reorder to u8 does, stored as the low 8 bits of each
     * byte (read a pixel back with {@code b & 0xFF}). -1 gives 0, 1 gives 255; beyond [-1, 1]
     * saturates.
     */
    @Reorder(from = Planar.class, to = Pixels.class, unsignedDestination = true, scale = 127.5, shift = 127.5,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void toPixels(float[] planar, byte[] pixels);

    /** {@link #toPixels} for the 160x160 crop. */
    @Reorder(from = Crop.class, to = CropPixels.class, unsignedDestination = true, scale = 127.5, shift = 127.5,
            rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
    void cropToPixels(float[] crop, byte[] pixels);
}

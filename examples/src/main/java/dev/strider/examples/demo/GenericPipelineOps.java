package dev.strider.examples.demo;

import dev.strider.examples.kernels.PipelineOps;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;

/**
 * {@link PipelineOps} computed by the generic run-time-stride kernels: the oracle every generated
 * class is checked against, and the baseline of the timing. The layouts and windows are the ones
 * {@code PipelineOps} declares, built again from the same numbers with the runtime's model.
 */
final class GenericPipelineOps implements PipelineOps {

    static final int SIZE = 224;
    static final int CROP_SIZE = 160;
    static final int CROP_OFFSET = (SIZE - CROP_SIZE) / 2;

    static final TensorLayout PIXELS = TensorLayout.of("NCHW", new int[] {1, 3, SIZE, SIZE}, "nhwc");
    static final TensorLayout PLANAR = TensorLayout.packed("NCHW", 1, 3, SIZE, SIZE);
    static final TensorLayout BLOCKED = TensorLayout.of("NCHW", new int[] {1, 3, SIZE, SIZE}, "nChw16c");
    static final TensorLayout CROP = TensorLayout.packed("NCHW", 1, 3, CROP_SIZE, CROP_SIZE);
    static final TensorLayout CROP_PIXELS = TensorLayout.of("NCHW", new int[] {1, 3, CROP_SIZE, CROP_SIZE}, "nhwc");

    static final SliceWindow CENTER_CROP = window(new int[] {0, 0, CROP_OFFSET, CROP_OFFSET},
            new int[] {1, 3, CROP_SIZE, CROP_SIZE}, new int[] {1, 1, 1, 1});
    static final SliceWindow MIRROR = window(new int[4], PLANAR.sizes(), new int[] {1, 1, 1, -1});
    static final SliceWindow UPSIDE_DOWN = window(new int[4], PLANAR.sizes(), new int[] {1, 1, -1, 1});

    /** {@code x / 127.5 - 1}: pixels 0..255 to [-1, 1]. */
    static final double NORMALIZE_SCALE = 1 / 127.5;
    static final double NORMALIZE_SHIFT = -1;
    /** {@code x * 127.5 + 127.5} into an unsigned byte: [-1, 1] to pixels 0..255 (see {@link PipelineOps#toPixels}). */
    static final double PIXEL_SCALE = 127.5;
    static final double PIXEL_SHIFT = 127.5;

    private static SliceWindow window(int[] offsets, int[] sizes, int[] strides) {
        return SliceWindow.of(PLANAR, offsets, sizes, strides);
    }

    @Override
    public void normalize(byte[] pixels, float[] planar) {
        Convert.reorder(pixels, PIXELS, true, planar, PLANAR, NORMALIZE_SCALE, NORMALIZE_SHIFT);
    }

    @Override
    public void toBlocked(float[] planar, float[] blocked) {
        FloatKernels.reorder(planar, PLANAR, blocked, BLOCKED);
    }

    @Override
    public void fromBlocked(float[] blocked, float[] planar) {
        FloatKernels.reorder(blocked, BLOCKED, planar, PLANAR);
    }

    @Override
    public void centerCrop(float[] planar, float[] crop) {
        FloatKernels.slice(planar, PLANAR, CENTER_CROP, crop, CROP);
    }

    @Override
    public void mirror(float[] planar, float[] mirrored) {
        FloatKernels.slice(planar, PLANAR, MIRROR, mirrored, PLANAR);
    }

    @Override
    public void upsideDown(float[] planar, float[] flipped) {
        FloatKernels.slice(planar, PLANAR, UPSIDE_DOWN, flipped, PLANAR);
    }

    @Override
    public void toPixels(float[] planar, byte[] pixels) {
        Convert.reorder(planar, PLANAR, false, pixels, PIXELS, true, PIXEL_SCALE, PIXEL_SHIFT);
    }

    @Override
    public void cropToPixels(float[] crop, byte[] pixels) {
        Convert.reorder(crop, CROP, false, pixels, CROP_PIXELS, true, PIXEL_SCALE, PIXEL_SHIFT);
    }
}

package dev.strider.examples.demo;

import static dev.strider.examples.demo.GenericPipelineOps.BLOCKED;
import static dev.strider.examples.demo.GenericPipelineOps.CROP;
import static dev.strider.examples.demo.GenericPipelineOps.CROP_PIXELS;
import static dev.strider.examples.demo.GenericPipelineOps.PIXELS;
import static dev.strider.examples.demo.GenericPipelineOps.PLANAR;

import dev.strider.examples.kernels.PipelineOps;
import java.util.Arrays;

/**
 * One picture through {@link PipelineOps}: the buffers of one run, and the steps that fill them,
 * in order. {@link #run} takes any implementation (a generated class or the generic oracle) and
 * hands every kernel call to a {@link Calls}, which may report progress, time it, or just run it.
 *
 * <p>Every output starts as garbage (NaN, or the byte {@value #GARBAGE_BYTE}), as a reused
 * buffer would, so that an element a kernel fails to write shows up when two runs are compared.
 */
final class Pipeline {

    static final byte GARBAGE_BYTE = 0x5a;

    /** The kernel calls of a run, in order; the name says which method of PipelineOps reads which buffer. */
    enum Step {
        NORMALIZE("normalize(pixels)", "u8 NHWC -> f32 NCHW, x / 127.5 - 1"),
        TO_BLOCKED("toBlocked(planar)", "f32 NCHW -> nChw16c, 3 channels padded to 16"),
        FROM_BLOCKED("fromBlocked(blocked)", "nChw16c -> f32 NCHW"),
        CENTER_CROP("centerCrop(restored)", "slice: the central 160x160"),
        MIRROR("mirror(restored)", "slice with W stride -1: a horizontal mirror"),
        UPSIDE_DOWN("upsideDown(restored)", "slice with H stride -1: a vertical flip"),
        TO_PIXELS("toPixels(restored)", "f32 NCHW -> u8 NHWC, x * 127.5 + 127.5"),
        CROP_TO_PIXELS("cropToPixels(crop)", "the same for the 160x160 crop"),
        MIRROR_TO_PIXELS("toPixels(mirrored)", "the same for the mirror"),
        UPSIDE_DOWN_TO_PIXELS("toPixels(upsideDown)", "the same for the vertical flip");

        final String call;
        final String what;

        Step(String call, String what) {
            this.call = call;
            this.what = what;
        }
    }

    /** What a run does with each kernel call: {@code kernel.run()} at the least. */
    interface Calls {
        void call(Step step, Runnable kernel);
    }

    final byte[] pixels;
    final float[] planar = floats(PLANAR.bufferSize());
    final float[] blocked = floats(BLOCKED.bufferSize());
    final float[] restored = floats(PLANAR.bufferSize());
    final float[] crop = floats(CROP.bufferSize());
    final float[] mirrored = floats(PLANAR.bufferSize());
    final float[] upsideDown = floats(PLANAR.bufferSize());
    final byte[] restoredPixels = bytes(PIXELS.bufferSize());
    final byte[] cropPixels = bytes(CROP_PIXELS.bufferSize());
    final byte[] mirroredPixels = bytes(PIXELS.bufferSize());
    final byte[] upsideDownPixels = bytes(PIXELS.bufferSize());

    /** @param pixels the 224x224 picture as u8 NHWC, R, G, B (read only) */
    Pipeline(byte[] pixels) {
        if (pixels.length != PIXELS.bufferSize()) {
            throw new IllegalArgumentException(pixels.length + " bytes of pixels, not " + PIXELS.bufferSize());
        }
        this.pixels = pixels;
    }

    void run(PipelineOps ops, Calls calls) {
        calls.call(Step.NORMALIZE, () -> ops.normalize(pixels, planar));
        calls.call(Step.TO_BLOCKED, () -> ops.toBlocked(planar, blocked));
        calls.call(Step.FROM_BLOCKED, () -> ops.fromBlocked(blocked, restored));
        calls.call(Step.CENTER_CROP, () -> ops.centerCrop(restored, crop));
        calls.call(Step.MIRROR, () -> ops.mirror(restored, mirrored));
        calls.call(Step.UPSIDE_DOWN, () -> ops.upsideDown(restored, upsideDown));
        calls.call(Step.TO_PIXELS, () -> ops.toPixels(restored, restoredPixels));
        calls.call(Step.CROP_TO_PIXELS, () -> ops.cropToPixels(crop, cropPixels));
        calls.call(Step.MIRROR_TO_PIXELS, () -> ops.toPixels(mirrored, mirroredPixels));
        calls.call(Step.UPSIDE_DOWN_TO_PIXELS, () -> ops.toPixels(upsideDown, upsideDownPixels));
    }

    /** The buffer {@code step} writes: a float[] or a byte[]. */
    Object output(Step step) {
        switch (step) {
            case NORMALIZE: return planar;
            case TO_BLOCKED: return blocked;
            case FROM_BLOCKED: return restored;
            case CENTER_CROP: return crop;
            case MIRROR: return mirrored;
            case UPSIDE_DOWN: return upsideDown;
            case TO_PIXELS: return restoredPixels;
            case CROP_TO_PIXELS: return cropPixels;
            case MIRROR_TO_PIXELS: return mirroredPixels;
            case UPSIDE_DOWN_TO_PIXELS: return upsideDownPixels;
            default: throw new AssertionError(step);
        }
    }

    /**
     * What {@code step}'s output must satisfy beyond agreeing with the oracle, checked after it ran:
     * null when it holds (or there is nothing to check), else what is wrong.
     */
    String problem(Step step) {
        switch (step) {
            case TO_BLOCKED: return padLaneProblem();
            case FROM_BLOCKED: return Arrays.equals(planar, restored) ? null
                    : "the round trip changed element " + Arrays.mismatch(planar, restored);
            default: return null;
        }
    }

    /** What {@link #problem} checked for {@code step} when it holds, else null. */
    static String promise(Step step) {
        switch (step) {
            case TO_BLOCKED: return padLaneCount() + " pad lanes, all 0";
            case FROM_BLOCKED: return "the round trip is exact";
            default: return null;
        }
    }

    /** Lanes 3..15 of every pixel of nChw16c are pad lanes: every kernel writing it must zero them. */
    private String padLaneProblem() {
        int[] padded = BLOCKED.paddedSizes();
        for (int c = BLOCKED.size(1); c < padded[1]; c++) {
            for (int h = 0; h < padded[2]; h++) {
                for (int w = 0; w < padded[3]; w++) {
                    int offset = BLOCKED.paddedOffsetOf(0, c, h, w);
                    if (Float.floatToRawIntBits(blocked[offset]) != 0) {
                        return "pad lane " + c + " of pixel (" + h + ", " + w + ") at index " + offset + " is "
                                + blocked[offset] + ", not 0";
                    }
                }
            }
        }
        return null;
    }

    private static long padLaneCount() {
        return BLOCKED.paddedElementCount() - BLOCKED.elementCount();
    }

    private static float[] floats(int n) {
        float[] a = new float[n];
        Arrays.fill(a, Float.NaN);
        return a;
    }

    private static byte[] bytes(int n) {
        byte[] a = new byte[n];
        Arrays.fill(a, GARBAGE_BYTE);
        return a;
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.Target;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The demo's generated PipelineOps against hand-computed values and against the generic kernels. */
@ParameterizedClass
@EnumSource(Target.class)
class PipelineOpsTest {

    private static final int HW = 224 * 224;
    private static final int[] IMAGE = {1, 3, 224, 224};
    private static final int[] CROP = {1, 3, 160, 160};
    private static final TensorLayout PLANAR = TensorLayout.packed("NCHW", IMAGE);
    private static final TensorLayout PIXELS = TensorLayout.of("NCHW", IMAGE, "nhwc");
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", IMAGE, "nChw16c");

    @Parameter
    Target target;

    private PipelineOps ops;

    @BeforeEach
    void load() {
        ops = Forced.load(PipelineOps.class, target);
    }

    private final Random random = new Random(11);

    @Test
    void normalizeMapsUnsignedPixelsOntoMinusOneToOne() {
        byte[] pixels = new byte[3 * HW];
        pixels[0] = (byte) 255;           // h0 w0 R
        pixels[3 * 225 + 1] = (byte) 200; // h1 w1 G
        float[] planar = new float[3 * HW];
        ops.normalize(pixels, planar);
        assertEquals(1f, planar[0], 1e-6f);
        assertEquals(-1f, planar[2 * HW + 225]);
        assertEquals(200 / 127.5f - 1, planar[HW + 225], 1e-6f);

        random.nextBytes(pixels);
        float[] expected = new float[3 * HW];
        Convert.reorder(pixels, PIXELS, true, expected, PLANAR, 1 / 127.5, -1);
        ops.normalize(pixels, planar);
        assertArrayEquals(expected, planar);
    }

    @Test
    void threeChannelsPadToOneBlockOfSixteenWithZeros() {
        float[] planar = randomFloats(3 * HW);
        float[] blocked = new float[16 * HW];
        Arrays.fill(blocked, Float.NaN); // whatever was there before
        ops.toBlocked(planar, blocked);
        for (int hw = 0; hw < HW; hw += 97) {
            for (int c = 0; c < 3; c++) {
                assertEquals(planar[c * HW + hw], blocked[hw * 16 + c]);
            }
            for (int lane = 3; lane < 16; lane++) {
                assertEquals(0f, blocked[hw * 16 + lane], "pad lane " + lane + " of pixel " + hw);
            }
        }
        float[] expected = new float[16 * HW];
        FloatKernels.reorder(planar, PLANAR, expected, BLOCKED);
        assertArrayEquals(expected, blocked);

        float[] back = new float[3 * HW];
        ops.fromBlocked(blocked, back);
        assertArrayEquals(planar, back);
    }

    @Test
    void centerCropTakesTheMiddle() {
        float[] planar = indices(3 * HW);
        float[] crop = new float[3 * 160 * 160];
        ops.centerCrop(planar, crop);
        assertEquals(32 * 224 + 32, crop[0]);
        assertEquals(HW + (32 + 5) * 224 + 32 + 7, crop[25600 + 5 * 160 + 7]); // c1 h5 w7
        float[] expected = new float[crop.length];
        SliceWindow window = SliceWindow.of(PLANAR, new int[] {0, 0, 32, 32}, CROP, new int[] {1, 1, 1, 1});
        FloatKernels.slice(planar, PLANAR, window, expected, window.packedOutput());
        assertArrayEquals(expected, crop);
    }

    @Test
    void mirrorReversesRowsAndUpsideDownReversesColumns() {
        float[] planar = indices(3 * HW);
        float[] mirrored = new float[3 * HW];
        float[] flipped = new float[3 * HW];
        ops.mirror(planar, mirrored);
        ops.upsideDown(planar, flipped);
        for (int c = 0; c < 3; c++) {
            for (int h = 0; h < 224; h += 37) {
                for (int w = 0; w < 224; w++) {
                    int at = c * HW + h * 224 + w;
                    assertEquals(c * HW + h * 224 + 223 - w, mirrored[at]);
                    assertEquals(c * HW + (223 - h) * 224 + w, flipped[at]);
                }
            }
        }
        float[] expected = new float[3 * HW];
        SliceWindow mirror = SliceWindow.of(PLANAR, new int[4], IMAGE, new int[] {1, 1, 1, -1});
        FloatKernels.slice(planar, PLANAR, mirror, expected, PLANAR);
        assertArrayEquals(expected, mirrored);
        SliceWindow upsideDown = SliceWindow.of(PLANAR, new int[4], IMAGE, new int[] {1, 1, -1, 1});
        FloatKernels.slice(planar, PLANAR, upsideDown, expected, PLANAR);
        assertArrayEquals(expected, flipped);
    }

    @Test
    void toPixelsWritesUnsignedBytesRoundedHalfEvenAndSaturated() {
        float[] planar = new float[3 * HW];
        float[] values = {-1f, 1f, 0f, -0f, 0.25f, -0.5f, -2f, 2f, Float.NaN};
        int[] expectedPixels = {0, 255, 128, 128, 159, 64, 0, 255, 0};
        // x * 127.5 + 127.5: 0 gives 127.5, a tie, rounded to the even 128 (truncation would give 127);
        // 0.25 gives 159.375; -0.5 gives 63.75; beyond [-1, 1] saturates to 0 or 255; NaN gives 0
        for (int i = 0; i < values.length; i++) {
            planar[HW + i] = values[i]; // G of pixels 0..8
        }
        byte[] pixels = new byte[3 * HW];
        ops.toPixels(planar, pixels);
        for (int i = 0; i < values.length; i++) {
            assertEquals(expectedPixels[i], pixels[3 * i + 1] & 0xFF, "G of pixel " + i + " from " + values[i]);
        }

        planar = randomFloats(3 * HW);
        ops.toPixels(planar, pixels);
        byte[] expected = new byte[3 * HW];
        Convert.reorder(planar, PLANAR, false, expected, PIXELS, true, 127.5, 127.5);
        assertArrayEquals(expected, pixels);

        float[] crop = randomFloats(3 * 160 * 160);
        byte[] cropPixels = new byte[crop.length];
        ops.cropToPixels(crop, cropPixels);
        expected = new byte[crop.length];
        Convert.reorder(crop, TensorLayout.packed("NCHW", CROP), false, expected, TensorLayout.of("NCHW", CROP, "nhwc"),
                true, 127.5, 127.5);
        assertArrayEquals(expected, cropPixels);
    }

    @Test
    void pixelsSurviveTheWholeRoundTrip() {
        byte[] pixels = new byte[3 * HW];
        random.nextBytes(pixels);
        float[] planar = new float[3 * HW];
        float[] blocked = new float[16 * HW];
        float[] restored = new float[3 * HW];
        byte[] back = new byte[3 * HW];
        ops.normalize(pixels, planar);
        ops.toBlocked(planar, blocked);
        ops.fromBlocked(blocked, restored);
        ops.toPixels(restored, back);
        assertArrayEquals(pixels, back); // u8 in, u8 out: every pixel 0..255 comes back
    }

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextFloat() * 2.2f - 1.1f; // a little beyond [-1, 1]: toPixels saturates
        }
        return v;
    }

    private static float[] indices(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return v;
    }
}

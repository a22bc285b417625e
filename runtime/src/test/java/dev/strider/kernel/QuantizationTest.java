package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Side;
import dev.strider.kernel.Quantization.Parameter;
import dev.strider.layout.TensorLayout;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generic kernel's quantization parameters against values worked out by hand: which value of a
 * per-dim parameter each element takes (through a transposing and a blocked layout), the order of
 * the steps, the inverse of a destination scale, -0.0 against a zero point, and every bad argument
 * refused before anything is written.
 */
class QuantizationTest {

    private static final TensorLayout NCHW = TensorLayout.of("NCHW", new int[] {1, 3, 2, 2}, "nchw");
    private static final TensorLayout NHWC = TensorLayout.of("NCHW", new int[] {1, 3, 2, 2}, "nhwc");
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", new int[] {1, 3, 2, 2}, "nChw4c");

    private static float[] ramp(int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i + 1;
        }
        return x;
    }

    private static void reorder(Object src, TensorLayout from, Object dst, TensorLayout to, boolean unsignedDst,
                                Parameter... ps) {
        Convert.reorder(src, from, null, false, dst, to, null, unsignedDst, 1, 0, 0, List.of(ps));
    }

    @Test
    void perChannelScaleFollowsTheChannelThroughATranspose() {
        float[] src = ramp(12); // nchw: c = i / 4
        float[] dst = new float[12];
        reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.SRC, "C", 0.5f, 2f, 4f));
        // nhwc offset of (c, h, w) is (h * 2 + w) * 3 + c; its value src[c * 4 + h * 2 + w] * scale[c]
        float[] expected = {1 * 0.5f, 5 * 2f, 9 * 4f, 2 * 0.5f, 6 * 2f, 10 * 4f, 3 * 0.5f, 7 * 2f, 11 * 4f,
            4 * 0.5f, 8 * 2f, 12 * 4f};
        assertArrayEquals(expected, dst);
    }

    @Test
    void aBf16ToBf16ReorderWithScalesScalesRatherThanCopies() {
        // the same 16-bit format on both sides with nothing compile-time is a bit copy, unless
        // scales come at call time (found by the conformance run: bf16 -> bf16 with src:per_dim_1)
        short[] src = new short[12];
        for (int i = 0; i < 12; i++) {
            src[i] = HalfFloats.floatToBf16(i + 1);
        }
        short[] dst = new short[12];
        Convert.reorder(src, NCHW, NarrowFormat.BF16, false, dst, NHWC, NarrowFormat.BF16, false, 1, 0, 0,
                List.of(Parameter.scales(Side.SRC, "C", 0.5f, 2f, 4f)));
        for (int c = 0; c < 3; c++) {
            for (int hw = 0; hw < 4; hw++) {
                assertEquals((c * 4 + hw + 1) * new float[] {0.5f, 2f, 4f}[c], HalfFloats.bf16ToFloat(dst[hw * 3 + c]));
            }
        }
    }

    @Test
    void perSpatialScalesIndexRowMajorAndPadLanesStayZero() {
        float[] src = ramp(12);
        float[] dst = new float[16];
        Arrays.fill(dst, Float.NaN);
        // per = "HW": value h * 2 + w
        reorder(src, NCHW, dst, BLOCKED, false, Parameter.scales(Side.SRC, "HW", 1f, 10f, 100f, 1000f));
        // nChw4c: offset (h * 2 + w) * 4 + c, lane 3 padding
        float[] expected = {1, 5, 9, 0, 20, 60, 100, 0, 300, 700, 1100, 0, 4000, 8000, 12000, 0};
        assertArrayEquals(expected, dst);
    }

    @Test
    void groupsShareAValueAmongConsecutiveIndices() {
        // per "CW" in groups {3, 2} on 1x3x2x2: one value for all channels, one per pair of columns:
        // a single value, and the 2-wide W as one group
        float[] src = ramp(12);
        float[] dst = new float[12];
        Convert.reorder(src, NCHW, null, false, dst, NCHW, null, false, 1, 0, 0, List.of(
                new Parameter(Quantization.Kind.SCALE, Side.SRC, "CW", new float[] {10f}, null, new int[] {3, 2})));
        for (int i = 0; i < 12; i++) {
            assertEquals((i + 1) * 10f, dst[i]);
        }
        // per "HW" in groups {1, 2}: one value per row h, shared by its two columns
        Convert.reorder(src, NCHW, null, false, dst, NHWC, null, false, 1, 0, 0, List.of(
                new Parameter(Quantization.Kind.SCALE, Side.SRC, "HW", new float[] {1f, 100f}, null, new int[] {1, 2})));
        // nhwc offset (h * 2 + w) * 3 + c holds src[c * 4 + h * 2 + w] * (h == 0 ? 1 : 100)
        float[] expected = {1, 5, 9, 2, 6, 10, 300, 700, 1100, 400, 800, 1200};
        assertArrayEquals(expected, dst);
        assertRefused("per = \"HW\": a group of 3 along W does not divide its size 2", () -> Convert.reorder(src, NCHW,
                null, false, dst, NHWC, null, false, 1, 0, 0, List.of(new Parameter(Quantization.Kind.SCALE,
                        Side.SRC, "HW", new float[] {1f, 1f}, null, new int[] {1, 3}))));
        assertRefused("per = \"HW\": 1 group size for the 2 dims of per = \"HW\"; give one per dim, or none",
                () -> Convert.reorder(src, NCHW, null, false, dst, NHWC, null, false, 1, 0, 0, List.of(
                        new Parameter(Quantization.Kind.SCALE, Side.SRC, "HW", new float[] {1f}, null, new int[] {2}))));
        assertRefused("src scales has 4 values but takes 2: one per index of H=2, W=2 in groups of 2 (per = \"HW\")",
                () -> Convert.reorder(src, NCHW, null, false, dst, NHWC, null, false, 1, 0, 0, List.of(
                        new Parameter(Quantization.Kind.SCALE, Side.SRC, "HW", new float[4], null, new int[] {1, 2}))));
    }

    @Test
    void zeroPointsAndScalesRunInOneDnnsOrder() {
        // u8 source 200, src zero point 128, src scale 0.5, dst scale 4 (times 0.25), dst zero point -3:
        // ((200 - 128) * 0.5) * 0.25 - 3 = 6; s8 destination
        byte[] src = new byte[12];
        Arrays.fill(src, (byte) 200);
        byte[] dst = new byte[12];
        Convert.reorder(src, NCHW, null, true, dst, NHWC, null, false, 1, 0, 0, List.of(
                Parameter.zeroPoints(Side.SRC, "C", 128, 100, 0),
                Parameter.scales(Side.SRC, "", 0.5f),
                Parameter.scales(Side.DST, "", 4f),
                Parameter.zeroPoints(Side.DST, "", -3)));
        // channel 0: 6; channel 1: ((200 - 100) * 0.5) * 0.25 - 3 = 9.5 -> 10 (half to even);
        // channel 2: (200 * 0.5) * 0.25 - 3 = 22
        for (int k = 0; k < 12; k += 3) {
            assertEquals(6, dst[k]);
            assertEquals(10, dst[k + 1]);
            assertEquals(22, dst[k + 2]);
        }
    }

    @Test
    void theSumComesBeforeTheDestinationScale() {
        // src 2 times the source scale 3, plus 0.5 times the old 4, times the inverse of the
        // destination scale 2: (2 * 3 + 0.5 * 4) * 0.5 = 4
        float[] src = new float[12];
        Arrays.fill(src, 2f);
        float[] dst = new float[12];
        Arrays.fill(dst, 4f);
        Convert.reorder(src, NCHW, null, false, dst, NCHW, null, false, 1, 0, 0.5, List.of(
                Parameter.scales(Side.SRC, "C", 3f, 3f, 3f), Parameter.scales(Side.DST, "", 2f)));
        for (float v : dst) {
            assertEquals(4f, v);
        }
    }

    @Test
    void aDestinationScaleMultipliesByItsFloatInverse() {
        // a float x whose x * (1f / 3f) differs from x / 3f
        float x = 0;
        for (int i = 1; i < 1000; i++) {
            if (i * (1f / 3f) != i / 3f) {
                x = i;
                break;
            }
        }
        assertNotEquals(0, x);
        float[] src = new float[12];
        Arrays.fill(src, x);
        float[] dst = new float[12];
        reorder(src, NCHW, dst, NCHW, false, Parameter.scales(Side.DST, "C", 3f, 3f, 3f));
        assertEquals(x * (1f / 3f), dst[0]);
    }

    @Test
    void aZeroPointOfZeroStillAddsButAScaleOfOneLeavesNegativeZero() {
        float[] src = new float[12];
        Arrays.fill(src, -0f);
        float[] dst = new float[12];
        reorder(src, NCHW, dst, NCHW, false, Parameter.scales(Side.SRC, "", 1f));
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(dst[5]));
        reorder(src, NCHW, dst, NCHW, false, Parameter.zeroPoints(Side.DST, "", 0));
        assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(dst[5]));
    }

    @Test
    void bf16ScalesAreReadAsTheFloatsTheyStandFor() {
        float[] src = ramp(12);
        float[] dst = new float[12];
        short[] scales = {HalfFloats.floatToBf16(0.5f), HalfFloats.floatToBf16(3f), HalfFloats.floatToBf16(-2f)};
        Convert.reorder(src, NCHW, null, false, dst, NCHW, null, false, 1, 0, 0,
                List.of(new Parameter(Quantization.Kind.SCALE, Side.SRC, "C", scales, NarrowFormat.BF16)));
        assertEquals(0.5f, dst[0]);
        assertEquals(15f, dst[4]);
        assertEquals(-18f, dst[8]);
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsWritten() {
        float[] src = ramp(12);
        float[] dst = new float[12];
        Arrays.fill(dst, 7f);
        assertRefused("src scales has 2 values but takes 3: one per index of C=3 (per = \"C\")",
                () -> reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.SRC, "C", 1f, 2f)));
        assertRefused("dst scales[1] is 0; a destination scale divides, so it must not be 0",
                () -> reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.DST, "C", 1f, 0f, 2f)));
        assertRefused("src scales[0] is NaN; a scale must be finite",
                () -> reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.SRC, "C", Float.NaN, 1f, 1f)));
        assertRefused("per = \"X\": 'X' is not one of the dims NCHW",
                () -> reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.SRC, "X", 1f)));
        assertRefused("per = \"WH\": the dims must be named in the layouts' order, NCHW",
                () -> reorder(src, NCHW, dst, NHWC, false, Parameter.scales(Side.SRC, "WH", 1f, 1f, 1f, 1f)));
        assertRefused("src scales are given twice", () -> reorder(src, NCHW, dst, NHWC, false,
                Parameter.scales(Side.SRC, "", 1f), Parameter.scales(Side.SRC, "", 2f)));
        assertRefused("the source scale is given twice: scale = 2.0 and src scales; the compile-time scale is the"
                + " source's", () -> Convert.reorder(src, NCHW, null, false, dst, NHWC, null, false, 2, 0, 0,
                List.of(Parameter.scales(Side.SRC, "", 1f))));
        IllegalArgumentException sum = assertThrows(IllegalArgumentException.class, () -> Convert.reorder(src, NCHW,
                null, false, dst, NHWC, null, false, 1, 0, 1, List.of(Parameter.zeroPoints(Side.SRC, "", 1))));
        assertTrue(sum.getMessage().startsWith("a zero point cannot go with the sum post-op"), sum.getMessage());
        for (float v : dst) {
            assertEquals(7f, v);
        }
    }

    private static void assertRefused(String message, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertEquals(message, e.getMessage());
    }
}

package dev.strider.examples.onednn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The oneDNN wrapper against values worked out by hand from oneDNN's format documentation, and
 * its errors. Needs the native library: a machine where it cannot load fails here, with the reason.
 */
class OneDnnReorderTest {

    @BeforeAll
    static void nativeLibraryLoads() {
        OneDnn.load();
    }

    @Test
    void nchwToNChw8cPlacesChannelsInBlocksAndZeroesThePadLanes() {
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 1, 17, 5, 4),
                MemorySpec.tagged(DataType.F32, "nChw8c", 1, 17, 5, 4))) {
            assertEquals(340, r.sourceElements());
            assertEquals(480, r.destinationElements()); // 17 channels padded to 24
            float[] src = new float[340];
            for (int i = 0; i < src.length; i++) {
                src[i] = i + 1;
            }
            r.copyIn(src);
            r.execute();
            float[] dst = new float[480];
            r.copyOut(dst);
            // (n0, c16, h2, w3): block 2, lane 0 -> 2*160 + 2*32 + 3*8 + 0 = 408; source 16*20 + 2*4 + 3 = 331
            assertEquals(332f, dst[408]);
            // (c1, h0, w0): block 0, lane 1 -> 1; source 1*20 = 20
            assertEquals(21f, dst[1]);
            for (int hw = 0; hw < 20; hw++) {
                for (int lane = 1; lane < 8; lane++) {
                    assertEquals(0f, dst[2 * 160 + hw * 8 + lane], "pad lane " + lane + " at hw " + hw);
                }
            }
        }
    }

    @Test
    void aSourceScaleConvertsUnsignedBytes() {
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.U8, "nhwc", 1, 2, 1, 2),
                MemorySpec.tagged(DataType.F32, "nchw", 1, 2, 1, 2), 0.5f)) {
            r.copyIn(new byte[] {10, (byte) 200, 20, (byte) 255}); // w0: c0 10, c1 200; w1: c0 20, c1 255
            r.execute();
            float[] dst = new float[4];
            r.copyOut(dst);
            assertArrayEquals(new float[] {5, 10, 100, 127.5f}, dst);
        }
    }

    @Test
    void floatsToUnsignedBytesRoundHalfEvenAndSaturate() {
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "a", 9),
                MemorySpec.tagged(DataType.U8, "a", 9))) {
            r.copyIn(new float[] {-0.5f, 0.5f, 1.5f, 2.5f, 254.5f, 255.5f, 300, -3, Float.NEGATIVE_INFINITY});
            r.execute();
            byte[] dst = new byte[9];
            r.copyOut(dst);
            assertArrayEquals(new byte[] {0, 0, 2, 2, (byte) 254, (byte) 255, (byte) 255, 0, 0}, dst);
        }
    }

    @Test
    void perDimSourceScalesAndACommonDestinationZeroPoint() {
        // 2x3x2x2 abcd -> s8 acdb, src scale per index of dim 1 {0.5, 2, 4}, dst zero point 3
        OneDnnReorder.Quantization q = OneDnnReorder.Quantization.NONE.withSourceScales(0b10, 0.5f, 2, 4)
                .withDestinationZeroPoints(0, 3);
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "abcd", 2, 3, 2, 2),
                MemorySpec.tagged(DataType.S8, "acdb", 2, 3, 2, 2), q)) {
            float[] src = new float[24];
            for (int i = 0; i < 24; i++) {
                src[i] = (i - 12) * 3.25f;
            }
            byte[] dst = (byte[]) r.run(src);
            // acdb: n, h, w, then c. (n0 c0 h0 w0) = -39 * 0.5 + 3 = -16.5 -> -16 (half to even);
            // (n0 c1 h0 w0) = -26 * 2 + 3 = -49; (n0 c2 h0 w0) = -13 * 4 + 3 = -49;
            // (n1 c2 h0 w0) = 26 * 4 + 3 = 107; (n1 c2 h1 w1) = 35.75 * 4 + 3 = 146 -> 127 (saturated)
            assertArrayEquals(new byte[] {-16, -49, -49, -15, -42, -36, -13, -36, -23, -12, -30, -10, 3, 29, 107, 5,
                36, 120, 6, 42, 127, 8, 48, 127}, dst);
            assertEquals("jit:uni", r.implementation());
        }
    }

    @Test
    void destinationScalesAreAppliedAsTheirReciprocalByTheJitAndDividedByTheReference() {
        MemorySpec s = MemorySpec.tagged(DataType.F32, "abcd", 1, 3, 1, 2);
        MemorySpec d = MemorySpec.tagged(DataType.F32, "abcd", 1, 3, 1, 2);
        float[] src = {5, 7, -0f, 10, 14, 17};
        // the same mask on both sides: jit:uni, x * (1f / 3f), -0.0 kept
        try (OneDnnReorder r = OneDnnReorder.create(s, d, OneDnnReorder.Quantization.NONE
                .withSourceScales(0b10, 1, 1, 1).withDestinationScales(0b10, 3, 3, 3))) {
            assertEquals("jit:uni", r.implementation());
            assertArrayEquals(new float[] {5 * (1f / 3f), 7 * (1f / 3f), -0f, 10 * (1f / 3f), 14 * (1f / 3f),
                17 * (1f / 3f)}, (float[]) r.run(src));
            assertEquals(1.6666667f, 5 * (1f / 3f));
        }
        // masks that differ: oneDNN's reference kernel, x / 3f, and it adds the (unset) zero point: -0.0 -> +0.0
        try (OneDnnReorder r = OneDnnReorder.create(s, d, OneDnnReorder.Quantization.NONE
                .withSourceScales(0b10, 1, 1, 1).withDestinationScales(0, 3))) {
            assertEquals("simple:any", r.implementation());
            float[] out = (float[]) r.run(src);
            assertArrayEquals(new float[] {5 / 3f, 7 / 3f, 0f, 10 / 3f, 14 / 3f, 17 / 3f}, out);
            assertEquals(1.6666666f, out[0]);
            assertEquals(Float.floatToRawIntBits(0f), Float.floatToRawIntBits(out[2]));
        }
    }

    @Test
    void theJitTakesTheFirstOfPerDimZeroPointsForEveryElement() {
        // oneDNN 3.11 accepts zero points with mask 0b10 on an s8 reorder, then applies zp[0] everywhere:
        // 50 - 1 + 10 for every channel, not 50 - {1, 2, 3} + {10, 20, 30}
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.S8, "abcd", 1, 3, 1, 2),
                MemorySpec.tagged(DataType.S8, "abcd", 1, 3, 1, 2), OneDnnReorder.Quantization.NONE
                        .withSourceZeroPoints(0b10, 1, 2, 3).withDestinationZeroPoints(0b10, 10, 20, 30))) {
            assertEquals("jit:uni", r.implementation());
            assertArrayEquals(new byte[] {59, 59, 59, 59, 59, 59}, (byte[]) r.run(new byte[] {50, 50, 50, 50, 50, 50}));
        }
    }

    @Test
    void scalesAndZeroPointsAreCheckedAgainstTheDims() {
        MemorySpec s = MemorySpec.tagged(DataType.F32, "abcd", 2, 3, 2, 2);
        MemorySpec d = MemorySpec.tagged(DataType.S8, "acdb", 2, 3, 2, 2);
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class, () -> OneDnnReorder.create(s, d,
                OneDnnReorder.Quantization.NONE.withSourceScales(0b10, 0.5f, 2)));
        assertEquals("source scales with mask 0b10 take 3 values (one per index of dims 1 (3)), got 2", few.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class, () -> OneDnnReorder.create(s, d,
                OneDnnReorder.Quantization.NONE.withDestinationZeroPoints(0b1010, 1, 2, 3)));
        assertEquals("destination zero points with mask 0b1010 take 6 values (one per index of dims 1 (3), 3 (2)), got 3",
                two.getMessage());
        IllegalArgumentException common = assertThrows(IllegalArgumentException.class, () -> OneDnnReorder.create(s, d,
                OneDnnReorder.Quantization.NONE.withDestinationScales(0, 1, 2)));
        assertEquals("destination scales with mask 0b0 take 1 value (one common value), got 2", common.getMessage());
        IllegalArgumentException mask = assertThrows(IllegalArgumentException.class, () -> OneDnnReorder.create(s, d,
                OneDnnReorder.Quantization.NONE.withSourceZeroPoints(0b10000, 1)));
        assertEquals("source zero points have mask 0b10000, but the tensor has 4 dims", mask.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> OneDnnReorder.Quantization.NONE.withSourceScales(0, DataType.BF16, 0.1f)); // not exact in bf16
        assertThrows(IllegalArgumentException.class,
                () -> OneDnnReorder.Quantization.NONE.withSourceZeroPoints(0, DataType.S8, 200));
        assertThrows(IllegalArgumentException.class, () -> OneDnnReorder.Quantization.NONE.withSourceScales(0));
    }

    @Test
    void theCommonFormKeepsItsMeaning() {
        OneDnnReorder.Quantization q = new OneDnnReorder.Quantization(2f, 1f, 0, 5, 0.5f);
        assertEquals(2f, q.srcScale());
        assertEquals(1f, q.dstScale());
        assertEquals(null, q.dstScales()); // a scale of 1 is not set
        assertEquals(null, q.srcZeroPoints());
        assertEquals(5, q.dstZeroPoint());
        assertEquals(0.5f, q.sum());
        assertEquals(null, OneDnnReorder.Quantization.NONE.withSourceScale(1).srcScales());
        assertEquals(1, OneDnnReorder.Quantization.NONE.withSourceScales(0, 1f).srcScales().values().length);
        assertThrows(IllegalStateException.class,
                () -> OneDnnReorder.Quantization.NONE.withSourceScales(0b10, 1, 2, 3).srcScale());
    }

    @Test
    void badArgumentsAreRejectedNamingWhatIsWrong() {
        MemorySpec nchw = MemorySpec.tagged(DataType.F32, "nchw", 1, 17, 5, 4);
        IllegalArgumentException tag = assertThrows(IllegalArgumentException.class,
                () -> OneDnnReorder.create(nchw, MemorySpec.tagged(DataType.F32, "nChw7x", 1, 17, 5, 4)));
        assertTrue(tag.getMessage().contains("'nChw7x'"), tag.getMessage());
        // f32 is a dnnl_ constant, but not a format tag
        assertThrows(IllegalArgumentException.class,
                () -> OneDnnReorder.create(nchw, MemorySpec.tagged(DataType.F32, "f32", 1, 17, 5, 4)));
        IllegalArgumentException dims = assertThrows(IllegalArgumentException.class,
                () -> OneDnnReorder.create(nchw, MemorySpec.tagged(DataType.F32, "nchw", 1, 16, 5, 4)));
        assertTrue(dims.getMessage().contains("keeps the dims"), dims.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MemorySpec.tagged(DataType.F32, "nchw", 1, 0, 5, 4));
    }

    @Test
    void oneDnnFailuresNameTheCallAndTheStatus() {
        // a 4-dim tag on 3 dims: oneDNN refuses the memory descriptor
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 17, 5, 4),
                        MemorySpec.tagged(DataType.F32, "abc", 17, 5, 4)));
        assertTrue(e.getMessage().startsWith("dnnl_memory_desc_create_with_tag(f32 nchw 17x5x4) failed: dnnl_"),
                e.getMessage());
    }

    @Test
    void buffersMustMatchInTypeAndLength() {
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 1, 17, 5, 4),
                MemorySpec.tagged(DataType.F32, "nChw8c", 1, 17, 5, 4))) {
            IllegalArgumentException length = assertThrows(IllegalArgumentException.class, () -> r.copyOut(new float[340]));
            assertEquals("the destination buffer f32 nChw8c 1x17x5x4 holds 480 elements (pad lanes included), not 340",
                    length.getMessage());
            assertThrows(IllegalArgumentException.class, () -> r.copyIn(new byte[340]));
        }
    }

    @Test
    void aClosedReorderRefusesWorkAndClosesOnce() {
        OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", 1, 3, 8, 8),
                MemorySpec.tagged(DataType.F32, "nhwc", 1, 3, 8, 8));
        r.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, r::execute);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertDoesNotThrow(r::close);
    }

    @Test
    void infoNamesVersionRuntimeAndIsa() {
        OneDnn.Info info = OneDnn.info();
        assertTrue(info.version().matches("\\d+\\.\\d+\\.\\d+"), info.version());
        assertTrue(info.toString().startsWith("oneDNN " + info.version() + ", CPU runtime "), info.toString());
    }
}

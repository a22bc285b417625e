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

package dev.strider.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The worked examples of shared/reference/, value for value. */
class ReferenceExamplesTest {

    // directml-strides.md, "Two-dimensional (2D) arrays": HW 2x3 row-major stores A..F at 0..5.
    @Test
    void rowMajorHw() {
        TensorLayout hw = TensorLayout.packed("HW", 2, 3);
        assertArrayEquals(new int[] {3, 1}, hw.strides());
        char[] memory = new char[6];
        char value = 'A';
        for (int h = 0; h < 2; h++) {
            for (int w = 0; w < 3; w++) {
                memory[hw.offsetOf(h, w)] = value++;
            }
        }
        assertEquals("ABCDEF", new String(memory));
    }

    // Column-major: height stride 1, width stride 2; memory A D B E C F.
    @Test
    void columnMajorWh() {
        TensorLayout wh = TensorLayout.of("HW", new int[] {2, 3}, "wh");
        assertArrayEquals(new int[] {1, 2}, wh.strides());
        char[] memory = new char[6];
        char value = 'A';
        for (int h = 0; h < 2; h++) {
            for (int w = 0; w < 3; w++) {
                memory[wh.offsetOf(h, w)] = value++;
            }
        }
        assertEquals("ADBECF", new String(memory));
        assertTrue(wh.isPacked());
    }

    // "Higher dimensions": DHW {2,2,3} strides {6,3,1}; H (d=1, h=0, w=1) at offset 7; A..L at 0..11.
    @Test
    void dhwPacked() {
        TensorLayout dhw = TensorLayout.packed("DHW", 2, 2, 3);
        assertArrayEquals(new int[] {6, 3, 1}, dhw.strides());
        assertEquals(7, dhw.offsetOf(1, 0, 1));
        assertEquals(0, dhw.offsetOf(0, 0, 0));
        assertEquals(6, dhw.offsetOf(1, 0, 0)); // 'A' to 'G'
        assertEquals(3, dhw.offsetOf(0, 1, 0)); // 'A' to 'D'
        assertEquals(11, dhw.offsetOf(1, 1, 2));
        assertEquals(12, dhw.bufferSize());
        assertTrue(dhw.isPacked());
        assertFalse(dhw.isPadded());
        assertFalse(dhw.hasBroadcast());
    }

    // "Broadcasting with strides": HW 2x3 with height stride 0 stores A B C once and reads it twice.
    @Test
    void broadcastRow() {
        TensorLayout row = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1});
        assertEquals(3, row.bufferSize());
        for (int w = 0; w < 3; w++) {
            assertEquals(row.offsetOf(0, w), row.offsetOf(1, w));
            assertEquals(w, row.offsetOf(1, w));
        }
        assertTrue(row.hasBroadcast());
        assertTrue(row.overlaps());
        assertFalse(row.isPacked());
    }

    // "Padding with strides": A B C x x D E F x x, height stride 5.
    @Test
    void paddedRows() {
        TensorLayout padded = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1});
        assertEquals(5, padded.offsetOf(1, 0)); // D
        assertEquals(7, padded.offsetOf(1, 2)); // F
        assertEquals(8, padded.bufferSize()); // DMLCalcBufferTensorSize: (2-1)*5 + (3-1)*1 + 1
        assertTrue(padded.isPadded());
        assertFalse(padded.isPacked());
        assertFalse(padded.overlaps());
    }

    // "DirectML buffer tensor descriptions": sizes {1,1,3,5}.
    @Test
    void packedNchwAndNhwcStrides() {
        int[] sizes = {1, 1, 3, 5};
        assertArrayEquals(new int[] {15, 15, 5, 1}, TensorLayout.packed("NCHW", sizes).strides());
        assertArrayEquals(new int[] {15, 15, 5, 1}, TensorLayout.of("NCHW", sizes, "nchw").strides());
        assertArrayEquals(new int[] {15, 1, 5, 1}, TensorLayout.of("NCHW", sizes, "nhwc").strides());
        // With C = 1 both are the same mapping: equal as layouts, though the strides differ.
        assertEquals(TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nhwc"));
    }

    // DMLCalcBufferTensorSize: Σ (sizes[i]-1) * strides[i] + 1, on a strided 4D layout with a base offset.
    @Test
    void minimumBufferSizeOfStridedLayouts() {
        TensorLayout strided = TensorLayout.strided("NCHW", new int[] {2, 3, 4, 5}, new int[] {200, 60, 12, 2});
        assertEquals(1 * 200 + 2 * 60 + 3 * 12 + 4 * 2 + 1, strided.bufferSize());
        assertEquals(strided.bufferSize() + 10, strided.withOffset(10).bufferSize());
        assertEquals(2 * 3 * 4 * 5, TensorLayout.packed("NCHW", 2, 3, 4, 5).bufferSize());
    }

    // onednn-memory-formats.rst: nchw, nhwc and chwn offset functions for N=2, C=16, H=5, W=4.
    @Test
    void onednnPlainFormats() {
        int n = 2, c = 16, h = 5, w = 4;
        TensorLayout nchw = TensorLayout.of("NCHW", new int[] {n, c, h, w}, "nchw");
        TensorLayout nhwc = TensorLayout.of("NCHW", new int[] {n, c, h, w}, "nhwc");
        TensorLayout chwn = TensorLayout.of("NCHW", new int[] {n, c, h, w}, "chwn");
        int[] idx = new int[4];
        do {
            int in = idx[0], ic = idx[1], ih = idx[2], iw = idx[3];
            assertEquals(in * c * h * w + ic * h * w + ih * w + iw, nchw.offsetOf(idx));
            assertEquals(in * h * w * c + ih * w * c + iw * c + ic, nhwc.offsetOf(idx));
            assertEquals(ic * h * w * n + ih * w * n + iw * n + in, chwn.offsetOf(idx));
        } while (TensorLayout.increment(idx, new int[] {n, c, h, w}));
    }

    // nChw8c: offset n*CHW + (c/8)*HW*8 + h*W*8 + w*8 + c%8 (C a multiple of 8 here).
    @Test
    void onednnNChw8cOffsetFunction() {
        int n = 2, c = 16, h = 5, w = 4;
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {n, c, h, w}, "nChw8c");
        int[] idx = new int[4];
        do {
            int expected = idx[0] * c * h * w + (idx[1] / 8) * h * w * 8 + idx[2] * w * 8 + idx[3] * 8 + idx[1] % 8;
            assertEquals(expected, blocked.offsetOf(idx));
        } while (TensorLayout.increment(idx, new int[] {n, c, h, w}));
    }

    // "What if channels are not multiples of 8": C = 17 pads to 24; strides N=24*H*W, C=H*W*8, H=W*8, W=8.
    @Test
    void nChw8cWithSeventeenChannels() {
        int h = 5, w = 4;
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 17, h, w}, "nChw8c");
        assertArrayEquals(new int[] {1, 24, h, w}, blocked.paddedSizes());
        assertArrayEquals(new int[] {24 * h * w, h * w * 8, w * 8, 8}, blocked.strides());
        assertEquals(java.util.List.of(new Block(1, 8)), blocked.blocks());
        assertEquals(24 * h * w, blocked.bufferSize());
        assertTrue(blocked.isPadded());
        assertTrue(blocked.isPacked()); // packed with its pad lanes: every slot used once
        assertEquals(16 * h * w + 2 * w * 8 + 3 * 8 + 0, blocked.offsetOf(0, 16, 2, 3));
        // The pad lane c = 23 sits right after c = 16..22 in the last block.
        assertEquals(blocked.paddedOffsetOf(0, 16, 0, 0) + 7, blocked.paddedOffsetOf(0, 23, 0, 0));
    }

    // SLICE1 example 1: offsets {0,0,0,1}, sizes {1,1,4,3}, strides {1,1,2,2} -> [[2,4],[10,12]].
    @Test
    void slice1PositiveStrides() {
        TensorLayout input = TensorLayout.packed("NCHW", 1, 1, 4, 4);
        SliceWindow window = SliceWindow.of(input, new int[] {0, 0, 0, 1}, new int[] {1, 1, 4, 3},
                new int[] {1, 1, 2, 2});
        assertArrayEquals(new int[] {1, 1, 2, 2}, window.outputSizes());
        assertArrayEquals(new int[] {2, 4, 10, 12}, sliceValues(input, window));
    }

    // SLICE1 example 2: strides {1,1,-2,2}; axis 2 starts at 0 + 4 - 1 = 3 -> [[14,16],[6,8]].
    @Test
    void slice1NegativeStride() {
        TensorLayout input = TensorLayout.packed("NCHW", 1, 1, 4, 4);
        SliceWindow window = SliceWindow.of(input, new int[] {0, 0, 0, 1}, new int[] {1, 1, 4, 3},
                new int[] {1, 1, -2, 2});
        assertEquals(3, window.start(2));
        assertEquals(1, window.start(3));
        assertArrayEquals(new int[] {14, 16, 6, 8}, sliceValues(input, window));
    }

    /** Input values 1..16 as in the reference; reads the window by its index map. */
    private static int[] sliceValues(TensorLayout input, SliceWindow window) {
        int[] out = window.outputSizes();
        int[] values = new int[(int) TensorLayout.packed(input.dims(), out).elementCount()];
        int[] o = new int[out.length];
        int k = 0;
        do {
            int[] in = new int[out.length];
            for (int d = 0; d < out.length; d++) {
                in[d] = window.inputIndex(d, o[d]);
            }
            values[k++] = input.offsetOf(in) + 1;
        } while (TensorLayout.increment(o, out));
        return values;
    }
}

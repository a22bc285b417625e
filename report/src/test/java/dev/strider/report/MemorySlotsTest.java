package dev.strider.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.strider.kernel.RandomLayouts;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The slots of a window against a brute-force walk of every padded index, and windows of layouts
 * far too large for that walk against the offset formulas of the reference documents.
 */
class MemorySlotsTest {

    @Property(tries = 300)
    void aWindowHoldsWhatEveryIndexSays(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 5);
        TensorLayout layout = RandomLayouts.readable(r, sizes);
        int buffer = layout.bufferSize();
        int from = r.nextInt(buffer);
        int to = from + 1 + r.nextInt(buffer - from);
        int keep = 1 + r.nextInt(3);
        MemorySlots slots = MemorySlots.of(layout, from, to, keep);

        // Brute force: every padded index in index order, its offset, logical or pad lane.
        List<List<int[]>> held = new ArrayList<>();
        boolean[] pad = new boolean[buffer];
        for (int i = 0; i < buffer; i++) {
            held.add(new ArrayList<>());
        }
        int[] index = new int[sizes.length];
        do {
            int at = layout.paddedOffsetOf(index);
            boolean logical = true;
            for (int d = 0; d < index.length; d++) {
                logical &= index[d] < sizes[d];
            }
            if (logical) {
                held.get(at).add(index.clone());
            } else {
                pad[at] = true;
            }
        } while (TensorLayout.increment(index, layout.paddedSizes()));

        for (int at = from; at < to; at++) {
            List<int[]> here = held.get(at);
            MemorySlots.Kind expected = at < layout.offset() ? MemorySlots.Kind.BASE
                    : !here.isEmpty() ? MemorySlots.Kind.ELEMENT
                    : pad[at] ? MemorySlots.Kind.PAD : MemorySlots.Kind.GAP;
            assertEquals(expected, slots.kind(at), layout + " offset " + at);
            assertEquals(here.size(), slots.count(at), layout + " offset " + at);
            List<int[]> kept = slots.indices(at);
            assertEquals(Math.min(keep, here.size()), kept.size(), layout + " offset " + at);
            for (int k = 0; k < kept.size(); k++) {
                assertArrayEquals(here.get(k), kept.get(k), layout + " offset " + at + " index " + k);
            }
        }
    }

    @Test
    void firstSlotsOfALargeNhwcLayout() {
        // 1x64x256x256 nhwc: offset = h*256*64 + w*64 + c, so slot k holds (0, k % 64, 0, k / 64).
        TensorLayout layout = TensorLayout.of("NCHW", new int[] {1, 64, 256, 256}, "nhwc");
        MemorySlots slots = MemorySlots.of(layout, 0, 128, 4);
        for (int k = 0; k < 128; k++) {
            assertEquals(MemorySlots.Kind.ELEMENT, slots.kind(k));
            assertEquals(1, slots.count(k));
            assertArrayEquals(new int[] {0, k % 64, 0, k / 64}, slots.indices(k).get(0));
        }
    }

    @Test
    void padLanesDeepInABlockedBuffer() {
        // nChw16c, C = 17: offset = (c/16)*H*W*16 + h*W*16 + w*16 + c%16. The second block starts at
        // 56*56*16 = 50176 with c = 16 in lane 0; lanes 1..15 are pad.
        TensorLayout layout = TensorLayout.of("NCHW", new int[] {1, 17, 56, 56}, "nChw16c");
        int block = 56 * 56 * 16;
        MemorySlots slots = MemorySlots.of(layout, block - 16, block + 32, 1);
        assertArrayEquals(new int[] {0, 15, 55, 55}, slots.indices(block - 1).get(0));
        assertArrayEquals(new int[] {0, 16, 0, 0}, slots.indices(block).get(0));
        assertArrayEquals(new int[] {0, 16, 0, 1}, slots.indices(block + 16).get(0));
        for (int lane = 1; lane < 16; lane++) {
            assertEquals(MemorySlots.Kind.PAD, slots.kind(block + lane));
            assertEquals(MemorySlots.Kind.PAD, slots.kind(block + 16 + lane));
        }
        assertEquals(30, slots.count(MemorySlots.Kind.PAD));
        assertEquals(18, slots.count(MemorySlots.Kind.ELEMENT));
    }

    @Test
    void aHugeBroadcastDimIsCountedNotWalked() {
        // H broadcast a million times: each of the 3 slots holds a million indices, (0,w) first.
        TensorLayout layout = TensorLayout.strided("HW", new int[] {1_000_000, 3}, new int[] {0, 1});
        MemorySlots slots = MemorySlots.of(layout, 2);
        assertEquals(3, slots.to());
        assertEquals(1_000_000, slots.count(1));
        assertEquals(2, slots.indices(1).size());
        assertArrayEquals(new int[] {0, 1}, slots.indices(1).get(0));
        assertArrayEquals(new int[] {1, 1}, slots.indices(1).get(1));
    }

    @Test
    void paddedRowsAndTheBaseOffset() {
        // DirectML: HW {2,3} strides {5,1} leaves gaps at 3 and 4; a base offset of 2 shifts it all.
        TensorLayout layout = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}).withOffset(2);
        MemorySlots slots = MemorySlots.of(layout, 1);
        List<MemorySlots.Kind> kinds = new ArrayList<>();
        for (int at = 0; at < slots.to(); at++) {
            kinds.add(slots.kind(at));
        }
        MemorySlots.Kind b = MemorySlots.Kind.BASE;
        MemorySlots.Kind e = MemorySlots.Kind.ELEMENT;
        MemorySlots.Kind g = MemorySlots.Kind.GAP;
        assertEquals(List.of(b, b, e, e, e, g, g, e, e, e), kinds);
        assertArrayEquals(new int[] {1, 0}, slots.indices(7).get(0));
    }

    @Test
    void windowMustLieInTheBuffer() {
        TensorLayout layout = TensorLayout.packed("HW", 2, 3);
        assertThrows(IllegalArgumentException.class, () -> MemorySlots.of(layout, 0, 7, 1));
        assertThrows(IllegalArgumentException.class, () -> MemorySlots.of(layout, 3, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> MemorySlots.of(layout, 0, 6, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> MemorySlots.of(layout, 0, 3, 1).kind(3));
    }
}

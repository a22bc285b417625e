package dev.strider.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.RandomLayouts;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link OffsetTerm} computes what the per-index tables held, from sizes, strides and blocks; the
 * expectation here is the layout's own offset of the index that varies one dim only
 * ({@link TensorLayout#offsetOf}, {@link TensorLayout#paddedOffsetOf}), on random layouts of every kind.
 */
class OffsetTermTest {

    private static final int LAYOUTS = 400;

    /** The offset of the index that is {@code i} in dim {@code d} and 0 elsewhere, less the base offset. */
    private static int expected(TensorLayout l, int d, int i, boolean padded) {
        int[] index = new int[l.rank()];
        index[d] = i;
        return (padded ? l.paddedOffsetOf(index) : l.offsetOf(index)) - l.offset();
    }

    @Test
    void termsAreTheOffsetsAlongOneDim() {
        Random r = new Random(41);
        for (int n = 0; n < LAYOUTS; n++) {
            TensorLayout l = RandomLayouts.readable(r, RandomLayouts.sizes(r, 4, 19));
            int[][] logical = OffsetTerms.of(l);
            int[][] padded = OffsetTerms.padded(l);
            for (int d = 0; d < l.rank(); d++) {
                OffsetTerm of = OffsetTerm.of(l, d);
                OffsetTerm pad = OffsetTerm.padded(l, d);
                assertEquals(l.size(d), of.extent());
                assertEquals(l.paddedSize(d), pad.extent());
                for (int i = 0; i < pad.extent(); i++) {
                    assertEquals(expected(l, d, i, true), pad.at(i), l + " dim " + d + " index " + i);
                    assertEquals(pad.at(i), padded[d][i]);
                    if (i < of.extent()) {
                        assertEquals(expected(l, d, i, false), of.at(i), l + " dim " + d + " index " + i);
                        assertEquals(of.at(i), logical[d][i]);
                    }
                }
            }
        }
    }

    @Test
    void slicesAndBroadcastsAreTheOffsetsOfTheIndicesTheyRead() {
        Random r = new Random(43);
        for (int n = 0; n < LAYOUTS; n++) {
            int[] sizes = RandomLayouts.sizes(r, 4, 19);
            TensorLayout in = RandomLayouts.readable(r, sizes);
            SliceWindow w = RandomLayouts.window(r, in);
            int[][] sliceTables = OffsetTerms.slice(in, w);
            for (int d = 0; d < in.rank(); d++) {
                OffsetTerm t = OffsetTerm.slice(in, w, d);
                assertEquals(w.outputSizes()[d], t.extent());
                for (int o = 0; o < t.extent(); o++) {
                    assertEquals(expected(in, d, w.inputIndex(d, o), false), t.at(o), w + " of " + in + " dim " + d);
                    assertEquals(t.at(o), sliceTables[d][o]);
                }
            }
            int[] small = RandomLayouts.broadcastFrom(r, sizes);
            TensorLayout operand = RandomLayouts.readable(r, small);
            int[][] broadcastTables = OffsetTerms.broadcast(operand, sizes);
            for (int d = 0; d < sizes.length; d++) {
                OffsetTerm t = OffsetTerm.broadcast(operand, d, sizes[d]);
                assertEquals(sizes[d], t.extent());
                for (int i = 0; i < sizes[d]; i++) {
                    int read = small[d] == sizes[d] ? i : 0;
                    assertEquals(expected(operand, d, read, false), t.at(i), operand + " over " + sizes[d]);
                    assertEquals(t.at(i), broadcastTables[d][i]);
                }
            }
        }
    }

    /** Every term on random layouts and slices: the sum of its pieces, periodic, and never decreasing for a dim. */
    @Test
    void piecesPeriodsAndOrder() {
        Random r = new Random(47);
        for (int n = 0; n < LAYOUTS; n++) {
            TensorLayout l = RandomLayouts.readable(r, RandomLayouts.sizes(r, 4, 19));
            SliceWindow w = RandomLayouts.window(r, l);
            for (int d = 0; d < l.rank(); d++) {
                for (OffsetTerm t : List.of(OffsetTerm.padded(l, d), OffsetTerm.slice(l, w, d))) {
                    int period = t.period();
                    assertTrue(period >= 1, t.toString());
                    for (int i = 0; i < t.extent(); i++) {
                        long x = t.start() + (long) t.step() * i;
                        long sum = 0;
                        for (OffsetTerm.Piece p : t.pieces()) {
                            long digit = x / p.divisor();
                            sum += (p.modulus() == 0 ? digit : digit % p.modulus()) * p.stride();
                        }
                        assertEquals(t.at(i), sum, t + " of " + l + " at " + i);
                        if (i + period < t.extent()) {
                            assertEquals(t.at(i) + t.increment(), t.at(i + period), t + " of " + l + " at " + i);
                        }
                    }
                }
                OffsetTerm dim = OffsetTerm.padded(l, d);
                for (int i = 1; i < dim.extent(); i++) {
                    assertTrue(dim.at(i) >= dim.at(i - 1), l + " dim " + d + " decreases at " + i);
                }
            }
        }
    }

    /** nCw8c channels 3, 6, 9, ...: the block digit and the lane both move, every 8 channels the pattern repeats. */
    @Test
    void aStridedSliceOfBlockedChannels() {
        TensorLayout l = TensorLayout.of("NCW", new int[] {1, 40, 2}, "nCw8c");
        SliceWindow w = SliceWindow.of(l, new int[] {0, 3, 0}, new int[] {1, 37, 2}, new int[] {1, 3, 1});
        OffsetTerm t = OffsetTerm.slice(l, w, 1);
        assertEquals(8, t.period());
        assertEquals(3 * 16, t.increment()); // 24 channels on: 3 blocks of 16 slots (8 lanes x 2 widths)
        assertEquals(List.of(new OffsetTerm.Piece(8, 0, 16), new OffsetTerm.Piece(1, 8, 1)), t.pieces());
        assertArrayEquals(new int[] {3, 6, 17, 20, 23, 34, 37, 48, 51, 54, 65, 68, 71}, t.table());
    }

    /** A dim of 2^31 - 9 elements: computed at its ends, in constant memory. */
    @Test
    void theLongestDim() {
        TensorLayout l = TensorLayout.packed("NW", 1, TensorLayout.MAX_BUFFER);
        OffsetTerm t = OffsetTerm.padded(l, 1);
        assertEquals(TensorLayout.MAX_BUFFER, t.extent());
        assertEquals(TensorLayout.MAX_BUFFER - 1, t.at(TensorLayout.MAX_BUFFER - 1));
        assertEquals(1, t.period());
        assertEquals(1, t.increment());
        TensorLayout blocked = TensorLayout.of("W", new int[] {TensorLayout.MAX_BUFFER - 7}, "W8w");
        OffsetTerm b = OffsetTerm.padded(blocked, 0);
        assertEquals(TensorLayout.MAX_BUFFER - 7, b.extent());
        assertEquals(TensorLayout.MAX_BUFFER - 8, b.at(TensorLayout.MAX_BUFFER - 8));
    }
}

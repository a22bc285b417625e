package dev.strider.kernel;

import dev.strider.layout.Layout;
import dev.strider.layout.SliceWindow;

/**
 * One operand of an element-wise problem, tabulated per dim: the offset of index {@code i} is
 * {@code base + Σ along[d][i[d]]}. Every layout Strider knows is a sum of one term per dim (blocked
 * layouts included, see {@link Layout#offsetAlong}), and so is a slice of one and a broadcast of
 * one; tabulating the terms once lets every kernel share one walker and one inner loop shape.
 */
final class OffsetTable {

    final int base;
    final int[][] along;

    private OffsetTable(int base, int[][] along) {
        this.base = base;
        this.along = along;
    }

    /** The layout's logical index space. */
    static OffsetTable of(Layout layout) {
        return over(layout, layout.sizes());
    }

    /** The layout's padded index space, pad lanes included. */
    static OffsetTable padded(Layout layout) {
        return over(layout, layout.paddedSizes());
    }

    private static OffsetTable over(Layout layout, int[] extents) {
        int[][] along = new int[extents.length][];
        for (int d = 0; d < extents.length; d++) {
            along[d] = new int[extents[d]];
            for (int i = 0; i < extents[d]; i++) {
                along[d][i] = layout.offsetAlong(d, i);
            }
        }
        return new OffsetTable(layout.offset(), along);
    }

    /**
     * An operand read NumPy-style over {@code outSizes}: a dim of size 1 where the output is larger
     * repeats its one element. {@link Checks#broadcastable} has checked the sizes.
     */
    static OffsetTable broadcast(Layout layout, int[] outSizes) {
        int[][] along = new int[outSizes.length][];
        for (int d = 0; d < outSizes.length; d++) {
            along[d] = new int[outSizes[d]];
            boolean repeat = layout.size(d) != outSizes[d];
            for (int i = 0; i < outSizes[d]; i++) {
                along[d][i] = layout.offsetAlong(d, repeat ? 0 : i);
            }
        }
        return new OffsetTable(layout.offset(), along);
    }

    /** The input of a slice, indexed by output index: input index {@code start + stride * o} per dim. */
    static OffsetTable slice(Layout input, SliceWindow window) {
        int[] out = window.outputSizes();
        int[][] along = new int[out.length][];
        for (int d = 0; d < out.length; d++) {
            along[d] = new int[out[d]];
            for (int o = 0; o < out[d]; o++) {
                along[d][o] = input.offsetAlong(d, window.inputIndex(d, o));
            }
        }
        return new OffsetTable(input.offset(), along);
    }
}

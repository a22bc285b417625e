package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.OffsetTerms;
import dev.strider.layout.SliceWindow;

/**
 * One operand of an element-wise problem: its base offset and its {@link OffsetTerms}, so that
 * the offset of index {@code i} is {@code base + Σ along[d][i[d]]}. Tabulating the terms once
 * lets every kernel share one walker and one inner loop shape.
 */
final class OffsetTable {

    final int base;
    final int[][] along;

    private OffsetTable(int base, int[][] along) {
        this.base = base;
        this.along = along;
    }

    static OffsetTable of(TensorLayout layout) {
        return new OffsetTable(layout.offset(), OffsetTerms.of(layout));
    }

    static OffsetTable padded(TensorLayout layout) {
        return new OffsetTable(layout.offset(), OffsetTerms.padded(layout));
    }

    /** {@link Checks#broadcastable} has checked the sizes. */
    static OffsetTable broadcast(TensorLayout layout, int[] outSizes) {
        return new OffsetTable(layout.offset(), OffsetTerms.broadcast(layout, outSizes));
    }

    /**
     * An operand addressed by plain strides over {@code sizes}, a stride of 0 repeating its element,
     * {@code groups[d]} consecutive indices of dim {@code d} sharing one: the values of a
     * quantization parameter ({@link Quantization#strides}).
     */
    static OffsetTable strided(int[] sizes, int[] strides, int[] groups) {
        int[][] along = new int[sizes.length][];
        for (int d = 0; d < sizes.length; d++) {
            along[d] = new int[sizes[d]];
            for (int i = 0; i < sizes[d]; i++) {
                along[d][i] = i / groups[d] * strides[d];
            }
        }
        return new OffsetTable(0, along);
    }

    static OffsetTable slice(TensorLayout input, SliceWindow window) {
        return new OffsetTable(input.offset(), OffsetTerms.slice(input, window));
    }
}

package dev.strider.kernel;

import dev.strider.layout.TensorLayout;

/**
 * Walks an index space row by row: the last dim is the row, the others step like an odometer.
 * For each row it gives every operand's base offset; the row's own offsets are
 * {@code base + inner(k)[i]}. Kernels keep only the inner loop, so the per-type code is a few lines.
 */
final class Rows {

    private final int[] outer;
    private final int[] index;
    private final OffsetTable[] operands;
    private final int[] bases;
    private final int length;
    private boolean started;

    Rows(int[] sizes, OffsetTable... operands) {
        this.outer = java.util.Arrays.copyOf(sizes, sizes.length - 1);
        this.index = new int[outer.length];
        this.operands = operands;
        this.bases = new int[operands.length];
        this.length = sizes[sizes.length - 1];
    }

    /** Moves to the next row (the first one on the first call); false when all rows are done. */
    boolean next() {
        if (!started) {
            started = true;
        } else if (!TensorLayout.increment(index, outer)) {
            return false;
        }
        for (int k = 0; k < operands.length; k++) {
            OffsetTable op = operands[k];
            int b = op.base;
            for (int d = 0; d < index.length; d++) {
                b += op.along[d][index[d]];
            }
            bases[k] = b;
        }
        return true;
    }

    int base(int operand) {
        return bases[operand];
    }

    /** Offsets of the row's elements relative to {@link #base}, for operand {@code operand}. */
    int[] inner(int operand) {
        return operands[operand].along[outer.length];
    }

    /** Elements in a row. */
    int length() {
        return length;
    }

    /** The current row's index in dim {@code dim} (not the last dim). */
    int index(int dim) {
        return index[dim];
    }
}

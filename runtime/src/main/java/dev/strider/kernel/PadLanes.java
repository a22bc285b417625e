package dev.strider.kernel;

import dev.strider.layout.TensorLayout;

/**
 * The zero-padded lanes of a blocked layout, row by row: indices inside the padded sizes but
 * outside the logical ones. A row whose outer indices are all logical has pad lanes only in its
 * tail ({@code from()} onwards); a row with a padded outer index is pad from its start.
 */
final class PadLanes {

    private final Rows rows;
    private final int[] sizes;
    private final int lastSize;
    private int from;

    private PadLanes(TensorLayout layout) {
        this.rows = new Rows(layout.paddedSizes(), OffsetTable.padded(layout));
        this.sizes = layout.sizes();
        this.lastSize = sizes[sizes.length - 1];
    }

    /** Null when the layout has no pad lanes. */
    static PadLanes of(TensorLayout layout) {
        return layout.paddedElementCount() == layout.elementCount() ? null : new PadLanes(layout);
    }

    /** Moves to the next row that has pad lanes. */
    boolean next() {
        while (rows.next()) {
            from = lastSize;
            for (int d = 0; d < sizes.length - 1; d++) {
                if (rows.index(d) >= sizes[d]) {
                    from = 0;
                    break;
                }
            }
            if (from < rows.length()) {
                return true;
            }
        }
        return false;
    }

    int base() {
        return rows.base(0);
    }

    int[] inner() {
        return rows.inner(0);
    }

    /** The first pad lane of the row. */
    int from() {
        return from;
    }

    /** The row's length in the padded space. */
    int length() {
        return rows.length();
    }
}

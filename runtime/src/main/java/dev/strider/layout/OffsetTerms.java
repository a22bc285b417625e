package dev.strider.layout;

/**
 * Per-dim offset terms, tabulated: {@code terms[d][i]} is what index {@code i} of dim {@code d} adds
 * to the offset ({@link OffsetTerm#at}), so that an element's offset is the layout's base offset
 * plus one term per dim. Every layout, a slice of one and a NumPy-style broadcast of one have
 * this form; the generic kernels walk these tables at run time. A table is as long as its dim,
 * which the arrays a kernel is called with are anyway; code that has no such array (the
 * processor) uses {@link OffsetTerm} itself.
 */
public final class OffsetTerms {

    private OffsetTerms() {
    }

    /** Over the layout's logical sizes. */
    public static int[][] of(TensorLayout layout) {
        int[][] terms = new int[layout.rank()][];
        for (int d = 0; d < terms.length; d++) {
            terms[d] = OffsetTerm.of(layout, d).table();
        }
        return terms;
    }

    /** Over the layout's padded sizes: indices past a logical size address pad lanes. */
    public static int[][] padded(TensorLayout layout) {
        int[][] terms = new int[layout.rank()][];
        for (int d = 0; d < terms.length; d++) {
            terms[d] = OffsetTerm.padded(layout, d).table();
        }
        return terms;
    }

    /** Read over {@code sizes}: a dim of size 1 where {@code sizes} is larger repeats its one element. */
    public static int[][] broadcast(TensorLayout layout, int[] sizes) {
        int[][] terms = new int[sizes.length][];
        for (int d = 0; d < sizes.length; d++) {
            terms[d] = OffsetTerm.broadcast(layout, d, sizes[d]).table();
        }
        return terms;
    }

    /** The input of a slice, indexed by output index: input index {@code start + stride * o} per dim. */
    public static int[][] slice(TensorLayout input, SliceWindow window) {
        int[][] terms = new int[input.rank()][];
        for (int d = 0; d < terms.length; d++) {
            terms[d] = OffsetTerm.slice(input, window, d).table();
        }
        return terms;
    }
}

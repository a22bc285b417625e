package dev.strider.layout;

/**
 * Per-dim offset terms: {@code terms[d][i]} is what index {@code i} of dim {@code d} adds to the
 * offset ({@link TensorLayout#offsetAlong}), so that an element's offset is the layout's base offset
 * plus one term per dim. Every layout, a slice of one and a NumPy-style broadcast of one have
 * this form; the generic kernels walk these tables at run time and the processor plans loops
 * from them at compile time.
 */
public final class OffsetTerms {

    private OffsetTerms() {
    }

    /** Over the layout's logical sizes. */
    public static int[][] of(TensorLayout layout) {
        return over(layout, layout.sizes());
    }

    /** Over the layout's padded sizes: indices past a logical size address pad lanes. */
    public static int[][] padded(TensorLayout layout) {
        return over(layout, layout.paddedSizes());
    }

    /** Read over {@code sizes}: a dim of size 1 where {@code sizes} is larger repeats its one element. */
    public static int[][] broadcast(TensorLayout layout, int[] sizes) {
        int[][] terms = new int[sizes.length][];
        for (int d = 0; d < sizes.length; d++) {
            terms[d] = new int[sizes[d]];
            boolean repeat = layout.size(d) != sizes[d];
            for (int i = 0; i < sizes[d]; i++) {
                terms[d][i] = layout.offsetAlong(d, repeat ? 0 : i);
            }
        }
        return terms;
    }

    /** The input of a slice, indexed by output index: input index {@code start + stride * o} per dim. */
    public static int[][] slice(TensorLayout input, SliceWindow window) {
        int[] out = window.outputSizes();
        int[][] terms = new int[out.length][];
        for (int d = 0; d < out.length; d++) {
            terms[d] = new int[out[d]];
            for (int o = 0; o < out[d]; o++) {
                terms[d][o] = input.offsetAlong(d, window.inputIndex(d, o));
            }
        }
        return terms;
    }

    private static int[][] over(TensorLayout layout, int[] extents) {
        int[][] terms = new int[extents.length][];
        for (int d = 0; d < extents.length; d++) {
            terms[d] = new int[extents[d]];
            for (int i = 0; i < extents[d]; i++) {
                terms[d][i] = layout.offsetAlong(d, i);
            }
        }
        return terms;
    }
}

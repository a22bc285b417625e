package dev.strider.processor.plan;

import dev.strider.layout.Layout;
import dev.strider.layout.SliceWindow;
import java.util.List;

/**
 * An element-wise problem: a logical index space, the output's padded space around it, and the
 * operands (the output first) with their per-dim offset terms. Every kernel Strider generates —
 * reorder, slice, fill, unary, binary — is one of these with a different statement per element.
 */
public record Problem(String dims, int[] sizes, int[] padded, List<Operand> operands) {

    public int rank() {
        return sizes.length;
    }

    public Operand output() {
        return operands.get(0);
    }

    /** The output operand over its padded index space. */
    public static Operand output(String name, Layout layout) {
        return new Operand(name, true, layout.offset(), terms(layout, layout.paddedSizes()));
    }

    /** An input read over {@code sizes}; a dim of size 1 where {@code sizes} is larger broadcasts. */
    public static Operand input(String name, Layout layout, int[] sizes) {
        int[][] terms = new int[sizes.length][];
        for (int d = 0; d < sizes.length; d++) {
            terms[d] = new int[sizes[d]];
            boolean repeat = layout.size(d) != sizes[d];
            for (int i = 0; i < sizes[d]; i++) {
                terms[d][i] = layout.offsetAlong(d, repeat ? 0 : i);
            }
        }
        return new Operand(name, false, layout.offset(), terms);
    }

    /** The input of a slice, indexed by output index. */
    public static Operand sliceInput(String name, Layout layout, SliceWindow window) {
        int[] out = window.outputSizes();
        int[][] terms = new int[out.length][];
        for (int d = 0; d < out.length; d++) {
            terms[d] = new int[out[d]];
            for (int o = 0; o < out[d]; o++) {
                terms[d][o] = layout.offsetAlong(d, window.inputIndex(d, o));
            }
        }
        return new Operand(name, false, layout.offset(), terms);
    }

    private static int[][] terms(Layout layout, int[] extents) {
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

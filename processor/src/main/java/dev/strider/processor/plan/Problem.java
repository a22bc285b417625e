package dev.strider.processor.plan;

import dev.strider.layout.Layout;
import dev.strider.layout.OffsetTerms;
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
        return new Operand(name, true, layout.offset(), OffsetTerms.padded(layout));
    }

    /** An input read over {@code sizes}; a dim of size 1 where {@code sizes} is larger broadcasts. */
    public static Operand input(String name, Layout layout, int[] sizes) {
        return new Operand(name, false, layout.offset(), OffsetTerms.broadcast(layout, sizes));
    }

    /** The input of a slice, indexed by output index. */
    public static Operand sliceInput(String name, Layout layout, SliceWindow window) {
        return new Operand(name, false, layout.offset(), OffsetTerms.slice(layout, window));
    }
}

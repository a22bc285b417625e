package dev.strider.processor.plan;

import java.util.List;
import java.util.StringJoiner;

/**
 * A loop nest for a {@link Problem}: nodes from outermost to innermost, the first unrolled one,
 * each operand's base offset (its layout offset plus every dim's term at index 0), and the
 * extents of the virtual dims that coalesced nodes of several dims form (numbered from the rank).
 *
 * @param writtenOutBlocks the most iterations of a loop right above whole vector blocks that the
 *                         nest writes out: {@link NestWalk#SHORT_VECTOR_LOOP}, or more where
 *                         {@code ClassPlanner.writtenOutBlocks} says so
 */
public record LoopPlan(Problem problem, List<Node> nodes, int unrolledFrom, int[] base, int[] virtualExtents,
                       int writtenOutBlocks) {

    /** A nest that writes out loops of at most {@link NestWalk#SHORT_VECTOR_LOOP} iterations above vectors. */
    public LoopPlan(Problem problem, List<Node> nodes, int unrolledFrom, int[] base, int[] virtualExtents) {
        this(problem, nodes, unrolledFrom, base, virtualExtents, NestWalk.SHORT_VECTOR_LOOP);
    }

    /** The same nest, writing out loops of at most {@code blocks} iterations above whole vector blocks. */
    public LoopPlan withWrittenOutBlocks(int blocks) {
        return new LoopPlan(problem, nodes, unrolledFrom, base, virtualExtents, blocks);
    }

    /**
     * True when every offset of {@code operand} the nest's loops compute is even: its base is, and
     * so is its stride in every loop node (linear, no offset table), whatever the indices. Then an
     * element at such an offset plus a literal sits in a known half of a byte when its elements
     * are 4 bits, two to a byte: the low one for an even literal, the high one for an odd.
     */
    public boolean evenOffsets(int operand) {
        if (base[operand] % 2 != 0) {
            return false;
        }
        for (int k = 0; k < Math.min(unrolledFrom, nodes.size()); k++) {
            Node n = nodes.get(k);
            if (n.tables() != null || n.strides()[operand] % 2 != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The node a THREADS kernel splits into chunks, or -1: the outermost loop (before {@code end},
     * the first node that is unrolled or covered by vectors) of at least two iterations whose
     * nest runs it whole, in one segment: a virtual dim, or the coarsest piece of a dim without
     * pad lanes that its weight divides.
     */
    public int splitNode(int end) {
        for (int k = 0; k < Math.min(end, unrolledFrom); k++) {
            Node n = nodes.get(k);
            if (n.extent() < 2) {
                continue;
            }
            boolean virtual = n.dim() >= problem.rank();
            int size = virtual ? virtualExtents[n.dim() - problem.rank()] : problem.sizes()[n.dim()];
            boolean unpadded = virtual || problem.padded()[n.dim()] == size;
            boolean coarsest = nodes.stream().noneMatch(o -> o.dim() == n.dim() && o.weight() > n.weight());
            if (coarsest && unpadded && (long) n.extent() * n.weight() == size) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The nest in one line, for the generated Javadoc: {@code c16[2] > h[56] > w[56] > c[16] unrolled;
     * strides src/dst: c16 50176/16 ...}.
     */
    public String describe() {
        if (nodes.isEmpty()) {
            return "a single element";
        }
        StringJoiner loops = new StringJoiner(" > ");
        for (int k = 0; k < nodes.size(); k++) {
            Node n = nodes.get(k);
            String unrolled = k == unrolledFrom ? "unrolled: " : "";
            loops.add(unrolled + n.name() + "[" + n.extent() + "]");
        }
        StringJoiner names = new StringJoiner("/");
        problem.operands().forEach(o -> names.add(o.name()));
        StringJoiner strides = new StringJoiner(", ");
        for (Node n : nodes) {
            if (n.isTable()) {
                strides.add(n.name() + (n.isLiteralTable() ? " table" : " computed"));
                continue;
            }
            StringJoiner s = new StringJoiner("/");
            for (int v : n.strides()) {
                s.add(String.valueOf(v));
            }
            strides.add(n.name() + " " + s);
        }
        return loops + "; strides " + names + ": " + strides;
    }
}

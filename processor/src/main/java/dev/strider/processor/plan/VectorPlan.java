package dev.strider.processor.plan;

/**
 * A loop nest for vectors: the nodes of {@link #loops()} from {@link #leaf()} on are lane nodes
 * of {@link #lanes()} elements that one vector statement covers when their ranges are whole
 * (tails fall back to scalar statements).
 *
 * @param kind  how the lane nodes are covered
 * @param leaf  index of the first lane node
 */
public record VectorPlan(LoopPlan loops, Kind kind, int leaf, int lanes) {

    public enum Kind {
        /** One lane node, sequential (or reversed, or broadcast) in every operand: load, compute, store. */
        CONTIGUOUS,
        /** Two lane nodes, Y then X: a {@code lanes x lanes} block transposed in registers. */
        TRANSPOSE
    }

    /** The plan in one line, for the generated Javadoc. */
    public String describe() {
        String nest = loops.describe();
        if (kind == Kind.CONTIGUOUS) {
            return nest + "; vectors of " + lanes + " along " + loops.nodes().get(leaf).name();
        }
        return nest + "; " + lanes + "x" + lanes + " blocks of " + loops.nodes().get(leaf).name() + " x "
                + loops.nodes().get(leaf + 1).name() + " transposed in registers";
    }
}

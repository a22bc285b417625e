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
        TRANSPOSE,
        /**
         * Two lane nodes, pixels then channels: {@code lanes} pixels of a few channels, each channel
         * sequential in the input, interleaved in registers into {@code channels x lanes}
         * sequential output elements.
         */
        INTERLEAVE,
        /** Two lane nodes, channels then pixels: the inverse of {@link #INTERLEAVE}. */
        DEINTERLEAVE
    }

    /** The channel node's extent for {@link Kind#INTERLEAVE} and {@link Kind#DEINTERLEAVE}. */
    public int channels() {
        return loops.nodes().get(kind == Kind.INTERLEAVE ? leaf + 1 : leaf).extent();
    }

    /** The plan in one line, for the generated Javadoc. */
    public String describe() {
        String nest = loops.describe();
        if (kind == Kind.CONTIGUOUS) {
            return nest + "; vectors of " + lanes + " along " + loops.nodes().get(leaf).name();
        }
        if (kind != Kind.TRANSPOSE) {
            String pixels = loops.nodes().get(kind == Kind.INTERLEAVE ? leaf : leaf + 1).name();
            String c = loops.nodes().get(kind == Kind.INTERLEAVE ? leaf + 1 : leaf).name();
            return nest + "; " + lanes + " " + pixels + " x " + channels() + " " + c + " "
                    + (kind == Kind.INTERLEAVE ? "interleaved" : "deinterleaved") + " in registers";
        }
        return nest + "; " + lanes + "x" + lanes + " blocks of " + loops.nodes().get(leaf).name() + " x "
                + loops.nodes().get(leaf + 1).name() + " transposed in registers";
    }
}

package dev.strider.processor.plan;

import java.util.Optional;

/**
 * How a compensating reorder sums the weights it wrote into its compensations
 * ({@link Planner#compensation}): a nest over the weights in their memory order and, where one
 * node sums into the same value of every compensation (stride 0 for each), that node taken out of
 * the nest as a run its statement adds up on its own, one read-modify-write of each compensation per
 * run rather than per weight.
 *
 * @param nest the loops, the weights first among its operands, then each compensation
 * @param run  the node summed within one statement, if any: its extent and its stride in the weights
 * @param splitNode the node THREADS splits into chunks, or -1: the nest's split node
 *             ({@link LoopPlan#splitNode}) when it runs along a dim of every compensation, so that
 *             different chunks add into different values
 */
public record CompensationPlan(LoopPlan nest, Optional<Node> run, int splitNode) {

    /** A plan THREADS does not split. */
    public CompensationPlan(LoopPlan nest, Optional<Node> run) {
        this(nest, run, -1);
    }

    /** The iterations of the split node, which THREADS hands out in chunks; 0 when it does not split. */
    public int steps() {
        return splitNode < 0 ? 0 : nest.nodes().get(splitNode).extent();
    }

    /** The plan in one line, for the Javadoc: the nest, and the run each statement sums. */
    public String describe() {
        return nest.describe() + run.map(n -> "; each statement sums " + n.name() + "[" + n.extent() + "] (weights stride "
                + n.strides()[0] + ")").orElse("");
    }
}

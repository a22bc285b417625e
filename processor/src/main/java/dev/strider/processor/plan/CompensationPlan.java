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
 */
public record CompensationPlan(LoopPlan nest, Optional<Node> run) {

    /** The plan in one line, for the Javadoc: the nest, and the run each statement sums. */
    public String describe() {
        return nest.describe() + run.map(n -> "; each statement sums " + n.name() + "[" + n.extent() + "] (weights stride "
                + n.strides()[0] + ")").orElse("");
    }
}

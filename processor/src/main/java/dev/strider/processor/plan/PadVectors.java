package dev.strider.processor.plan;

import java.util.List;
import java.util.Optional;

/**
 * The output's pad lanes zeroed in whole vectors before the nest writes the real lanes: the
 * tail block of padded dim {@code dim}, from index {@code from} (the first index of the block
 * that holds the dim's last index) up to its padded size, real lanes included, in vectors of
 * {@code lanes} along the innermost node of {@code extent}. A block of 8 floats holding one real
 * channel is then one vector store and one scalar store instead of eight scalar stores.
 */
public record PadVectors(int dim, int from, int lanes, int extent) {

    /**
     * The pad vectors of {@code plan}, or empty when they do not apply. The vectors are of
     * {@code maxLanes}, or of fewer (halved down to {@code minLanes}) to fit a shorter node, such
     * as the 4 lanes of a 4x4 transpose in a class of 8. The innermost node must write
     * sequentially, be the finest piece of a padded dim, and be whole vectors long.
     */
    static Optional<PadVectors> of(LoopPlan plan, int maxLanes, int minLanes) {
        Problem p = plan.problem();
        List<Node> nodes = plan.nodes();
        if (nodes.isEmpty()) {
            return Optional.empty();
        }
        Node x = nodes.get(nodes.size() - 1);
        int lanes = maxLanes;
        while (lanes > minLanes && x.extent() % lanes != 0) {
            lanes /= 2;
        }
        int wide = x.dim();
        if (x.isTable() || x.weight() != 1 || x.strides()[0] != 1 || wide >= p.rank()
                || p.padded()[wide] == p.sizes()[wide] || x.extent() % lanes != 0 || p.padded()[wide] % x.extent() != 0) {
            return Optional.empty();
        }
        return Optional.of(new PadVectors(wide, p.sizes()[wide] / x.extent() * x.extent(), lanes, x.extent()));
    }
}

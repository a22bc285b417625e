package dev.strider.processor.plan;

import java.util.Arrays;

/**
 * One loop of a plan: a piece of a logical dim (the whole dim, or the block part {@code c16} or
 * lane part {@code c} of a blocked one, or several contiguous pieces coalesced into one) with a
 * literal stride per operand. Index {@code k} of the node stands for logical index
 * {@code k * weight} of its dim.
 *
 * @param dim     the logical dim, or from the rank on a virtual dim (pieces of several dims coalesced)
 * @param name    the loop variable ({@code h}, {@code c16}, {@code hw})
 * @param extent  iterations over the padded space
 * @param weight  logical index step per iteration
 * @param strides per operand, in elements
 * @param tables  per operand a literal offset table for a dim whose terms are not linear, else null
 */
public record Node(int dim, String name, int extent, int weight, int[] strides, int[][] tables) {

    /** The same piece over fewer iterations (a tile or a vector's lanes). */
    public Node withExtent(int newExtent) {
        return new Node(dim, name, newExtent, weight, strides, tables);
    }

    public boolean isTable() {
        return tables != null;
    }

    @Override
    public String toString() {
        return name + "[" + extent + "]" + (isTable() ? " table" : " strides " + Arrays.toString(strides));
    }
}

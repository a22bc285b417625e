package dev.strider.processor.plan;

import dev.strider.layout.OffsetTerm;
import java.util.Arrays;

/**
 * One loop of a plan: a piece of a logical dim (the whole dim, or the block part {@code c16} or
 * lane part {@code c} of a blocked one, or several contiguous pieces coalesced into one) with a
 * literal stride per operand. Index {@code k} of the node stands for logical index
 * {@code k * weight} of its dim.
 *
 * <p>A dim whose terms no mixed radix makes linear (a slice across blocks) is one node with an
 * offset per index instead of strides ({@link #isTable()}): a literal table when it is short
 * ({@code tables}), else the terms themselves ({@code terms}), which the generated code computes.
 *
 * @param dim     the logical dim, or from the rank on a virtual dim (pieces of several dims coalesced)
 * @param name    the loop variable ({@code h}, {@code c16}, {@code hw})
 * @param extent  iterations over the padded space
 * @param weight  logical index step per iteration
 * @param strides per operand, in elements
 * @param tables  per operand a literal offset table (relative to index 0) for a short non-linear dim, else null
 * @param terms   per operand the offset terms of a non-linear dim, else null
 */
public record Node(int dim, String name, int extent, int weight, int[] strides, int[][] tables, OffsetTerm[] terms) {

    /** A linear piece: an offset of {@code strides[o]} per iteration. */
    public Node(int dim, String name, int extent, int weight, int[] strides) {
        this(dim, name, extent, weight, strides, null, null);
    }

    /** The same piece over fewer iterations (a tile or a vector's lanes). */
    public Node withExtent(int newExtent) {
        return new Node(dim, name, newExtent, weight, strides, tables, terms);
    }

    /** True for a non-linear dim: an offset per index, from a table or computed. */
    public boolean isTable() {
        return tables != null || terms != null;
    }

    /** True for a non-linear dim whose offsets are a literal table. */
    public boolean isLiteralTable() {
        return tables != null;
    }

    /** The indices operand {@code operand} has along a non-linear node (inputs do not reach pad lanes). */
    public int termCount(int operand) {
        return tables != null ? tables[operand].length : terms[operand].extent();
    }

    /** What index {@code q} of a non-linear node adds to operand {@code operand}'s offset, relative to index 0. */
    public long term(int operand, int q) {
        return tables != null ? tables[operand][q] : (long) terms[operand].at(q) - terms[operand].at(0);
    }

    @Override
    public String toString() {
        return name + "[" + extent + "]" + (tables != null ? " table" : terms != null ? " computed"
                : " strides " + Arrays.toString(strides));
    }
}

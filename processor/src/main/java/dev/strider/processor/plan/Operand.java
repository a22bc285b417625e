package dev.strider.processor.plan;

/**
 * One array of an element-wise problem, as the planner sees it: per logical dim, the offset term
 * of every index ({@code terms[d][i]}), plus a base. The output operand covers the padded index
 * space; inputs only their logical one (pad lanes are never read).
 *
 * @param name    the Java parameter name
 * @param written true for the output
 */
public record Operand(String name, boolean written, int base, int[][] terms) {
}

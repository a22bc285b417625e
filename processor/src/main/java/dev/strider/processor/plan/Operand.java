package dev.strider.processor.plan;

import dev.strider.layout.OffsetTerm;
import java.util.List;

/**
 * One array of an element-wise problem, as the planner sees it: per logical dim, the offset term
 * of its indices ({@code terms.get(d).at(i)}, computed, never tabulated), plus a base. The output
 * operand covers the padded index space; inputs only their logical one (pad lanes are never read).
 *
 * @param name    the Java parameter name
 * @param written true for the output
 */
public record Operand(String name, boolean written, int base, List<OffsetTerm> terms) {

    public Operand {
        terms = List.copyOf(terms);
    }
}

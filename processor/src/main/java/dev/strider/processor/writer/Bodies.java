package dev.strider.processor.writer;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.VariantPlan;
import java.util.List;

/**
 * The nest of one variant rendered as statements, whatever the class's target: the scalar form
 * here, the vector forms by {@link VectorWriter} over the same {@link NestWriter}.
 */
final class Bodies {

    private Bodies() {
    }

    /**
     * A variant's code: every logical element, then the output's pad lanes (for a method THREADS
     * splits, only the chunk from 0 zeroes them), and the offset tables it refers to.
     */
    record Body(VariantPlan plan, CodeBlock logical, CodeBlock pad, List<FieldSpec> tables) {
    }

    /** The nest writer of variant {@code v} of {@code m}, split for THREADS at the plan's split node. */
    static NestWriter nest(Identifiers ids, KernelMethod m, VariantPlan v) {
        NestWriter nest = new NestWriter(v.loops(), ids, m, ids.scope(m));
        if (v.splitNode() >= 0) {
            String[] bounds = ids.bounds(m);
            nest.splitAt(v.splitNode(), bounds[0], bounds[1]);
        }
        return nest;
    }

    /** Variant {@code v} of {@code m} in scalar statements, one per element. */
    static Body scalar(Identifiers ids, KernelMethod m, VariantPlan v) {
        return scalar(ids, m, v, nest(ids, m, v));
    }

    /** The same, written by {@code nest} ({@link #nest} of the same variant). */
    static Body scalar(Identifiers ids, KernelMethod m, VariantPlan v, NestWriter nest) {
        CodeBlock logical = nest.logical(offsets -> KernelClass.element(ids, m, offsets));
        return new Body(v, logical, padLanes(m, nest), nest.tables());
    }

    /** Zeros into the output's pad lanes, if it has any. */
    static CodeBlock padLanes(KernelMethod m, NestWriter nest) {
        Param out = m.output();
        return nest.padLanes(offset -> CodeBlock.of("$N[$L] = 0;\n", out.name(), offset));
    }
}

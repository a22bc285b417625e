package dev.strider.processor.writer;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.Problem;
import dev.strider.processor.plan.VariantPlan;
import java.util.List;
import java.util.Optional;

/**
 * The nest of one variant rendered as statements, whatever the class's target: the scalar form
 * here, the vector forms by {@link VectorWriter} over the same {@link NestWriter}.
 */
final class Bodies {

    private Bodies() {
    }

    /**
     * A variant's code: what it declares first (buffers sliced at their positions, segment views),
     * every logical element, then the output's pad lanes (for a method THREADS splits, only the
     * chunk from 0 zeroes them), and the offset tables it refers to; the code of the variant's
     * form from Java 25, where it has one; and its nest in bytes, where it has one.
     */
    record Body(VariantPlan plan, CodeBlock prologue, CodeBlock logical, CodeBlock pad, List<FieldSpec> tables,
                Optional<Body> fromJava25, List<com.palantir.javapoet.ParameterSpec> handOff,
                Optional<InBytes> inBytes) {

        Body(VariantPlan plan, CodeBlock prologue, CodeBlock logical, CodeBlock pad, List<FieldSpec> tables) {
            this(plan, prologue, logical, pad, tables, Optional.empty(), List.of(), Optional.empty());
        }

        /**
         * The same body whose nest reads the locals {@code handOff} its prologue declares ({@link
         * Access#handOff}): a variant method of it makes them and passes them to a method of the nest.
         */
        Body withHandOff(List<com.palantir.javapoet.ParameterSpec> locals) {
            return new Body(plan, prologue, logical, pad, tables, fromJava25, List.copyOf(locals), inBytes);
        }

        /** The same body, with {@code body} the code of the plan's Java 25 form ({@link VariantPlan#fromJava25}). */
        Body withFromJava25(Body body) {
            return new Body(plan, prologue, logical, pad, tables, Optional.of(body), handOff, inBytes);
        }

        /** The same body, with {@code bytes} its nest in bytes ({@link MethodPlan#inBytes}). */
        Body withInBytes(InBytes bytes) {
            return new Body(plan, prologue, logical, pad, tables, fromJava25, handOff, Optional.of(bytes));
        }
    }

    /**
     * The nest in bytes of a scalar variant over buffers ({@link MethodPlan#inBytes}): its body,
     * which takes the buffers' segment views or addresses ({@code body.handOff()}) and declares
     * nothing first; the condition on which the variant runs it, if any ({@link Access#nativeOrders});
     * the views or addresses as the variant makes them from its sliced buffers ({@link
     * Access#viewArguments}); what the variant runs after it ({@link Access#fences}); how it reaches
     * the buffers, for its Javadoc; and why the variant would run its element nest instead, for a
     * comment there.
     */
    record InBytes(Body body, Optional<CodeBlock> when, CodeBlock views, CodeBlock after, String how,
                   String otherwise) {
    }

    /**
     * The nest writer of variant {@code v} of {@code m} (planned as {@code method}), split for THREADS
     * at the plan's split node, in long offsets where the plan says ({@link MethodPlan#longOffsets}).
     */
    static NestWriter nest(Identifiers ids, KernelMethod m, MethodPlan method, VariantPlan v) {
        return nest(ids, m, v, method.longOffsets(v.loops()), method.byteOffsets(v) ? units(m, v) : null);
    }

    /** The nest writer of variant {@code v}, split as {@link #nest} splits it, in the offsets given. */
    private static NestWriter nest(Identifiers ids, KernelMethod m, VariantPlan v, boolean longOffsets, long[] units) {
        NestWriter nest = new NestWriter(v.loops(), ids, m, ids.scope(m), longOffsets, units);
        if (v.splitNode() >= 0) {
            String[] bounds = ids.bounds(m);
            nest.splitAt(v.splitNode(), bounds[0], bounds[1]);
        }
        return nest;
    }

    /** Per operand of {@code v}'s nest, its element size: what one element adds to offsets counted in bytes. */
    private static long[] units(KernelMethod m, VariantPlan v) {
        long[] units = new long[v.loops().problem().operands().size()];
        units[0] = m.output().type().bytes();
        for (Param p : Problem.inputs(m)) {
            units[Problem.operand(m, p)] = p.type().bytes();
        }
        return units;
    }

    /** The access of a scalar form {@code v}, in the offsets {@link #nest} counts for it. */
    static Access scalarAccess(KernelMethod m, MethodPlan method, VariantPlan v, NestWriter nest) {
        return new Access(m, method, nest.scope(), v.loops(), null, method.byteOffsets(v));
    }

    /**
     * Variant {@code v} of {@code m} (planned as {@code method}) in scalar statements, one per
     * element, with its nest in bytes where the plan says so ({@link #withInBytes}).
     */
    static Body scalar(Identifiers ids, KernelMethod m, MethodPlan method, VariantPlan v) {
        NestWriter nest = nest(ids, m, method, v);
        return withInBytes(ids, m, method, v, scalar(ids, m, v, nest, scalarAccess(m, method, v, nest)));
    }

    /**
     * {@code body}, scalar variant {@code v}'s code, with its nest in bytes where {@link
     * MethodPlan#inBytes} holds: the same nest in {@code long} offsets counted in bytes, reading and
     * writing each buffer through its segment view in native order ({@link MethodPlan#viewsInBytes})
     * or by its address ({@link MethodPlan#byAddress}).
     */
    static Body withInBytes(Identifiers ids, KernelMethod m, MethodPlan method, VariantPlan v, Body body) {
        if (!method.inBytes(v)) {
            return body;
        }
        boolean byAddress = method.byAddress(v);
        NestWriter nest = nest(ids, m, v, true, units(m, v));
        Access access = new Access(m, method, nest.scope(), v.loops(), null, true, byAddress);
        Body bytes = scalar(ids, m, v, nest, access);
        Body taking = new Body(v, CodeBlock.of(""), bytes.logical(), bytes.pad(), bytes.tables())
                .withHandOff(access.handOff());
        if (byAddress && access.nativeOrders().isEmpty()) {
            throw new IllegalStateException(m.name() + ": a nest by address runs only where its buffers allow it");
        }
        return body.withInBytes(new InBytes(taking, access.nativeOrders(), access.viewArguments(), access.fences(),
                byAddress ? "by the addresses of its direct buffers (JDK 17 to 21, {@code RawMemory})"
                        : "through the segment views of its buffers in native order",
                byAddress ? "a heap buffer, one over a segment, misaligned or in another byte order, or JDK 22+: element by element"
                        : "another byte order: element by element, as the buffers read it"));
    }

    /** The same, written by {@code nest} ({@link #nest} of the same variant) through {@code access}. */
    static Body scalar(Identifiers ids, KernelMethod m, VariantPlan v, NestWriter nest, Access access) {
        KernelClass.hoistQuantization(nest, m, access);
        CodeBlock logical = nest.logical(offsets -> KernelClass.element(ids, m, access, nest, offsets));
        CodeBlock pad = padLanes(m, nest, access);
        return new Body(v, access.prologue(), logical, pad, nest.tables());
    }

    /** Zeros into the output's pad lanes, if it has any. */
    static CodeBlock padLanes(KernelMethod m, NestWriter nest, Access access) {
        Param out = m.output();
        return nest.padLanes(offset -> access.zero(out, offset));
    }
}

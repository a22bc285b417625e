package dev.strider.processor.plan;

import dev.strider.layout.OffsetTerm;
import dev.strider.layout.SliceWindow;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.Param;
import dev.strider.processor.model.QuantParam;
import java.util.ArrayList;
import java.util.List;

/**
 * An element-wise problem: a logical index space, the output's padded space around it, and the
 * operands (the output first) with their per-dim offset terms. Every kernel Strider generates —
 * reorder, slice, fill, unary, binary — is one of these with a different statement per element.
 */
public record Problem(String dims, int[] sizes, int[] padded, List<Operand> operands) {

    public int rank() {
        return sizes.length;
    }

    public Operand output() {
        return operands.get(0);
    }

    /**
     * The problem a kernel method poses: its output over the output's padded space, then its
     * inputs in parameter order (a slice's input indexed through the window, binary operands
     * broadcast to the output's sizes).
     */
    public static Problem of(KernelMethod m) {
        TensorLayout out = m.layoutOf(m.output()).layout();
        int[] sizes = out.sizes();
        List<Operand> ops = new ArrayList<>();
        ops.add(output(m.output().name(), out));
        for (Param p : inputs(m)) {
            TensorLayout in = m.layoutOf(p).layout();
            java.util.Optional<QuantParam> quant = m instanceof KernelMethod.Reorder r
                    ? r.quantization().stream().filter(q -> q.param() == p).findFirst() : java.util.Optional.empty();
            if (quant.isPresent()) {
                ops.add(quantization(p.name(), quant.get(), out));
                continue;
            }
            ops.add(m instanceof KernelMethod.Slice s ? sliceInput(p.name(), in, s.window()) : input(p.name(), in, sizes));
        }
        return new Problem(out.dims(), sizes, out.paddedSizes(), ops);
    }

    /**
     * The operands after the output, in parameter order: every tensor parameter but the output and
     * what the method writes besides it ({@link KernelMethod#outputsBesides}): operands 1, 2, ...
     * ({@link #operand}).
     */
    public static List<Param> inputs(KernelMethod m) {
        return m.params().stream().filter(p -> p.tensor() && p != m.output() && !m.outputsBesides().contains(p))
                .toList();
    }

    /**
     * Where input {@code p} of {@code m} sits among the operands of {@link #of}{@code (m)}, and so
     * among the offsets a nest hands its statements: the output is 0, the inputs follow in
     * parameter order.
     */
    public static int operand(KernelMethod m, Param p) {
        int k = inputs(m).indexOf(p);
        if (k < 0) {
            throw new IllegalArgumentException(p.name() + " is no input operand of " + m.name());
        }
        return 1 + k;
    }

    /** The output operand over its padded index space. */
    public static Operand output(String name, TensorLayout layout) {
        List<OffsetTerm> terms = new ArrayList<>();
        for (int d = 0; d < layout.rank(); d++) {
            terms.add(OffsetTerm.padded(layout, d));
        }
        return new Operand(name, true, layout.offset(), terms);
    }

    /** An input read over {@code sizes}; a dim of size 1 where {@code sizes} is larger broadcasts. */
    public static Operand input(String name, TensorLayout layout, int[] sizes) {
        List<OffsetTerm> terms = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            terms.add(OffsetTerm.broadcast(layout, d, sizes[d]));
        }
        return new Operand(name, false, layout.offset(), terms);
    }

    /**
     * The values of a scale or zero point over the output's logical index space: each dim's term
     * as {@link QuantParam#term} reads it (stride 0 where it does not vary, a value per group of
     * indices where it has groups).
     */
    public static Operand quantization(String name, QuantParam q, TensorLayout shape) {
        TensorLayout values = q.layout(shape).layout();
        List<OffsetTerm> terms = new ArrayList<>();
        for (int d = 0; d < shape.rank(); d++) {
            terms.add(q.term(values, shape, d));
        }
        return new Operand(name, false, 0, terms);
    }

    /** The input of a slice, indexed by output index. */
    public static Operand sliceInput(String name, TensorLayout layout, SliceWindow window) {
        List<OffsetTerm> terms = new ArrayList<>();
        for (int d = 0; d < layout.rank(); d++) {
            terms.add(OffsetTerm.slice(layout, window, d));
        }
        return new Operand(name, false, layout.offset(), terms);
    }
}

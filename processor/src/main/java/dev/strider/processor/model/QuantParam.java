package dev.strider.processor.model;

import dev.strider.Side;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;

/**
 * A quantization parameter of a converting reorder, given at call time: {@code @Scale(value =
 * Side.SRC, per = "C") float[] scales}.
 *
 * @param param the parameter: a {@code float}/{@code int} value, or an array (scales {@code float[]}
 *              or bf16/f16 in a {@code short[]}; zero points {@code int[]} or {@code byte[]})
 * @param kind  a scale or a zero point
 * @param side  whose
 * @param per   the dims it varies along, by letter in the layouts' order; empty for one value
 */
public record QuantParam(Param param, Quantization.Kind kind, Side side, String per) {

    /** The step that applies it ({@link Quantization#steps}). */
    public Quantization.Step step() {
        return Quantization.Step.of(kind, side);
    }

    /** True for an array; false for a {@code float} or {@code int} value. */
    public boolean array() {
        return param.tensor();
    }

    /** {@code src scales}, {@code dst zero point}: how messages and Javadoc name its role. */
    public String role() {
        return side.name().toLowerCase() + " " + kind.label() + (per.isEmpty() ? "" : "s per " + per);
    }

    /**
     * Where its values sit, as the planner reads an operand: over {@code shape}'s dims and sizes,
     * stride 0 along every dim it does not vary along, row-major over the others.
     */
    public NamedLayout layout(TensorLayout shape) {
        return new NamedLayout(role(), TensorLayout.strided(shape.dims(), shape.sizes(),
                Quantization.strides(shape, per)));
    }

    /** The same with its parameter renamed (the generated code's names). */
    public QuantParam withParam(Param p) {
        return new QuantParam(p, kind, side, per);
    }
}

package dev.strider.processor.model;

import dev.strider.Side;
import dev.strider.kernel.Quantization;
import dev.strider.layout.OffsetTerm;
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
 * @param groups per letter of {@code per}, how many consecutive indices share a value (empty: 1 each)
 */
public record QuantParam(Param param, Quantization.Kind kind, Side side, String per, int[] groups) {

    public QuantParam {
        groups = groups.clone();
    }

    /** A parameter without groups. */
    public QuantParam(Param param, Quantization.Kind kind, Side side, String per) {
        this(param, kind, side, per, new int[0]);
    }

    /** The group along dim {@code d} of {@code shape}: 1 where it has none. */
    public int groupAlong(TensorLayout shape, int d) {
        return Quantization.groupAlong(shape, per, groups, d);
    }

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
        return side.name().toLowerCase() + " " + kind.label() + (per.isEmpty() ? "" : "s per " + per)
                + (groups.length == 0 ? "" : " in groups of " + java.util.Arrays.toString(groups));
    }

    /**
     * Where its values sit: over {@code shape}'s dims, stride 0 along every dim it does not vary
     * along, row-major over the others, each of those as many elements as its size over its group.
     * The planner reads it through {@link #term}.
     */
    public NamedLayout layout(TensorLayout shape) {
        return layout(role(), shape, per, groups);
    }

    /**
     * The values of a parameter of {@code role} varying along {@code per} (in {@code groups}) over
     * {@code shape}: stride 0 along every other dim, row-major over those, each as many elements as
     * its size over its group. Scales, zero points and compensations all sit so.
     */
    static NamedLayout layout(String role, TensorLayout shape, String per, int[] groups) {
        int[] sizes = shape.sizes();
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] /= Quantization.groupAlong(shape, per, groups, d);
        }
        return new NamedLayout(role, TensorLayout.strided(shape.dims(), sizes, Quantization.strides(shape, per, groups)));
    }

    /**
     * The offset term of dim {@code d} as the output's index {@code 0..shape.size(d)-1} reads its
     * values, which sit at {@code values} ({@link #layout} of {@code shape}).
     */
    public OffsetTerm term(TensorLayout values, TensorLayout shape, int d) {
        int group = groupAlong(shape, d);
        return group == 1 ? OffsetTerm.broadcast(values, d, shape.size(d))
                : OffsetTerm.grouped(values, d, group, shape.size(d));
    }

    /** The same with its parameter renamed (the generated code's names). */
    public QuantParam withParam(Param p) {
        return new QuantParam(p, kind, side, per, groups);
    }
}

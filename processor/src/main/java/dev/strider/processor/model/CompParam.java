package dev.strider.processor.model;

import dev.strider.Compensation;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;

/**
 * A compensation a reorder into s8 weights writes besides them: {@code @Compensation(value =
 * Compensation.Kind.S8S8, per = "O") int[] compensation}.
 *
 * @param param the {@code int[]} parameter it is written into
 * @param kind  oneDNN's {@code s8s8} or zero-point compensation
 * @param per   the dims it has one value per index of, by letter in the layouts' order; empty for one
 */
public record CompParam(Param param, Compensation.Kind kind, String per) {

    /** {@code s8s8 compensation per O}: how messages and Javadoc name its role. */
    public String role() {
        return (kind == Compensation.Kind.S8S8 ? "s8s8" : "zero-point") + " compensation"
                + (per.isEmpty() ? "" : " per " + per);
    }

    /**
     * Where its values sit over {@code shape}'s dims: stride 0 along every dim it does not vary
     * along, row-major over the others.
     */
    public NamedLayout layout(TensorLayout shape) {
        return QuantParam.layout(role(), shape, per, new int[0]);
    }

    /** How many values it holds over {@code shape}. */
    public int count(TensorLayout shape) {
        return Quantization.count(shape, per);
    }

    /** The same with its parameter renamed (the generated code's names). */
    public CompParam withParam(Param p) {
        return new CompParam(p, kind, per);
    }
}

package dev.strider.processor.plan;

import dev.strider.UnaryKind;
import dev.strider.kernel.Arithmetic;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.Quantization;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.QuantParam;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a method converts each element, decided once for every writer: {@code dst = src * scale +
 * shift} in the {@link Arithmetic} oneDNN's reorder uses (the runtime's {@link Arithmetic#of}, so
 * the generic kernels decide the same), multiplying only when the scale is not 1 and adding only
 * when the shift is not 0 in that arithmetic — without a shift, -0.0 stays -0.0. A converting
 * reorder has one; so does a SCALE_SHIFT unary, which converts a type to itself.
 *
 * @param arithmetic          f32 as oneDNN, or double (a double or long side, or exact integers)
 * @param unsignedDestination the result is narrowed to the unsigned reading of a byte or short
 * @param scale               the factor, as declared
 * @param shift               the addend, as declared
 * @param sum                 the factor of the destination's old value added (oneDNN's sum post-op), 0 for none
 */
public record Conversion(Arithmetic arithmetic, boolean unsignedDestination, double scale, double shift, double sum,
                         List<Step> steps) {

    /**
     * One step of a reorder with quantization parameters given at call time, in the order
     * {@link Quantization#steps} runs them: the parameter it applies, or the compile-time value that
     * stands for it (the source scale {@code scale}, the destination zero point {@code shift}, the
     * sum's factor).
     *
     * @param step     what it does
     * @param param    the parameter whose value it applies, or null for a compile-time constant
     * @param constant the constant when {@code param} is null
     */
    public record Step(Quantization.Step step, QuantParam param, double constant) {
    }

    public Conversion {
        steps = List.copyOf(steps);
    }

    public Conversion(Arithmetic arithmetic, boolean unsignedDestination, double scale, double shift) {
        this(arithmetic, unsignedDestination, scale, shift, 0, List.of());
    }

    public Conversion(Arithmetic arithmetic, boolean unsignedDestination, double scale, double shift, double sum) {
        this(arithmetic, unsignedDestination, scale, shift, sum, List.of());
    }

    /** The conversion {@code m} computes, or empty when it converts nothing (a copy, a slice, ...). */
    public static Optional<Conversion> of(KernelMethod m) {
        if (m instanceof KernelMethod.Reorder r && r.quantized()) {
            return Optional.of(quantized(r));
        }
        if (m instanceof KernelMethod.Reorder r && !r.isCopy()) {
            return Optional.of(new Conversion(Arithmetic.of(r.src().arithmeticType(), r.dst().arithmeticType(),
                    r.scale(), r.shift(), r.sum()),
                    r.unsignedDestination(), r.scale(), r.shift(), r.sum()));
        }
        if (m instanceof KernelMethod.Unary u && u.op().kind() == UnaryKind.SCALE_SHIFT) {
            ElementType type = u.out().type();
            return Optional.of(new Conversion(Arithmetic.of(type, type, u.op().scale(), u.op().shift()), false,
                    u.op().scale(), u.op().shift()));
        }
        return Optional.empty();
    }

    /**
     * A reorder with parameters given at call time: f32 (double where a double or long is on either
     * side), each parameter's step, and the compile-time scale, shift and sum where they are not 1,
     * 0 and 0 in that arithmetic, in {@link Quantization#steps}' order.
     */
    private static Conversion quantized(KernelMethod.Reorder r) {
        Arithmetic arithmetic = Arithmetic.quantized(r.src().arithmeticType(), r.dst().arithmeticType());
        Map<Quantization.Step, QuantParam> given = new EnumMap<>(Quantization.Step.class);
        r.quantization().forEach(q -> given.put(q.step(), q));
        boolean scales = arithmetic.multiplies(r.scale());
        boolean shifts = arithmetic.adds(r.shift());
        List<Step> steps = new ArrayList<>();
        for (Quantization.Step s : Quantization.steps(given.containsKey(Quantization.Step.SUBTRACT_SRC_ZERO_POINT),
                scales || given.containsKey(Quantization.Step.MULTIPLY_SRC_SCALE), r.sums(),
                given.containsKey(Quantization.Step.MULTIPLY_DST_SCALE_INVERSE),
                shifts || given.containsKey(Quantization.Step.ADD_DST_ZERO_POINT))) {
            QuantParam q = given.get(s);
            double constant = s == Quantization.Step.MULTIPLY_SRC_SCALE ? r.scale()
                    : s == Quantization.Step.ADD_DST_ZERO_POINT ? r.shift() : s == Quantization.Step.ADD_SUM ? r.sum() : 0;
            steps.add(new Step(s, q, q != null ? 0 : constant));
        }
        return new Conversion(arithmetic, r.unsignedDestination(), r.scale(), r.shift(), r.sum(), steps);
    }

    /** True when it takes quantization parameters at call time and runs {@link #steps}. */
    public boolean quantized() {
        return !steps.isEmpty();
    }

    /** True when it multiplies by the scale: the scale is not 1 in its arithmetic. */
    public boolean multiplies() {
        return arithmetic.multiplies(scale);
    }

    /** True when it adds the shift: the shift is not 0 in its arithmetic. */
    public boolean adds() {
        return arithmetic.adds(shift);
    }

    /**
     * The runtime function of the destination's {@code <Type>Kernels} that computes one element:
     * {@code scaleShiftFloat}, {@code scaleShiftDouble}, {@code scaleShiftUnsignedFloat},
     * {@code scaleShiftSumFloat} (which takes the destination's old value too), ...
     */
    public String kernelFunction() {
        return "scaleShift" + (sum != 0 ? "Sum" : "") + (unsignedDestination ? "Unsigned" : "")
                + (arithmetic == Arithmetic.FLOAT ? "Float" : "Double");
    }
}

package dev.strider.processor.plan;

import dev.strider.UnaryKind;
import dev.strider.kernel.Arithmetic;
import dev.strider.kernel.ElementType;
import dev.strider.processor.model.KernelMethod;
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
public record Conversion(Arithmetic arithmetic, boolean unsignedDestination, double scale, double shift, double sum) {

    public Conversion(Arithmetic arithmetic, boolean unsignedDestination, double scale, double shift) {
        this(arithmetic, unsignedDestination, scale, shift, 0);
    }

    /** The conversion {@code m} computes, or empty when it converts nothing (a copy, a slice, ...). */
    public static Optional<Conversion> of(KernelMethod m) {
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

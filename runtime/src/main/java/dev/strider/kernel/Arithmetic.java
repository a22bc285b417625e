package dev.strider.kernel;

/**
 * The arithmetic a conversion {@code dst = src * scale + shift} computes in: the one oneDNN's
 * reorder uses, so that a converted tensor is bit for bit what oneDNN writes.
 *
 * <p>oneDNN converts the source to f32, multiplies by the source scale in f32, adds the
 * destination zero point in f32, saturates in f32 and rounds half to even as it converts
 * ({@code cpu/simple_q10n.hpp}: {@code saturate}, {@code out_round}; the jit reorder's
 * {@code saturate_cvt_f32}). A Strider {@code scale} is oneDNN's source scale and {@code shift}
 * its destination zero point (no destination scale); a scale of 1 multiplies by nothing and a
 * shift of 0 adds nothing, so {@code -0.0} stays {@code -0.0}. oneDNN's CPU reorder has neither
 * f64 nor s64, and between integer types with nothing to scale it computes exactly, in integers:
 * there {@link #DOUBLE} is the exact answer.
 */
public enum Arithmetic {

    /**
     * f32, as oneDNN: {@code (float) src}, times {@code (float) scale} unless that is 1, plus
     * {@code (float) shift} unless that is 0. To an integer type the result saturates in float to
     * [least value, largest float not above the greatest value] — for int [-2^31, 2147483520],
     * the largest float below 2^31, as oneDNN's {@code types::max_value<float>(s32)} — then rounds
     * half to even; NaN gives the least value (x86's conversions give -2^31 for it, which
     * saturates to -128 for a byte and 0 for an unsigned destination).
     */
    FLOAT,

    /**
     * Double: the source widened to double (exact but for longs beyond 2^53), times {@code scale}
     * unless 1, plus {@code shift} unless 0; to an integer type rounded half to even and saturated
     * to the exact range, NaN to the least value.
     */
    DOUBLE;

    /**
     * The arithmetic of a conversion from {@code from} to {@code to}: {@link #FLOAT} to a float
     * destination; {@link #DOUBLE} where a double or long is on either side (types oneDNN's CPU
     * reorder lacks), and from an integer type to an integer type with scale 1 and a whole shift
     * (oneDNN computes that exactly); {@link #FLOAT} otherwise.
     */
    public static Arithmetic of(ElementType from, ElementType to, double scale, double shift) {
        return of(from, to, scale, shift, 0);
    }

    /**
     * The same with oneDNN's sum post-op adding {@code sum} times the destination's old value:
     * oneDNN adds a sum in f32, so between integer types too the arithmetic is {@link #FLOAT} when
     * {@code sum} is not 0 (a double or long side stays {@link #DOUBLE}).
     */
    public static Arithmetic of(ElementType from, ElementType to, double scale, double shift, double sum) {
        if (to == ElementType.FLOAT) {
            return FLOAT;
        }
        if (to == ElementType.DOUBLE || to == ElementType.LONG || from == ElementType.DOUBLE
                || from == ElementType.LONG) {
            return DOUBLE;
        }
        if (!from.isFloatingPoint() && scale == 1 && shift == Math.rint(shift) && sum == 0) {
            return DOUBLE;
        }
        return FLOAT;
    }

    /**
     * The arithmetic of a conversion that takes quantization parameters at run time
     * ({@link Quantization}): {@link #DOUBLE} where a double or long is on either side, {@link #FLOAT}
     * otherwise, between integer types too, as oneDNN's reorder computes with scales and zero points.
     */
    public static Arithmetic quantized(ElementType from, ElementType to) {
        return to == ElementType.DOUBLE || to == ElementType.LONG || from == ElementType.DOUBLE
                || from == ElementType.LONG ? DOUBLE : FLOAT;
    }

    /** True when the conversion multiplies: {@code scale}, rounded to this arithmetic, is not 1. */
    public boolean multiplies(double scale) {
        return this == FLOAT ? (float) scale != 1 : scale != 1;
    }

    /** True when the conversion adds: {@code shift}, rounded to this arithmetic, is not 0. */
    public boolean adds(double shift) {
        return this == FLOAT ? (float) shift != 0 : shift != 0;
    }
}

package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code void name(S[] src, D[] dst)}: copies every logical element from layout {@link #from} to
 * layout {@link #to} (same dims and sizes), writing zeros into the destination's pad lanes.
 * When the element types differ, or scale/shift or an unsigned reading are given, it converts as
 * {@link dev.strider.kernel.Convert#reorder} does: {@code dst = src * scale + shift}, bit for bit
 * what oneDNN's reorder writes (f32 arithmetic, {@link dev.strider.kernel.Arithmetic}).
 *
 * <p>A conversion to an integer type rounds half to even and saturates, as oneDNN's reorder does:
 * in float, so an int saturates to [-2^31, 2147483520]; NaN gives the least value (0 unsigned).
 * Where that can change a value (a floating-point source,
 * a narrower destination, a scale or shift), say so with {@code rounding = Rounding.HALF_EVEN} and
 * {@code overflow = Overflow.SATURATE}; until then javac prints a {@code [StriderNarrowing]} note.
 * A floating-point destination rounds to nearest and overflows to infinity, as Java's casts do
 * (bf16, f16 and f8 as oneDNN rounds them, and f8 e4m3, which has no infinity, overflows to its
 * NaN): naming {@code rounding} or {@code overflow} there is an error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Reorder {

    /** A type annotated with {@link Layout}. */
    Class<?> from();

    /** A type annotated with {@link Layout}. */
    Class<?> to();

    /** Read the source's integer bits as unsigned (byte, short, int sources). */
    boolean unsignedSource() default false;

    /**
     * Write the destination's integer bits as unsigned (byte and short destinations): results
     * saturate to [0, 255] or [0, 65535] and are stored as their low bits, so 255 is the byte
     * {@code -1}, read back with {@code b & 0xFF} (oneDNN's u8 and u16).
     */
    boolean unsignedDestination() default false;

    /**
     * The {@code scale} of {@code dst = src * scale + shift}: oneDNN's source scale, applied as a
     * float; the default 1 with shift 0 copies.
     */
    double scale() default 1;

    /**
     * The {@code shift} of {@code dst = src * scale + shift}: oneDNN's destination zero point, added
     * after the scale; 0 adds nothing.
     */
    double shift() default 0;

    /**
     * oneDNN's sum post-op: {@code dst = (src * scale + shift) + sum * dst}, the destination's old
     * value added, times {@code sum}, in the same arithmetic before the result is narrowed (f32, as
     * oneDNN: {@code (float) sum * (float) old}, no fused multiply-add); 0, the default, adds
     * nothing and never reads the destination. Pad lanes are still written as zeros.
     */
    double sum() default 0;

    /** How an integer destination rounds; {@link Rounding#HALF_EVEN} is what it does. */
    Rounding rounding() default Rounding.UNSPECIFIED;

    /** What an integer destination does beyond its range; {@link Overflow#SATURATE} is what it does. */
    Overflow overflow() default Overflow.UNSPECIFIED;
}

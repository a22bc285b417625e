package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code void name(S[] src, D[] dst)}: copies every logical element from layout {@link #from} to
 * layout {@link #to} (same dims and sizes), writing zeros into the destination's pad lanes.
 * When the element types differ, or scale/shift are given, it converts as
 * {@link dev.strider.kernel.Convert#reorder} does: {@code dst = scaleShift(widen(src))}.
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

    /** The {@code scale} of {@code dst = widen(src) * scale + shift}; the default 1 with shift 0 copies. */
    double scale() default 1;

    /** The {@code shift} of {@code dst = widen(src) * scale + shift}. */
    double shift() default 0;
}

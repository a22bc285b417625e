package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A zero point of a converting {@link Reorder} given when the kernel is called, as oneDNN's reorder
 * takes its zero points: the source's is subtracted from each source value before it is scaled,
 * the destination's added last ({@link Scale} has the formula).
 *
 * <p>The parameter follows {@code src} and {@code dst}. With {@link #per} empty it is one value: an
 * {@code int}, or an array of one. Otherwise it holds one value per index of the dims {@link #per}
 * names, row-major in the layouts' dim order, as an {@code int[]} (oneDNN's s32), a
 * {@code byte[]} (s8), or s4 or u4 values two to a byte ({@code @Elements(S4.class) byte[]},
 * {@code @Elements(U4.class) byte[]}: {@code (n + 1) / 2} bytes for {@code n} values). An array of
 * another length throws {@link IllegalArgumentException} before anything is written. A zero point cannot go with the sum post-op ({@code @Reorder(sum = ...)}),
 * which benchdnn does not run either.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface ZeroPoint {

    /** Whose zero point: the source's ({@code DNNL_ARG_SRC}) or the destination's ({@code DNNL_ARG_DST}). */
    Side value();

    /** The dims the zero point varies along, by their letters in the layouts' order; empty for one value. */
    String per() default "";

    /**
     * oneDNN's groups: per letter of {@link #per}, how many consecutive indices of that dim share
     * one value ({@code per = "CD", groups = {8, 1}}: one value per 8 channels, per column); each
     * must divide its dim's size. Empty, the default, is 1 for each.
     */
    int[] groups() default {};
}

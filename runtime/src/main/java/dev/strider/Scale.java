package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A scale of a converting {@link Reorder} given when the kernel is called, as oneDNN's reorder takes
 * its scales: {@code dst = saturate(round(scale_src · (src − zp_src) / scale_dst + zp_dst))} in f32
 * ({@link dev.strider.kernel.Quantization} has the exact order of operations).
 *
 * <pre>
 * &#64;Reorder(from = Oihw.class, to = OIhw16i16o.class)
 * void quantize(float[] weights, byte[] dst, &#64;Scale(value = Side.DST, per = "O") float[] scales);
 * </pre>
 *
 * <p>The parameter follows {@code src} and {@code dst}. With {@link #per} empty it is one value: a
 * {@code float}, or an array of one. Otherwise it holds one value per index of the dims
 * {@link #per} names (oneDNN's mask), row-major in the layouts' dim order: {@code per = "O"} on
 * OIHW takes {@code O} values, {@code per = "OI"} takes {@code O·I}, value {@code o·I + i}. A
 * {@code float[]}, or bf16 or f16 numbers in a {@code @Elements(Bf16.class) short[]}. The kernel
 * checks the length and the values before it writes anything: an array of another length, a scale
 * that is not finite, or a destination scale of 0 throws {@link IllegalArgumentException}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Scale {

    /** Whose scale: the source's ({@code DNNL_ARG_SRC}) or the destination's ({@code DNNL_ARG_DST}). */
    Side value();

    /** The dims the scale varies along, by their letters in the layouts' order ({@code "C"}, {@code "OI"}); empty for one value. */
    String per() default "";

    /**
     * oneDNN's groups: per letter of {@link #per}, how many consecutive indices of that dim share
     * one value ({@code per = "CD", groups = {8, 1}}: one value per 8 channels, per column); each
     * must divide its dim's size. Empty, the default, is 1 for each.
     */
    int[] groups() default {};
}

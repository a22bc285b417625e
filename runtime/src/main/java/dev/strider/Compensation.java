package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An output of a {@link Reorder} into s8 convolution weights: oneDNN's compensation, the int32 sums
 * that an int8 convolution adds back because its source is signed ({@code --oflag=s8s8_comp}) or
 * has a zero point ({@code zp_comp}). The kernel writes the reordered weights, then, per index of
 * the dims {@link #per} names, {@link Kind#factor()} times the sum of the s8 values it wrote there
 * (over every other dim; pad lanes hold 0 and add nothing).
 *
 * <pre>
 * &#64;Reorder(from = Oihw.class, to = OIhw4i16o4i.class, rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)
 * void weights(float[] src, byte[] dst, &#64;Scale(value = Side.SRC, per = "O") float[] scales,
 *              &#64;Compensation(value = Compensation.Kind.S8S8, per = "O") int[] compensation);
 * </pre>
 *
 * <p>The parameter is an {@code int[]} holding exactly one value per index of {@link #per}'s dims,
 * row-major in the layouts' dim order ({@code per = "GO"}: {@code G·O} values), and comes after
 * every {@link Scale} and {@link ZeroPoint}. oneDNN writes the same numbers after the weights in one
 * buffer, padded to the destination's padded sizes with zeros; Strider writes the logical ones into
 * the array given. The destination holds s8 weights: byte elements ({@code byte[]}, or a
 * {@code ByteBuffer} or {@code MemorySegment} with {@code @Elements(byte.class)}), written signed;
 * the generic kernel takes a {@code byte[]}. A length other than the dims', or the array of another
 * parameter, throws {@link IllegalArgumentException} before anything is written.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Compensation {

    /** Which compensation: oneDNN's {@code s8s8} or its zero-point one. */
    Kind value();

    /**
     * The dims it has one value per index of, by their letters in the layouts' order ({@code "O"}
     * for OIHW weights, oneDNN's mask 1; {@code "GO"} for grouped weights, mask 3); empty for one
     * value over the whole tensor.
     */
    String per() default "";

    /** oneDNN's two compensations of int8 convolution weights. */
    enum Kind {
        /**
         * {@code -128 · Σ w}: oneDNN's {@code dnnl_memory_extra_flag_compensation_conv_s8s8}
         * ({@code --oflag=s8s8_comp}), for a convolution whose s8 source it shifts into u8.
         */
        S8S8(-128),
        /**
         * {@code -Σ w}: oneDNN's {@code dnnl_memory_extra_flag_compensation_conv_asymmetric_src}
         * ({@code --oflag=zp_comp}), which the convolution multiplies by its source zero point.
         */
        ZERO_POINT(-1);

        private final int factor;

        Kind(int factor) {
            this.factor = factor;
        }

        /** What the sum of the weights is multiplied by: -128 or -1. */
        public int factor() {
            return factor;
        }

        /** benchdnn's name of the flag: {@code s8s8_comp}, {@code zp_comp}. */
        public String flag() {
            return this == S8S8 ? "s8s8_comp" : "zp_comp";
        }
    }
}

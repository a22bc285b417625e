package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code void name(T[] src, T[] dst)}: a DirectML SLICE1 strided slice of {@link #from}, with
 * {@link dev.strider.layout.SliceWindow}'s semantics (negative strides copy from the end of
 * the window).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Slice {

    /** The input, a type annotated with {@link Layout}. */
    Class<?> from();

    /** Window offsets, one per dim. */
    int[] offsets();

    /** Window sizes, one per dim. */
    int[] sizes();

    /** Window strides, one per dim: non-zero, negative to reverse. */
    int[] strides();

    /** Output sizes, each 1..{@code 1 + (size-1)/|stride|}; empty for the maximum. */
    int[] outputSizes() default {};

    /** The output layout, a type annotated with {@link Layout}; {@code void.class} for packed. */
    Class<?> to() default void.class;
}

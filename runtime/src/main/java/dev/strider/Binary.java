package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code void name(T[] a, T[] b, T[] out)}: {@code out = op(a, b)} element-wise over
 * {@link #out}'s sizes; an operand dim of size 1 (or stride 0) broadcasts.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Binary {

    /** The operation applied to each pair of elements. */
    BinaryOp op();

    /** A type annotated with {@link Layout}. */
    Class<?> a();

    /** A type annotated with {@link Layout}. */
    Class<?> b();

    /** A type annotated with {@link Layout}. */
    Class<?> out();
}

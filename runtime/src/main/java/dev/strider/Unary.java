package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@code void name(T[] in, T[] out)}: {@code out = op(in)} element-wise, with
 * {@link dev.strider.kernel.UnaryOp}'s semantics; pad lanes of a blocked output stay zero.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Unary {

    /** The operation applied to each element. */
    UnaryKind op();

    /** A type annotated with {@link Layout}. */
    Class<?> in();

    /** A type annotated with {@link Layout}. */
    Class<?> out();

    /** The factor of {@link UnaryKind#SCALE_SHIFT}; ignored by the other ops. */
    double scale() default 1;

    /** The addend of {@link UnaryKind#SCALE_SHIFT}; ignored by the other ops. */
    double shift() default 0;
}

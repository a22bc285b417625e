package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a tensor layout on a type (usually an empty interface that only names it):
 *
 * <pre>{@code
 * @Layout(dims = "NCHW", sizes = {1, 17, 5, 4}, format = "nChw8c") interface Blocked {}
 * @Layout(dims = "HW", sizes = {2, 3}, strides = {5, 1})             interface PaddedRows {}
 * }</pre>
 *
 * Give at most one of {@link #format} and {@link #strides}; neither means packed in logical
 * order. The semantics are those of {@link dev.strider.layout.TensorLayout#declared}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Layout {

    /** One letter per logical dim, outermost first: {@code "NCHW"}. */
    String dims();

    /** Logical sizes, one per dim. */
    int[] sizes();

    /** A plain ({@code "nhwc"}) or oneDNN blocked ({@code "nChw8c"}) format tag. */
    String format() default "";

    /** Strides in elements, one per dim: padding (larger than packed) or broadcast (0). */
    int[] strides() default {};

    /** Base offset in elements. */
    int offset() default 0;
}

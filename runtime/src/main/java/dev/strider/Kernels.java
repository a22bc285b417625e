package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/**
 * Declares a kernel set: an interface whose abstract methods each carry one of
 * {@link Reorder}, {@link Slice}, {@link Fill}, {@link Unary} or {@link Binary}. The processor
 * generates {@code <Interface>_Scalar} (and one class per further target);
 * {@code dev.strider.Strider.load(Interface.class)} returns an instance.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@java.lang.annotation.Target(ElementType.TYPE)
public @interface Kernels {

    /** The device targets to generate. SCALAR is always generated: it is what every other target falls back to. */
    Target[] targets() default {Target.SCALAR};
}

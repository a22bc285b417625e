package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** {@code void name(T[] dst, T value)}: writes value to every logical element (zeros to pad lanes). */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Fill {

    /** A type annotated with {@link Layout}. */
    Class<?> layout();
}

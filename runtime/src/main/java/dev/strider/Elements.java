package dev.strider;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The element type of a kernel parameter whose Java type does not say it: a {@code ByteBuffer} or
 * a {@code MemorySegment} holding floats is {@code @Elements(float.class) MemorySegment dst}. One of
 * {@code double.class}, {@code float.class}, {@code long.class}, {@code int.class},
 * {@code short.class} or {@code byte.class}, or one of the narrow formats: the 16-bit {@link Bf16} and
 * {@link F16}, which sit in 16-bit storage ({@code @Elements(Bf16.class) short[] weights}, a
 * {@code ShortBuffer}, a {@code ByteBuffer} or a {@code MemorySegment}), and the 8-bit
 * {@link F8E5m2} and {@link F8E4m3}, which sit in bytes ({@code @Elements(F8E4m3.class) byte[]}, a
 * {@code ByteBuffer} or a {@code MemorySegment}), and the 4-bit {@link S4}, {@link U4},
 * {@link F4E2m1} and {@link F4E3m0}, two to a byte of a {@code byte[]}, {@code ByteBuffer} or {@code MemorySegment}
 * ({@code @Elements(S4.class) byte[] weights}). On a typed buffer ({@code FloatBuffer}) a
 * primitive may be given, and must then name the buffer's own type; on an array only a narrow
 * float, on an array of its storage.
 *
 * <p>Where element 0 is: at the buffer's position (the kernel reads and writes
 * {@code [position, limit)} and moves neither), and at offset 0 of a segment (pass
 * {@code segment.asSlice(offset)} for a tensor further in). Byte order: a buffer is read and
 * written in its own {@code order()}; a segment in the platform's native order. No alignment is
 * required.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Elements {

    /** The type of one element: a primitive ({@code float.class}) or a narrow one ({@code Bf16.class}, {@code F8E4m3.class}, {@code S4.class}). */
    Class<?> value();
}

package dev.strider.processor.model;

import dev.strider.kernel.Arithmetic;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.IntKernels;
import dev.strider.kernel.NarrowFormat;
import java.util.Optional;

/**
 * What a converting reorder to an integer type does to the values the destination cannot hold as
 * they are: it rounds half to even (when a value can have a fraction: a floating-point source, or
 * a scale or shift) and saturates (NaN gives the least value; 0 in s4 and u4, as oneDNN's
 * reference reorder writes), as oneDNN's reorder does and {@code dev.strider.kernel.Convert}
 * computes. In oneDNN's f32 arithmetic the bounds are floats: an int saturates at 2147483520, the
 * largest float below 2^31.
 *
 * @param from   the source type in words: {@code float}, {@code unsigned byte}
 * @param to     the destination type in words
 * @param rounds true when a value can have a fraction to round
 * @param min    the least value the destination holds
 * @param max    the greatest value a result saturates to
 * @param nan    true when the source can be NaN (a floating-point source), which gives {@code min}
 */
public record Narrowing(String from, String to, boolean rounds, long min, long max, boolean nan, long nanValue) {

    /**
     * What {@code r} does that can change a value, or empty when it changes none: a floating-point
     * destination (which rounds to nearest and overflows to infinity, as Java's casts do), or an
     * integer source whose range the destination holds, without scale or shift.
     */
    public static Optional<Narrowing> of(KernelMethod.Reorder r) {
        ElementType src = r.src().arithmeticType(); // a narrow float source converts as the float it is
        ElementType dst = r.dst().type();
        if (dst.isFloatingPoint() || r.dst().isNarrow() && !r.dst().narrow().integral() || r.isCopy()) {
            return Optional.empty();
        }
        long[] to = range(r.dst(), r.unsignedDestination());
        Arithmetic arithmetic = r.quantized() ? Arithmetic.quantized(src, dst) : Arithmetic.of(src, dst, r.scale(), r.shift());
        if (arithmetic == Arithmetic.FLOAT && dst == ElementType.INT && !r.dst().isNarrow()) {
            to[1] = (long) IntKernels.fromFloat(Float.MAX_VALUE); // 2147483520, the largest float below 2^31
        }
        // s4 and u4 sources are integers, though they compute as floats
        boolean floating = src.isFloatingPoint() && !(r.src().isNarrow() && r.src().narrow().integral());
        boolean scaled = r.scale() != 1 || r.shift() != 0 || r.sums() || r.quantized();
        boolean wider = !floating && !within(range(r.src(), r.unsignedSource()), to);
        if (!floating && !scaled && !wider) {
            return Optional.empty();
        }
        // NaN gives the least value, but 0 in s4 and u4 (the low bits of the int oneDNN converts it to)
        return Optional.of(new Narrowing(name(r.src(), r.unsignedSource()), name(r.dst(), r.unsignedDestination()),
                floating || scaled, to[0], to[1], floating, r.dst().isNarrow() ? 0 : to[0]));
    }

    /** {@code rounds half to even and saturates to [0, 255], NaN to 0}. */
    public String describe() {
        return (rounds ? "rounds half to even and " : "") + "saturates to [" + min + ", " + max + "]"
                + (nan ? ", NaN to " + nanValue : "");
    }

    /** {@code float to unsigned byte}. */
    public String types() {
        return from + " to " + to;
    }

    /** {@code unsigned byte}, {@code float}; a narrow format's own name ({@code bf16}, {@code s4}). */
    private static String name(Param p, boolean unsigned) {
        return p.isNarrow() ? p.narrow().label() : (unsigned ? "unsigned " : "") + p.arithmeticType().javaName();
    }

    /** The integer range of an operand: s4 and u4 their own, else its type's, read or written unsigned when {@code unsigned}. */
    private static long[] range(Param p, boolean unsigned) {
        if (p.narrow() == NarrowFormat.S4) {
            return new long[] {-8, 7};
        }
        if (p.narrow() == NarrowFormat.U4) {
            return new long[] {0, 15};
        }
        return range(p.type(), unsigned);
    }

    /** The integer range of a type, read or written unsigned when {@code unsigned}. */
    private static long[] range(ElementType type, boolean unsigned) {
        switch (type) {
            case BYTE: return unsigned ? new long[] {0, 0xFF} : new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case SHORT: return unsigned ? new long[] {0, 0xFFFF} : new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case INT: return unsigned ? new long[] {0, 0xFFFFFFFFL} : new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case LONG: return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            default: throw new IllegalArgumentException(type + " has no integer range");
        }
    }

    private static boolean within(long[] inner, long[] outer) {
        return inner[0] >= outer[0] && inner[1] <= outer[1];
    }
}

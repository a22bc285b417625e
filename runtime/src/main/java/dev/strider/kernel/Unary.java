package dev.strider.kernel;

import java.util.Objects;

/**
 * An element-wise unary operation.
 *
 * <ul>
 *   <li>{@code RELU}: {@code Math.max(x, 0)} (NaN stays NaN).</li>
 *   <li>{@code ABS}: {@code Math.abs(x)}; integer minimum values stay negative, as in Java.</li>
 *   <li>{@code NEG}: {@code -x}, wrapping for integer types.</li>
 *   <li>{@code SCALE_SHIFT}: {@code x * scale + shift}, in float arithmetic for float, in double
 *       for the other types, integer results rounded to nearest (half even) and saturated.</li>
 * </ul>
 *
 * Kernels apply the op to logical elements only: pad lanes of a blocked output are written as
 * zero whatever {@code f(0)} is.
 */
public final class Unary {

    /** What the op computes. */
    public enum Kind {
        RELU, ABS, NEG, SCALE_SHIFT
    }

    public static final Unary RELU = new Unary(Kind.RELU, 1, 0);
    public static final Unary ABS = new Unary(Kind.ABS, 1, 0);
    public static final Unary NEG = new Unary(Kind.NEG, 1, 0);

    private final Kind kind;
    private final double scale;
    private final double shift;

    private Unary(Kind kind, double scale, double shift) {
        this.kind = kind;
        this.scale = scale;
        this.shift = shift;
    }

    public static Unary scaleShift(double scale, double shift) {
        return new Unary(Kind.SCALE_SHIFT, scale, shift);
    }

    public Kind kind() {
        return kind;
    }

    public double scale() {
        return scale;
    }

    public double shift() {
        return shift;
    }

    /** True when f(0) == 0, so that applying it to a zero pad lane would keep it zero. */
    public boolean preservesZero() {
        return kind != Kind.SCALE_SHIFT || shift == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Unary && kind == ((Unary) o).kind
                && Double.compare(scale, ((Unary) o).scale) == 0 && Double.compare(shift, ((Unary) o).shift) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, scale, shift);
    }

    @Override
    public String toString() {
        return kind == Kind.SCALE_SHIFT ? "scaleShift(" + scale + ", " + shift + ")" : kind.name().toLowerCase();
    }
}

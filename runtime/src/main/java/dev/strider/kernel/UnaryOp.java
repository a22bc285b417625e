package dev.strider.kernel;

import dev.strider.UnaryKind;
import java.util.Objects;

/**
 * An element-wise unary operation.
 *
 * <ul>
 *   <li>{@code RELU}: {@code Math.max(x, 0)} (NaN stays NaN).</li>
 *   <li>{@code ABS}: {@code Math.abs(x)}; integer minimum values stay negative, as in Java.</li>
 *   <li>{@code NEG}: {@code -x}, wrapping for integer types.</li>
 *   <li>{@code SCALE_SHIFT}: {@code x * scale + shift}, computed as a converting reorder from the
 *       type to itself computes it ({@link Convert}, {@link Arithmetic}): in f32 as oneDNN does for
 *       float, int, short and byte (integer results rounded half to even and saturated in float,
 *       an int to [-2^31, 2147483520]; nothing added for shift 0, so -0.0 stays -0.0), exactly for
 *       integers with scale 1 and a whole shift, in double for double and long.</li>
 * </ul>
 *
 * Kernels apply the op to logical elements only: pad lanes of a blocked output are written as
 * zero whatever {@code f(0)} is.
 */
public final class UnaryOp {

    /** {@code Math.max(x, 0)}. */
    public static final UnaryOp RELU = new UnaryOp(UnaryKind.RELU, 1, 0);
    /** {@code Math.abs(x)}. */
    public static final UnaryOp ABS = new UnaryOp(UnaryKind.ABS, 1, 0);
    /** {@code -x}. */
    public static final UnaryOp NEG = new UnaryOp(UnaryKind.NEG, 1, 0);

    private final UnaryKind kind;
    private final double scale;
    private final double shift;

    private UnaryOp(UnaryKind kind, double scale, double shift) {
        this.kind = kind;
        this.scale = scale;
        this.shift = shift;
    }

    /** The op of {@code kind}; scale and shift matter for SCALE_SHIFT only. */
    public static UnaryOp of(UnaryKind kind, double scale, double shift) {
        return kind == UnaryKind.SCALE_SHIFT ? scaleShift(scale, shift) : new UnaryOp(kind, 1, 0);
    }

    /** {@code x * scale + shift}. */
    public static UnaryOp scaleShift(double scale, double shift) {
        return new UnaryOp(UnaryKind.SCALE_SHIFT, scale, shift);
    }

    /** Which operation this is. */
    public UnaryKind kind() {
        return kind;
    }

    /** The factor of SCALE_SHIFT; 1 for the other kinds. */
    public double scale() {
        return scale;
    }

    /** The addend of SCALE_SHIFT; 0 for the other kinds. */
    public double shift() {
        return shift;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnaryOp && kind == ((UnaryOp) o).kind
                && Double.compare(scale, ((UnaryOp) o).scale) == 0 && Double.compare(shift, ((UnaryOp) o).shift) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, scale, shift);
    }

    @Override
    public String toString() {
        return kind == UnaryKind.SCALE_SHIFT ? "scaleShift(" + scale + ", " + shift + ")" : kind.name().toLowerCase();
    }
}

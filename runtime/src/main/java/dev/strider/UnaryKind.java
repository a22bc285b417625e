package dev.strider;

/** The element-wise unary operations; {@link dev.strider.kernel.UnaryOp} gives their exact semantics. */
public enum UnaryKind {
    /** {@code Math.max(x, 0)}; NaN stays NaN. */
    RELU,
    /** {@code Math.abs(x)}; an integer type's minimum value stays negative, as in Java. */
    ABS,
    /** {@code -x}, wrapping for integer types. */
    NEG,
    /** {@code x * scale + shift}, integer results rounded half-even and saturated. */
    SCALE_SHIFT
}

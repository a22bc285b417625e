package dev.strider;

/** The element-wise unary operations; {@link UnaryOp} gives their exact semantics. */
public enum UnaryKind {
    RELU, ABS, NEG, SCALE_SHIFT
}

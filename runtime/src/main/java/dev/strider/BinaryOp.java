package dev.strider;

/**
 * Element-wise binary operations. Integer types wrap on overflow and divide as Java does
 * (toward zero; division by zero throws {@link ArithmeticException}); min and max follow
 * {@link Math#min}/{@link Math#max} (NaN wins, -0.0 is below 0.0).
 */
public enum BinaryOp {
    /** {@code a + b}. */
    ADD,
    /** {@code a - b}. */
    SUB,
    /** {@code a * b}. */
    MUL,
    /** {@code a / b}. */
    DIV,
    /** {@code Math.min(a, b)}. */
    MIN,
    /** {@code Math.max(a, b)}. */
    MAX
}

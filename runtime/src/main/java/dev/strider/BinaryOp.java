package dev.strider;

/**
 * Element-wise binary operations. Integer types wrap on overflow and divide as Java does
 * (toward zero; division by zero throws {@link ArithmeticException}); min and max follow
 * {@link Math#min}/{@link Math#max} (NaN wins, -0.0 is below 0.0).
 */
public enum BinaryOp {
    ADD, SUB, MUL, DIV, MIN, MAX
}

package dev.strider;

/**
 * How a converting {@link Reorder} to an integer type rounds a value that is not an integer. Only
 * what the kernels implement is offered: oneDNN's rounding, half to even.
 */
public enum Rounding {
    /**
     * Not said: the default. The reorder still rounds half to even; where it can round or
     * saturate, javac prints a {@code [StriderNarrowing]} note saying so.
     */
    UNSPECIFIED,
    /**
     * To the nearest integer, ties to the even one ({@code Math.rint}, oneDNN's reorder): 0.5 gives
     * 0, 1.5 and 2.5 give 2, -0.5 gives 0.
     */
    HALF_EVEN
}

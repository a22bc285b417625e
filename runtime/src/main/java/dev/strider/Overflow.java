package dev.strider;

/**
 * What a converting {@link Reorder} to an integer type does with a value outside the destination's
 * range. Only what the kernels implement is offered: oneDNN's saturation.
 */
public enum Overflow {
    /**
     * Not said: the default. The reorder still saturates; where it can round or saturate, javac
     * prints a {@code [StriderNarrowing]} note saying so.
     */
    UNSPECIFIED,
    /**
     * To the nearest end of the destination's range, as oneDNN's reorder does: 300 to a byte gives
     * 127, to an unsigned byte 255; -3 to an unsigned byte gives 0. A float (or a scaled integer)
     * saturates in float, so to an int at 2147483520, the largest float below 2^31. NaN gives
     * the least value: -128 to a byte, 0 to an unsigned byte.
     */
    SATURATE
}

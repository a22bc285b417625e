package dev.strider.kernel;

import java.util.Locale;

/**
 * A 16-bit floating-point format held in {@code short} storage, as {@code @Elements(Bf16.class)}
 * or {@code @Elements(F16.class)} declares it: what the 16 bits of an element mean. Kernels read
 * such an element as the float it stands for and write a float as its bits, rounded as oneDNN
 * rounds ({@link HalfFloats}).
 */
public enum Half {
    /** bf16: the upper half of an f32 ({@code dev.strider.Bf16}). */
    BF16,
    /** f16: IEEE 754 binary16 ({@code dev.strider.F16}). */
    F16;

    /** The float the bits stand for: exact. */
    public float toFloat(short bits) {
        return this == BF16 ? HalfFloats.bf16ToFloat(bits) : HalfFloats.f16ToFloat(bits);
    }

    /** The bits of {@code value}, rounded to nearest even. */
    public short fromFloat(float value) {
        return this == BF16 ? HalfFloats.floatToBf16(value) : HalfFloats.floatToF16(value);
    }

    /** {@code "bf16"}, {@code "f16"}: oneDNN's name, and how messages and Javadoc write it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code "Bf16"}, {@code "F16"}: the marker class in {@code dev.strider} that names it. */
    public String markerName() {
        return this == BF16 ? "Bf16" : "F16";
    }
}

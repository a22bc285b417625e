package dev.strider.kernel;

/**
 * oneDNN's 4-bit integers, s4 ({@code int4_t}) and u4 ({@code uint4_t}), as its reorder reads and
 * writes them (oneDNN v3.11 {@code src/common/int4.hpp}, {@code src/cpu/simple_q10n.hpp}). Each
 * is held in the low four bits of an int here ({@link Nibbles} packs two to a byte).
 *
 * <p>To f32 is exact. From f32, as oneDNN's {@code saturate_and_round}: saturated in float to the
 * type's range ([-8, 7], [0, 15]), then rounded half to even; NaN gives 0 (oneDNN converts it to
 * the int {@code 0x80000000}, whose low bits the 4-bit type keeps).
 */
public final class Int4s {

    private Int4s() {
    }

    /** The value of the s4 in the low four bits of {@code bits}: -8 to 7. */
    public static float s4ToFloat(int bits) {
        return bits << 28 >> 28;
    }

    /** The value of the u4 in the low four bits of {@code bits}: 0 to 15. */
    public static float u4ToFloat(int bits) {
        return bits & 0xF;
    }

    /** {@code value} saturated to [-8, 7] and rounded half to even, as s4 bits (0 to 15); NaN gives 0. */
    public static int floatToS4(float value) {
        return saturated(value, -8f, 7f) & 0xF;
    }

    /** {@code value} saturated to [0, 15] and rounded half to even, as u4 bits; NaN gives 0. */
    public static int floatToU4(float value) {
        return saturated(value, 0f, 15f);
    }

    private static int saturated(float value, float lowest, float highest) {
        if (value != value) {
            return 0;
        }
        float v = value < lowest ? lowest : value > highest ? highest : value;
        return (int) Math.rint(v);
    }
}

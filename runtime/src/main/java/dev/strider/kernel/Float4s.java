package dev.strider.kernel;

/**
 * oneDNN's 4-bit floats, f4 e2m1 and f4 e3m0, ported from oneDNN v3.11's
 * {@code src/common/float4.cpp}. Each code is a sign bit (bit 3) and an index (bits 0 to 2) into
 * eight magnitudes: e2m1 0, 0.5, 1, 1.5, 2, 3, 4, 6; e3m0 0, 0.25, 0.5, 1, 2, 4, 8, 16. Neither
 * has infinities or NaN.
 *
 * <p>To f32 is exact; code 8 is -0.0. From f32 oneDNN takes the magnitude nearest to
 * {@code min(|f|, largest)} by comparing the differences in float, a tie going to the even index,
 * and keeps the sign (-0.0 and small negatives give code 8); infinities and NaN give the largest
 * magnitude with their sign. The held codes are the low four bits of an int ({@link Nibbles}
 * packs two to a byte).
 */
public final class Float4s {

    private Float4s() {
    }

    private static final float[] E2M1 = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    private static final float[] E3M0 = {0.0f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f};

    /** The value of the e2m1 code in the low four bits of {@code bits}. */
    public static float e2m1ToFloat(int bits) {
        return value(bits, E2M1);
    }

    /** The value of the e3m0 code in the low four bits of {@code bits}. */
    public static float e3m0ToFloat(int bits) {
        return value(bits, E3M0);
    }

    /** The e2m1 code of {@code value}, as oneDNN's {@code float2e2m1}. */
    public static int floatToE2m1(float value) {
        return nearest(value, E2M1);
    }

    /** The e3m0 code of {@code value}, as oneDNN's {@code float2e3m0}. */
    public static int floatToE3m0(float value) {
        return nearest(value, E3M0);
    }

    private static float value(int bits, float[] magnitudes) {
        float m = magnitudes[bits & 7];
        return (bits & 8) != 0 ? -m : m;
    }

    private static int nearest(float value, float[] magnitudes) {
        int raw = Float.floatToRawIntBits(value);
        int sign = raw >>> 28 & 8;
        if ((raw & 0x7f800000) == 0x7f800000) {
            return 7 | sign;
        }
        float abs = Math.min(magnitudes[7], Float.intBitsToFloat(raw & 0x7fffffff));
        float minDiff = Math.abs(magnitudes[0] - abs);
        int index = 0;
        for (int i = 1; i < 8; i++) {
            float diff = Math.abs(magnitudes[i] - abs);
            if (diff < minDiff) {
                minDiff = diff;
                index = i;
            }
            // oneDNN's midpoint rule: an equal difference at an even index takes it
            if (diff == minDiff && (i & 1) == 0) {
                index = i;
            }
        }
        return index | sign;
    }
}

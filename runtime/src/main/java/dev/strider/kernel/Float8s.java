package dev.strider.kernel;

/**
 * oneDNN's two 8-bit floating-point formats, held in a {@code byte}, converted to and from f32 as
 * oneDNN v3.11 converts them ({@code src/common/float8.cpp}), bit for bit:
 *
 * <ul>
 *   <li><b>e5m2</b> (5 exponent bits, bias 15, 2 fraction bits) is the upper byte of an f16. To f32
 *       it becomes that f16 (a signalling NaN made quiet), then its float: exact. From f32 it goes
 *       through f16 first ({@link HalfFloats#floatToF16}, to nearest even), and that f16 is rounded
 *       to nearest even again to its upper byte: two roundings, as oneDNN does them, so a float just
 *       above a tie of the f8 grid may round down where one rounding would round it up. A NaN
 *       stays a NaN of its sign with the quiet bit set; values past the largest, 57344, round to
 *       infinity from 61424 up (f16 rounds 61424 to 61440, halfway to 65536, which goes to the
 *       even code: infinity).
 *   <li><b>e4m3</b> (4 exponent bits, bias 7, 3 fraction bits; no infinities, {@code S.1111.111} is
 *       NaN, 448 the largest value). To f32: exact, NaN to the quiet NaN of its sign. From f32 it
 *       too goes through f16, then rounds to nearest even by adding and subtracting a power of two
 *       in f16 arithmetic, as oneDNN does; values whose f16 magnitude is above 464 (as f32,
 *       above 464.125, which f16 rounds to 464), infinities and NaNs become the NaN of their
 *       sign, those whose f16 is at or below 2^-10 a zero of their sign.
 * </ul>
 *
 * <p>Every step is integer arithmetic on the bits, so the result never depends on the JDK, on the
 * JIT or on the machine. To f32 is a lookup in a table of the 256 codes' floats, which the
 * conversions by the bits fill once; from f32, the f8 rounding of the f16 is integer arithmetic
 * that computes what oneDNN's float arithmetic does (e4m3's shifter, added and taken off in f16,
 * rounds to nearest even at the f8 step: so does adding just under half a step and the kept bit),
 * tabulated for every f16 on first use.
 */
public final class Float8s {

    /** The float of every e5m2 code and every e4m3 code, by the code's unsigned value. */
    private static final float[] E5M2 = new float[256];
    private static final float[] E4M3 = new float[256];

    static {
        for (int code = 0; code < 256; code++) {
            E5M2[code] = e5m2Bits((byte) code);
            E4M3[code] = e4m3Bits((byte) code);
        }
    }

    private Float8s() {
    }

    /** The e5m2 value {@code bits} as a float: exact. */
    public static float e5m2ToFloat(byte bits) {
        return E5M2[bits & 0xFF];
    }

    /** The e4m3 value {@code bits} as a float: exact; NaN is the quiet NaN of its sign. */
    public static float e4m3ToFloat(byte bits) {
        return E4M3[bits & 0xFF];
    }

    /** {@link #e5m2ToFloat} by the bits, as oneDNN converts: through f16, a signalling NaN made quiet. */
    static float e5m2Bits(byte bits) {
        int raw = bits & 0xFF;
        if ((raw & 0x7D) == 0x7D) {
            raw |= 0x02; // a signalling NaN (fraction 01) made quiet, as oneDNN does
        }
        return HalfFloats.f16ToFloat((short) (raw << 8));
    }

    /** {@code value} as e5m2: through f16, then to nearest even on its upper byte. */
    public static byte floatToE5m2(float value) {
        return FromF16.E5M2[HalfFloats.floatToF16(value) & 0xFFFF];
    }

    /** {@code value} as e4m3: through f16, then to nearest even; an f16 past 464 NaN, at or below 2^-10 zero. */
    public static byte floatToE4m3(float value) {
        return FromF16.E4M3[HalfFloats.floatToF16(value) & 0xFFFF];
    }

    /**
     * The f8 code of every f16, by its bits: the second rounding, tabulated on first use (64 KB per
     * format), so that from f32 an f8 costs one f16 conversion (an intrinsic from Java 20) and one
     * lookup. A scalar loop over 200,704 floats to e4m3 took 155 us on JDK 25 and 436 on JDK 17
     * this way, against 426 and 655 with the arithmetic per element (AMD EPYC Zen 4).
     */
    private static final class FromF16 {
        static final byte[] E5M2 = new byte[1 << 16];
        static final byte[] E4M3 = new byte[1 << 16];

        static {
            for (int f16 = 0; f16 < 1 << 16; f16++) {
                E5M2[f16] = e5m2OfF16(f16);
                E4M3[f16] = e4m3OfF16(f16);
            }
        }
    }

    /** The f16 {@code f16} (its 16 bits) rounded to e5m2 as oneDNN rounds it: to nearest even on its upper byte. */
    static byte e5m2OfF16(int f16) {
        boolean special = (f16 & 0x7C00) == 0x7C00;
        if (special && (f16 & 0x03FF) != 0) {
            return (byte) ((f16 >>> 8) | 0x02);
        }
        if (special) {
            return (byte) (f16 >>> 8);
        }
        // to nearest even: add just under half of the dropped byte's unit, plus the kept bit
        int rounded = (f16 + 0x007F + ((f16 & 0x0100) >>> 8)) & 0xFFFF;
        return (byte) (rounded >>> 8);
    }

    /** {@link #e4m3ToFloat} by the bits, as oneDNN converts: through f16. */
    static float e4m3Bits(byte bits) {
        int raw = bits & 0xFF;
        int sign = (raw & 0x80) >>> 7;
        int exponent = (raw & 0x78) >>> 3;
        int fraction = raw & 0x07;
        int e16 = exponent + 8; // f16's bias 15 less e4m3's 7
        int m16 = fraction;
        if (exponent == 0 && fraction != 0) {
            // a subnormal of e4m3 is a normal f16: shift the fraction up past its leading one
            int count = fraction > 0x3 ? 0 : fraction > 0x1 ? 1 : 2;
            e16 -= count;
            m16 = (m16 << (count + 1)) & 0x7;
        } else if (exponent == 0) {
            e16 = 0;
        } else if (exponent == 0xF && fraction == 0x7) {
            e16 = 0x1F;
            m16 = 0x4;
        }
        return HalfFloats.f16ToFloat((short) ((sign << 15) | (e16 << 10) | (m16 << 7)));
    }

    /** The f16 {@code f16} (its 16 bits) rounded to e4m3 as oneDNN rounds it; past 464 NaN, at or below 2^-10 zero. */
    static byte e4m3OfF16(int f16) {
        int sign = (f16 & 0x8000) >>> 8;
        int magnitude = f16 & 0x7FFF;
        if (magnitude > 0x5F40) {
            return (byte) (sign | 0x7F);
        }
        if (magnitude <= 0x1400) {
            return (byte) sign;
        }
        int exponent = magnitude >>> 10;
        if (exponent >= 9) {
            // an e4m3 normal (2^-6 up): drop 7 of f16's 10 fraction bits to nearest even, then take
            // the exponent from f16's bias (15) to e4m3's (7); a carry into the exponent is right
            return (byte) (sign | (((magnitude + 0x3F + ((magnitude >>> 7) & 1)) >>> 7) - (8 << 3)));
        }
        // an e4m3 subnormal: the f16 significand in units of 2^-9, to nearest even (2^-6 is code 8, right)
        int significand = 0x400 | (magnitude & 0x3FF);
        int shift = 16 - exponent; // 8..11: from units of 2^(exponent - 25) to units of 2^-9
        int units = significand >>> shift;
        int rest = significand & ((1 << shift) - 1);
        int half = 1 << (shift - 1);
        if (rest > half || rest == half && (units & 1) != 0) {
            units++;
        }
        return (byte) (sign | units);
    }
}

package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The f8 conversions against a reference built from the formats' definitions, not from
 * {@link Float8s}' bit tricks: each code decoded from its sign, exponent and fraction fields, and
 * a float rounded as oneDNN v3.11 rounds it, to f16 first and then to the nearest f8 value of
 * that f16, ties to the even code. The f16 step is {@link HalfFloats#floatToF16}, which
 * {@code HalfFloatsTest} checks on its own (against the JDK's {@code Float.floatToFloat16} where
 * there is one). NaNs are checked by what oneDNN keeps of them: the sign, the quiet bit, and the
 * fraction bits the narrower format has room for.
 */
class Float8sTest {

    /** One f8 format by its fields: e5m2 has infinities and NaNs as IEEE does; e4m3 only S.1111.111, a NaN. */
    private enum Format {
        E5M2(5, 2, 15), E4M3(4, 3, 7);

        final int exponentBits;
        final int fractionBits;
        final int bias;

        Format(int exponentBits, int fractionBits, int bias) {
            this.exponentBits = exponentBits;
            this.fractionBits = fractionBits;
            this.bias = bias;
        }

        /** The value of {@code code} from its fields: NaN, an infinity, or a finite number. */
        double decode(int code) {
            int sign = (code >> 7) & 1;
            int exponent = (code >> fractionBits) & ((1 << exponentBits) - 1);
            int fraction = code & ((1 << fractionBits) - 1);
            int top = (1 << exponentBits) - 1;
            double magnitude;
            if (this == E5M2 && exponent == top) {
                magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
            } else if (this == E4M3 && exponent == top && fraction == (1 << fractionBits) - 1) {
                magnitude = Double.NaN;
            } else if (exponent == 0) {
                magnitude = fraction * Math.pow(2, 1 - bias - fractionBits);
            } else {
                magnitude = (1 + fraction / (double) (1 << fractionBits)) * Math.pow(2, exponent - bias);
            }
            return sign == 1 ? -magnitude : magnitude;
        }

        float toFloat(int code) {
            return this == E5M2 ? Float8s.e5m2ToFloat((byte) code) : Float8s.e4m3ToFloat((byte) code);
        }

        int fromFloat(float v) {
            return (this == E5M2 ? Float8s.floatToE5m2(v) : Float8s.floatToE4m3(v)) & 0xFF;
        }

        /**
         * {@code v} rounded to f16 (to nearest even), then to the nearest code of this format, ties
         * to the even code; past the largest finite value e5m2 rounds towards infinity as to one
         * more code, e4m3 gives its NaN from 464 (448 and a half step) up.
         */
        int reference(float v) {
            float h = HalfFloats.f16ToFloat(HalfFloats.floatToF16(v));
            int sign = (Float.floatToRawIntBits(h) >>> 31) << 7;
            if (Float.isNaN(h)) {
                // e5m2: all-ones exponent, the quiet bit (fraction's top) set, the f16's fraction bit below
                // it kept (f16's fraction bit 8, its ninth); e4m3 has one NaN per sign
                int f16Fraction = HalfFloats.floatToF16(v) & 0x03FF;
                return this == E5M2 ? sign | 0x7C | 0x02 | ((f16Fraction >> 8) & 0x01) : sign | 0x7F;
            }
            double m = Math.abs((double) h);
            if (this == E4M3 && m > 464) {
                return sign | 0x7F;
            }
            int best = -1;
            double bestDistance = Double.POSITIVE_INFINITY;
            int codes = this == E5M2 ? 0x7C : 0x7E; // the positive finite codes, and e5m2's infinity
            for (int c = 0; c <= codes; c++) {
                double g = this == E5M2 && c == 0x7C ? 65536 : decode(c);
                double distance = Math.abs(m - g);
                if (distance < bestDistance || distance == bestDistance && (c & 1) == 0) {
                    best = c;
                    bestDistance = distance;
                }
            }
            return sign | best;
        }
    }

    @Test
    void everyCodeDecodesToTheValueOfItsFields() {
        for (Format f : Format.values()) {
            for (int code = 0; code < 256; code++) {
                double expected = f.decode(code);
                float got = f.toFloat(code);
                if (Double.isNaN(expected)) {
                    // a quiet NaN of the code's sign; e5m2 keeps its low fraction bit, moved up to f32's
                    // 22nd (f16's ninth) as oneDNN's f16 steps move it; e4m3's NaN is f16's default one
                    int keep = f == Format.E5M2 ? (code & 0x01) << 21 : 0;
                    assertEquals((code >> 7) << 31 | 0x7FC00000 | keep, Float.floatToRawIntBits(got), f + " " + code);
                } else {
                    assertEquals(expected, got, 0.0, f + " " + code);
                    assertEquals(code >> 7, Float.floatToRawIntBits(got) >>> 31, "sign of " + f + " " + code);
                }
            }
        }
    }

    @Test
    void everyNumberCodeComesBackFromItsFloat() {
        for (Format f : Format.values()) {
            for (int code = 0; code < 256; code++) {
                if (!Double.isNaN(f.decode(code))) {
                    assertEquals(code, f.fromFloat(f.toFloat(code)), f + " " + code);
                }
            }
        }
    }

    /** Every f16 value, so the second rounding (the f8 one) meets every input it can get. */
    @Test
    void everyF16RoundsToTheNearestEvenCode() {
        for (Format f : Format.values()) {
            for (int bits = 0; bits < 0x10000; bits++) {
                float v = HalfFloats.f16ToFloat((short) bits);
                String hex = Integer.toHexString(bits);
                assertEquals(f.reference(v), f.fromFloat(v), () -> f + " of f16 " + hex + " = " + v);
            }
        }
    }

    /** Floats between f16 values too: the first rounding, to f16, comes first, as in oneDNN v3.11. */
    @Test
    void floatsRoundThroughF16() {
        SplittableRandom random = new SplittableRandom(8);
        for (Format f : Format.values()) {
            for (int i = 0; i < 400_000; i++) {
                float v = i % 2 == 0 ? Float.intBitsToFloat(random.nextInt())
                        : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(-20, 18)));
                assertEquals(f.reference(v), f.fromFloat(v), () -> f + " of " + v);
            }
        }
        // rounded twice: a quarter of an f16 step below e5m2's tie between 1.25 (0x3D) and 1.5 (0x3E),
        // f16 rounds it onto the tie, which goes to the even code; rounded once it would be 1.25
        assertEquals(0x3E, Format.E5M2.fromFloat(1.375f - 0x1p-12f), "through f16: 1.5");
        assertEquals(0x3D, Format.E5M2.fromFloat(1.375f - 0x1p-9f), "below the f16 rounding's reach: 1.25");
    }
}

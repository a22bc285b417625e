package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The 4-bit types against references built from their definitions, not from {@link Int4s}' and
 * {@link Float4s}' code: s4 and u4 as two's complement and plain binary fields, and a float
 * converted to the nearest of their integers by a search in double, a tie to the even one; f4 e2m1 and e3m0
 * decoded from their sign, exponent and fraction fields, and a float converted to the nearest
 * value in double arithmetic, a tie to the even code, saturating at the largest magnitude, as
 * oneDNN's reorder converts (NaN to the largest magnitude with its sign, as oneDNN v3.11 does). And
 * {@link Nibbles} against a byte-by-byte reading: element {@code 2k} in the low half of byte k.
 */
class FourBitTest {

    /** e2m1: bias 1, one fraction bit; e3m0: bias 3, no fraction; both with subnormals at exponent 0. */
    private static double decode(int code, int exponentBits, int bias) {
        int fractionBits = 3 - exponentBits;
        int exponent = code >> fractionBits & (1 << exponentBits) - 1;
        int fraction = code & (1 << fractionBits) - 1;
        double magnitude = exponent == 0 ? Math.scalb((double) fraction / (1 << fractionBits), 1 - bias)
                : Math.scalb(1 + (double) fraction / (1 << fractionBits), exponent - bias);
        return (code & 8) != 0 ? -magnitude : magnitude;
    }

    private static int nearest(float f, int exponentBits, int bias) {
        int sign = Float.floatToRawIntBits(f) < 0 ? 8 : 0;
        double a = Float.isNaN(f) ? Double.POSITIVE_INFINITY : Math.abs((double) f);
        a = Math.min(a, decode(7, exponentBits, bias)); // saturating
        int best = 0;
        for (int i = 1; i < 8; i++) {
            double d = Math.abs(decode(i, exponentBits, bias) - a);
            double bestD = Math.abs(decode(best, exponentBits, bias) - a);
            if (d < bestD || d == bestD && (i & 1) == 0) {
                best = i;
            }
        }
        return best | sign;
    }

    /** The integer of [lowest, highest] nearest to {@code f} in double, a tie to the even one; NaN gives 0. */
    private static int nearestInteger(float f, int lowest, int highest) {
        if (Float.isNaN(f)) {
            return 0;
        }
        double x = Math.max(lowest, Math.min(highest, (double) f)); // saturated first (so far out, distances tie)
        int best = lowest;
        for (int c = lowest + 1; c <= highest; c++) {
            double d = Math.abs(c - x);
            double bestD = Math.abs(best - x);
            if (d < bestD || d == bestD && (c & 1) == 0) {
                best = c;
            }
        }
        return best;
    }

    @Test
    void everyCodeIsItsFieldsValue() {
        double[] e2m1 = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
        double[] e3m0 = {0, 0.25, 0.5, 1, 2, 4, 8, 16};
        for (int code = 0; code < 16; code++) {
            assertEquals(decode(code, 2, 1), Float4s.e2m1ToFloat(code), "e2m1 " + code);
            assertEquals(decode(code, 3, 3), Float4s.e3m0ToFloat(code), "e3m0 " + code);
            assertEquals((code & 8) != 0 ? -e2m1[code & 7] : e2m1[code & 7], Float4s.e2m1ToFloat(code), "e2m1 table " + code);
            assertEquals((code & 8) != 0 ? -e3m0[code & 7] : e3m0[code & 7], Float4s.e3m0ToFloat(code), "e3m0 table " + code);
            assertEquals(code >= 8 ? code - 16 : code, Int4s.s4ToFloat(code), "s4 " + code);
            assertEquals(code, Int4s.u4ToFloat(code), "u4 " + code);
            // and back: every code is its own value's code
            assertEquals(code, Float4s.floatToE2m1(Float4s.e2m1ToFloat(code)), "e2m1 round trip " + code);
            assertEquals(code, Float4s.floatToE3m0(Float4s.e3m0ToFloat(code)), "e3m0 round trip " + code);
            assertEquals(code, Int4s.floatToS4(Int4s.s4ToFloat(code)), "s4 round trip " + code);
            assertEquals(code, Int4s.floatToU4(Int4s.u4ToFloat(code)), "u4 round trip " + code);
        }
        assertEquals(0x80000000, Float.floatToRawIntBits(Float4s.e2m1ToFloat(8)), "code 8 is -0.0");
    }

    @Test
    void floatsConvertToTheNearestCodeTiesToEven() {
        SplittableRandom r = new SplittableRandom(44);
        float[] edges = {0f, -0f, 0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5f, 6f, 7f, 0.125f, 0.375f, 3f, 12f, 16f, 24f,
            0.5f, 1.5f, 7.5f, 8.5f, -8.5f, -8f, 14.5f, 15.5f, 1e-40f, Float.MAX_VALUE, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0xFFC00001)};
        for (int i = 0; i < 400_000; i++) {
            float f = i < edges.length * 3 ? edges[i / 3] : (float) ((r.nextDouble() * 2 - 1) * Math.scalb(1.0, r.nextInt(-6, 6)));
            if (i < edges.length * 3 && i % 3 != 0) {
                f = i % 3 == 1 ? Math.nextUp(f) : Math.nextDown(f);
            }
            assertEquals(nearest(f, 2, 1), Float4s.floatToE2m1(f), "e2m1 of " + f);
            assertEquals(nearest(f, 3, 3), Float4s.floatToE3m0(f), "e3m0 of " + f);
            // s4 and u4: the nearest of their integers, a tie to the even one; NaN gives 0
            assertEquals(nearestInteger(f, -8, 7) & 0xF, Int4s.floatToS4(f), "s4 of " + f);
            assertEquals(nearestInteger(f, 0, 15), Int4s.floatToU4(f), "u4 of " + f);
        }
    }

    @Test
    void nibblesSitTwoToAByteTheEvenOneLow() {
        byte[] a = {(byte) 0x21, (byte) 0xF3, (byte) 0x80};
        int[] expected = {1, 2, 3, 0xF, 0, 8};
        for (int i = 0; i < 6; i++) {
            assertEquals(expected[i], Nibbles.get(a, i), "element " + i);
            assertEquals(expected[i], Nibbles.get(ByteBuffer.wrap(a), i), "buffer element " + i);
        }
        Nibbles.set(a, 3, 0x1A); // only the low four bits, only the high half of byte 1
        assertEquals((byte) 0xA3, a[1]);
        Nibbles.set(a, 4, 7);
        assertEquals((byte) 0x87, a[2]);
        ByteBuffer b = ByteBuffer.allocateDirect(2);
        b.put(0, (byte) 0x5a).put(1, (byte) 0x5a);
        Nibbles.set(b, 1, 0xC);
        Nibbles.set(b, 2, 0x3);
        assertEquals((byte) 0xCa, b.get(0));
        assertEquals((byte) 0x53, b.get(1));
        assertEquals(0, Nibbles.bytes(0));
        assertEquals(3, Nibbles.bytes(5));
        assertEquals(1 << 30, Nibbles.bytes(Integer.MAX_VALUE));
        assertEquals(Integer.MAX_VALUE, Nibbles.elements(1L << 30));
    }
}

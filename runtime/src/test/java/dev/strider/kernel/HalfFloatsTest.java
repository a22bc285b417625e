package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * bf16 and f16 against their definitions: decoding by the formula of each format, computed in
 * double; encoding against the nearest representable value found by distance (ties to the even
 * one), on every f16 value, every midpoint between neighbours and the floats either side of it,
 * and a million random bit patterns. Where the JDK has {@code Float.floatToFloat16} (Java 20+), the
 * bit arithmetic is also checked against it.
 */
class HalfFloatsTest {

    private static final Random RANDOM = new Random(20261126L);

    @Test
    void everyF16DecodesToItsValue() {
        for (int h = 0; h < 0x10000; h++) {
            short bits = (short) h;
            float expected = f16Value(h);
            if (Float.isNaN(expected)) {
                assertTrue(Float.isNaN(HalfFloats.f16ToFloat(bits)), hex(h));
                int f = Float.floatToRawIntBits(HalfFloats.f16ToFloat(bits));
                assertEquals(((h & 0x8000) << 16) | 0x7FC00000 | ((h & 0x3FF) << 13), f, "quiet, payload: " + hex(h));
            } else {
                assertBits(expected, HalfFloats.f16ToFloat(bits), hex(h));
                assertBits(expected, HalfFloats.f16ToFloatBits(bits), hex(h));
            }
        }
    }

    /**
     * A loop of {@link HalfFloats#f16ToFloat} gives {@link HalfFloats#f16ToFloatBits}' bits for
     * every code (NaNs quiet, with their payload), and still does after C2 has compiled it (and,
     * where the JDK's method serves, vectorized it; this does not check that): 300 passes over the
     * 65,536 codes. Where the JDK's method serves it (Java 21+
     * on x86, as the machines this runs on), that is asserted too, so that a JDK whose NaNs differ
     * is noticed rather than silently slow.
     */
    @Test
    void aLoopOfF16ToFloatIsExactOnEveryCodeOnceCompiled() {
        short[] codes = new short[0x10000];
        for (int h = 0; h < 0x10000; h++) {
            codes[h] = (short) (h * 40503); // every code once (40503 is odd), in a mixed order
        }
        float[] out = new float[0x10000];
        for (int round = 0; round < 300; round++) {
            widen(codes, out);
            if (round % 100 == 0 || round == 299) {
                for (int i = 0; i < 0x10000; i++) {
                    int h = codes[i];
                    int expected = (h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0
                            ? ((h & 0x8000) << 16) | 0x7FC00000 | ((h & 0x3FF) << 13)
                            : Float.floatToRawIntBits(HalfFloats.f16ToFloatBits(codes[i]));
                    assertEquals(expected, Float.floatToRawIntBits(out[i]), "round " + round + ", " + hex(h & 0xFFFF));
                }
            }
        }
        if (Runtime.version().feature() >= 21 && "amd64".equals(System.getProperty("os.arch"))) {
            assertTrue(HalfFloats.F16_TO_FLOAT_EXACT != null, "the JDK's float16ToFloat gives NaNs as HalfFloats does");
        } else if (Runtime.version().feature() < 20) {
            assertTrue(HalfFloats.F16_TO_FLOAT_EXACT == null);
        }
    }

    private static void widen(short[] codes, float[] out) {
        for (int i = 0; i < codes.length; i++) {
            out[i] = HalfFloats.f16ToFloat(codes[i]);
        }
    }

    /**
     * The handle the VECTOR classes' f16 tiles widen through, where it is not null, gives {@link
     * HalfFloats#f16ToFloat}'s bits for every code, in a loop run until C2 has compiled it.
     */
    @Test
    void theTilesHandleIsExactOnEveryCodeOnceCompiled() throws Throwable {
        if (HalfFloats.F16_TO_FLOAT_EXACT == null) {
            return;
        }
        short[] codes = new short[0x10000];
        for (int h = 0; h < 0x10000; h++) {
            codes[h] = (short) (h * 40503);
        }
        float[] out = new float[0x10000];
        for (int round = 0; round < 300; round++) {
            widenByHandle(codes, out);
        }
        for (int i = 0; i < 0x10000; i++) {
            assertEquals(Float.floatToRawIntBits(HalfFloats.f16ToFloat(codes[i])), Float.floatToRawIntBits(out[i]),
                    hex(codes[i] & 0xFFFF));
        }
    }

    private static void widenByHandle(short[] codes, float[] out) throws Throwable {
        for (int i = 0; i < codes.length; i++) {
            out[i] = (float) HalfFloats.F16_TO_FLOAT_EXACT.invokeExact(codes[i]);
        }
    }

    @Test
    void everyBf16DecodesToItsValue() {
        for (int b = 0; b < 0x10000; b++) {
            float value = HalfFloats.bf16ToFloat((short) b);
            int exponent = (b >>> 7) & 0xFF;
            int fraction = b & 0x7F;
            if (exponent == 0xFF && fraction != 0) {
                assertEquals(b << 16, Float.floatToRawIntBits(value), "payload: " + hex(b));
                continue;
            }
            double magnitude = exponent == 0 ? fraction * 0x1p-133 : (1 + fraction / 128.0) * Math.scalb(1.0, exponent - 127);
            double expected = exponent == 0xFF ? Double.POSITIVE_INFINITY : magnitude;
            assertBits((float) ((b & 0x8000) != 0 ? -expected : expected), value, hex(b));
        }
    }

    @Test
    void f16RoundsToNearestEvenAtEveryBoundary() {
        for (int h = 0; h < 0x7C00; h++) {
            float v = f16Value(h);
            float next = h + 1 < 0x7C00 ? f16Value(h + 1) : 65520f; // past the largest: the overflow boundary
            float mid = (float) ((v + (double) next) / 2); // exact: 12 significant bits
            for (float x : new float[] {v, mid, Math.nextDown(mid), Math.nextUp(mid), Math.nextUp(v), Math.nextDown(next)}) {
                checkF16(x);
                checkF16(-x);
            }
        }
    }

    @Test
    void f16OfRandomFloatsAndSpecials() {
        for (int i = 0; i < 1_000_000; i++) {
            checkF16(Float.intBitsToFloat(RANDOM.nextInt()));
        }
        for (float x : new float[] {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 0x1p-25f,
                Math.nextUp(0x1p-25f), 0x1p-24f, 65504f, 65519.996f, 65520f, Float.MAX_VALUE,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            checkF16(x);
        }
        assertEquals(0x7C00, HalfFloats.floatToF16(65520f));
        assertEquals(0x7BFF, HalfFloats.floatToF16(65519.996f));
        assertEquals((short) 0x8000, HalfFloats.floatToF16(-0f));
    }

    @Test
    void bf16RoundsToNearestEvenAtEveryBoundary() {
        for (int b = 0; b < 0x7F80; b++) {
            int f = b << 16;
            for (int low : new int[] {0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF}) {
                checkBf16(Float.intBitsToFloat(f | low));
                checkBf16(Float.intBitsToFloat(f | low | 0x80000000));
            }
        }
        for (int i = 0; i < 1_000_000; i++) {
            checkBf16(Float.intBitsToFloat(RANDOM.nextInt()));
        }
    }

    @Test
    void nansStayNaNsQuietWithTheirSignAndHighBits() {
        for (int f : new int[] {0x7F800001, 0x7FC00000, 0xFFA00000, 0x7FBFFFFF, 0xFF800100}) {
            float nan = Float.intBitsToFloat(f);
            short h = HalfFloats.floatToF16(nan);
            assertEquals(((f >>> 16) & 0x8000) | 0x7E00 | ((f >>> 13) & 0x3FF), h & 0xFFFF, hex(f));
            short b = HalfFloats.floatToBf16(nan);
            assertEquals((f >>> 16) | 0x40, b & 0xFFFF, hex(f));
            assertTrue(Float.isNaN(HalfFloats.f16ToFloat(h)) && Float.isNaN(HalfFloats.bf16ToFloat(b)), hex(f));
        }
        assertBits(Float.POSITIVE_INFINITY, HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(Float.POSITIVE_INFINITY)), "inf");
        assertEquals(0x7F80, HalfFloats.floatToBf16(Float.MAX_VALUE)); // rounds past the largest bf16
    }

    /** Java 20+: the bit arithmetic agrees with the JDK's own conversions on every number. */
    @Test
    void bitArithmeticAgreesWithTheJdkWhereItHasF16() throws Throwable {
        MethodHandle toF16;
        MethodHandle fromF16;
        try {
            toF16 = MethodHandles.publicLookup().findStatic(Float.class, "floatToFloat16",
                    MethodType.methodType(short.class, float.class));
            fromF16 = MethodHandles.publicLookup().findStatic(Float.class, "float16ToFloat",
                    MethodType.methodType(float.class, short.class));
        } catch (NoSuchMethodException e) {
            assertEquals(false, HalfFloats.jdkF16(), "no Float.floatToFloat16 on " + Runtime.version());
            return;
        }
        assertTrue(HalfFloats.jdkF16());
        for (int h = 0; h < 0x10000; h++) {
            if ((h & 0x7C00) != 0x7C00 || (h & 0x3FF) == 0) {
                assertBits((float) fromF16.invokeExact((short) h), HalfFloats.f16ToFloatBits((short) h), hex(h));
            }
        }
        for (int i = 0; i < 1_000_000; i++) {
            float x = Float.intBitsToFloat(RANDOM.nextInt());
            if (!Float.isNaN(x)) {
                assertEquals((short) toF16.invokeExact(x), HalfFloats.floatToF16Bits(x), "" + x);
            }
        }
    }

    /** f16 {@code h} by the format's formula, in double: (-1)^s * 2^(e-15) * 1.m, or m * 2^-24. */
    private static float f16Value(int h) {
        int exponent = (h >>> 10) & 0x1F;
        int fraction = h & 0x3FF;
        double magnitude;
        if (exponent == 0x1F) {
            magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (exponent == 0) {
            magnitude = fraction * 0x1p-24;
        } else {
            magnitude = (1 + fraction / 1024.0) * Math.scalb(1.0, exponent - 15);
        }
        return (float) ((h & 0x8000) != 0 ? -magnitude : magnitude);
    }

    /** The f16 nearest {@code x} by distance, ties to the even bit pattern; 65520 and beyond to infinity. */
    private static void checkF16(float x) {
        if (Float.isNaN(x)) {
            return;
        }
        int sign = Float.floatToRawIntBits(x) < 0 ? 0x8000 : 0;
        double a = Math.abs((double) x);
        int expected;
        if (a >= 65520) {
            expected = 0x7C00;
        } else {
            int lo = 0;
            int hi = 0x7BFF;
            while (lo < hi) { // the largest pattern whose value is <= a
                int m = (lo + hi + 1) >>> 1;
                if (f16Value(m) <= a) {
                    lo = m;
                } else {
                    hi = m - 1;
                }
            }
            expected = lo;
            if (lo < 0x7BFF || a > f16Value(0x7BFF)) {
                double up = lo < 0x7BFF ? f16Value(lo + 1) : 65536.0;
                double below = a - f16Value(lo);
                double above = up - a;
                if (above < below || (above == below && (lo & 1) == 1)) {
                    expected = lo + 1;
                }
            }
        }
        assertEquals(sign | expected, HalfFloats.floatToF16(x) & 0xFFFF, "f16 of " + x + " (" + hex(Float.floatToRawIntBits(x)) + ")");
        assertEquals(sign | expected, HalfFloats.floatToF16Bits(x) & 0xFFFF, "bits: f16 of " + x);
    }

    /** The bf16 nearest a normal {@code x} by distance, ties to even; an f32 subnormal to a signed zero. */
    private static void checkBf16(float x) {
        int f = Float.floatToRawIntBits(x);
        int expected;
        if (Float.isNaN(x)) {
            return;
        } else if ((f & 0x7F800000) == 0) {
            expected = (f >>> 16) & 0x8000;
        } else if (Float.isInfinite(x)) {
            expected = f >>> 16;
        } else {
            int down = f >>> 16;
            double below = Math.abs((double) x - Float.intBitsToFloat(down << 16));
            double upValue = ((down + 1) & 0x7F80) == 0x7F80
                    ? Math.copySign(0x1p128, x) // the next step past the largest bf16: the overflow boundary
                    : Float.intBitsToFloat((down + 1) << 16);
            double above = Math.abs(upValue - x);
            expected = above < below || (above == below && (down & 1) == 1) ? down + 1 : down;
        }
        assertEquals(expected & 0xFFFF, HalfFloats.floatToBf16(x) & 0xFFFF, "bf16 of " + x + " (" + hex(f) + ")");
    }

    private static void assertBits(float expected, float actual, String what) {
        assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual), what + ": " + expected + " vs " + actual);
    }

    private static String hex(int bits) {
        return String.format("0x%X", bits);
    }
}

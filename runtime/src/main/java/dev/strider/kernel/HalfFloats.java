package dev.strider.kernel;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The two 16-bit floating-point formats oneDNN reorders, held in a {@code short}: bf16 (the upper
 * half of an f32: 8 exponent bits, 7 fraction bits) and f16 (IEEE 754 binary16: 5 exponent bits,
 * 10 fraction bits), converted to and from f32 as oneDNN converts them.
 *
 * <ul>
 *   <li>To f32, both are exact: every bf16 and f16 value is a float. bf16 is the upper half of the
 *       float, a NaN's bits included, as oneDNN shifts it; an f16 NaN keeps its sign and fraction
 *       (moved up 13 bits) and is made quiet, as oneDNN's f16 conversion ({@code vcvtph2ps}) does.
 *   <li>f32 to f16 rounds to nearest, ties to even, as IEEE 754 and x86's {@code vcvtps2ph} do:
 *       magnitudes from 65520 up become infinity, those below 2^-25 zero (keeping the sign), and
 *       the range between gives f16's subnormals. A NaN becomes the quiet NaN with the float's sign
 *       and its ten highest fraction bits.
 *   <li>f32 to bf16 rounds to nearest, ties to even, in one step (never through double, which would
 *       round twice), as oneDNN's {@code bfloat16_t} and {@code vcvtneps2bf16} do: an f32
 *       subnormal becomes a zero of its sign, a value that rounds past the largest bf16 becomes
 *       infinity, and a NaN keeps its sign and highest fraction bits with the quiet bit set.
 * </ul>
 *
 * <p>Where the running JDK has {@code Float.floatToFloat16} and {@code Float.float16ToFloat} (Java
 * 20 and later), the f16 conversions of numbers call them, which C2 compiles to one instruction.
 * NaNs take the bit arithmetic below, but where a check at class initialisation finds that the
 * JDK's {@code float16ToFloat} gives every NaN code as that arithmetic does (x86 from Java 21,
 * whose interpreter, C1 and C2 all run {@code vcvtph2ps}), f16 to f32 calls the JDK's method for
 * NaNs too ({@link #F16_TO_FLOAT_EXACT}). Either way the result never depends on the JDK, on
 * whether a method is compiled yet, or on the machine. On Java 17 to 19 the same bit arithmetic
 * converts every value; the tests check both ways against each other on all 2^16 f16 values and
 * on every rounding boundary.
 */
public final class HalfFloats {

    /** {@code Float.floatToFloat16(float)}, or null before Java 20. */
    private static final MethodHandle FLOAT_TO_F16 = floatMethod("floatToFloat16", short.class, float.class);
    /** {@code Float.float16ToFloat(short)}, or null before Java 20. */
    private static final MethodHandle F16_TO_FLOAT = floatMethod("float16ToFloat", float.class, short.class);

    private HalfFloats() {
    }

    /** True when the f16 conversions of numbers run the JDK's own methods (Java 20 and later). */
    public static boolean jdkF16() {
        return FLOAT_TO_F16 != null;
    }

    /** The bf16 value {@code bits} as a float: the upper half of its bits, exact (a NaN's bits kept). */
    public static float bf16ToFloat(short bits) {
        return Float.intBitsToFloat(bits << 16);
    }

    /** {@code value} rounded to bf16, ties to even; f32 subnormals to a signed zero, NaN to a quiet NaN. */
    public static short floatToBf16(float value) {
        int f = Float.floatToRawIntBits(value);
        int exponent = f & 0x7F800000;
        if (exponent == 0) {
            return (short) ((f >>> 16) & 0x8000);
        }
        if (exponent == 0x7F800000) {
            return (short) ((f & 0x007FFFFF) != 0 ? (f >>> 16) | 0x0040 : f >>> 16);
        }
        return (short) ((f + 0x7FFF + ((f >>> 16) & 1)) >>> 16);
    }

    /**
     * The f16 value {@code bits} as a float: exact (a NaN keeps its sign and fraction, moved up 13
     * bits, made quiet). Where the JDK's method gives NaNs so too ({@link #F16_TO_FLOAT_EXACT}), this is
     * that method alone, and C2 compiles a loop of it to vector conversions ({@code vcvtph2ps}, 16
     * lanes to an instruction on AVX-512) from Java 21, where it inlines this method: a loop over
     * 1x64x56x56 codes took 12.8 us on an AMD EPYC Zen 4 (JDK 25), as a loop of {@code
     * Float.float16ToFloat} itself did; with the NaN branch first, no loop of it vectorized. The
     * VECTOR classes' f16 tiles call {@link #F16_TO_FLOAT_EXACT} instead, which needs no inlining
     * of this method, and this only where that is null (element by element, unvectorized).
     */
    public static float f16ToFloat(short bits) {
        if (F16_TO_FLOAT_EXACT != null) {
            try {
                return (float) F16_TO_FLOAT_EXACT.invokeExact(bits);
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
        }
        if ((bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0) {
            return Float.intBitsToFloat(((bits & 0x8000) << 16) | 0x7FC00000 | ((bits & 0x03FF) << 13));
        }
        if (F16_TO_FLOAT != null) {
            try {
                return (float) F16_TO_FLOAT.invokeExact(bits);
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
        }
        return f16ToFloatBits(bits);
    }

    private static boolean jdkNansQuiet() {
        if (F16_TO_FLOAT == null) {
            return false;
        }
        try {
            for (int fraction = 1; fraction <= 0x3FF; fraction++) {
                for (int sign = 0; sign <= 0x8000; sign += 0x8000) {
                    short bits = (short) (sign | 0x7C00 | fraction);
                    if (Float.floatToRawIntBits((float) F16_TO_FLOAT.invokeExact(bits))
                            != Float.floatToRawIntBits(f16ToFloat(bits))) {
                        return false;
                    }
                }
            }
            return true;
        } catch (Throwable t) {
            return false;
        }
    }

    /**
     * {@code Float.float16ToFloat(short)} where it gives every code as {@link #f16ToFloat} does, else
     * null: where, asked once of every NaN code as this class is initialised (meanwhile null, so
     * {@link #f16ToFloat} takes its NaN branch), the JDK's method gives each quiet with its payload
     * (x86's {@code vcvtph2ps}, and HotSpot's interpreter and C1 intrinsics of it from Java 21); its
     * Java fallback keeps a signalling NaN signalling. Where it is not null, {@link #f16ToFloat}
     * calls it alone, and the VECTOR classes' f16 transposes widen their tiles by a loop of
     * {@code (float) F16_TO_FLOAT_EXACT.invokeExact(tile[e])}, which C2 compiles to vector
     * conversions ({@code vcvtph2ps}) from Java 21 in any class file version: the handle is a
     * constant, its call inlined by force and the JDK's method an intrinsic, where a call of
     * {@link #f16ToFloat} in a loop beside a 16x16 block was not inlined (its size, then C2's node
     * budget) and took 348 us against 36.
     */
    public static final MethodHandle F16_TO_FLOAT_EXACT = jdkNansQuiet() ? F16_TO_FLOAT : null;

    /** {@code value} rounded to f16, ties to even; overflow to infinity, NaN to a quiet NaN. */
    public static short floatToF16(float value) {
        if (value != value) {
            int f = Float.floatToRawIntBits(value);
            return (short) (((f >>> 16) & 0x8000) | 0x7E00 | ((f >>> 13) & 0x03FF));
        }
        if (FLOAT_TO_F16 != null) {
            try {
                return (short) FLOAT_TO_F16.invokeExact(value);
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
        }
        return floatToF16Bits(value);
    }

    /**
     * {@link #f16ToFloat} of a number or an infinity by bit arithmetic alone (any JDK), without a
     * branch: the sign to bit 31 and exponent and fraction 13 bits up (the short's 16 bits shifted
     * to the top, then arithmetically down by 3, the sign's copies masked off), exponent 31 raised
     * to 255 (adding 1 at bit 23 carries into bit 28 only there), then one multiply by 2^112, which
     * adds the bias difference (127 - 15) to every other exponent and turns a subnormal f16 (a
     * subnormal float here) into the normal float of its value, exactly. The VECTOR classes widen
     * f16 the same way in lanes ({@code VectorWriter.f16Floats}). With a branch per exponent case
     * the SCALAR nchw to nChw16c of 1x64x56x56 took 272 us on JDK 17 (AMD EPYC Zen 4).
     */
    static float f16ToFloatBits(short bits) {
        int placed = (bits << 16 >> 3) & 0x8FFFE000;
        return Float.intBitsToFloat(placed + (((placed + 0x00800000) << 3 >> 31) & 0x70000000)) * 0x1p112f;
    }

    /** {@link #floatToF16} of a number or an infinity by bit arithmetic alone (any JDK). */
    static short floatToF16Bits(float value) {
        int f = Float.floatToRawIntBits(value);
        int sign = (f >>> 16) & 0x8000;
        int magnitude = f & 0x7FFFFFFF;
        if (magnitude >= 0x38800000 && magnitude < 0x477FF000) {
            // an f16 normal (2^-14 up to below 65520, which rounds to infinity): keep 10 fraction bits,
            // to nearest even by adding just under half the dropped unit plus the kept bit, no branch
            // on the dropped bits (random ones mispredict); a carry into the exponent is right; then
            // the exponent from f32's bias (127) to f16's (15)
            return (short) (sign | (((magnitude + 0x0FFF + ((magnitude >>> 13) & 1)) >>> 13) - ((127 - 15) << 10)));
        }
        int exponent = (f >>> 23) & 0xFF;
        int fraction = f & 0x007FFFFF;
        if (exponent == 0xFF) {
            return (short) (sign | 0x7C00);
        }
        int unbiased = exponent - 127;
        if (unbiased > 15) {
            return (short) (sign | 0x7C00);
        }
        if (unbiased >= -14) {
            // normal: keep 10 fraction bits, round the 13 dropped ones to nearest even; a carry
            // into the exponent is right, up to infinity
            int bits = ((unbiased + 15) << 10) | (fraction >>> 13);
            int dropped = fraction & 0x1FFF;
            if (dropped > 0x1000 || (dropped == 0x1000 && (bits & 1) != 0)) {
                bits++;
            }
            return (short) (sign | bits);
        }
        if (unbiased < -25) {
            return (short) sign; // below half the smallest subnormal (f32 subnormals included)
        }
        // subnormal result: the significand with its hidden bit, shifted to units of 2^-24
        int significand = fraction | 0x00800000;
        int shift = -unbiased - 1; // from units of 2^(unbiased-23) to units of 2^-24: 14..24
        int bits = significand >>> shift;
        int dropped = significand & ((1 << shift) - 1);
        int half = 1 << (shift - 1);
        if (dropped > half || (dropped == half && (bits & 1) != 0)) {
            bits++; // may reach 0x400, the smallest normal: right
        }
        return (short) (sign | bits);
    }

    private static MethodHandle floatMethod(String name, Class<?> result, Class<?> parameter) {
        try {
            return MethodHandles.publicLookup().findStatic(Float.class, name, MethodType.methodType(result, parameter));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}

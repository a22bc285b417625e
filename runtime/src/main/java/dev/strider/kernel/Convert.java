package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reorder with a type conversion: {@code dst = src * scale + shift}, for example image bytes read
 * as unsigned into normalized floats, or normalized floats written back as unsigned bytes.
 *
 * <p>Each element is computed as oneDNN's reorder computes it, bit for bit ({@link Arithmetic}):
 * in f32 — the source converted to float, times the float scale unless that is 1, plus the float
 * shift unless that is 0 (so -0.0 stays -0.0), saturated in float and rounded half to even to an
 * integer type (an int saturates to [-2^31, 2147483520], the largest float below 2^31; NaN gives
 * the least value, 0 for an unsigned destination). Between integer types with scale 1 and a whole
 * shift the result is exact, as in oneDNN; where a double or long is on either side (oneDNN's CPU
 * reorder has neither) the arithmetic is double and the saturation exact. A byte source can be
 * read as unsigned (u8), as can short and int; a byte or short destination can be written as
 * unsigned (u8: [0, 255], u16: [0, 65535], stored as the low bits).
 */
public final class Convert {

    private Convert() {
    }

    /**
     * Writes {@code src * scale + shift}, converted as the class comment says, into every logical
     * element of {@code dst}, and zeros into its pad lanes; gaps are left untouched.
     *
     * @param src            a primitive array of any of the six types
     * @param unsignedSource read the source's integer bits as unsigned (byte, short, int)
     * @param dst            a primitive array of any of the six types, other than {@code src}
     * @throws IllegalArgumentException when the layouts differ in dims or sizes, an array is too
     *                                  short for its layout, {@code dstLayout} overlaps, {@code src}
     *                                  and {@code dst} are one array sharing elements, or
     *                                  {@code unsignedSource} is set for another type; nothing is
     *                                  written then
     */
    public static void reorder(Object src, TensorLayout srcLayout, boolean unsignedSource, Object dst, TensorLayout dstLayout,
                               double scale, double shift) {
        reorder(src, srcLayout, unsignedSource, dst, dstLayout, false, scale, shift);
    }

    /**
     * @param src                 a primitive array of any of the six types
     * @param unsignedSource      read the source's integer bits as unsigned (byte, short, int)
     * @param dst                 a primitive array of any of the six types, other than {@code src}
     * @param unsignedDestination write the destination's integer bits as unsigned (byte: [0, 255],
     *                            short: [0, 65535])
     */
    public static void reorder(Object src, TensorLayout srcLayout, boolean unsignedSource, Object dst, TensorLayout dstLayout,
                               boolean unsignedDestination, double scale, double shift) {
        reorder(src, srcLayout, null, unsignedSource, dst, dstLayout, null, unsignedDestination, scale, shift);
    }

    /**
     * The same with narrow formats on either side: a {@code short[]} whose elements are bf16 or f16
     * numbers, a {@code byte[]} of f8 e5m2 or e4m3 numbers, or a {@code byte[]} of s4, u4, f4 e2m1
     * or f4 e3m0 numbers two to a byte ({@link Nibbles}; layouts count elements) ({@code srcNarrow},
     * {@code dstNarrow}; null for the array's own integers). Such a source is read as the float it
     * stands for (exactly) and converts as a float source does; such a destination is computed as a
     * float destination is (in f32) and rounded, or for s4 and u4 saturated and rounded, into its
     * bits as oneDNN's reorder does ({@link HalfFloats}, {@link Float8s}, {@link Int4s},
     * {@link Float4s}).
     *
     * @param srcNarrow the format of {@code src}'s numbers, which must then be an array of its
     *                  {@linkplain NarrowFormat#storage() storage}, or null
     * @param dstNarrow the format of {@code dst}'s numbers, likewise, or null
     * @throws IllegalArgumentException as above, and when a format is given for an array of another
     *                                  type than its storage, or with an unsigned reading or writing of that side
     */
    public static void reorder(Object src, TensorLayout srcLayout, NarrowFormat srcNarrow, boolean unsignedSource, Object dst,
                               TensorLayout dstLayout, NarrowFormat dstNarrow, boolean unsignedDestination, double scale,
                               double shift) {
        reorder(src, srcLayout, srcNarrow, unsignedSource, dst, dstLayout, dstNarrow, unsignedDestination, scale, shift, 0);
    }

    /**
     * The same with oneDNN's sum post-op: {@code dst = (src * scale + shift) + sum * dst}, the
     * destination's old value (read as the destination is written: unsigned, bf16, f16, f8) added in the
     * conversion's arithmetic before the result is narrowed; 0 adds nothing and reads nothing. Pad
     * lanes are written as zeros.
     */
    public static void reorder(Object src, TensorLayout srcLayout, NarrowFormat srcNarrow, boolean unsignedSource, Object dst,
                               TensorLayout dstLayout, NarrowFormat dstNarrow, boolean unsignedDestination, double scale,
                               double shift, double sum) {
        reorder(src, srcLayout, srcNarrow, unsignedSource, dst, dstLayout, dstNarrow, unsignedDestination, scale, shift, sum,
                List.of());
    }

    /**
     * The same with oneDNN's quantization parameters given at run time ({@link Quantization}): a
     * scale and a zero point of the source and of the destination, each one value or one per index
     * of some dims. The compile-time {@code scale} is the source's scale and {@code shift} the
     * destination's zero point, so neither may be given twice; a zero point cannot go with a sum.
     * With any parameter the value is computed in f32 (double where a double or long is on either
     * side) by {@link Quantization#steps}, in that order.
     *
     * @throws IllegalArgumentException as above, and when a parameter's length is not one per index
     *                                  of its dims, a scale is not finite, a destination scale is 0,
     *                                  or a parameter is given twice; nothing is written then
     */
    public static void reorder(Object src, TensorLayout srcLayout, NarrowFormat srcNarrow, boolean unsignedSource, Object dst,
                               TensorLayout dstLayout, NarrowFormat dstNarrow, boolean unsignedDestination, double scale,
                               double shift, double sum, List<Quantization.Parameter> parameters) {
        if (!Double.isFinite(sum)) {
            throw new IllegalArgumentException("the sum post-op's scale is " + sum + "; it must be finite");
        }
        ElementType from = ElementType.of(src);
        ElementType to = ElementType.of(dst);
        narrowStorage("src", srcNarrow, from, unsignedSource);
        narrowStorage("dst", dstNarrow, to, unsignedDestination);
        if (srcNarrow != null && srcNarrow == dstNarrow && !srcNarrow.packed() && scale == 1 && shift == 0 && sum == 0
                && parameters.isEmpty()) {
            // a copy moves bits, NaNs' too
            if (from == ElementType.BYTE) {
                ByteKernels.reorder((byte[]) src, srcLayout, (byte[]) dst, dstLayout);
            } else {
                ShortKernels.reorder((short[]) src, srcLayout, (short[]) dst, dstLayout);
            }
            return;
        }
        if (unsignedSource && !from.hasUnsignedReading()) {
            throw new IllegalArgumentException("an unsigned reading is defined for byte, short and int sources, not "
                    + from.javaName());
        }
        if (unsignedDestination && !to.hasUnsignedWriting()) {
            throw new IllegalArgumentException("an unsigned destination is defined for byte and short, not "
                    + to.javaName());
        }
        Checks.sameShape("src", srcLayout, "dst", dstLayout);
        Checks.readable("src", src, capacity(src, srcNarrow), srcLayout);
        Checks.writable("dst", dst, capacity(dst, dstNarrow), dstLayout);
        if (packed(srcNarrow) || packed(dstNarrow)) {
            Checks.notSharingBytes("src", src, srcLayout, packed(srcNarrow), "dst", dst, dstLayout, packed(dstNarrow));
        } else {
            Checks.notAliased("src", src, srcLayout, "dst", dst, dstLayout);
        }
        if (!parameters.isEmpty()) {
            quantized(src, srcLayout, srcNarrow, unsignedSource, dst, dstLayout, dstNarrow, unsignedDestination, scale,
                    shift, sum, parameters);
            return;
        }
        Rows rows = new Rows(dstLayout.sizes(), OffsetTable.of(srcLayout), OffsetTable.of(dstLayout));
        int n = rows.length();
        int[] s = rows.inner(0);
        int[] d = rows.inner(1);
        double[] row = new double[n];
        Arithmetic arithmetic = Arithmetic.of(srcNarrow != null ? ElementType.FLOAT : from,
                dstNarrow != null ? ElementType.FLOAT : to, scale, shift, sum);
        // a narrow float to f32 with nothing to compute is the float itself, bit for bit (through a
        // double, a signalling NaN would come out quiet)
        boolean widenOnly = srcNarrow != null && dstNarrow == null && to == ElementType.FLOAT
                && !arithmetic.multiplies(scale) && !arithmetic.adds(shift) && sum == 0;
        double[] old = sum != 0 ? new double[n] : null;
        while (rows.next()) {
            if (widenOnly) {
                float[] out = (float[]) dst;
                int inBase = rows.base(0);
                int outBase = rows.base(1);
                for (int i = 0; i < n; i++) {
                    out[outBase + d[i]] = srcNarrow.toFloat(bits(src, srcNarrow, inBase + s[i]));
                }
                continue;
            }
            readRow(src, srcNarrow, from, unsignedSource, rows.base(0), s, n, row);
            double rowScale = scale;
            double rowShift = shift;
            if (sum != 0) {
                // the old destination row, read as it is written; the row becomes the whole value
                // before narrowing, which the writing below then only narrows
                readRow(dst, dstNarrow, to, unsignedDestination, rows.base(1), d, n, old);
                boolean inFloat = arithmetic == Arithmetic.FLOAT;
                for (int i = 0; i < n; i++) {
                    row[i] = inFloat ? FloatKernels.scaleShiftSumFloat(row[i], scale, shift, sum, old[i])
                            : DoubleKernels.scaleShiftSumDouble(row[i], scale, shift, sum, old[i]);
                }
                rowScale = 1;
                rowShift = 0;
            }
            if (dstNarrow != null) {
                int base = rows.base(1);
                for (int i = 0; i < n; i++) {
                    setBits(dst, dstNarrow, base + d[i], dstNarrow.bitsOf(FloatKernels.scaleShiftFloat(row[i], rowScale, rowShift)));
                }
            } else {
                to.writeScaledRow(row, arithmetic, rowScale, rowShift, unsignedDestination, dst, rows.base(1), d, n);
            }
        }
        clearPadLanes(dst, dstNarrow, to, dstLayout);
    }

    /**
     * The same, writing oneDNN's compensation of s8 convolution weights too ({@link Compensations}):
     * after the reorder, per index of each output's dims, {@code factor · Σ w} over the s8 values
     * written there. {@code dst} must then be a {@code byte[]} written signed.
     *
     * @throws IllegalArgumentException as above, and when a compensation's length is not one per
     *                                  index of its dims, a kind is given twice, its array is another
     *                                  parameter's, or the destination is not signed bytes; nothing
     *                                  is written then
     */
    public static void reorder(Object src, TensorLayout srcLayout, NarrowFormat srcNarrow, boolean unsignedSource, Object dst,
                               TensorLayout dstLayout, NarrowFormat dstNarrow, boolean unsignedDestination, double scale,
                               double shift, double sum, List<Quantization.Parameter> parameters,
                               List<Compensations.Output> compensation) {
        if (!compensation.isEmpty() && (unsignedDestination || dstNarrow != null)) {
            throw new IllegalArgumentException("a compensation goes with s8 weights, not an unsigned or narrow-format "
                    + "destination");
        }
        List<Object> inputs = new java.util.ArrayList<>(List.of(src));
        parameters.forEach(p -> inputs.add(p.values()));
        Compensations.check(compensation, dstLayout, dst, inputs);
        reorder(src, srcLayout, srcNarrow, unsignedSource, dst, dstLayout, dstNarrow, unsignedDestination, scale, shift, sum,
                parameters);
        if (!compensation.isEmpty()) {
            Compensations.compute((byte[]) dst, dstLayout, compensation);
        }
    }

    /** {@link #reorder} with quantization parameters, once the arrays are checked. */
    private static void quantized(Object src, TensorLayout srcLayout, NarrowFormat srcNarrow, boolean unsignedSource, Object dst,
                                  TensorLayout dstLayout, NarrowFormat dstNarrow, boolean unsignedDestination, double scale,
                                  double shift, double sum, List<Quantization.Parameter> parameters) {
        Quantization.check(parameters, dstLayout);
        Map<Quantization.Step, Quantization.Parameter> given = new EnumMap<>(Quantization.Step.class);
        parameters.forEach(p -> given.put(p.step(), p));
        ElementType from = ElementType.of(src);
        ElementType to = ElementType.of(dst);
        Arithmetic arithmetic = Arithmetic.quantized(srcNarrow != null ? ElementType.FLOAT : from,
                dstNarrow != null ? ElementType.FLOAT : to);
        boolean constantScale = arithmetic.multiplies(scale);
        boolean constantShift = arithmetic.adds(shift);
        Quantization.Parameter srcScale = given.get(Quantization.Step.MULTIPLY_SRC_SCALE);
        Quantization.Parameter dstZero = given.get(Quantization.Step.ADD_DST_ZERO_POINT);
        if (constantScale && srcScale != null) {
            throw new IllegalArgumentException("the source scale is given twice: scale = " + scale
                    + " and src scales; the compile-time scale is the source's");
        }
        if (constantShift && dstZero != null) {
            throw new IllegalArgumentException("the destination zero point is given twice: shift = " + shift
                    + " and dst zero points; the compile-time shift is the destination's zero point");
        }
        boolean srcZero = given.containsKey(Quantization.Step.SUBTRACT_SRC_ZERO_POINT);
        if (sum != 0 && (constantShift || dstZero != null || srcZero)) {
            throw new IllegalArgumentException("a zero point cannot go with the sum post-op (benchdnn does not run"
                    + " them together, and oneDNN's implementations differ there)");
        }
        List<Quantization.Step> steps = Quantization.steps(srcZero, constantScale || srcScale != null, sum != 0,
                given.containsKey(Quantization.Step.MULTIPLY_DST_SCALE_INVERSE), constantShift || dstZero != null);
        OffsetTable[] tables = new OffsetTable[2 + parameters.size()];
        tables[0] = OffsetTable.of(srcLayout);
        tables[1] = OffsetTable.of(dstLayout);
        for (int k = 0; k < parameters.size(); k++) {
            Quantization.Parameter p = parameters.get(k);
            tables[2 + k] = OffsetTable.strided(dstLayout.sizes(), Quantization.strides(dstLayout, p.per(), p.groups()),
                    p.groupsAlong(dstLayout));
        }
        // per step, the parameter it reads and the operand of the row walker holding its offsets (null: a constant)
        Quantization.Parameter[] stepParameter = new Quantization.Parameter[steps.size()];
        int[] stepOperand = new int[steps.size()];
        for (int j = 0; j < steps.size(); j++) {
            stepParameter[j] = given.get(steps.get(j));
            stepOperand[j] = stepParameter[j] == null ? -1 : 2 + parameters.indexOf(stepParameter[j]);
        }
        Rows rows = new Rows(dstLayout.sizes(), tables);
        int n = rows.length();
        int[] s = rows.inner(0);
        int[] d = rows.inner(1);
        double[] row = new double[n];
        double[] old = new double[n];
        boolean inFloat = arithmetic == Arithmetic.FLOAT;
        while (rows.next()) {
            readRow(src, srcNarrow, from, unsignedSource, rows.base(0), s, n, row);
            if (sum != 0) {
                readRow(dst, dstNarrow, to, unsignedDestination, rows.base(1), d, n, old);
            }
            for (int i = 0; i < n; i++) {
                double v = inFloat ? (float) row[i] : row[i];
                for (int j = 0; j < steps.size(); j++) {
                    Quantization.Step step = steps.get(j);
                    Quantization.Parameter p = stepParameter[j];
                    float q = p == null ? 0 : p.at(rows.base(stepOperand[j]) + rows.inner(stepOperand[j])[i]);
                    switch (step) {
                        case SUBTRACT_SRC_ZERO_POINT:
                            v = inFloat ? (float) v - q : v - q;
                            break;
                        case MULTIPLY_SRC_SCALE:
                            v = srcScale == null ? inFloat ? (float) v * (float) scale : v * scale
                                    : inFloat ? (float) v * q : v * q;
                            break;
                        case ADD_SUM:
                            v = inFloat ? (float) v + ((float) sum == 1 ? (float) old[i] : (float) sum * (float) old[i])
                                    : v + (sum == 1 ? old[i] : sum * old[i]);
                            break;
                        case MULTIPLY_DST_SCALE_INVERSE:
                            v = inFloat ? (float) v * (1f / q) : v * (1.0 / q);
                            break;
                        case ADD_DST_ZERO_POINT:
                            v = dstZero == null ? inFloat ? (float) v + (float) shift : v + shift
                                    : inFloat ? (float) v + q : v + q;
                            break;
                        default:
                            throw new AssertionError(step);
                    }
                }
                row[i] = v;
            }
            if (dstNarrow != null) {
                int base = rows.base(1);
                for (int i = 0; i < n; i++) {
                    setBits(dst, dstNarrow, base + d[i], dstNarrow.bitsOf((float) row[i]));
                }
            } else {
                // the row holds the whole value in the arithmetic: writing only narrows it
                to.writeScaledRow(row, arithmetic, 1, 0, unsignedDestination, dst, rows.base(1), d, n);
            }
        }
        clearPadLanes(dst, dstNarrow, to, dstLayout);
    }

    /**
     * One row of {@code array} at {@code base + along[i]} into {@code row}: the float a narrow-format
     * number stands for when {@code narrow} says so, else the element (read unsigned when asked).
     */
    private static void readRow(Object array, NarrowFormat narrow, ElementType type, boolean unsigned, int base, int[] along,
                                int n, double[] row) {
        if (narrow == null) {
            type.readRow(array, base, along, n, unsigned, row);
            return;
        }
        for (int i = 0; i < n; i++) {
            row[i] = narrow.toFloat(bits(array, narrow, base + along[i]));
        }
    }

    /** The bits of element {@code i} of the {@code short[]} or {@code byte[]} that holds {@code format} numbers. */
    private static int bits(Object array, NarrowFormat format, int i) {
        if (format.packed()) {
            return Nibbles.get((byte[]) array, i);
        }
        return array instanceof byte[] b ? b[i] : ((short[]) array)[i];
    }

    /** Stores the low bits of {@code bits} as element {@code i} of a {@code short[]} or {@code byte[]}. */
    private static void setBits(Object array, NarrowFormat format, int i, int bits) {
        if (format.packed()) {
            Nibbles.set((byte[]) array, i, bits);
        } else if (array instanceof byte[] b) {
            b[i] = (byte) bits;
        } else {
            ((short[]) array)[i] = (short) bits;
        }
    }

    /** How many elements {@code array} holds: twice its bytes for a packed format. */
    private static int capacity(Object array, NarrowFormat format) {
        int length = ElementType.of(array).length(array);
        return packed(format) ? Nibbles.elements(length) : length;
    }

    private static boolean packed(NarrowFormat format) {
        return format != null && format.packed();
    }

    /** Zeros into the destination's pad lanes: a packed destination's four bits each, else whole elements. */
    private static void clearPadLanes(Object dst, NarrowFormat format, ElementType type, TensorLayout layout) {
        if (packed(format)) {
            Nibbles.clearPadLanes((byte[]) dst, layout);
        } else {
            type.clearPadLanes(dst, layout);
        }
    }

    private static void narrowStorage(String role, NarrowFormat narrow, ElementType type, boolean unsigned) {
        if (narrow != null && type != narrow.storage()) {
            throw new IllegalArgumentException(role + ": " + narrow.label() + " numbers sit in a "
                    + narrow.storage().javaName() + "[], not a " + type.javaName() + "[]");
        }
        if (narrow != null && unsigned) {
            throw new IllegalArgumentException(role + ": " + narrow.label() + " numbers are not read or written as unsigned");
        }
    }
}

package dev.strider.kernel;

import dev.strider.layout.TensorLayout;

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
        ElementType from = ElementType.of(src);
        ElementType to = ElementType.of(dst);
        if (unsignedSource && !from.hasUnsignedReading()) {
            throw new IllegalArgumentException("an unsigned reading is defined for byte, short and int sources, not "
                    + from.javaName());
        }
        if (unsignedDestination && !to.hasUnsignedWriting()) {
            throw new IllegalArgumentException("an unsigned destination is defined for byte and short, not "
                    + to.javaName());
        }
        Checks.sameShape("src", srcLayout, "dst", dstLayout);
        Checks.readable("src", src, from.length(src), srcLayout);
        Checks.writable("dst", dst, to.length(dst), dstLayout);
        Checks.notAliased("src", src, srcLayout, "dst", dst, dstLayout);
        Rows rows = new Rows(dstLayout.sizes(), OffsetTable.of(srcLayout), OffsetTable.of(dstLayout));
        int n = rows.length();
        int[] s = rows.inner(0);
        int[] d = rows.inner(1);
        double[] row = new double[n];
        Arithmetic arithmetic = Arithmetic.of(from, to, scale, shift);
        while (rows.next()) {
            from.readRow(src, rows.base(0), s, n, unsignedSource, row);
            to.writeScaledRow(row, arithmetic, scale, shift, unsignedDestination, dst, rows.base(1), d, n);
        }
        to.clearPadLanes(dst, dstLayout);
    }
}

package dev.strider.kernel;

import dev.strider.layout.TensorLayout;

/**
 * Reorder with a type conversion: {@code dst = scaleShift(widen(src))}, for example image bytes
 * read as unsigned into normalized floats, or normalized floats written back as unsigned bytes.
 *
 * <p>Each source element is widened to double (exactly, except longs beyond 2^53), read as
 * unsigned if asked (byte, short and int only), then computed and narrowed as the destination
 * type's {@code scaleShift} does: float arithmetic for a float destination, double arithmetic
 * otherwise. Integer results are rounded half to even and saturated to the destination's range,
 * as oneDNN's reorder does; NaN gives 0. An unsigned destination (byte and short only) saturates
 * to [0, 255] or [0, 65535] and stores the low bits ({@code scaleShiftUnsigned}).
 */
public final class Convert {

    private Convert() {
    }

    /**
     * Writes {@code widen(src) * scale + shift}, narrowed to {@code dst}'s (signed) type, into every logical
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
        while (rows.next()) {
            from.readRow(src, rows.base(0), s, n, unsignedSource, row);
            to.writeScaledRow(row, scale, shift, unsignedDestination, dst, rows.base(1), d, n);
        }
        to.clearPadLanes(dst, dstLayout);
    }
}

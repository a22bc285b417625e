package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;

/**
 * Where the 4-bit elements of a {@linkplain NarrowFormat#packed() packed} format sit: two to a
 * byte, as oneDNN packs its s4, u4 and f4 tensors. Element {@code i} is in byte {@code i / 2}, in
 * its low four bits when {@code i} is even and its high four when odd. A layout's offsets count
 * elements, so a tensor that addresses {@code n} elements takes {@link #bytes bytes(n)} bytes.
 *
 * <p>Writing an element rewrites its byte, keeping the other element's four bits: a kernel leaves
 * the gaps of a padded destination untouched, even where a gap and an element share a byte. Two
 * threads must therefore never write the two halves of one byte at once; the kernels that write
 * packed elements do it on one thread.
 */
public final class Nibbles {

    private Nibbles() {
    }

    /** The bytes that hold elements {@code 0..elements-1}. */
    public static int bytes(int elements) {
        return (int) ((elements + 1L) >> 1);
    }

    /** How many elements {@code bytes} bytes hold, at most {@link Integer#MAX_VALUE}. */
    public static int elements(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, 2 * bytes);
    }

    /** The four bits of element {@code i}, 0 to 15. */
    public static int get(byte[] a, int i) {
        return a[i >> 1] >> ((i & 1) << 2) & 0xF;
    }

    /** Sets element {@code i} to the low four bits of {@code bits}, keeping the other half of its byte. */
    public static void set(byte[] a, int i, int bits) {
        int j = i >> 1;
        int shift = (i & 1) << 2;
        a[j] = (byte) (a[j] & ~(0xF << shift) | (bits & 0xF) << shift);
    }

    /** The low four bits of byte {@code b}: element {@code 2b}, where generated code knows the element is even. */
    public static int low(byte[] a, int b) {
        return a[b] & 0xF;
    }

    /** The high four bits of byte {@code b}: element {@code 2b + 1}. */
    public static int high(byte[] a, int b) {
        return a[b] >> 4 & 0xF;
    }

    /** The low four bits of byte {@code b} of a byte buffer (absolute {@code get}). */
    public static int low(ByteBuffer a, int b) {
        return a.get(b) & 0xF;
    }

    /** The high four bits of byte {@code b} of a byte buffer (absolute {@code get}). */
    public static int high(ByteBuffer a, int b) {
        return a.get(b) >> 4 & 0xF;
    }

    /** The four bits of element {@code i} of a byte buffer, whose element 0 is at its byte 0 (absolute {@code get}). */
    public static int get(ByteBuffer b, int i) {
        return b.get(i >> 1) >> ((i & 1) << 2) & 0xF;
    }

    /** Sets element {@code i} of a byte buffer (absolute {@code put}), keeping the other half of its byte. */
    public static void set(ByteBuffer b, int i, int bits) {
        int j = i >> 1;
        int shift = (i & 1) << 2;
        b.put(j, (byte) (b.get(j) & ~(0xF << shift) | (bits & 0xF) << shift));
    }

    /** Zeros into the pad lanes of a packed destination, each one's own four bits only. */
    static void clearPadLanes(byte[] dst, TensorLayout layout) {
        PadLanes pad = PadLanes.of(layout);
        if (pad == null) {
            return;
        }
        int[] d = pad.inner();
        int n = pad.length();
        while (pad.next()) {
            int db = pad.base();
            for (int i = pad.from(); i < n; i++) {
                set(dst, db + d[i], 0);
            }
        }
    }
}

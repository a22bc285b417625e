package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * What every kernel checks before it writes anything, with messages that name the operand, the
 * dim and the values at fault. Generated kernels call the same checks.
 */
public final class Checks {

    private Checks() {
    }

    /** The array must hold every element the layout can address. */
    public static void readable(String role, Object array, int length, TensorLayout layout) {
        Objects.requireNonNull(array, role);
        capacity(role, length, layout.bufferSize(), layout.toString());
    }

    /** For generated kernels, whose layouts are literals: the array must hold {@code needed} elements. */
    public static void capacity(String role, int length, int needed, String layout) {
        if (length < needed) {
            throw new IllegalArgumentException(role + " has " + length + " elements but its layout needs "
                    + needed + " (" + layout + ")");
        }
    }

    /**
     * For generated kernels on a byte buffer or a memory segment of {@code bytes} bytes: it must
     * hold {@code needed} elements of {@code elementBytes} bytes each.
     */
    public static void capacityBytes(String role, long bytes, int elementBytes, int needed, String layout) {
        if (bytes / elementBytes < needed) {
            throw new IllegalArgumentException(role + " has " + bytes + " bytes, room for " + bytes / elementBytes
                    + " elements of " + elementBytes + " bytes, but its layout needs " + needed + " (" + layout + ")");
        }
    }

    /** For generated kernels: the buffer or segment a kernel writes must not be read-only. */
    public static void notReadOnly(String role, boolean readOnly) {
        if (readOnly) {
            throw new IllegalArgumentException(role + " is read-only; a kernel cannot write its output there");
        }
    }

    /**
     * For generated kernels on a memory segment: its arena must be open and this thread allowed to
     * use it ({@code segment.scope().isAlive()}, {@code segment.isAccessibleBy(Thread.currentThread())}),
     * checked before anything is written.
     *
     * @throws IllegalStateException naming the operand
     */
    public static void usable(String role, boolean alive, boolean accessibleHere) {
        if (!alive) {
            throw new IllegalStateException(role + ": the arena of this segment is closed");
        }
        if (!accessibleHere) {
            throw new IllegalStateException(role + ": this segment is confined to another thread than "
                    + Thread.currentThread().getName());
        }
    }

    /** As {@link #readable}, and the layout's elements must not overlap: a broadcast layout cannot be written. */
    public static void writable(String role, Object array, int length, TensorLayout layout) {
        readable(role, array, length, layout);
        if (layout.overlaps()) {
            throw new IllegalArgumentException(role + " layout " + layout + " cannot be written: "
                    + layout.overlapReason());
        }
    }

    /** Two layouts of one logical tensor: the same dims and sizes. */
    public static void sameShape(String aRole, TensorLayout a, String bRole, TensorLayout b) {
        if (!a.dims().equals(b.dims())) {
            throw new IllegalArgumentException(aRole + " has dims " + a.dims() + " but " + bRole + " has dims "
                    + b.dims() + "; both must name the same logical dims in the same order");
        }
        for (int d = 0; d < a.rank(); d++) {
            if (a.size(d) != b.size(d)) {
                throw new IllegalArgumentException(aRole + " and " + bRole + " differ in dim " + a.dims().charAt(d)
                        + " (" + a.size(d) + " vs " + b.size(d) + "); sizes " + Arrays.toString(a.sizes())
                        + " and " + Arrays.toString(b.sizes()) + " must be equal");
            }
        }
    }

    /** An operand broadcast NumPy-style to the output: per dim the same size, or 1. */
    public static void broadcastable(String role, TensorLayout operand, TensorLayout out) {
        if (!operand.dims().equals(out.dims())) {
            throw new IllegalArgumentException(role + " has dims " + operand.dims() + " but out has dims "
                    + out.dims() + "; both must name the same logical dims in the same order");
        }
        for (int d = 0; d < out.rank(); d++) {
            if (operand.size(d) != out.size(d) && operand.size(d) != 1) {
                throw new IllegalArgumentException(role + " dim " + out.dims().charAt(d) + " has size "
                        + operand.size(d) + " but out has " + out.size(d) + "; an operand dim must match or be 1 (broadcast)");
            }
        }
    }

    /** A slice window made for this input, and an output of the window's output sizes. */
    public static void sliceFits(TensorLayout src, SliceWindow window, TensorLayout dst) {
        if (!window.dims().equals(src.dims()) || !Arrays.equals(window.inputSizes(), src.sizes())) {
            throw new IllegalArgumentException("the slice window is for " + window.dims() + " sizes "
                    + Arrays.toString(window.inputSizes()) + " but src is " + src);
        }
        if (!dst.dims().equals(src.dims())) {
            throw new IllegalArgumentException("src has dims " + src.dims() + " but dst has dims " + dst.dims());
        }
        int[] out = window.outputSizes();
        for (int d = 0; d < out.length; d++) {
            if (dst.size(d) != out[d]) {
                throw new IllegalArgumentException("dst dim " + dst.dims().charAt(d) + " has size " + dst.size(d)
                        + " but the slice yields " + out[d] + " (output sizes " + Arrays.toString(out) + ")");
            }
        }
    }

    /**
     * An input and an output in one array must not share elements unless they are the same layout
     * (an in-place element-wise op): otherwise the kernel would overwrite elements before reading them.
     */
    public static void notAliased(String inRole, Object in, TensorLayout inLayout, String outRole, Object out, TensorLayout outLayout) {
        if (in != out || inLayout.equals(outLayout)) {
            return;
        }
        int lo = Math.max(inLayout.offset(), outLayout.offset());
        int hi = Math.min(inLayout.bufferSize(), outLayout.bufferSize());
        if (lo < hi) {
            notSameArray(inRole, in, outRole, out, lo, hi);
        }
    }

    /**
     * As {@link #notAliased}, where either operand holds packed 4-bit elements ({@link Nibbles}):
     * one array must not hold both, where the bytes the two layouts address meet (an element of one
     * and an element of the other may share a byte).
     */
    public static void notSharingBytes(String inRole, Object in, TensorLayout inLayout, boolean inPacked, String outRole,
                                       Object out, TensorLayout outLayout, boolean outPacked) {
        if (in != out) {
            return;
        }
        int[] a = byteRange(inLayout, inPacked);
        int[] b = byteRange(outLayout, outPacked);
        int lo = Math.max(a[0], b[0]);
        int hi = Math.min(a[1], b[1]);
        if (lo < hi) {
            throw new IllegalArgumentException(inRole + " and " + outRole + " are the same array and share bytes "
                    + lo + ".." + (hi - 1) + "; use separate arrays or disjoint regions");
        }
    }

    /**
     * The bytes {@code [from, to)} of a byte array that {@code layout}'s elements take: the elements'
     * own indices, or for 4-bit elements two to a byte the bytes that hold them.
     */
    public static int[] byteRange(TensorLayout layout, boolean packed) {
        return packed ? new int[] {layout.offset() >> 1, Nibbles.bytes(layout.bufferSize())}
                : new int[] {layout.offset(), layout.bufferSize()};
    }

    /**
     * For generated kernels on packed 4-bit elements ({@link Nibbles}) in an array or byte buffer
     * of {@code bytes} bytes: it must hold {@code needed} elements, two to a byte.
     */
    public static void capacityPacked(String role, long bytes, int needed, String layout) {
        if (bytes < Nibbles.bytes(needed)) {
            throw new IllegalArgumentException(role + " has " + bytes + " bytes, room for " + Math.min(2 * bytes, Integer.MAX_VALUE)
                    + " 4-bit elements, but its layout needs " + needed + " (" + layout + ")");
        }
    }

    /**
     * The memory a kernel on elements of {@code type} may be given as an operand: an array of the
     * type ({@code float[]}), a buffer of the type ({@code FloatBuffer}), a {@code ByteBuffer}
     * holding elements of the type, or (JDK 22+) a {@code MemorySegment} holding them.
     *
     * @param kernel what the message calls the kernel: {@code "reorder"} gives "this float reorder"
     * @throws NullPointerException     naming the operand, when {@code memory} is null
     * @throws IllegalArgumentException naming the operand, what it is and what the kernel takes
     */
    public static void memoryOf(String role, Object memory, ElementType type, String kernel) {
        if (memory == null) {
            throw new NullPointerException(role + " is null");
        }
        if (memory.getClass() == type.arrayClass() || type.bufferClass().isInstance(memory)
                || memory instanceof ByteBuffer || OffHeap.isSegment(memory)) {
            return;
        }
        throw new IllegalArgumentException(role + " is " + OffHeap.aDescribed(memory) + " but this " + type.javaName()
                + " " + kernel + " takes " + type.arrayClass().getSimpleName() + ", "
                + (type == ElementType.BYTE ? "" : type.bufferClass().getSimpleName() + ", ") + "ByteBuffer or MemorySegment");
    }

    /**
     * For generated kernels where an input and the output have the same element type and at least
     * one of them is off-heap: elements {@code lo..hi-1} of {@code in} and of {@code out} (indices
     * from each one's element 0, {@code elementBytes} bytes each) must not share a byte, except
     * when {@code samePlaceAllowed} (an in-place element-wise op) and the two element 0s are the very
     * same memory.
     *
     * <p>Each operand is a primitive array, a {@code java.nio.Buffer} (element 0 at its position)
     * or a {@code MemorySegment} (element 0 at offset 0). This finds one array given twice, a heap
     * buffer wrapping an array given as the other operand, buffers, slices and views over the same
     * memory (heap or direct, at any positions and in either byte order) and segments over the same
     * memory (native or heap, sliced, or made from an array or a buffer). Elements beyond an
     * operand's end are not compared: its capacity is checked on its own. One case cannot be told:
     * on JDK 17 to 21 without {@code sun.misc.Unsafe}, the memory of a direct buffer, a read-only
     * heap buffer or a view of a heap {@code ByteBuffer} is unknown, and such operands pass.
     *
     * @throws IllegalArgumentException naming both operands and the elements they share
     */
    public static void disjoint(String inRole, Object in, String outRole, Object out, int elementBytes, int lo, int hi,
                                boolean samePlaceAllowed) {
        disjoint(inRole, in, lo, hi, outRole, out, lo, hi, elementBytes, samePlaceAllowed);
    }

    /** {@link #disjoint(String, Object, String, Object, int, int, int, boolean)} for the elements each layout addresses. */
    static void disjoint(String inRole, Object in, TensorLayout inLayout, String outRole, Object out,
                         TensorLayout outLayout, int elementBytes, boolean samePlaceAllowed) {
        disjoint(inRole, in, inLayout.offset(), inLayout.bufferSize(), outRole, out, outLayout.offset(),
                outLayout.bufferSize(), elementBytes, samePlaceAllowed);
    }

    /**
     * As {@link #disjoint(String, Object, String, Object, int, int, int, boolean)}, with each
     * operand's own range of elements: {@code in}'s {@code inLo..inHi-1} against {@code out}'s
     * {@code outLo..outHi-1}. Operands at shifted places need it when their layouts' ranges differ:
     * an output whose layout uses elements 20..29 of memory that starts 15 elements before the
     * input's element 0 overlaps the input's elements 5..14, though the two layouts' index ranges
     * (0..9 and 20..29) do not meet.
     *
     * @throws IllegalArgumentException naming both operands and the elements they share
     */
    public static void disjoint(String inRole, Object in, int inLo, int inHi, String outRole, Object out, int outLo,
                                int outHi, int elementBytes, boolean samePlaceAllowed) {
        Objects.requireNonNull(in, inRole);
        Objects.requireNonNull(out, outRole);
        if (elementBytes < 1) {
            throw new IllegalArgumentException("elementBytes " + elementBytes + " < 1");
        }
        long aFrom = (long) inLo * elementBytes;
        long aTo = Math.min((long) inHi * elementBytes, whole(OffHeap.bytes(in), elementBytes));
        long bFrom = (long) outLo * elementBytes;
        long bTo = Math.min((long) outHi * elementBytes, whole(OffHeap.bytes(out), elementBytes));
        Long shift = OffHeap.shift(in, aFrom, aTo, out, bFrom, bTo);
        if (shift == null || shift == 0 && samePlaceAllowed) {
            return;
        }
        long d = shift;
        // The shared bytes, from in's element 0, and the elements of each that hold them.
        long from = Math.max(aFrom, d + bFrom);
        long to = Math.min(aTo, d + bTo);
        String where = d == 0 ? outRole + " starts where " + inRole + " starts"
                : outRole + "'s element 0 is " + Math.abs(d) + (Math.abs(d) == 1 ? " byte " : " bytes ")
                + (d > 0 ? "after " : "before ") + inRole + "'s";
        throw new IllegalArgumentException(inRole + " and " + outRole + " overlap in memory: " + where + ", so " + inRole + "'s elements "
                + range(from, to, elementBytes) + " share bytes with " + outRole + "'s elements "
                + range(from - d, to - d, elementBytes)
                + (samePlaceAllowed ? "; only an operand at the very same place (in place) may overlap" : "")
                + "; use separate memory or disjoint regions");
    }

    /** The bytes of the whole elements among {@code bytes}. */
    private static long whole(long bytes, int elementBytes) {
        return bytes - bytes % elementBytes;
    }

    /** {@code "3..7"}: the elements holding bytes {@code [from, to)}. */
    private static String range(long from, long to, int elementBytes) {
        return Math.floorDiv(from, elementBytes) + ".." + Math.floorDiv(to - 1, elementBytes);
    }

    /**
     * A slice's input and output in one array must not share elements even with equal layouts: a
     * window that flips or shifts reads elements the copy has already overwritten.
     */
    public static void notAliasedSlice(String inRole, Object in, TensorLayout inLayout, String outRole, Object out,
                                       TensorLayout outLayout) {
        if (in != out) {
            return;
        }
        int lo = Math.max(inLayout.offset(), outLayout.offset());
        int hi = Math.min(inLayout.bufferSize(), outLayout.bufferSize());
        if (lo < hi) {
            notSameArray(inRole, in, outRole, out, lo, hi);
        }
    }

    /**
     * For generated kernels, which know at compile time that the two layouts share elements
     * {@code lo..hi-1}: the arrays must differ.
     */
    public static void notSameArray(String inRole, Object in, String outRole, Object out, int lo, int hi) {
        if (in == out) {
            throw new IllegalArgumentException(inRole + " and " + outRole + " are the same array and share elements "
                    + lo + ".." + (hi - 1) + " with different layouts; use separate arrays or disjoint regions");
        }
    }
}

package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
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

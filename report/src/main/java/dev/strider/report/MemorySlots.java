package dev.strider.report;

import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What a window of a layout's buffer holds, slot by slot: the logical indices stored in a slot
 * (several when indices share it: broadcast or aliasing), a zero-padded lane of a blocked dim, a
 * gap no index reaches, or a slot before the base offset. The text {@link MemoryMap} and the
 * drawing {@link LayoutSvg} both read the buffer through this class, so they can never disagree
 * about a slot.
 *
 * <p>Only the window is paid for, whatever the size of the layout: the indices are walked dim
 * by dim, and a branch is cut as soon as its offset has passed the window's end (every term
 * {@link TensorLayout#offsetAlong} adds is at least 0, and never decreases along its dim) or can no
 * longer reach its start. A dim whose
 * term is 0 at every index (stride 0, or extent 1) is not walked at all: it multiplies the count
 * of the slots below it, so a broadcast dim of a million costs nothing. A slot keeps its first
 * {@code keep} indices in index order (the last dim fastest) and counts the rest.
 */
public final class MemorySlots {

    /** What a slot holds. */
    public enum Kind {
        /** One or more logical indices. */
        ELEMENT,
        /** A lane past the logical size of a blocked dim; kernels keep it zero. */
        PAD,
        /** No index, logical or padded, reaches the slot. */
        GAP,
        /** Before the layout's base offset. */
        BASE
    }

    private final TensorLayout layout;
    private final int from;
    private final int to;
    private final int keep;
    private final long[] counts;
    private final boolean[] pads;
    private final List<List<int[]>> kept;

    // The walk: per dim whether it is free (term 0 everywhere) and the largest sum the dims from it on add.
    private final boolean[] free;
    private final long[] maxFrom;
    private final int[] freeDims;
    private final long freeProduct;

    private MemorySlots(TensorLayout layout, int from, int to, int keep) {
        this.layout = layout;
        this.from = from;
        this.to = to;
        this.keep = keep;
        int n = to - from;
        counts = new long[n];
        pads = new boolean[n];
        kept = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            kept.add(null);
        }
        int rank = layout.rank();
        free = new boolean[rank];
        maxFrom = new long[rank + 1];
        List<Integer> frees = new ArrayList<>();
        long product = 1;
        for (int d = rank - 1; d >= 0; d--) {
            free[d] = layout.paddedSize(d) == 1 || !layout.isBlocked(d) && layout.stride(d) == 0;
            // The largest term of a dim is at its last padded index: every block digit is at its top there.
            maxFrom[d] = maxFrom[d + 1] + (free[d] ? 0 : layout.offsetAlong(d, layout.paddedSize(d) - 1));
            if (free[d]) {
                frees.add(0, d);
                product = saturatedProduct(product, layout.size(d));
            }
        }
        freeDims = frees.stream().mapToInt(Integer::intValue).toArray();
        freeProduct = product;
        walk(0, layout.offset(), new int[rank]);
    }

    /**
     * The slots {@code [from, to)} of {@code layout}'s buffer.
     *
     * @param keep how many indices a shared slot keeps (the first ones in index order); at least 1
     * @throws IllegalArgumentException when the window is empty or outside {@code [0, bufferSize)}
     */
    public static MemorySlots of(TensorLayout layout, int from, int to, int keep) {
        Objects.requireNonNull(layout, "layout");
        if (from < 0 || to <= from || to > layout.bufferSize()) {
            throw new IllegalArgumentException("window [" + from + ", " + to + ") is not a non-empty part of the buffer"
                    + " [0, " + layout.bufferSize() + ")");
        }
        if (keep < 1) {
            throw new IllegalArgumentException("keep is " + keep + "; a slot keeps at least 1 index");
        }
        return new MemorySlots(layout, from, to, keep);
    }

    /** The whole buffer. */
    public static MemorySlots of(TensorLayout layout, int keep) {
        return of(layout, 0, layout.bufferSize(), keep);
    }

    private void walk(int d, long offset, int[] index) {
        if (d == index.length) {
            if (offset >= from && offset < to) { // only unchecked when every dim is free
                record((int) offset, index);
            }
            return;
        }
        if (free[d]) {
            index[d] = 0;
            walk(d + 1, offset, index);
            return;
        }
        // A term never decreases along its dim (see TensorLayout.offsetAlong), so the indices whose
        // branch can reach the window are one run: its start found by bisection, its end where the
        // offset passes the window. A dim of two billion then costs a few dozen steps, not a walk.
        int padded = layout.paddedSize(d);
        int lo = 0;
        int hi = padded;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (offset + layout.offsetAlong(d, mid) + maxFrom[d + 1] >= from) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        for (int i = lo; i < padded; i++) {
            long at = offset + layout.offsetAlong(d, i);
            if (at >= to) {
                break;
            }
            index[d] = i;
            walk(d + 1, at, index);
        }
        index[d] = 0;
    }

    /** One index of the walk (its free dims at 0) lands on slot {@code at}. */
    private void record(int at, int[] index) {
        int k = at - from;
        for (int d = 0; d < index.length; d++) {
            if (index[d] >= layout.size(d)) {
                pads[k] = true;
                return;
            }
        }
        counts[k] = saturatedSum(counts[k], freeProduct);
        List<int[]> here = kept.get(k);
        if (here == null) {
            here = new ArrayList<>(1);
            kept.set(k, here);
        }
        // The free dims vary in index order, so the first `keep` of them are this walk's smallest.
        int[] combo = index.clone();
        int[] bounds = new int[freeDims.length];
        for (int f = 0; f < freeDims.length; f++) {
            bounds[f] = layout.size(freeDims[f]);
        }
        int[] digits = new int[freeDims.length];
        for (int added = 0; added < keep; added++) {
            for (int f = 0; f < freeDims.length; f++) {
                combo[freeDims[f]] = digits[f];
            }
            insert(here, combo.clone());
            if (!TensorLayout.increment(digits, bounds)) {
                break;
            }
        }
    }

    /** Adds {@code index} in index order, keeping the first {@link #keep}. */
    private void insert(List<int[]> here, int[] index) {
        int at = here.size();
        while (at > 0 && Arrays.compare(here.get(at - 1), index) > 0) {
            at--;
        }
        if (at < keep) {
            here.add(at, index);
            if (here.size() > keep) {
                here.remove(here.size() - 1);
            }
        }
    }

    private static long saturatedSum(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    private static long saturatedProduct(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }

    // ---------------------------------------------------------------- reading

    public TensorLayout layout() {
        return layout;
    }

    /** The first offset of the window. */
    public int from() {
        return from;
    }

    /** One past the last offset of the window. */
    public int to() {
        return to;
    }

    public Kind kind(int offset) {
        int k = slot(offset);
        if (offset < layout.offset()) {
            return Kind.BASE;
        }
        if (counts[k] > 0) {
            return Kind.ELEMENT;
        }
        return pads[k] ? Kind.PAD : Kind.GAP;
    }

    /** How many logical indices the slot holds (saturated at {@code Long.MAX_VALUE}). */
    public long count(int offset) {
        return counts[slot(offset)];
    }

    /** The first {@code keep} logical indices the slot holds, in index order; empty for other kinds. */
    public List<int[]> indices(int offset) {
        List<int[]> here = kept.get(slot(offset));
        if (here == null) {
            return List.of();
        }
        List<int[]> copy = new ArrayList<>(here.size());
        here.forEach(i -> copy.add(i.clone()));
        return copy;
    }

    /** How many slots of the window are of this kind. */
    public int count(Kind kind) {
        int n = 0;
        for (int at = from; at < to; at++) {
            if (kind(at) == kind) {
                n++;
            }
        }
        return n;
    }

    private int slot(int offset) {
        if (offset < from || offset >= to) {
            throw new IndexOutOfBoundsException("offset " + offset + " is outside the window [" + from + ", " + to + ")");
        }
        return offset - from;
    }
}

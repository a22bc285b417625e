package dev.strider.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * An immutable tensor layout: logical dims and sizes plus the map from a logical index to an
 * element offset in a flat Java array.
 *
 * <p>Plain layouts (packed in any memory order, padded, broadcast) follow DirectML: the offset of
 * index {@code i} is {@code offset + Σ i[d] * strides[d]}. Blocked layouts follow oneDNN: each
 * blocked dim is split into an outer index, multiplied by its stride in {@link #strides()} (the
 * stride between blocks), and inner block indices laid out innermost; the dim is padded up to a
 * multiple of the product of its blocks, and those pad lanes hold zeros.
 *
 * <p>Build one with {@link #packed}, {@link #of} (a plain or blocked format tag), {@link #strided}
 * or {@link #declared} (the shape of the {@code @Layout} annotation). Every bad input is an
 * {@link IllegalArgumentException} that names the dim and values at fault.
 *
 * <p>Equality is equality of the mapping: two layouts are equal when they have the same dims,
 * sizes, blocks and base offset and every index maps to the same offset (strides of dims whose
 * extent is 1 do not matter). The format tag a layout was built from is kept for display only.
 */
public final class TensorLayout {

    /** Ranks from 1 to this. */
    public static final int MAX_RANK = 8;

    /** The most elements a Java array can hold on common JVMs (as the JDK's own soft limit). */
    public static final int MAX_BUFFER = Integer.MAX_VALUE - 8;

    /** Above these the exact overlap check (one bit per slot) is not tried. */
    private static final long EXACT_OVERLAP_ELEMENTS = 1L << 24;
    private static final long EXACT_OVERLAP_SPAN = 1L << 27;

    private final String dims;
    private final int[] sizes;
    private final int[] paddedSizes;
    private final int[] strides;
    private final int offset;
    private final List<Block> blocks;
    private final String format;

    // Derived from the above, for offsetAlong: per dim the product of its blocks, per block the
    // stride inside the inner block and the divisor that extracts its digit from the dim index.
    private final int[] blockProduct;
    private final int[] blockStride;
    private final int[] blockDivisor;
    private final int bufferSize;
    private final String overlap;

    private TensorLayout(String dims, int[] sizes, int[] strides, List<Block> blocks, int offset, String format) {
        this.dims = dims;
        this.sizes = sizes;
        this.strides = strides;
        this.blocks = blocks;
        this.offset = offset;
        this.format = format;
        int rank = dims.length();

        blockProduct = new int[rank];
        Arrays.fill(blockProduct, 1);
        for (Block b : blocks) {
            blockProduct[b.dim()] = Math.multiplyExact(blockProduct[b.dim()], b.size());
        }
        paddedSizes = new int[rank];
        for (int d = 0; d < rank; d++) {
            long padded = roundUp(sizes[d], blockProduct[d]);
            if (padded > MAX_BUFFER) {
                throw new IllegalArgumentException("dim " + dims.charAt(d) + " of size " + sizes[d]
                        + " pads to " + padded + ", more than a Java array can index (" + MAX_BUFFER + ")");
            }
            paddedSizes[d] = (int) padded;
        }
        blockStride = new int[blocks.size()];
        blockDivisor = new int[blocks.size()];
        long inner = 1;
        int[] divisor = new int[rank];
        Arrays.fill(divisor, 1);
        for (int k = blocks.size() - 1; k >= 0; k--) {
            Block b = blocks.get(k);
            blockStride[k] = (int) inner;
            blockDivisor[k] = divisor[b.dim()];
            inner *= b.size();
            divisor[b.dim()] *= b.size();
        }

        long span = 1;
        for (int d = 0; d < rank; d++) {
            long term = maxAlong(d); // below 2^62; saturate the sum rather than overflow
            span = span > Long.MAX_VALUE - term ? Long.MAX_VALUE : span + term;
        }
        long total = span > Long.MAX_VALUE - offset ? Long.MAX_VALUE : offset + span;
        if (total > MAX_BUFFER) {
            throw new IllegalArgumentException("layout " + dims + " sizes " + Arrays.toString(sizes)
                    + " needs a buffer of " + total + " elements, more than a Java array can index (" + MAX_BUFFER + ")");
        }
        bufferSize = (int) total;
        overlap = blocks.isEmpty() ? findOverlap() : null;
    }

    // ---------------------------------------------------------------- factories

    /** Packed in logical order: the last dim is innermost ({@code NCHW} sizes {1,1,3,5} gives strides {15,15,5,1}). */
    public static TensorLayout packed(String dims, int... sizes) {
        String d = checkDims(dims);
        int[] s = checkSizes(d, sizes);
        return fromTag(d, s, FormatTag.parse(d, d.toLowerCase()), null);
    }

    /**
     * Packed by a format tag: a plain memory order ({@code nhwc}, {@code chwn}, {@code wh}, {@code acdb})
     * or a oneDNN blocked tag ({@code nChw8c}, {@code OIhw4i16o4i}, {@code ABcd16a16b}).
     */
    public static TensorLayout of(String dims, int[] sizes, String format) {
        String d = checkDims(dims);
        int[] s = checkSizes(d, sizes);
        return fromTag(d, s, FormatTag.parse(d, format), format);
    }

    /** Explicit strides in elements, one per dim in logical order: padding (larger), broadcast (0). */
    public static TensorLayout strided(String dims, int[] sizes, int[] strides) {
        String d = checkDims(dims);
        int[] s = checkSizes(d, sizes);
        requireOnePerDim("strides", strides, d);
        for (int i = 0; i < strides.length; i++) {
            if (strides[i] < 0) {
                throw new IllegalArgumentException("stride of dim " + d.charAt(i) + " is " + strides[i]
                        + "; layout strides must not be negative (a slice with a negative stride reverses a dim)");
            }
        }
        return new TensorLayout(d, s, strides.clone(), List.of(), 0, null);
    }

    /**
     * The {@code @Layout} annotation's shape: {@code format} (empty for none) or {@code strides}
     * (empty for none), at most one of them, and a base offset.
     */
    public static TensorLayout declared(String dims, int[] sizes, String format, int[] strides, int offset) {
        boolean hasFormat = format != null && !format.isEmpty();
        boolean hasStrides = strides != null && strides.length > 0;
        if (hasFormat && hasStrides) {
            throw new IllegalArgumentException("give format \"" + format + "\" or strides " + Arrays.toString(strides)
                    + ", not both");
        }
        TensorLayout layout = hasFormat ? of(dims, sizes, format) : hasStrides ? strided(dims, sizes, strides) : packed(dims, sizes);
        return layout.withOffset(offset);
    }

    /** The same layout starting {@code offset} elements into the buffer. */
    public TensorLayout withOffset(int offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset is " + offset + "; the base offset must not be negative");
        }
        if (offset == this.offset) {
            return this;
        }
        return new TensorLayout(dims, sizes, strides, blocks, offset, format);
    }

    private static TensorLayout fromTag(String dims, int[] sizes, FormatTag tag, String format) {
        int rank = dims.length();
        int[] blockProduct = new int[rank];
        Arrays.fill(blockProduct, 1);
        long inner = 1;
        for (Block b : tag.blocks()) {
            blockProduct[b.dim()] = (int) Math.min(MAX_BUFFER + 1L, (long) blockProduct[b.dim()] * b.size());
            inner *= b.size();
            if (inner > MAX_BUFFER) {
                throw new IllegalArgumentException("format \"" + tag.tag() + "\": its inner blocks hold " + inner
                        + " elements, more than a Java array can index");
            }
        }
        long total = inner;
        for (int d = 0; d < rank; d++) {
            long extent = ceilDiv(sizes[d], blockProduct[d]);
            total = total > Long.MAX_VALUE / extent ? Long.MAX_VALUE : total * extent;
        }
        if (total > MAX_BUFFER) {
            throw new IllegalArgumentException("layout " + dims + " sizes " + Arrays.toString(sizes)
                    + (format == null ? "" : " in format \"" + format + "\"") + " needs a buffer of " + total
                    + " elements, more than a Java array can index (" + MAX_BUFFER + ")");
        }
        int[] strides = new int[rank];
        long running = inner;
        int[] order = tag.order();
        for (int k = order.length - 1; k >= 0; k--) {
            strides[order[k]] = (int) running;
            running *= ceilDiv(sizes[order[k]], blockProduct[order[k]]);
        }
        return new TensorLayout(dims, sizes, strides, tag.blocks(), 0, format);
    }

    private static String checkDims(String dims) {
        Objects.requireNonNull(dims, "dims");
        if (dims.isEmpty() || dims.length() > MAX_RANK) {
            throw new IllegalArgumentException("dims \"" + dims + "\" has rank " + dims.length()
                    + "; the rank must be from 1 to " + MAX_RANK);
        }
        String upper = dims.toUpperCase(java.util.Locale.ROOT);
        for (int i = 0; i < upper.length(); i++) {
            char ch = upper.charAt(i);
            if (ch < 'A' || ch > 'Z') {
                throw new IllegalArgumentException("dims \"" + dims + "\": '" + dims.charAt(i)
                        + "' is not a letter; each dim is named by one letter A-Z");
            }
            if (upper.indexOf(ch) != i) {
                throw new IllegalArgumentException("dims \"" + dims + "\" names dim " + ch + " twice");
            }
        }
        return upper;
    }

    /** {@code values} must hold one value per dim: {@code sizes [1, 3, 4] has 3 values but dims NCHW has 4}. */
    static void requireOnePerDim(String what, int[] values, String dims) {
        Objects.requireNonNull(values, what);
        if (values.length != dims.length()) {
            throw new IllegalArgumentException(what + " " + Arrays.toString(values) + " has " + values.length
                    + " values but dims " + dims + " has " + dims.length());
        }
    }

    private static int[] checkSizes(String dims, int[] sizes) {
        requireOnePerDim("sizes", sizes, dims);
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1) {
                throw new IllegalArgumentException("size of dim " + dims.charAt(i) + " is " + sizes[i]
                        + "; sizes must be at least 1");
            }
        }
        return sizes.clone();
    }

    // ---------------------------------------------------------------- the mapping

    /** The offset of a logical index: {@code offset + Σ offsetAlong(d, index[d])}. */
    public int offsetOf(int... index) {
        checkIndex(index, sizes, "size");
        long sum = offset;
        for (int d = 0; d < index.length; d++) {
            sum += offsetAlong(d, index[d]);
        }
        return (int) sum;
    }

    /**
     * What dim {@code dim} at index {@code index} adds to the offset. The offset of a layout is the
     * base offset plus one such term per dim, also for blocked layouts (each inner block splits only
     * its own dim), which is what lets kernels tabulate offsets per dim. Valid for
     * {@code 0 <= index < paddedSizes()[dim]}: indices past the logical size address pad lanes.
     *
     * <p>The term never decreases as {@code index} grows: strides are not negative, and a blocked
     * dim's stride between blocks exceeds the span of its lanes (a tag packs the inner blocks
     * innermost), whose strides in turn exceed the span of the blocks inside them.
     */
    public int offsetAlong(int dim, int index) {
        if (index < 0 || index >= paddedSizes[dim]) {
            throw new IndexOutOfBoundsException("index " + index + " of dim " + dims.charAt(dim)
                    + " is outside 0.." + (paddedSizes[dim] - 1));
        }
        long sum = (long) (index / blockProduct[dim]) * strides[dim];
        for (int k = 0; k < blocks.size(); k++) {
            if (blocks.get(k).dim() == dim) {
                sum += (long) ((index / blockDivisor[k]) % blocks.get(k).size()) * blockStride[k];
            }
        }
        return (int) sum;
    }

    /** The largest term dim {@code d} adds to an offset: its last block, every lane at its last index. */
    long maxAlong(int d) {
        long sum = (long) (ceilDiv(paddedSizes[d], blockProduct[d]) - 1) * strides[d];
        for (int k = 0; k < blocks.size(); k++) {
            if (blocks.get(k).dim() == d) {
                sum += (long) (blocks.get(k).size() - 1) * blockStride[k];
            }
        }
        return sum;
    }

    /** The offset of an index into the padded index space (pad lanes included). */
    public int paddedOffsetOf(int... index) {
        checkIndex(index, paddedSizes, "padded size");
        long sum = offset;
        for (int d = 0; d < index.length; d++) {
            sum += offsetAlong(d, index[d]);
        }
        return (int) sum;
    }

    private void checkIndex(int[] index, int[] bounds, String what) {
        if (index.length != bounds.length) {
            throw new IllegalArgumentException("index " + Arrays.toString(index) + " has " + index.length
                    + " values but layout " + dims + " has rank " + bounds.length);
        }
        for (int d = 0; d < index.length; d++) {
            if (index[d] < 0 || index[d] >= bounds[d]) {
                throw new IndexOutOfBoundsException("index " + index[d] + " of dim " + dims.charAt(d)
                        + " is outside 0.." + (bounds[d] - 1) + " (" + what + " " + bounds[d] + ")");
            }
        }
    }

    /**
     * Elements a buffer must hold, base offset included: DirectML's {@code DMLCalcBufferTensorSize}
     * ({@code Σ (sizes[d]-1) * strides[d] + 1}) for plain layouts; for blocked ones, oneDNN's size with
     * the pad lanes. Packed layouts need exactly the product of their (padded) sizes.
     */
    public int bufferSize() {
        return bufferSize;
    }

    // ---------------------------------------------------------------- properties

    /** The dim names in logical order, one letter each: {@code "NCHW"}. */
    public String dims() {
        return dims;
    }

    /** The number of dims, 1 to {@value #MAX_RANK}. */
    public int rank() {
        return dims.length();
    }

    /** The logical sizes in logical order (a copy). */
    public int[] sizes() {
        return sizes.clone();
    }

    /** The logical size of dim {@code dim} (its position in {@link #dims()}). */
    public int size(int dim) {
        return sizes[dim];
    }

    /** Logical sizes rounded up to the product of each dim's inner blocks; equal to sizes for plain layouts. */
    public int[] paddedSizes() {
        return paddedSizes.clone();
    }

    /** The padded size of dim {@code dim}: {@link #size(int)} unless the dim is blocked. */
    public int paddedSize(int dim) {
        return paddedSizes[dim];
    }

    /** Per dim in logical order; for a blocked dim, the stride between its blocks (as oneDNN's {@code strides}). */
    public int[] strides() {
        return strides.clone();
    }

    /** The stride of dim {@code dim}, as {@link #strides()} gives it. */
    public int stride(int dim) {
        return strides[dim];
    }

    /** The base offset: the element index of logical index 0 in the buffer. */
    public int offset() {
        return offset;
    }

    /** Inner blocks, outermost first; empty for plain layouts. */
    public List<Block> blocks() {
        return blocks;
    }

    /** The stride, inside the inner block, of block {@code k} of {@link #blocks()}: 1 for the innermost. */
    public int laneStride(int k) {
        return blockStride[k];
    }

    /** True when the layout has inner blocks (a oneDNN blocked format such as {@code nChw8c}). */
    public boolean isBlocked() {
        return !blocks.isEmpty();
    }

    /** True when dim {@code dim} is split into inner blocks (it is padded to a multiple of their product). */
    public boolean isBlocked(int dim) {
        for (Block b : blocks) {
            if (b.dim() == dim) {
                return true;
            }
        }
        return false;
    }

    /** The format tag this layout was built from, or empty for {@link #packed} and {@link #strided} layouts. */
    public String format() {
        return format == null ? "" : format;
    }

    /** The position of a dim by name, or -1. */
    public int dimIndex(char name) {
        return dims.indexOf(Character.toUpperCase(name));
    }

    /** Number of logical elements, {@code Π sizes}. */
    public long elementCount() {
        return product(sizes);
    }

    /** Number of logical elements plus pad lanes, {@code Π paddedSizes}. */
    public long paddedElementCount() {
        return product(paddedSizes);
    }

    /** True when the buffer (past the base offset) holds exactly the padded elements, each once. */
    public boolean isPacked() {
        return overlap == null && bufferSize - offset == paddedElementCount();
    }

    /** True when some dim is {@link #isBroadcast(int) broadcast}. */
    public boolean hasBroadcast() {
        for (int d = 0; d < sizes.length; d++) {
            if (isBroadcast(d)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when dim {@code dim} has a size above 1 and stride 0: it repeats the lower-order
     * elements. A blocked dim never is (its stride between blocks is at least 1).
     */
    public boolean isBroadcast(int dim) {
        return sizes[dim] > 1 && strides[dim] == 0;
    }

    /**
     * True when the buffer holds more slots than there are logical elements: gaps left by larger
     * strides, or the zero-padded lanes of a blocked layout.
     */
    public boolean isPadded() {
        return overlap == null && bufferSize - offset > elementCount();
    }

    /**
     * True when two logical indices share an offset (broadcast or aliasing), or when the strides
     * interleave and the layout is too large to prove they do not: such a layout may be read,
     * never written. {@link #overlapReason()} says which.
     */
    public boolean overlaps() {
        return overlap != null;
    }

    /** Why the elements overlap, or empty when they do not. */
    public String overlapReason() {
        return overlap == null ? "" : overlap;
    }

    /**
     * Null when no two logical indices share an offset, else the reason. Sorting dims by stride and
     * asking each stride to exceed the span of the dims below it proves the common cases; when that
     * fails (interleaved strides) the offsets are checked one by one if the layout is small enough.
     */
    private String findOverlap() {
        List<Integer> live = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] > 1) {
                if (strides[d] == 0) {
                    return "dim " + dims.charAt(d) + " of size " + sizes[d] + " has stride 0 (broadcast)";
                }
                live.add(d);
            }
        }
        live.sort((a, b) -> Integer.compare(strides[a], strides[b]));
        long span = 0;
        boolean proven = true;
        for (int d : live) {
            if (strides[d] <= span) {
                proven = false;
                break;
            }
            span += (long) (sizes[d] - 1) * strides[d];
        }
        if (proven) {
            return null;
        }
        if (elementCount() > EXACT_OVERLAP_ELEMENTS || bufferSize - offset > EXACT_OVERLAP_SPAN) {
            return "strides " + Arrays.toString(strides) + " interleave dims, and the layout is too large ("
                    + elementCount() + " elements) to prove that no two elements share an offset";
        }
        BitSet used = new BitSet(bufferSize - offset);
        int[] index = new int[sizes.length];
        do {
            int at = offsetOf(index) - offset;
            if (used.get(at)) {
                int[] first = firstIndexAt(at + offset);
                return "elements " + Arrays.toString(first) + " and " + Arrays.toString(index)
                        + " share offset " + (at + offset);
            }
            used.set(at);
        } while (increment(index, sizes));
        return null;
    }

    private int[] firstIndexAt(int target) {
        int[] index = new int[sizes.length];
        do {
            if (offsetOf(index) == target) {
                return index;
            }
        } while (increment(index, sizes));
        throw new AssertionError("no index at offset " + target);
    }

    /** Steps an odometer over {@code bounds}, last dim fastest; false after the last index. */
    public static boolean increment(int[] index, int[] bounds) {
        for (int d = index.length - 1; d >= 0; d--) {
            if (++index[d] < bounds[d]) {
                return true;
            }
            index[d] = 0;
        }
        return false;
    }

    // ---------------------------------------------------------------- value semantics

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TensorLayout)) {
            return false;
        }
        TensorLayout that = (TensorLayout) o;
        if (!dims.equals(that.dims) || offset != that.offset || !Arrays.equals(sizes, that.sizes)
                || !blocks.equals(that.blocks)) {
            return false;
        }
        for (int d = 0; d < sizes.length; d++) {
            if (outerExtent(d) > 1 && strides[d] != that.strides[d]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(dims, offset, blocks) * 31 + Arrays.hashCode(sizes);
        for (int d = 0; d < sizes.length; d++) {
            h = h * 31 + (outerExtent(d) > 1 ? strides[d] : 0);
        }
        return h;
    }

    private int outerExtent(int d) {
        return ceilDiv(paddedSizes[d], blockProduct[d]);
    }

    /** For example {@code NCHW nChw8c sizes [1, 17, 5, 4] strides [480, 160, 32, 8] padded [1, 24, 5, 4] buffer 480}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(dims);
        if (format != null) {
            sb.append(' ').append(format);
        }
        sb.append(" sizes ").append(Arrays.toString(sizes));
        sb.append(" strides ").append(Arrays.toString(strides));
        if (isBlocked()) {
            sb.append(" padded ").append(Arrays.toString(paddedSizes));
        }
        if (offset != 0) {
            sb.append(" offset ").append(offset);
        }
        sb.append(" buffer ").append(bufferSize);
        return sb.toString();
    }

    // ---------------------------------------------------------------- small arithmetic

    static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }

    static long roundUp(int a, int b) {
        return (long) ceilDiv(a, b) * b;
    }

    private static long product(int[] values) {
        long p = 1;
        for (int v : values) {
            p *= v;
        }
        return p;
    }
}

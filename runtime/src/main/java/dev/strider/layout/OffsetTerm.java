package dev.strider.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * What index {@code i} of one dim adds to an element's offset, computed from the layout's sizes,
 * strides and blocks instead of tabulated: {@code at(i) = offsetAlong(dim, start + step * i)} for
 * {@code 0 <= i < extent}. The dim itself is {@code start 0, step 1} (over its logical or its padded
 * size), a slice's input is {@code start, step} of its window, a NumPy broadcast is {@code step 0}.
 *
 * <p>It takes the same few words of memory whatever the dim's size, so the processor can plan a
 * dim of two billion elements; {@link OffsetTerms} tabulates it for the generic kernels, which run
 * on arrays of that size anyway.
 */
public final class OffsetTerm {

    /**
     * One piece of a term: {@code (x / divisor % modulus) * stride} of the dim index {@code x},
     * without the {@code % modulus} when {@code modulus} is 0 (the outer part of a blocked dim, or
     * a plain dim).
     */
    public record Piece(int divisor, int modulus, int stride) {
    }

    private final TensorLayout layout;
    private final int dim;
    private final int start;
    private final int step;
    private final int extent;
    /** Indices per element of the layout's dim: a group of {@code group} indices shares one (1: none). */
    private final int group;

    private OffsetTerm(TensorLayout layout, int dim, int start, int step, int extent) {
        this(layout, dim, start, step, extent, 1);
    }

    private OffsetTerm(TensorLayout layout, int dim, int start, int step, int extent, int group) {
        this.layout = layout;
        this.dim = dim;
        this.start = start;
        this.step = step;
        this.extent = extent;
        this.group = group;
    }

    /**
     * Index {@code i} of {@code extent} reading element {@code i / group} of plain dim {@code dim}:
     * oneDNN's groups of a scale or zero point, one value per {@code group} consecutive indices
     * ({@code at(i) = (i / group) * stride}). The layout's dim holds {@code extent / group} elements.
     *
     * @throws IllegalArgumentException when the dim is blocked, or {@code group} does not divide
     *                                  {@code extent} into the dim's size
     */
    public static OffsetTerm grouped(TensorLayout layout, int dim, int group, int extent) {
        if (layout.blocks().stream().anyMatch(b -> b.dim() == dim)) {
            throw new IllegalArgumentException("groups apply to plain dims, and dim " + layout.dims().charAt(dim)
                    + " is blocked");
        }
        if (group < 1 || extent % group != 0 || extent / group != layout.size(dim)) {
            throw new IllegalArgumentException("groups of " + group + " over " + extent + " indices do not make the "
                    + layout.size(dim) + " elements of dim " + layout.dims().charAt(dim));
        }
        return new OffsetTerm(layout, dim, 0, 1, extent, group);
    }

    /** Dim {@code dim} over its logical size. */
    public static OffsetTerm of(TensorLayout layout, int dim) {
        return new OffsetTerm(layout, dim, 0, 1, layout.size(dim));
    }

    /** Dim {@code dim} over its padded size: indices past the logical size address pad lanes. */
    public static OffsetTerm padded(TensorLayout layout, int dim) {
        return new OffsetTerm(layout, dim, 0, 1, layout.paddedSize(dim));
    }

    /** Dim {@code dim} read over {@code size}: a dim of size 1 where {@code size} is larger repeats its element. */
    public static OffsetTerm broadcast(TensorLayout layout, int dim, int size) {
        boolean repeat = layout.size(dim) != size;
        return new OffsetTerm(layout, dim, 0, repeat ? 0 : 1, size);
    }

    /** Dim {@code dim} of a slice's input, indexed by output index: input index {@code start + stride * o}. */
    public static OffsetTerm slice(TensorLayout input, SliceWindow window, int dim) {
        return new OffsetTerm(input, dim, window.start(dim), window.strides()[dim], window.outputSizes()[dim]);
    }

    /** The number of indices, {@code 0..extent-1}. */
    public int extent() {
        return extent;
    }

    /** The dim index that index 0 stands for. */
    public int start() {
        return start;
    }

    /** The dim index step per index: 1, a slice stride, or 0 (broadcast). */
    public int step() {
        return step;
    }

    /** What index {@code i} adds to the offset. */
    public int at(int i) {
        if (i < 0 || i >= extent) {
            throw new IndexOutOfBoundsException("index " + i + " is outside 0.." + (extent - 1));
        }
        return layout.offsetAlong(dim, (int) ((start + (long) step * i) / group));
    }

    /**
     * A period of the term: {@code at(i + period()) == at(i) + increment()} wherever both indices
     * are valid. The dim index then moves by a whole number of outer blocks (each adding the dim's
     * stride), so the inner pieces repeat: 1 for a plain dim or a broadcast, at most the product of
     * the dim's blocks for a blocked one.
     */
    public int period() {
        if (step == 0) {
            return 1;
        }
        int blocks = blockProduct() * group;
        return blocks / gcd(blocks, Math.abs(step));
    }

    /** What one {@link #period()} adds to the term. */
    public long increment() {
        return (long) step * period() / (blockProduct() * group) * layout.stride(dim);
    }

    /**
     * The term as a sum of pieces of the dim index {@code start + step * i}: the outer part (the
     * dim's stride per whole block, or per index for a plain dim) and one piece per inner block.
     */
    public List<Piece> pieces() {
        List<Piece> pieces = new ArrayList<>();
        pieces.add(new Piece(blockProduct() * group, 0, layout.stride(dim)));
        List<Block> blocks = layout.blocks();
        for (int k = 0; k < blocks.size(); k++) {
            if (blocks.get(k).dim() != dim) {
                continue;
            }
            int divisor = 1;
            for (int j = k + 1; j < blocks.size(); j++) {
                if (blocks.get(j).dim() == dim) {
                    divisor *= blocks.get(j).size();
                }
            }
            pieces.add(new Piece(divisor, blocks.get(k).size(), layout.laneStride(k)));
        }
        return pieces;
    }

    /** Every term, {@code at(0)} to {@code at(extent - 1)}: as long as the dim, so for arrays at hand only. */
    public int[] table() {
        int[] table = new int[extent];
        for (int i = 0; i < extent; i++) {
            table[i] = at(i);
        }
        return table;
    }

    private int blockProduct() {
        int product = 1;
        for (Block b : layout.blocks()) {
            if (b.dim() == dim) {
                product *= b.size();
            }
        }
        return product;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    @Override
    public String toString() {
        return "dim " + layout.dims().charAt(dim) + " index " + start + (step < 0 ? " - " + -(long) step : " + " + step)
                + " * i, i < " + extent;
    }
}

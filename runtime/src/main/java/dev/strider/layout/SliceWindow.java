package dev.strider.layout;

import java.util.Arrays;
import java.util.Objects;

/**
 * A DirectML SLICE1 input window: per dim an offset, a size and a non-zero stride.
 *
 * <p>Output element {@code o} reads input index {@code start + strides * o} per dim, where
 * {@code start = offset} for a positive stride and {@code offset + size - 1} for a negative one
 * (copying from the end of the window). Each output size may be from 1 to
 * {@code 1 + (size - 1) / |stride|}; by default it is that maximum.
 */
public final class SliceWindow {

    private final String dims;
    private final int[] inputSizes;
    private final int[] offsets;
    private final int[] sizes;
    private final int[] strides;
    private final int[] outputSizes;

    private SliceWindow(String dims, int[] inputSizes, int[] offsets, int[] sizes, int[] strides, int[] outputSizes) {
        this.dims = dims;
        this.inputSizes = inputSizes;
        this.offsets = offsets;
        this.sizes = sizes;
        this.strides = strides;
        this.outputSizes = outputSizes;
    }

    /**
     * A window over {@code input}'s logical sizes, with the largest output sizes it allows.
     *
     * @throws IllegalArgumentException naming the dim, when an array does not have one value per dim,
     *                                  a stride is 0, an offset is negative, a size is below 1, or the
     *                                  window extends past the input
     */
    public static SliceWindow of(TensorLayout input, int[] offsets, int[] sizes, int[] strides) {
        Objects.requireNonNull(input, "input");
        String dims = input.dims();
        int[] in = input.sizes();
        check("offsets", dims, offsets);
        check("sizes", dims, sizes);
        check("strides", dims, strides);
        int[] out = new int[dims.length()];
        for (int d = 0; d < dims.length(); d++) {
            char name = dims.charAt(d);
            if (strides[d] == 0) {
                throw new IllegalArgumentException("slice stride of dim " + name + " is 0; slice strides must not be 0");
            }
            if (strides[d] == Integer.MIN_VALUE) {
                throw new IllegalArgumentException("slice stride of dim " + name + " is " + strides[d] + ", out of range");
            }
            if (offsets[d] < 0) {
                throw new IllegalArgumentException("window offset of dim " + name + " is " + offsets[d]
                        + "; offsets must not be negative");
            }
            if (sizes[d] < 1) {
                throw new IllegalArgumentException("window size of dim " + name + " is " + sizes[d]
                        + "; the window must not be empty");
            }
            if ((long) offsets[d] + sizes[d] > in[d]) {
                throw new IllegalArgumentException("window of dim " + name + " (offset " + offsets[d] + " + size "
                        + sizes[d] + " = " + ((long) offsets[d] + sizes[d]) + ") extends past the input size " + in[d]);
            }
            out[d] = 1 + (sizes[d] - 1) / Math.abs(strides[d]);
        }
        return new SliceWindow(dims, in, offsets.clone(), sizes.clone(), strides.clone(), out);
    }

    /**
     * The same window with smaller output sizes: each from 1 to {@link #maxOutputSizes()}.
     *
     * @throws IllegalArgumentException when a size is outside that range or not one per dim
     */
    public SliceWindow withOutputSizes(int... outputSizes) {
        check("output sizes", dims, outputSizes);
        int[] max = maxOutputSizes();
        for (int d = 0; d < dims.length(); d++) {
            if (outputSizes[d] < 1 || outputSizes[d] > max[d]) {
                throw new IllegalArgumentException("output size of dim " + dims.charAt(d) + " is " + outputSizes[d]
                        + "; the window (size " + sizes[d] + ", stride " + strides[d] + ") allows 1.." + max[d]);
            }
        }
        return new SliceWindow(dims, inputSizes, offsets, sizes, strides, outputSizes.clone());
    }

    private static void check(String what, String dims, int[] values) {
        TensorLayout.requireOnePerDim("slice " + what, values, dims);
    }

    /** {@code 1 + (size - 1) / |stride|} per dim: the most elements the window can yield. */
    public int[] maxOutputSizes() {
        int[] max = new int[dims.length()];
        for (int d = 0; d < max.length; d++) {
            max[d] = 1 + (sizes[d] - 1) / Math.abs(strides[d]);
        }
        return max;
    }

    /** The input index output index {@code out} of dim {@code dim} reads. */
    public int inputIndex(int dim, int out) {
        if (out < 0 || out >= outputSizes[dim]) {
            throw new IndexOutOfBoundsException("output index " + out + " of dim " + dims.charAt(dim)
                    + " is outside 0.." + (outputSizes[dim] - 1));
        }
        return start(dim) + strides[dim] * out;
    }

    /** Where copying starts in dim {@code dim}: the window offset, or its last element for a negative stride. */
    public int start(int dim) {
        return strides[dim] < 0 ? offsets[dim] + sizes[dim] - 1 : offsets[dim];
    }

    /** The packed layout of the output, in the input's dims. */
    public TensorLayout packedOutput() {
        return TensorLayout.packed(dims, outputSizes);
    }

    /** The input's dim names, in logical order. */
    public String dims() {
        return dims;
    }

    /** The logical sizes of the input the window was made for (a copy). */
    public int[] inputSizes() {
        return inputSizes.clone();
    }

    /** The window's first input index per dim (a copy). */
    public int[] offsets() {
        return offsets.clone();
    }

    /** The window's extent per dim, in input elements (a copy). */
    public int[] sizes() {
        return sizes.clone();
    }

    /** The step per dim between input indices of successive output elements, never 0 (a copy). */
    public int[] strides() {
        return strides.clone();
    }

    /** The output's logical sizes per dim (a copy). */
    public int[] outputSizes() {
        return outputSizes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SliceWindow && dims.equals(((SliceWindow) o).dims)
                && Arrays.equals(inputSizes, ((SliceWindow) o).inputSizes)
                && Arrays.equals(offsets, ((SliceWindow) o).offsets) && Arrays.equals(sizes, ((SliceWindow) o).sizes)
                && Arrays.equals(strides, ((SliceWindow) o).strides)
                && Arrays.equals(outputSizes, ((SliceWindow) o).outputSizes);
    }

    @Override
    public int hashCode() {
        return ((dims.hashCode() * 31 + Arrays.hashCode(offsets)) * 31 + Arrays.hashCode(sizes)) * 31
                + Arrays.hashCode(strides) * 17 + Arrays.hashCode(outputSizes);
    }

    @Override
    public String toString() {
        return "slice " + dims + " offsets " + Arrays.toString(offsets) + " sizes " + Arrays.toString(sizes)
                + " strides " + Arrays.toString(strides) + " -> " + Arrays.toString(outputSizes);
    }
}

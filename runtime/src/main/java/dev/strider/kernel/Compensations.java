package dev.strider.kernel;

import dev.strider.Compensation;
import dev.strider.layout.TensorLayout;
import java.util.List;
import java.util.Objects;

/**
 * oneDNN's compensation of s8 convolution weights ({@link Compensation}): per index of some dims,
 * {@code factor · Σ w} over the s8 values a reorder wrote, in int32 arithmetic (wrapping, as
 * oneDNN's int32 sums do). Generic kernels take them as {@link Output}s; generated kernels call the
 * checks here and sum with their own literal nests.
 */
public final class Compensations {

    private Compensations() {
    }

    /**
     * A compensation as a generic kernel takes it.
     *
     * @param kind   {@code s8s8} or zero point
     * @param per    the dims it has one value per index of, by letter in the layout's order
     * @param values where it is written: one int per index of {@code per}'s dims, row-major
     */
    public record Output(Compensation.Kind kind, String per, int[] values) {
        /** @throws NullPointerException when any is null */
        public Output {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(per, "per");
            Objects.requireNonNull(values, "values");
        }

        /** {@code s8s8_comp}, {@code zp_comp}: how messages name it. */
        public String role() {
            return kind.flag();
        }
    }

    /**
     * Checks the outputs against {@code layout} (the reorder's destination) before anything is
     * written: each holds one value per index of its dims, no two are one array, none is
     * {@code src} or a quantization parameter's array, and no kind is given twice.
     */
    public static void check(List<Output> outputs, TensorLayout layout, Object dst, List<?> inputs) {
        if (outputs.isEmpty()) {
            return;
        }
        if (!(dst instanceof byte[])) {
            throw new IllegalArgumentException("a compensation goes with s8 weights, a byte[] destination, not "
                    + dst.getClass().getSimpleName());
        }
        java.util.Set<Compensation.Kind> seen = java.util.EnumSet.noneOf(Compensation.Kind.class);
        for (int i = 0; i < outputs.size(); i++) {
            Output o = outputs.get(i);
            if (!seen.add(o.kind())) {
                throw new IllegalArgumentException("the " + o.role() + " compensation is given twice");
            }
            Quantization.length(o.role(), o.values().length, Quantization.count(layout, o.per()), o.per(),
                    Quantization.sizes(layout, o.per()));
            for (int j = 0; j < i; j++) {
                distinct(outputs.get(j).role(), outputs.get(j).values(), o.role(), o.values());
            }
            for (Object in : inputs) {
                distinct("an input", in, o.role(), o.values());
            }
        }
    }

    /** {@code in} and {@code out} must not be one array: the compensation would overwrite it. */
    public static void distinct(String inRole, Object in, String outRole, int[] out) {
        if (in == out) {
            throw new IllegalArgumentException(outRole + " is the same array as " + inRole
                    + "; the compensation needs an array of its own");
        }
    }

    /**
     * Writes each output from the s8 weights {@code dst} holds in {@code layout}: per index of its
     * dims, {@code factor} times the sum of the logical elements there.
     */
    public static void compute(byte[] dst, TensorLayout layout, List<Output> outputs) {
        int rank = layout.rank();
        int[] sizes = layout.sizes();
        for (Output o : outputs) {
            java.util.Arrays.fill(o.values(), 0);
        }
        int[][] strides = new int[outputs.size()][];
        for (int k = 0; k < strides.length; k++) {
            strides[k] = Quantization.strides(layout, outputs.get(k).per());
        }
        int[] index = new int[rank];
        long total = layout.elementCount();
        for (long e = 0; e < total; e++) {
            int w = dst[layout.offsetOf(index)];
            for (int k = 0; k < strides.length; k++) {
                int at = 0;
                for (int d = 0; d < rank; d++) {
                    at += index[d] * strides[k][d];
                }
                outputs.get(k).values()[at] += w;
            }
            for (int d = rank - 1; d >= 0 && ++index[d] == sizes[d]; d--) {
                index[d] = 0;
            }
        }
        for (Output o : outputs) {
            int[] v = o.values();
            for (int i = 0; i < v.length; i++) {
                v[i] *= o.kind().factor();
            }
        }
    }
}

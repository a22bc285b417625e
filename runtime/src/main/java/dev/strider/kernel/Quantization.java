package dev.strider.kernel;

import dev.strider.Side;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * oneDNN's quantization parameters of a reorder, given when it runs: a scale and a zero point of
 * the source and of the destination, each one value or one per index of some dims (oneDNN's mask),
 * and the order in which a converting reorder applies them. Generic kernels take them as
 * {@link Parameter}s; generated kernels ({@code @Scale}, {@code @ZeroPoint}) call the checks here
 * and apply the same {@link #steps}.
 *
 * <p>Per element, in f32 (as oneDNN's reorder; in double only where a double or long is on either
 * side, types oneDNN's reorder lacks): {@code f = (float) src}, then each present step in this order:
 * <ol>
 * <li>{@link Step#SUBTRACT_SRC_ZERO_POINT}: {@code f = f - (float) zp_src}</li>
 * <li>{@link Step#MULTIPLY_SRC_SCALE}: {@code f = f * scale_src} (or the compile-time {@code scale})</li>
 * <li>{@link Step#ADD_SUM}: {@code f = f + beta * (float) old}, the sum post-op</li>
 * <li>{@link Step#MULTIPLY_DST_SCALE_INVERSE}: {@code f = f * (1f / scale_dst)}, oneDNN's precomputed inverse</li>
 * <li>{@link Step#ADD_DST_ZERO_POINT}: {@code f = f + (float) zp_dst} (or the compile-time {@code shift})</li>
 * </ol>
 * then saturated and rounded half to even into an integer destination (s4 and u4 too), or rounded
 * to nearest into a float, bf16, f16, f8 or f4 one. A step whose parameter is given runs even when its value is 1 or 0 (a
 * zero point of 0 turns -0.0 into +0.0, as oneDNN's does); a compile-time scale of 1 or shift of 0
 * is no step. See {@code docs/adr-onednn-quantization.md} for the evidence.
 */
public final class Quantization {

    private Quantization() {
    }

    /** A scale or a zero point. */
    public enum Kind {
        /** A scale: the source's multiplies the value, the destination's divides it (times its inverse). */
        SCALE,
        /** A zero point: the source's is subtracted first, the destination's added last. */
        ZERO_POINT;

        /** {@code "scale"}, {@code "zero point"}. */
        public String label() {
            return this == SCALE ? "scale" : "zero point";
        }
    }

    /** One step of a converting reorder with quantization parameters, in the order they run. */
    public enum Step {
        /** {@code f = f - (float) zp_src}. */
        SUBTRACT_SRC_ZERO_POINT(Kind.ZERO_POINT, Side.SRC),
        /** {@code f = f * scale_src}. */
        MULTIPLY_SRC_SCALE(Kind.SCALE, Side.SRC),
        /** {@code f = f + beta * (float) old}: the sum post-op. */
        ADD_SUM(null, null),
        /** {@code f = f * (1f / scale_dst)}. */
        MULTIPLY_DST_SCALE_INVERSE(Kind.SCALE, Side.DST),
        /** {@code f = f + (float) zp_dst}. */
        ADD_DST_ZERO_POINT(Kind.ZERO_POINT, Side.DST);

        private final Kind kind;
        private final Side side;

        Step(Kind kind, Side side) {
            this.kind = kind;
            this.side = side;
        }

        /** The parameter the step applies, or null for the sum. */
        public Kind kind() {
            return kind;
        }

        /** The side of its parameter, or null for the sum. */
        public Side side() {
            return side;
        }

        /** The step that applies a {@code kind} of {@code side}. */
        public static Step of(Kind kind, Side side) {
            for (Step s : values()) {
                if (s.kind == kind && s.side == side) {
                    return s;
                }
            }
            throw new AssertionError(kind + " " + side);
        }
    }

    /**
     * A parameter as a generic kernel takes it.
     *
     * @param kind   a scale or a zero point
     * @param side   whose
     * @param per    the dims it varies along, by letter in the layout's order; empty for one value
     * @param values a {@code float[]} (or a {@code short[]} of bf16 or f16 numbers) of scales, an
     *               {@code int[]} or {@code byte[]} of zero points, or a {@code byte[]} of s4 or u4
     *               zero points two to a byte
     * @param narrow the format of a {@code short[]} of scales (bf16 or f16) or of packed zero points
     *               (s4 or u4), else null
     * @param groups per letter of {@code per}, how many consecutive indices of that dim share a value
     *               (oneDNN's groups); empty for 1 each
     */
    public record Parameter(Kind kind, Side side, String per, Object values, NarrowFormat narrow, int[] groups) {

        /** A parameter without groups: one value per index of each dim {@code per} names. */
        public Parameter(Kind kind, Side side, String per, Object values, NarrowFormat narrow) {
            this(kind, side, per, values, narrow, new int[0]);
        }

        /**
         * @throws IllegalArgumentException when {@code values} cannot hold this kind: scales in a
         *                                  {@code float[]} or (with a 16-bit {@code narrow}) a {@code short[]},
         *                                  zero points in an {@code int[]} or {@code byte[]}, or (with an
         *                                  s4 or u4 {@code narrow}) a {@code byte[]} two to a byte
         */
        public Parameter {
            groups = groups.clone();
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(per, "per");
            Objects.requireNonNull(values, "values");
            boolean fits = kind == Kind.SCALE
                    ? values instanceof float[] && narrow == null
                            || values instanceof short[] && narrow != null && narrow.storage() == ElementType.SHORT
                    : (values instanceof int[] || values instanceof byte[]) && narrow == null
                            || values instanceof byte[] && (narrow == NarrowFormat.S4 || narrow == NarrowFormat.U4);
            if (!fits) {
                throw new IllegalArgumentException(side.name().toLowerCase() + " " + kind.label() + "s are held in "
                        + (kind == Kind.SCALE ? "a float[] or a short[] of bf16 or f16 numbers"
                                : "an int[], a byte[], or a byte[] of s4 or u4 numbers two to a byte")
                        + ", not " + values.getClass().getSimpleName() + (narrow != null ? " of " + narrow.label() : ""));
            }
        }

        /** Scales of {@code side}, one per index of {@code per}. */
        public static Parameter scales(Side side, String per, float... values) {
            return new Parameter(Kind.SCALE, side, per, values, null);
        }

        /** Zero points of {@code side}, one per index of {@code per}. */
        public static Parameter zeroPoints(Side side, String per, int... values) {
            return new Parameter(Kind.ZERO_POINT, side, per, values, null);
        }

        /** The step that applies it ({@link #steps}). */
        public Step step() {
            return Step.of(kind, side);
        }

        /** Per dim of {@code layout}, how many consecutive indices share a value: 1 where none do. */
        int[] groupsAlong(TensorLayout layout) {
            int[] along = new int[layout.rank()];
            for (int d = 0; d < along.length; d++) {
                along[d] = groupAlong(layout, per, groups, d);
            }
            return along;
        }

        /** How messages name it: {@code src scales}. */
        public String role() {
            return side.name().toLowerCase() + " " + kind.label() + "s";
        }

        /** The length of its array: values, or bytes for s4 and u4 zero points ({@link #packed}). */
        int length() {
            return values instanceof float[] f ? f.length : values instanceof short[] s ? s.length
                    : values instanceof int[] i ? i.length : ((byte[]) values).length;
        }

        /** True for zero points in s4 or u4, two to a byte of their {@code byte[]} ({@link Nibbles}). */
        boolean packed() {
            return narrow != null && narrow.packed();
        }

        /** Value {@code k} as a float: a scale, or a zero point converted to float. */
        float at(int k) {
            return values instanceof float[] f ? f[k] : values instanceof short[] s ? narrow.toFloat(s[k])
                    : values instanceof int[] i ? (float) i[k]
                    : packed() ? narrow.toFloat(Nibbles.get((byte[]) values, k)) : ((byte[]) values)[k];
        }
    }

    /**
     * The steps present, in the order they run: a zero point of the source, a scale of it, the sum,
     * a scale of the destination, a zero point of it.
     */
    public static List<Step> steps(boolean srcZeroPoint, boolean srcScale, boolean sum, boolean dstScale,
                                   boolean dstZeroPoint) {
        List<Step> steps = new ArrayList<>();
        if (srcZeroPoint) {
            steps.add(Step.SUBTRACT_SRC_ZERO_POINT);
        }
        if (srcScale) {
            steps.add(Step.MULTIPLY_SRC_SCALE);
        }
        if (sum) {
            steps.add(Step.ADD_SUM);
        }
        if (dstScale) {
            steps.add(Step.MULTIPLY_DST_SCALE_INVERSE);
        }
        if (dstZeroPoint) {
            steps.add(Step.ADD_DST_ZERO_POINT);
        }
        return steps;
    }

    /**
     * Why {@code per} names no dims of {@code dims}, or null when it does: each letter one of the
     * dims, once, in their order.
     */
    public static String perProblem(String dims, String per) {
        int last = -1;
        for (int i = 0; i < per.length(); i++) {
            char c = per.charAt(i);
            int d = dims.indexOf(c);
            if (d < 0) {
                return "'" + c + "' is not one of the dims " + dims;
            }
            if (d <= last) {
                return per.indexOf(c) < i ? "'" + c + "' is named twice"
                        : "the dims must be named in the layouts' order, " + dims;
            }
            last = d;
        }
        return null;
    }

    /**
     * Why {@code groups} do not fit the dims {@code per} names of {@code layout}, or null: none, or one
     * per letter, each at least 1 and dividing its dim's size.
     */
    public static String groupsProblem(TensorLayout layout, String per, int[] groups) {
        if (groups.length == 0) {
            return null;
        }
        if (groups.length != per.length()) {
            return groups.length + (groups.length == 1 ? " group size" : " group sizes") + " for the "
                    + per.length() + " dims of per = \"" + per + "\"; give one per dim, or none";
        }
        for (int i = 0; i < groups.length; i++) {
            int size = layout.size(layout.dims().indexOf(per.charAt(i)));
            if (groups[i] < 1 || size % groups[i] != 0) {
                return "a group of " + groups[i] + " along " + per.charAt(i) + " does not divide its size " + size;
            }
        }
        return null;
    }

    /** How many values a parameter varying along {@code per} holds over {@code layout}: the product of those dims' sizes. */
    public static int count(TensorLayout layout, String per) {
        return count(layout, per, new int[0]);
    }

    /** The same with {@code groups}: each dim's size over its group. */
    public static int count(TensorLayout layout, String per, int[] groups) {
        String problem = perProblem(layout.dims(), per);
        if (problem == null) {
            problem = groupsProblem(layout, per, groups);
        }
        if (problem != null) {
            throw new IllegalArgumentException("per = \"" + per + "\": " + problem);
        }
        long n = 1;
        for (int i = 0; i < per.length(); i++) {
            n *= layout.size(layout.dims().indexOf(per.charAt(i))) / group(groups, i);
        }
        return Math.toIntExact(n);
    }

    /** The group of letter {@code i} of {@code per}: 1 without groups. */
    public static int group(int[] groups, int i) {
        return groups.length == 0 ? 1 : groups[i];
    }

    /** The group along dim {@code d} of {@code layout}: 1 where {@code per} does not name it or there are no groups. */
    public static int groupAlong(TensorLayout layout, String per, int[] groups, int d) {
        int i = per.indexOf(layout.dims().charAt(d));
        return i < 0 ? 1 : group(groups, i);
    }

    /**
     * The strides of a parameter's values along each dim of {@code layout}: 0 for a dim it does not
     * vary along, row-major over the dims {@code per} names. Index {@code i} of the tensor reads value
     * {@code Σ i[d] * strides[d]}.
     */
    public static int[] strides(TensorLayout layout, String per) {
        return strides(layout, per, new int[0]);
    }

    /**
     * The same with {@code groups}: row-major over each named dim's size over its group, so index
     * {@code i} reads value {@code Σ (i[d] / group[d]) * strides[d]}.
     */
    public static int[] strides(TensorLayout layout, String per, int[] groups) {
        int[] strides = new int[layout.rank()];
        int stride = 1;
        for (int d = layout.rank() - 1; d >= 0; d--) {
            if (per.indexOf(layout.dims().charAt(d)) >= 0) {
                strides[d] = stride;
                stride *= layout.size(d) / groupAlong(layout, per, groups, d);
            }
        }
        return strides;
    }

    // ------------------------------------------------------------------ checks generated kernels call

    /**
     * {@code values} must hold one value per index of {@code per}: exactly {@code count}.
     *
     * @param dims  the sizes of the dims {@code per} names, as messages say them ({@code "O=64"})
     */
    public static void length(String role, int length, int count, String per, String dims) {
        if (length != count) {
            throw new IllegalArgumentException(role + " has " + length + (length == 1 ? " value" : " values")
                    + " but takes " + count + ": " + (per.isEmpty() ? "one value (per = \"\")"
                    : "one per index of " + dims + " (per = \"" + per + "\")"));
        }
    }

    /**
     * s4 or u4 values, two to a byte ({@link Nibbles}), must be one per index of {@code per}:
     * exactly {@code count} of them, in {@code (count + 1) / 2} bytes.
     */
    public static void lengthPacked(String role, int bytes, int count, String per, String dims) {
        if (bytes != Nibbles.bytes(count)) {
            throw new IllegalArgumentException(role + " has " + bytes + (bytes == 1 ? " byte" : " bytes") + " but takes "
                    + count + (count == 1 ? " value" : " values") + ", two to a byte in " + Nibbles.bytes(count) + ": "
                    + (per.isEmpty() ? "one value (per = \"\")" : "one per index of " + dims + " (per = \"" + per + "\")"));
        }
    }

    /** Each scale finite, and a destination's not 0 (it divides). */
    public static void scales(String role, float[] values, boolean destination) {
        for (int k = 0; k < values.length; k++) {
            scale(role, k, values[k], destination);
        }
    }

    /** The same for scales held as bf16 or f16 numbers. */
    public static void scales(String role, short[] values, NarrowFormat narrow, boolean destination) {
        for (int k = 0; k < values.length; k++) {
            scale(role, k, narrow.toFloat(values[k]), destination);
        }
    }

    /** One scale: finite, and a destination's not 0. */
    public static void scale(String role, float value, boolean destination) {
        scale(role, -1, value, destination);
    }

    private static void scale(String role, int k, float value, boolean destination) {
        String which = k < 0 ? role : role + "[" + k + "]";
        if (!Float.isFinite(value)) {
            throw new IllegalArgumentException(which + " is " + value + "; a scale must be finite");
        }
        if (destination && value == 0) {
            throw new IllegalArgumentException(which + " is 0; a destination scale divides, so it must not be 0");
        }
    }

    /** Checks a generic kernel's parameters over {@code layout}: lengths, scales, and no side given twice. */
    static void check(List<Parameter> parameters, TensorLayout layout) {
        java.util.Set<Step> seen = java.util.EnumSet.noneOf(Step.class);
        for (Parameter p : parameters) {
            if (!seen.add(p.step())) {
                throw new IllegalArgumentException(p.role() + " are given twice");
            }
            if (p.packed()) {
                lengthPacked(p.role(), p.length(), count(layout, p.per(), p.groups()), p.per(),
                        sizes(layout, p.per(), p.groups()));
            } else {
                length(p.role(), p.length(), count(layout, p.per(), p.groups()), p.per(),
                        sizes(layout, p.per(), p.groups()));
            }
            if (p.kind() == Kind.SCALE) {
                for (int k = 0; k < p.length(); k++) {
                    scale(p.role(), k, p.at(k), p.side() == Side.DST);
                }
            }
        }
    }

    /** {@code "O=64, I=3"}: the sizes of the dims {@code per} names, as messages say them. */
    public static String sizes(TensorLayout layout, String per) {
        return sizes(layout, per, new int[0]);
    }

    /** The same with groups: {@code "C=16 in groups of 8, D=7"}. */
    public static String sizes(TensorLayout layout, String per, int[] groups) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < per.length(); i++) {
            char c = per.charAt(i);
            sb.append(i == 0 ? "" : ", ").append(c).append('=').append(layout.size(layout.dims().indexOf(c)));
            if (group(groups, i) != 1) {
                sb.append(" in groups of ").append(group(groups, i));
            }
        }
        return sb.toString();
    }
}

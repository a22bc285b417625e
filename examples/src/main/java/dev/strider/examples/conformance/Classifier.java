package dev.strider.examples.conformance;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.Half;
import dev.strider.layout.TensorLayout;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether Strider can declare a benchdnn reorder case as a {@code @Reorder} between two
 * {@code @Layout}s, and if not, every reason why.
 *
 * <p>A case is declarable when its data types are Java element types (f64 {@code double}, f32
 * {@code float}, s32 {@code int}, s8 {@code byte}, u8 {@code byte} with
 * {@code unsignedSource}/{@code unsignedDestination}); both tags parse as Strider format tags
 * on dims {@code A}, {@code B}, ... ({@link TensorLayout#of}, the parser the processor runs) and
 * fit a Java array; its scales and zero points are single values known when the case is
 * written, so that {@code dst = scale_src · (src − zp_src) / scale_dst + zp_dst} becomes the
 * compile-time {@code scale} and {@code shift}; and it has no post-op, compensation or
 * stochastic rounding. It says nothing about whether the result is bit-exact with oneDNN's.
 */
public final class Classifier {

    /** What stops a case, in the order of issue 20's table. */
    public enum Reason {
        SCALES_PER_DIM("scales per dimension or per group (per_dim_*, per_tensor, groups)"),
        COMPENSATION("s8 / zero-point compensation (--oflag=s8s8_comp, zp_comp)"),
        BF16("bf16 source or destination"),
        F16("f16 source or destination"),
        SUM("sum post-op (--attr-post-ops=sum)"),
        U8_DESTINATION("u8 destination that converts (no unsignedDestination)"),
        ZERO_POINTS_PER_DIM("zero points per dimension or group"),
        F8_E5M2("f8_e5m2"),
        F8_E4M3("f8_e4m3"),
        S4("s4"),
        U4("u4"),
        F4("f4 (f4_e2m1, f4_e3m0)"),
        E8M0("e8m0"),
        STOCHASTIC_ROUNDING("stochastic rounding (--attr-rounding-mode)"),
        TAG("a format tag Strider does not parse"),
        RANK("more than " + TensorLayout.MAX_RANK + " dims"),
        EMPTY("a dim of size 0"),
        TOO_LARGE("more elements than a Java array holds"),
        NOT_FINITE("scale or shift not finite");

        private final String label;

        Reason(String label) {
            this.label = label;
        }

        /** How the table names it. */
        public String label() {
            return label;
        }
    }

    /**
     * What Strider offers, where it changed since issue 20 measured.
     *
     * @param unsignedDestination {@code @Reorder(unsignedDestination = true)} writes u8 (issue 17)
     * @param halfFloats          bf16 and f16 are element types: {@code @Elements(Bf16.class) short[]},
     *                            {@code @Elements(F16.class) short[]} (issue 20, item 1)
     * @param sum                 {@code @Reorder(sum = beta)}, oneDNN's sum post-op with a scale, no zero
     *                            point and the destination's own data type (issue 20, item 3)
     */
    public record Capabilities(boolean unsignedDestination, boolean halfFloats, boolean sum) {
        /**
         * main at d96cf26, where issue 20 measured: a u8 destination only by a plain byte copy, no
         * 16-bit floats.
         */
        public static final Capabilities ISSUE_20 = new Capabilities(false, false, false);

        /** This build's runtime. */
        public static Capabilities current() {
            return new Capabilities(ElementType.BYTE.hasUnsignedWriting(), Half.values().length == 2, true);
        }
    }

    /**
     * The Strider declaration of a declarable case: layouts on dims {@code A}, {@code B}, ... in
     * oneDNN's order, the element types and the conversion.
     *
     * @param srcHalf the 16-bit float format of a {@code short} source ({@code @Elements}), or null
     * @param dstHalf the 16-bit float format of a {@code short} destination, or null
     */
    public record Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                              Half srcHalf, ElementType dstType, Half dstHalf, boolean unsignedSource,
                              boolean unsignedDestination, double scale, double shift, double sum) {

        /** A declaration without the sum post-op. */
        public Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                           Half srcHalf, ElementType dstType, Half dstHalf, boolean unsignedSource,
                           boolean unsignedDestination, double scale, double shift) {
            this(dims, sizes, srcFormat, dstFormat, srcType, srcHalf, dstType, dstHalf, unsignedSource,
                    unsignedDestination, scale, shift, 0);
        }

        /**
         * The declaration as Java source: two {@code @Layout} interfaces, {@code <Name>Src} and
         * {@code <Name>Dst} (so that many declarations fit in one {@code @Kernels} interface), and
         * the {@code @Reorder} method {@code name}; it needs {@code import dev.strider.*}.
         */
        public String source(String name) {
            String layout = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            String sizeList = Arrays.toString(sizes).replace('[', '{').replace(']', '}');
            StringBuilder r = new StringBuilder("@Reorder(from = " + layout + "Src.class, to = " + layout + "Dst.class");
            if (unsignedSource) {
                r.append(", unsignedSource = true");
            }
            if (unsignedDestination) {
                r.append(", unsignedDestination = true");
            }
            if (scale != 1) {
                r.append(", scale = ").append(scale);
            }
            if (shift != 0) {
                r.append(", shift = ").append(shift);
            }
            if (sum != 0) {
                r.append(", sum = ").append(sum);
            }
            r.append(')');
            return "@Layout(dims = \"" + dims + "\", sizes = " + sizeList + ", format = \"" + srcFormat + "\") interface "
                    + layout + "Src {}\n"
                    + "@Layout(dims = \"" + dims + "\", sizes = " + sizeList + ", format = \"" + dstFormat + "\") interface "
                    + layout + "Dst {}\n"
                    + r + "\nvoid " + name + "(" + parameter(srcType, srcHalf) + " src, " + parameter(dstType, dstHalf)
                    + " dst);\n";
        }

        /** {@code float[]}, {@code @Elements(Bf16.class) short[]}. */
        private static String parameter(ElementType type, Half half) {
            return (half == null ? "" : "@Elements(" + half.markerName() + ".class) ") + type.javaName() + "[]";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Declaration d && dims.equals(d.dims) && Arrays.equals(sizes, d.sizes)
                    && srcFormat.equals(d.srcFormat) && dstFormat.equals(d.dstFormat) && srcType == d.srcType
                    && srcHalf == d.srcHalf && dstType == d.dstType && dstHalf == d.dstHalf && unsignedSource == d.unsignedSource
                    && unsignedDestination == d.unsignedDestination && Double.compare(scale, d.scale) == 0
                    && Double.compare(shift, d.shift) == 0 && Double.compare(sum, d.sum) == 0;
        }

        @Override
        public int hashCode() {
            return dims.hashCode() * 31 + Arrays.hashCode(sizes) + srcFormat.hashCode() + dstFormat.hashCode();
        }

        @Override
        public String toString() {
            return source("reorder");
        }
    }

    /** A case's classification: no reasons and a declaration, or the reasons. */
    public record Verdict(ReorderCase reorder, Set<Reason> reasons, Optional<Declaration> declaration) {
        public Verdict {
            reasons = Collections.unmodifiableSet(reasons.isEmpty() ? EnumSet.noneOf(Reason.class) : EnumSet.copyOf(reasons));
        }

        public boolean declarable() {
            return reasons.isEmpty();
        }
    }

    private final Capabilities capabilities;

    public Classifier(Capabilities capabilities) {
        this.capabilities = capabilities;
    }

    /** Classifies one case; meant for CPU cases with fixed dims ({@link ReorderCase#cpuFixedDims}). */
    public Verdict classify(ReorderCase c) {
        EnumSet<Reason> reasons = EnumSet.noneOf(Reason.class);
        Attributes a = c.attributes();
        if (a.scales().stream().anyMatch(s -> !s.constant())) {
            reasons.add(Reason.SCALES_PER_DIM);
        }
        if (!c.flags().isEmpty()) {
            reasons.add(Reason.COMPENSATION);
        }
        type(c.sdt(), reasons, capabilities);
        type(c.ddt(), reasons, capabilities);
        if (!a.postOps().isEmpty() && !(capabilities.sum() && a.postOps().size() == 1
                && a.postOps().get(0).zeroPoint() == 0 && a.postOps().get(0).dataType().isEmpty()
                && Float.isFinite(a.postOps().get(0).scale()) && a.postOps().get(0).scale() != 0)) {
            reasons.add(Reason.SUM);
        }
        if (a.zeroPoints().stream().anyMatch(z -> !z.constant())) {
            reasons.add(Reason.ZERO_POINTS_PER_DIM);
        }
        if (a.rounding().stream().anyMatch(r -> r.mode().equals("stochastic"))) {
            reasons.add(Reason.STOCHASTIC_ROUNDING);
        }

        double srcScale = a.scale(Attributes.Arg.SRC).map(Attributes.Scale::value).orElse(1f);
        double dstScale = a.scale(Attributes.Arg.DST).map(Attributes.Scale::value).orElse(1f);
        double srcZero = a.zeroPoint(Attributes.Arg.SRC).map(Attributes.ZeroPoint::value).orElse(0);
        double dstZero = a.zeroPoint(Attributes.Arg.DST).map(Attributes.ZeroPoint::value).orElse(0);
        // dst = scale_src * (src - zp_src) / scale_dst + zp_dst = src * scale + shift
        double scale = srcScale / dstScale;
        double shift = dstZero - srcScale * srcZero / dstScale;
        if (!Double.isFinite(scale) || !Double.isFinite(shift)) {
            reasons.add(Reason.NOT_FINITE);
        }
        // a u8 -> u8 copy with no scale is a byte copy, which needs no unsigned writing
        boolean converts = c.sdt() != c.ddt() || scale != 1 || shift != 0 || !a.scales().isEmpty()
                || !a.zeroPoints().isEmpty();
        if (c.ddt() == DataType.U8 && converts && !capabilities.unsignedDestination()) {
            reasons.add(Reason.U8_DESTINATION);
        }

        String dims = "ABCDEFGHIJKL".substring(0, Math.min(c.ndims(), Tags.MAX_NDIMS));
        int[] sizes = null;
        if (c.ndims() > TensorLayout.MAX_RANK) {
            reasons.add(Reason.RANK);
        } else if (c.dims().stream().anyMatch(d -> d == 0)) {
            reasons.add(Reason.EMPTY);
        } else {
            Reason layout = layout(dims, c.dims().stream().mapToLong(Long::longValue).toArray(), c.stag());
            if (layout == null) {
                layout = layout(dims, c.dims().stream().mapToLong(Long::longValue).toArray(), c.dtag());
            }
            if (layout != null) {
                reasons.add(layout);
            } else {
                sizes = c.dims().stream().mapToInt(Long::intValue).toArray();
            }
        }
        if (!reasons.isEmpty()) {
            return new Verdict(c, reasons, Optional.empty());
        }
        boolean unsignedDestination = c.ddt() == DataType.U8 && capabilities.unsignedDestination();
        return new Verdict(c, reasons, Optional.of(new Declaration(dims, sizes, c.stag(), c.dtag(), element(c.sdt()),
                half(c.sdt()), element(c.ddt()), half(c.ddt()), c.sdt() == DataType.U8, unsignedDestination, scale,
                shift, a.postOps().isEmpty() ? 0 : a.postOps().get(0).scale())));
    }

    private static void type(DataType t, Set<Reason> reasons, Capabilities capabilities) {
        switch (t) {
            case BF16:
                if (!capabilities.halfFloats()) {
                    reasons.add(Reason.BF16);
                }
                break;
            case F16:
                if (!capabilities.halfFloats()) {
                    reasons.add(Reason.F16);
                }
                break;
            case F8_E5M2: reasons.add(Reason.F8_E5M2); break;
            case F8_E4M3: reasons.add(Reason.F8_E4M3); break;
            case S4: reasons.add(Reason.S4); break;
            case U4: reasons.add(Reason.U4); break;
            case F4_E2M1:
            case F4_E3M0: reasons.add(Reason.F4); break;
            case E8M0: reasons.add(Reason.E8M0); break;
            default: break;
        }
    }

    private static ElementType element(DataType t) {
        switch (t) {
            case F64: return ElementType.DOUBLE;
            case F32: return ElementType.FLOAT;
            case S32: return ElementType.INT;
            case S8:
            case U8: return ElementType.BYTE;
            case BF16:
            case F16: return ElementType.SHORT;
            default: throw new IllegalArgumentException(t + " is not a Java element type");
        }
    }

    /** The 16-bit float format of {@code t}, or null when it is none. */
    private static Half half(DataType t) {
        return t == DataType.BF16 ? Half.BF16 : t == DataType.F16 ? Half.F16 : null;
    }

    /**
     * Null when {@code tag} makes a Strider layout of these sizes. The tag is tried on size-1
     * dims first, so a tag Strider cannot parse and a layout too large for a Java array are told
     * apart.
     */
    private static Reason layout(String dims, long[] sizes, String tag) {
        int[] ones = new int[sizes.length];
        Arrays.fill(ones, 1);
        try {
            TensorLayout.of(dims, ones, tag);
        } catch (IllegalArgumentException e) {
            return Reason.TAG;
        }
        if (Arrays.stream(sizes).anyMatch(s -> s > Integer.MAX_VALUE)) {
            return Reason.TOO_LARGE;
        }
        try {
            TensorLayout.of(dims, Arrays.stream(sizes).mapToInt(s -> (int) s).toArray(), tag);
            return null;
        } catch (IllegalArgumentException e) {
            return Reason.TOO_LARGE;
        }
    }
}

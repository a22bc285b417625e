package dev.strider.examples.conformance;

import dev.strider.Side;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
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
 * fit a Java array; its scales and zero points are either all single f32/s32 values known when
 * the case is written, so that {@code dst = scale_src · (src − zp_src) / scale_dst + zp_dst}
 * becomes the compile-time {@code scale} and {@code shift}, or (since item 2, when one of them
 * varies along some dims) all {@code @Scale} and {@code @ZeroPoint} parameters given at call
 * time ({@link Parameter}); and it has no post-op but a sum and no stochastic rounding; a
 * compensation ({@code --oflag}) needs an s8 destination and becomes an {@code @Compensation} output. It says nothing about whether the result is bit-exact with oneDNN's.
 *
 * <p>benchdnn's policies name oneDNN masks as its {@code attr_t::get_default_mask} does for a
 * reorder ({@code tests/benchdnn/dnn_types.cpp}; a reorder is no convolution, matmul or layer
 * norm, so {@code policy2mask} falls through to the default): {@code per_dim_0} dim 0,
 * {@code per_oc} and {@code per_dim_1} dim 1, {@code per_ocic} and {@code per_dim_01} dims 0 and 1,
 * {@code per_dim_2} dim 2, {@code per_dim_3} dim 3, {@code per_tensor} every dim
 * ({@code (1 << DNNL_MAX_NDIMS) - 1}, which oneDNN reads on the tensor's dims: one value per
 * element). A Strider {@code per} names the same dims by their letters, {@code A} for dim 0.
 */
public final class Classifier {

    /** What stops a case, in the order of issue 20's table. */
    public enum Reason {
        SCALES_PER_DIM("scales per dimension or per group (per_dim_*, per_tensor, groups)"),
        SCALES_PER_GROUP("scales in groups that do not fit the dims (a group that does not divide its dim)"),
        SCALE_DATA_TYPE("scales held in a type other than f32, bf16 or f16"),
        COMPENSATION("s8 / zero-point compensation (--oflag=s8s8_comp, zp_comp)"),
        BF16("bf16 source or destination"),
        F16("f16 source or destination"),
        SUM("sum post-op (--attr-post-ops=sum)"),
        U8_DESTINATION("u8 destination that converts (no unsignedDestination)"),
        ZERO_POINTS_PER_DIM("zero points per dimension or group"),
        ZERO_POINTS_PER_GROUP("zero points in groups that do not fit the dims (a group that does not divide its dim)"),
        ZERO_POINT_DATA_TYPE("zero points held in a type other than s32 or s8 (s4, u4, u8)"),
        ZERO_POINT_WITH_SUM("a source zero point with the sum post-op, given at call time (Strider refuses it)"),
        POLICY("a scale or zero point policy Strider does not take (host_scalar, mx, dynamic_fp)"),
        MASK_BEYOND_RANK("a scale or zero point mask naming a dim the tensor lacks"),
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
     * @param quantization        {@code @Scale} and {@code @ZeroPoint} parameters given at call time, one
     *                            value or one per index of some dims, scales in f32, bf16 or f16, zero
     *                            points in s32 or s8 (issue 20, item 2)
     * @param compensation        {@code @Compensation} outputs: oneDNN's {@code s8s8_comp} and {@code zp_comp}
     *                            of s8 weights (issue 20, item 5)
     * @param float8              f8 e5m2 and e4m3 are element types: {@code @Elements(F8E5m2.class) byte[]},
     *                            {@code @Elements(F8E4m3.class) byte[]} (issue 20, item 1's "then f8")
     * @param fourBit             s4, u4, f4 e2m1 and f4 e3m0 are element types, two to a byte
     *                            ({@code @Elements(S4.class) byte[]}), and s4 and u4 zero points are taken
     */
    public record Capabilities(boolean unsignedDestination, boolean halfFloats, boolean sum, boolean quantization,
                               boolean compensation, boolean float8, boolean fourBit) {
        /**
         * main at d96cf26, where issue 20 measured: a u8 destination only by a plain byte copy, no
         * 16-bit floats, no sum, scales and zero points only as compile-time constants, no compensation.
         */
        public static final Capabilities ISSUE_20 = new Capabilities(false, false, false, false, false, false, false);

        /** The same without compensation ({@code --oflag}): what the build before issue 20, item 5 offered. */
        public Capabilities(boolean unsignedDestination, boolean halfFloats, boolean sum, boolean quantization) {
            this(unsignedDestination, halfFloats, sum, quantization, false, false, false);
        }

        /** This build's runtime. */
        public static Capabilities current() {
            return new Capabilities(ElementType.BYTE.hasUnsignedWriting(), true, true, true,
                    dev.strider.Compensation.Kind.values().length == 2, true,
                    java.util.Arrays.stream(NarrowFormat.values()).anyMatch(NarrowFormat::packed));
        }

        /** The same without f8 and the 4-bit types: what the build before f8 offered. */
        public Capabilities withoutFloat8() {
            return new Capabilities(unsignedDestination, halfFloats, sum, quantization, compensation, false, false);
        }

        /** The same without the 4-bit types: what the build before them offered. */
        public Capabilities withoutFourBit() {
            return new Capabilities(unsignedDestination, halfFloats, sum, quantization, compensation, float8, false);
        }
    }

    /**
     * One scale or zero point of a declaration given at call time: {@code @Scale(value = Side.SRC,
     * per = "B") float[] srcScales}.
     *
     * @param kind     a scale or a zero point
     * @param side     whose
     * @param per      the dims it varies along, by letter ({@code "B"} for benchdnn's {@code per_dim_1}),
     *                 empty for one value
     * @param dataType f32, bf16 or f16 for a scale; s32, s8, s4 or u4 for a zero point
     * @param value    the case's value when {@code per} is empty ({@code src:common:0.25}); else 0
     */
    public record Parameter(Quantization.Kind kind, Side side, String per, DataType dataType, double value,
                            List<Integer> groups) {

        public Parameter {
            groups = List.copyOf(groups);
        }

        /** A parameter without groups. */
        public Parameter(Quantization.Kind kind, Side side, String per, DataType dataType, double value) {
            this(kind, side, per, dataType, value, List.of());
        }

        /** The groups as {@code @Scale(groups = ...)} takes them, one per letter of {@code per}; empty for none. */
        public int[] groupArray() {
            return groups.stream().mapToInt(Integer::intValue).toArray();
        }

        /** The parameter's name in the generated method: {@code srcScale}, {@code dstZeroPoints}. */
        public String name() {
            return side.name().toLowerCase(java.util.Locale.ROOT) + (kind == Quantization.Kind.SCALE ? "Scale"
                    : "ZeroPoint") + (per.isEmpty() ? "" : "s");
        }

        /** The Java type: {@code float}, {@code float[]}, {@code short[]} (bf16, f16), {@code int}, {@code int[]}, {@code byte[]} (s8, and s4 or u4 two to a byte). */
        public Class<?> javaType() {
            boolean one = per.isEmpty();
            switch (dataType) {
                case F32: return one ? float.class : float[].class;
                case BF16:
                case F16: return short[].class;
                case S32: return one ? int.class : int[].class;
                case S8:
                case S4:
                case U4: return byte[].class;
                default: throw new IllegalStateException(dataType + " is no Java type of a " + kind.label());
            }
        }

        /** The 16-bit float format of {@code short[]} scales, the 4-bit one of packed zero points, else null. */
        public NarrowFormat narrow() {
            return Classifier.narrow(dataType);
        }

        /** The parameter as Java source: {@code @Scale(value = Side.SRC, per = "B") float[] srcScales}. */
        public String source() {
            String annotation = kind == Quantization.Kind.SCALE ? "Scale" : "ZeroPoint";
            String sideName = "Side." + side.name();
            String a = "@" + annotation + (per.isEmpty() ? "(" + sideName + ")"
                    : "(value = " + sideName + ", per = \"" + per + "\"" + (groups.isEmpty() ? ""
                            : ", groups = {" + groups.stream().map(String::valueOf).collect(java.util.stream.Collectors
                                    .joining(", ")) + "}") + ")");
            String elements = narrow() == null ? "" : "@Elements(" + narrow().markerName() + ".class) ";
            return elements + a + " " + javaType().getSimpleName() + " " + name();
        }
    }

    /**
     * The Strider declaration of a declarable case: layouts on dims {@code A}, {@code B}, ... in
     * oneDNN's order, the element types and the conversion.
     *
     * @param srcNarrow the narrow float format of a {@code short} or {@code byte} source ({@code @Elements}), or null
     * @param dstNarrow the narrow float format of the destination, or null
     */
    public record Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                              NarrowFormat srcNarrow, ElementType dstType, NarrowFormat dstNarrow, boolean unsignedSource,
                              boolean unsignedDestination, double scale, double shift, double sum,
                              List<Parameter> parameters, List<ReorderCase.Flag> compensations) {

        /** A declaration without compensations. */
        public Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                           NarrowFormat srcNarrow, ElementType dstType, NarrowFormat dstNarrow, boolean unsignedSource,
                           boolean unsignedDestination, double scale, double shift, double sum,
                           List<Parameter> parameters) {
            this(dims, sizes, srcFormat, dstFormat, srcType, srcNarrow, dstType, dstNarrow, unsignedSource,
                    unsignedDestination, scale, shift, sum, parameters, List.of());
        }

        public Declaration {
            parameters = List.copyOf(parameters);
            compensations = List.copyOf(compensations);
            if (!parameters.isEmpty() && (scale != 1 || shift != 0)) {
                throw new IllegalArgumentException("a declaration with call-time parameters has no compile-time scale or"
                        + " shift: " + scale + ", " + shift);
            }
        }

        /** A declaration with only compile-time quantization. */
        public Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                           NarrowFormat srcNarrow, ElementType dstType, NarrowFormat dstNarrow, boolean unsignedSource,
                           boolean unsignedDestination, double scale, double shift, double sum) {
            this(dims, sizes, srcFormat, dstFormat, srcType, srcNarrow, dstType, dstNarrow, unsignedSource,
                    unsignedDestination, scale, shift, sum, List.of());
        }

        /** A declaration without the sum post-op. */
        public Declaration(String dims, int[] sizes, String srcFormat, String dstFormat, ElementType srcType,
                           NarrowFormat srcNarrow, ElementType dstType, NarrowFormat dstNarrow, boolean unsignedSource,
                           boolean unsignedDestination, double scale, double shift) {
            this(dims, sizes, srcFormat, dstFormat, srcType, srcNarrow, dstType, dstNarrow, unsignedSource,
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
                    + r + "\nvoid " + name + "(" + parameter(srcType, srcNarrow) + " src, " + parameter(dstType, dstNarrow)
                    + " dst" + parameters.stream().map(p -> ", " + p.source()).collect(java.util.stream.Collectors.joining())
                    + compensations.stream().map(f -> ", " + compensationSource(f)).collect(java.util.stream.Collectors.joining())
                    + ");\n";
        }

        /** {@code @Compensation(value = Compensation.Kind.S8S8, per = "A") int[] s8s8Comp}. */
        private String compensationSource(ReorderCase.Flag f) {
            return "@Compensation(value = Compensation.Kind." + f.kind().name() + ", per = \"" + per(f) + "\") int[] "
                    + compensationName(f);
        }

        /** The dims of the flag's mask, by letter: mask 0b101 on ABC is {@code "AC"}. */
        public String per(ReorderCase.Flag f) {
            StringBuilder b = new StringBuilder();
            for (int d = 0; d < dims.length(); d++) {
                if ((f.mask() & (1 << d)) != 0) {
                    b.append(dims.charAt(d));
                }
            }
            return b.toString();
        }

        /** {@code s8s8Comp}, {@code zpComp}: the parameter's name. */
        public static String compensationName(ReorderCase.Flag f) {
            return f.kind() == dev.strider.Compensation.Kind.S8S8 ? "s8s8Comp" : "zpComp";
        }

        /** Whether a scale or zero point is given at call time. */
        public boolean runTime() {
            return !parameters.isEmpty();
        }

        /** The call-time parameter of {@code kind} and {@code side}, if declared. */
        public Optional<Parameter> parameter(Quantization.Kind kind, Side side) {
            return parameters.stream().filter(p -> p.kind() == kind && p.side() == side).findFirst();
        }

        /** {@code float[]}, {@code @Elements(Bf16.class) short[]}. */
        private static String parameter(ElementType type, NarrowFormat narrow) {
            return (narrow == null ? "" : "@Elements(" + narrow.markerName() + ".class) ") + type.javaName() + "[]";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Declaration d && dims.equals(d.dims) && Arrays.equals(sizes, d.sizes)
                    && srcFormat.equals(d.srcFormat) && dstFormat.equals(d.dstFormat) && srcType == d.srcType
                    && srcNarrow == d.srcNarrow && dstType == d.dstType && dstNarrow == d.dstNarrow && unsignedSource == d.unsignedSource
                    && unsignedDestination == d.unsignedDestination && Double.compare(scale, d.scale) == 0
                    && Double.compare(shift, d.shift) == 0 && Double.compare(sum, d.sum) == 0
                    && parameters.equals(d.parameters) && compensations.equals(d.compensations);
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
        // with call-time parameters, every scale and zero point of the case is one, the common ones too
        boolean runTime = capabilities.quantization() && (a.scales().stream().anyMatch(s -> !s.constant())
                || a.zeroPoints().stream().anyMatch(z -> !z.constant()));
        for (Attributes.Scale s : a.scales()) {
            if (s.constant()) {
                continue;
            }
            if (!capabilities.quantization()) {
                reasons.add(Reason.SCALES_PER_DIM);
                continue;
            }
            if (groups(s.groups(), mask(s.policy(), c.ndims()), c) == null) {
                reasons.add(Reason.SCALES_PER_GROUP);
            }
            if (s.dataType() != DataType.F32 && s.dataType() != DataType.BF16 && s.dataType() != DataType.F16) {
                reasons.add(Reason.SCALE_DATA_TYPE);
            }
            policy(s.policy(), c.ndims(), reasons);
        }
        if (!c.flags().isEmpty() && !(capabilities.compensation() && c.ddt() == DataType.S8
                && c.flags().stream().allMatch(f -> f.mask() >>> c.ndims() == 0)
                && c.flags().stream().map(ReorderCase.Flag::flag).distinct().count() == c.flags().size())) {
            reasons.add(Reason.COMPENSATION);
        }
        type(c.sdt(), reasons, capabilities);
        type(c.ddt(), reasons, capabilities);
        if (!a.postOps().isEmpty() && !(capabilities.sum() && a.postOps().size() == 1
                && a.postOps().get(0).zeroPoint() == 0 && a.postOps().get(0).dataType().isEmpty()
                && Float.isFinite(a.postOps().get(0).scale()) && a.postOps().get(0).scale() != 0)) {
            reasons.add(Reason.SUM);
        }
        for (Attributes.ZeroPoint z : a.zeroPoints()) {
            if (z.constant()) {
                continue;
            }
            if (!capabilities.quantization()) {
                reasons.add(Reason.ZERO_POINTS_PER_DIM);
                continue;
            }
            if (groups(z.groups(), mask(z.policy(), c.ndims()), c) == null) {
                reasons.add(Reason.ZERO_POINTS_PER_GROUP);
            }
            if (z.dataType() != DataType.S32 && z.dataType() != DataType.S8
                    && !(capabilities.fourBit() && (z.dataType() == DataType.S4 || z.dataType() == DataType.U4))) {
                reasons.add(Reason.ZERO_POINT_DATA_TYPE);
            }
            policy(z.policy(), c.ndims(), reasons);
        }
        if (runTime && !a.zeroPoints().isEmpty() && !a.postOps().isEmpty()) {
            reasons.add(Reason.ZERO_POINT_WITH_SUM);
        }
        if (a.rounding().stream().anyMatch(r -> r.mode().equals("stochastic"))) {
            reasons.add(Reason.STOCHASTIC_ROUNDING);
        }

        double srcScale = a.scale(Attributes.Arg.SRC).map(Attributes.Scale::value).orElse(1f);
        double dstScale = a.scale(Attributes.Arg.DST).map(Attributes.Scale::value).orElse(1f);
        double srcZero = a.zeroPoint(Attributes.Arg.SRC).map(Attributes.ZeroPoint::value).orElse(0);
        double dstZero = a.zeroPoint(Attributes.Arg.DST).map(Attributes.ZeroPoint::value).orElse(0);
        // dst = scale_src * (src - zp_src) / scale_dst + zp_dst = src * scale + shift
        double scale = runTime ? 1 : srcScale / dstScale;
        double shift = runTime ? 0 : dstZero - srcScale * srcZero / dstScale;
        if (!Double.isFinite(scale) || !Double.isFinite(shift)
                || runTime && !(Float.isFinite((float) srcScale) && Float.isFinite((float) dstScale) && dstScale != 0)) {
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
        List<Parameter> parameters = new ArrayList<>();
        if (runTime) {
            for (Attributes.Arg arg : Attributes.Arg.values()) {
                Side side = arg == Attributes.Arg.SRC ? Side.SRC : Side.DST;
                a.scale(arg).ifPresent(s -> parameters.add(new Parameter(Quantization.Kind.SCALE, side,
                        per(dims, s.policy()), s.dataType(), s.policy().constant() ? s.value() : 0,
                        groups(s.groups(), mask(s.policy(), c.ndims()), c))));
            }
            for (Attributes.Arg arg : Attributes.Arg.values()) {
                Side side = arg == Attributes.Arg.SRC ? Side.SRC : Side.DST;
                a.zeroPoint(arg).ifPresent(z -> parameters.add(new Parameter(Quantization.Kind.ZERO_POINT, side,
                        per(dims, z.policy()), z.dataType(), z.policy().constant() ? z.value() : 0,
                        groups(z.groups(), mask(z.policy(), c.ndims()), c))));
            }
        }
        return new Verdict(c, reasons, Optional.of(new Declaration(dims, sizes, c.stag(), c.dtag(), element(c.sdt()),
                narrow(c.sdt()), element(c.ddt()), narrow(c.ddt()), c.sdt() == DataType.U8, unsignedDestination, scale,
                shift, a.postOps().isEmpty() ? 0 : a.postOps().get(0).scale(), parameters, compensations(c))));
    }

    /** The case's compensations, s8s8 first: the order oneDNN writes them after the weights. */
    private static List<ReorderCase.Flag> compensations(ReorderCase c) {
        List<ReorderCase.Flag> flags = new ArrayList<>(c.flags());
        flags.sort(java.util.Comparator.comparing(ReorderCase.Flag::kind));
        return flags;
    }

    /**
     * benchdnn's groups ({@code 8x1}: oneDNN's group dims, for the tensor's last dims) as Strider's,
     * one per dim of the mask in dim order (1 for a dim they do not reach): empty for none; null when
     * they do not fit, a group for a dim outside the mask or one that does not divide its dim.
     */
    static List<Integer> groups(List<Long> groups, int mask, ReorderCase c) {
        if (groups.isEmpty()) {
            return List.of();
        }
        int ndims = c.ndims();
        if (mask < 0 || groups.size() > ndims) {
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (int d = 0; d < ndims; d++) {
            int k = d - (ndims - groups.size());
            long g = k >= 0 ? groups.get(k) : 1;
            boolean masked = (mask & (1 << d)) != 0;
            if (!masked) {
                if (g != 1) {
                    return null;
                }
                continue;
            }
            if (g < 1 || c.dims().get(d) % g != 0) {
                return null;
            }
            out.add((int) g);
        }
        return out;
    }

    /**
     * oneDNN's mask of a benchdnn policy on a reorder ({@code attr_t::get_default_mask}), limited to
     * the tensor's dims as oneDNN reads {@code per_tensor}'s all-ones mask; -1 for a policy with no
     * mask ({@code host_scalar}, {@code mx}, {@code dynamic_fp}).
     */
    public static int mask(Attributes.Policy policy, int ndims) {
        switch (policy) {
            case COMMON: return 0;
            case PER_DIM_0: return 1;
            case PER_OC:
            case PER_DIM_1: return 1 << 1;
            case PER_OCIC:
            case PER_DIM_01: return 0b11;
            case PER_DIM_2: return 1 << 2;
            case PER_DIM_3: return 1 << 3;
            case PER_TENSOR: return (1 << ndims) - 1;
            default: return -1;
        }
    }

    /** The mask of {@code per} on {@code dims}: bit {@code d} for each letter, {@code "AB"} is 0b11. */
    public static int mask(String dims, String per) {
        int m = 0;
        for (char letter : per.toCharArray()) {
            m |= 1 << dims.indexOf(letter);
        }
        return m;
    }

    /** The letters of the dims a policy's mask names: {@code per_dim_1} on ABCD is {@code "B"}. */
    static String per(String dims, Attributes.Policy policy) {
        int m = mask(policy, dims.length());
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < dims.length(); d++) {
            if ((m & (1 << d)) != 0) {
                sb.append(dims.charAt(d));
            }
        }
        return sb.toString();
    }

    /** A policy Strider cannot take, or one naming a dim the tensor lacks. */
    private static void policy(Attributes.Policy policy, int ndims, Set<Reason> reasons) {
        int m = mask(policy, ndims);
        if (m < 0) {
            reasons.add(Reason.POLICY);
        } else if (m >>> ndims != 0) {
            reasons.add(Reason.MASK_BEYOND_RANK);
        }
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
            case F8_E5M2:
                if (!capabilities.float8()) {
                    reasons.add(Reason.F8_E5M2);
                }
                break;
            case F8_E4M3:
                if (!capabilities.float8()) {
                    reasons.add(Reason.F8_E4M3);
                }
                break;
            case S4:
                if (!capabilities.fourBit()) {
                    reasons.add(Reason.S4);
                }
                break;
            case U4:
                if (!capabilities.fourBit()) {
                    reasons.add(Reason.U4);
                }
                break;
            case F4_E2M1:
            case F4_E3M0:
                if (!capabilities.fourBit()) {
                    reasons.add(Reason.F4);
                }
                break;
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
            case U8:
            case F8_E5M2:
            case F8_E4M3:
            case S4:
            case U4:
            case F4_E2M1:
            case F4_E3M0: return ElementType.BYTE;
            case BF16:
            case F16: return ElementType.SHORT;
            default: throw new IllegalArgumentException(t + " is not a Java element type");
        }
    }

    /** The narrow format of {@code t} (bf16, f16, f8, s4, u4, f4), or null when it is none. */
    static NarrowFormat narrow(DataType t) {
        switch (t) {
            case BF16: return NarrowFormat.BF16;
            case F16: return NarrowFormat.F16;
            case F8_E5M2: return NarrowFormat.F8_E5M2;
            case F8_E4M3: return NarrowFormat.F8_E4M3;
            case S4: return NarrowFormat.S4;
            case U4: return NarrowFormat.U4;
            case F4_E2M1: return NarrowFormat.F4_E2M1;
            case F4_E3M0: return NarrowFormat.F4_E3M0;
            default: return null;
        }
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

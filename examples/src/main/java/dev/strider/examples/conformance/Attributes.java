package dev.strider.examples.conformance;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The primitive attributes of one reorder case, as benchdnn's {@code attr_t} holds them after
 * parsing {@code --attr-scales}, {@code --attr-zero-points}, {@code --attr-post-ops} and
 * {@code --attr-rounding-mode}. Entries equal to the default (a common scale of 1, a zero point
 * of 0) are dropped, as benchdnn drops them, so two spellings of one attribute are equal.
 *
 * @param scales     per argument (src before dst), non-default only
 * @param zeroPoints per argument (src before dst), non-default only
 * @param postOps    in order; a reorder takes only {@code sum}
 * @param rounding   per argument
 */
public record Attributes(List<Scale> scales, List<ZeroPoint> zeroPoints, List<Sum> postOps, List<Rounding> rounding) {

    /** No attributes. */
    public static final Attributes NONE = new Attributes(List.of(), List.of(), List.of(), List.of());

    public Attributes {
        scales = List.copyOf(scales);
        zeroPoints = List.copyOf(zeroPoints);
        postOps = List.copyOf(postOps);
        rounding = List.copyOf(rounding);
    }

    /** The arguments of a reorder that attributes name. */
    public enum Arg {
        SRC, DST;

        /** benchdnn's {@code str2arg}, for the arguments a reorder has: {@code src} (or {@code src0}), {@code dst}. */
        static Arg of(String s) {
            switch (s) {
                case "src":
                case "src0":
                    return SRC;
                case "dst":
                    return DST;
                default:
                    throw new IllegalArgumentException("argument \"" + s + "\" is not one of a reorder's (src, dst)");
            }
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** benchdnn's {@code policy_t}: which dims a scale or zero point varies along. */
    public enum Policy {
        COMMON, HOST_SCALAR, MX, DYNAMIC_FP, PER_OC, PER_OCIC, PER_DIM_0, PER_DIM_1, PER_DIM_01, PER_DIM_2, PER_DIM_3,
        PER_TENSOR;

        static Policy of(String s) {
            try {
                return valueOf(s.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown policy \"" + s + "\"");
            }
        }

        /** One value for the whole tensor, known when the case is written ({@code common}). */
        public boolean constant() {
            return this == COMMON;
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code ARG:POLICY[:SCALE][:DATA_TYPE[:GROUPS]]}; {@code value} is used by the common (and host scalar) policy. */
    public record Scale(Arg arg, Policy policy, float value, DataType dataType, List<Long> groups) {
        public Scale {
            groups = List.copyOf(groups);
        }

        boolean isDefault() {
            return policy == Policy.COMMON && value == 1f && dataType == DataType.F32 && groups.isEmpty();
        }

        /** A single value known when the case is written: what a compile-time {@code scale} can say. */
        public boolean constant() {
            return policy.constant() && dataType == DataType.F32 && groups.isEmpty();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder().append(arg).append(':').append(policy);
            if (policy == Policy.COMMON || policy == Policy.HOST_SCALAR) {
                sb.append(':').append(g(value));
            }
            if (dataType != DataType.F32 || !groups.isEmpty()) {
                sb.append(':').append(dataType);
            }
            if (!groups.isEmpty()) {
                sb.append(':').append(dims(groups));
            }
            return sb.toString();
        }
    }

    /** {@code ARG:POLICY[:ZERO_POINT][:DATA_TYPE[:GROUPS]]}. */
    public record ZeroPoint(Arg arg, Policy policy, int value, DataType dataType, List<Long> groups) {
        public ZeroPoint {
            groups = List.copyOf(groups);
        }

        boolean isDefault() {
            return policy == Policy.COMMON && value == 0 && dataType == DataType.S32 && groups.isEmpty();
        }

        /** A single s32 value known when the case is written. */
        public boolean constant() {
            return policy.constant() && dataType == DataType.S32 && groups.isEmpty();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder().append(arg).append(':').append(policy);
            if (policy == Policy.COMMON || policy == Policy.HOST_SCALAR) {
                sb.append(':').append(value);
            }
            if (dataType != DataType.S32 || !groups.isEmpty()) {
                sb.append(':').append(dataType);
            }
            if (!groups.isEmpty()) {
                sb.append(':').append(dims(groups));
            }
            return sb.toString();
        }
    }

    /** The sum post-op {@code sum[:SCALE[:ZERO_POINT[:DATA_TYPE]]]}: dst = reorder(src) + scale * (dst - zero point). */
    public record Sum(float scale, long zeroPoint, Optional<DataType> dataType) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("sum");
            if (scale != 1f || zeroPoint != 0 || dataType.isPresent()) {
                sb.append(':').append(g(scale));
            }
            if (zeroPoint != 0 || dataType.isPresent()) {
                sb.append(':').append(zeroPoint);
            }
            dataType.ifPresent(t -> sb.append(':').append(t));
            return sb.toString();
        }
    }

    /** {@code ARG:MODE[:SEED]} of {@code --attr-rounding-mode}: {@code environment} or {@code stochastic}. */
    public record Rounding(Arg arg, String mode, Optional<Long> seed) {
        @Override
        public String toString() {
            return arg + ":" + mode + seed.map(s -> ":" + s).orElse("");
        }
    }

    // ---------------------------------------------------------------- parsing one list entry

    /** One entry of {@code --attr-scales=}: {@code src:per_dim_1+dst:common:2} ({@code arg_scales_t::from_str}). */
    static List<Scale> parseScales(String s) {
        Map<Arg, Scale> byArg = new TreeMap<>();
        if (s.isEmpty()) {
            return List.of();
        }
        String[] parts = s.split("\\+", -1);
        for (int i = 0; i < parts.length; i++) {
            String sub = parts[i];
            // benchdnn's special case for big values written as 1e+10
            if (sub.endsWith("e") && i + 1 < parts.length) {
                sub += "+" + parts[++i];
            }
            String[] f = fields(sub, 2);
            Arg arg = Arg.of(f[0]);
            String[] rest = f[1].split(":", -1);
            Policy policy = Policy.of(rest[0]);
            int k = 1;
            float value = 1f;
            if ((policy == Policy.COMMON || policy == Policy.HOST_SCALAR) && k < rest.length) {
                value = real(at(rest, k++, sub));
                if (value < 0) {
                    throw new IllegalArgumentException("scale " + sub + " is negative");
                }
            }
            DataType dt = k < rest.length ? DataType.of(rest[k++]) : DataType.F32;
            List<Long> groups = k < rest.length ? longs(rest[k++], sub) : List.of();
            byArg.put(arg, new Scale(arg, policy, value, dt, groups));
        }
        List<Scale> out = new ArrayList<>();
        for (Scale e : byArg.values()) {
            if (!e.isDefault()) {
                out.add(e);
            }
        }
        return out;
    }

    /** One entry of {@code --attr-zero-points=}: {@code src:common:-1+dst:common:2}. */
    static List<ZeroPoint> parseZeroPoints(String s) {
        Map<Arg, ZeroPoint> byArg = new TreeMap<>();
        if (s.isEmpty()) {
            return List.of();
        }
        for (String sub : s.split("\\+", -1)) {
            String[] f = fields(sub, 2);
            Arg arg = Arg.of(f[0]);
            String[] rest = f[1].split(":", -1);
            Policy policy = Policy.of(rest[0]);
            int k = 1;
            int value = 0;
            if ((policy == Policy.COMMON || policy == Policy.HOST_SCALAR) && k < rest.length) {
                float v = real(at(rest, k++, sub));
                value = (int) v;
                if (value != v) {
                    throw new IllegalArgumentException("zero point " + sub + " is not an integer");
                }
            }
            DataType dt = k < rest.length ? DataType.of(rest[k++]) : DataType.S32;
            List<Long> groups = k < rest.length ? longs(rest[k++], sub) : List.of();
            ZeroPoint e = new ZeroPoint(arg, policy, value, dt, groups);
            if (!e.isDefault()) { // zero_points_t::set ignores a default entry
                byArg.put(arg, e);
            }
        }
        return List.copyOf(byArg.values());
    }

    /** One entry of {@code --attr-post-ops=}: {@code sum}, {@code sum:0.5}; other kinds are not read. */
    static List<Sum> parsePostOps(String s) {
        if (s.isEmpty()) {
            return List.of();
        }
        List<Sum> out = new ArrayList<>();
        for (String sub : s.split("\\+", -1)) {
            String[] f = sub.split(":", -1);
            if (!f[0].equals("sum")) {
                throw new IllegalArgumentException("post-op \"" + sub + "\": this reader knows only sum, the post-op"
                        + " a reorder takes");
            }
            float scale = f.length > 1 ? real(f[1]) : 1f;
            long zp = f.length > 2 ? integer(f[2], sub) : 0;
            Optional<DataType> dt = f.length > 3 ? Optional.of(DataType.of(f[3])) : Optional.empty();
            out.add(new Sum(scale, zp, dt));
        }
        return out;
    }

    /** One entry of {@code --attr-rounding-mode=}: {@code dst:stochastic:123}. */
    static List<Rounding> parseRounding(String s) {
        if (s.isEmpty()) {
            return List.of();
        }
        Map<Arg, Rounding> byArg = new TreeMap<>();
        for (String sub : s.split("\\+", -1)) {
            String[] f = sub.split(":", -1);
            Arg arg = Arg.of(f[0]);
            String mode = f.length > 1 ? f[1].toLowerCase(Locale.ROOT) : "environment";
            if (!mode.equals("environment") && !mode.equals("stochastic")) {
                throw new IllegalArgumentException("unknown rounding mode \"" + f[1] + "\"");
            }
            Optional<Long> seed = f.length > 2 ? Optional.of(integer(f[2], sub)) : Optional.empty();
            byArg.put(arg, new Rounding(arg, mode, seed));
        }
        return List.copyOf(byArg.values());
    }

    // ---------------------------------------------------------------- queries

    /** The scale of {@code arg}, if it has one other than the default. */
    public Optional<Scale> scale(Arg arg) {
        return scales.stream().filter(e -> e.arg() == arg).findFirst();
    }

    /** The zero point of {@code arg}, if it has one other than 0. */
    public Optional<ZeroPoint> zeroPoint(Arg arg) {
        return zeroPoints.stream().filter(e -> e.arg() == arg).findFirst();
    }

    /** benchdnn's repro options for these attributes ({@code --attr-scales=src:per_dim_1 ...}), empty for none. */
    public String options() {
        List<String> out = new ArrayList<>();
        if (!scales.isEmpty()) {
            out.add("--attr-scales=" + join(scales));
        }
        if (!zeroPoints.isEmpty()) {
            out.add("--attr-zero-points=" + join(zeroPoints));
        }
        if (!postOps.isEmpty()) {
            out.add("--attr-post-ops=" + join(postOps));
        }
        if (!rounding.isEmpty()) {
            out.add("--attr-rounding-mode=" + join(rounding));
        }
        return String.join(" ", out);
    }

    @Override
    public String toString() {
        return options();
    }

    private static String join(List<?> entries) {
        StringBuilder sb = new StringBuilder();
        for (Object e : entries) {
            sb.append(sb.length() == 0 ? "" : "+").append(e);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- small parsing helpers

    private static String[] fields(String sub, int n) {
        String[] f = sub.split(":", n);
        if (f.length < n || f[1].isEmpty()) {
            throw new IllegalArgumentException("\"" + sub + "\" needs ARG:POLICY");
        }
        return f;
    }

    private static String at(String[] f, int k, String whole) {
        if (k >= f.length || f[k].isEmpty()) {
            throw new IllegalArgumentException("\"" + whole + "\" lacks a value");
        }
        return f[k];
    }

    private static float real(String s) {
        try {
            return Float.parseFloat(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + s + "\" is not a number");
        }
    }

    private static long integer(String s, String whole) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + s + "\" in \"" + whole + "\" is not an integer");
        }
    }

    private static List<Long> longs(String s, String whole) {
        List<Long> out = new ArrayList<>();
        for (String p : s.split("x", -1)) {
            out.add(integer(p, whole));
        }
        return out;
    }

    static String dims(List<Long> dims) {
        StringBuilder sb = new StringBuilder();
        for (long d : dims) {
            sb.append(sb.length() == 0 ? "" : "x").append(d);
        }
        return sb.toString();
    }

    /** A float as C++'s default stream prints it ({@code %g}: 6 significant digits): 0.25, 2, 4.29497e+09. */
    static String g(float v) {
        if (Float.isNaN(v) || Float.isInfinite(v)) {
            return Float.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return (Float.floatToRawIntBits(v) < 0 ? "-" : "") + "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(6));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            return mantissa.toPlainString() + (exponent < 0 ? "e-" : "e+") + String.format(Locale.ROOT, "%02d",
                    Math.abs(exponent));
        }
        return d.stripTrailingZeros().toPlainString();
    }
}

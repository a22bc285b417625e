package dev.strider.examples.onednn;

import dev.strider.examples.onednn.OneDnnReorder.Quantization;
import dev.strider.kernel.HalfFloats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Measures which f32 arithmetic oneDNN's reorder does with scales, zero points and a sum, per
 * implementation: for every case (types, tags, dims, attributes) it runs oneDNN on random data and
 * random scales (not powers of two), computes every candidate formula in Java float arithmetic, and
 * counts the elements where each candidate differs from oneDNN, bit for bit. Then it prints, per
 * implementation, the candidates that match in every case, and the answers to the special
 * questions (−0.0, scale 1, zero/NaN/inf scales, zero points on floats, sum with zero points).
 *
 * <p>Run (not part of the test suite, it takes a few seconds):
 *
 * <pre>{@code
 * mvn -o -q -pl examples -am test-compile
 * java -cp examples/target/classes:examples/target/test-classes:<classpath> \
 *     dev.strider.examples.onednn.QuantizationProbe [--verbose]
 * }</pre>
 *
 * The candidates, {@link Variant}: how the zero point is subtracted (in f32 after converting the
 * source, or in int before converting), how the scales apply (A: {@code * sSrc}, sum,
 * {@code * (1f / sDst)}; B: {@code * (sSrc * (1f / sDst))}, sum; C: {@code * sSrc}, sum,
 * {@code / sDst}), whether the destination zero point (or a +0 when none is set) is always added,
 * and whether the last multiply and the zero-point add are one fused multiply-add.
 */
public final class QuantizationProbe {

    /** One candidate formula. */
    record Variant(boolean intSubtract, char scaling, boolean alwaysAdd, boolean fma) {
        static List<Variant> all() {
            List<Variant> v = new ArrayList<>();
            for (char scaling : new char[] {'A', 'B', 'C'}) {
                for (boolean intSubtract : new boolean[] {false, true}) {
                    for (boolean alwaysAdd : new boolean[] {false, true}) {
                        for (boolean fma : new boolean[] {false, true}) {
                            if (fma && scaling == 'C') {
                                continue;
                            }
                            v.add(new Variant(intSubtract, scaling, alwaysAdd, fma));
                        }
                    }
                }
            }
            return v;
        }

        @Override
        public String toString() {
            return scaling + (intSubtract ? "/intsub" : "/f32sub") + (alwaysAdd ? "/add+0" : "") + (fma ? "/fma" : "");
        }
    }

    /** An attribute set: each null when not set. */
    record Attrs(String name, Integer srcScaleMask, Integer dstScaleMask, Integer srcZpMask, Integer dstZpMask,
            float beta, DataType scaleType, DataType zpType, float[] fixedScales, int[] fixedZps) {
        Attrs(String name, Integer srcScaleMask, Integer dstScaleMask, Integer srcZpMask, Integer dstZpMask, float beta) {
            this(name, srcScaleMask, dstScaleMask, srcZpMask, dstZpMask, beta, DataType.F32, DataType.S32, null, null);
        }
    }

    /** A case's result. */
    record Result(String implementation, String error, int elements, int[] mismatches, String note) {
    }

    private static final Random RANDOM = new Random(20);
    private static final Map<String, int[]> POSITIONS = new HashMap<>();
    private static final List<Variant> VARIANTS = Variant.all();

    public static void main(String[] args) {
        boolean verbose = args.length > 0 && args[0].equals("--verbose");
        OneDnn.load();
        System.out.println(OneDnn.info());
        String[][] pairs = {{"F32", "F32"}, {"F32", "S8"}, {"F32", "U8"}, {"S8", "F32"}, {"U8", "F32"}, {"S32", "F32"},
            {"F32", "S32"}, {"S8", "S8"}, {"U8", "S8"}, {"S8", "U8"}, {"S32", "S8"}, {"BF16", "F32"}, {"F32", "BF16"},
            {"F16", "F32"}, {"F32", "F16"}, {"BF16", "S8"}, {"S8", "BF16"}, {"F16", "S8"}};
        String[][] layouts = {{"abcd", "abcd", "2x64x3x3"}, {"abcd", "acdb", "2x64x3x3"}, {"acdb", "abcd", "3x5x7x11"},
            {"abcd", "aBcd16b", "2x64x3x3"}, {"abcd", "aBcd16b", "3x5x7x11"}, {"abcd", "ABcd16b16a", "32x48x3x3"},
            {"aBcd16b", "abcd", "2x64x3x3"}, {"abcd", "acdb", "3x5x7x11"}};
        Attrs[] attrs = {
            new Attrs("src:common", 0, null, null, null, 0),
            new Attrs("src+dst:common", 0, 0, null, null, 0),
            new Attrs("src+dst:per_dim_1", 2, 2, null, null, 0),
            new Attrs("src:per_dim_1+dst:common", 2, 0, null, null, 0),
            new Attrs("src:per_dim_0", 1, null, null, null, 0),
            new Attrs("src+dst:per_dim_23", 12, 12, null, null, 0),
            new Attrs("src+dst:per_dim_01", 3, 3, null, null, 0),
            new Attrs("scales common+zp common", 0, 0, 0, 0, 0),
            new Attrs("scales per_dim_1+zp common", 2, 2, 0, 0, 0),
            new Attrs("scales common+src zp only", 0, 0, 0, null, 0),
            new Attrs("scales common+dst zp only", 0, 0, null, 0, 0),
            new Attrs("scales common+sum 1", 0, 0, null, null, 1),
            new Attrs("scales common+sum 0.7", 0, 0, null, null, 0.7f),
            new Attrs("scales per_dim_1+sum 1", 2, 2, null, null, 1),
            new Attrs("zp common only", null, null, 0, 0, 0),
            new Attrs("scales common+zp common+sum 1", 0, 0, 0, 0, 1),
            new Attrs("src+dst per_dim_1 zp", 0, 0, 2, 2, 0),
            new Attrs("bf16 scales common", 0, 0, null, null, 0, DataType.BF16, DataType.S32, null, null),
            new Attrs("f16 scales per_dim_1", 2, 2, null, null, 0, DataType.F16, DataType.S32, null, null),
            new Attrs("s8 zp common", 0, 0, 0, 0, 0, DataType.F32, DataType.S8, null, null),
            new Attrs("scale 1 + zp 0 set", 0, 0, 0, 0, 0, DataType.F32, DataType.S32, new float[] {1, 1},
                    new int[] {0, 0}),
            new Attrs("dst zp 0 set", null, null, null, 0, 0, DataType.F32, DataType.S32, null, new int[] {0, 0}),
            new Attrs("src scale 1 set", 0, null, null, null, 0, DataType.F32, DataType.S32, new float[] {1, 1}, null),
        };
        // implementation -> variant -> [cases, cases with mismatches, mismatching elements, elements]
        Map<String, Map<Variant, long[]>> byImpl = new TreeMap<>();
        Map<String, List<String>> rejected = new TreeMap<>();
        Map<String, List<String>> perImplCases = new TreeMap<>();
        Map<String, Map<String, List<String>>> exactSets = new TreeMap<>();
        for (String[] pair : pairs) {
            for (String[] layout : layouts) {
                for (Attrs a : attrs) {
                    DataType st = DataType.valueOf(pair[0]);
                    DataType dt = DataType.valueOf(pair[1]);
                    long[] dims = parseDims(layout[2]);
                    String name = st + " " + layout[0] + " -> " + dt + " " + layout[1] + " " + layout[2] + " [" + a.name
                            + "]";
                    Result r = runCase(st, dt, layout[0], layout[1], dims, a, 1);
                    if (r.error != null) {
                        rejected.computeIfAbsent(a.name, k -> new ArrayList<>()).add(st + "->" + dt + " " + layout[0]
                                + "->" + layout[1] + " " + layout[2] + ": " + r.error);
                        continue;
                    }
                    String impl = r.implementation + (a.srcZpMask != null && a.srcZpMask != 0
                            || a.dstZpMask != null && a.dstZpMask != 0 ? " with per-dim zero points" : "");
                    Map<Variant, long[]> m = byImpl.computeIfAbsent(impl, k -> new LinkedHashMap<>());
                    StringBuilder exact = new StringBuilder();
                    for (int v = 0; v < VARIANTS.size(); v++) {
                        if (r.mismatches[v] == 0) {
                            exact.append(exact.length() == 0 ? "" : " ").append(VARIANTS.get(v));
                        }
                    }
                    exactSets.computeIfAbsent(impl, k -> new TreeMap<>())
                            .computeIfAbsent(exact.length() == 0 ? "(none)" : exact.toString(), k -> new ArrayList<>())
                            .add(name);
                    StringBuilder line = new StringBuilder(name).append(" impl=").append(r.implementation);
                    for (int v = 0; v < VARIANTS.size(); v++) {
                        long[] c = m.computeIfAbsent(VARIANTS.get(v), k -> new long[4]);
                        c[0]++;
                        c[1] += r.mismatches[v] > 0 ? 1 : 0;
                        c[2] += r.mismatches[v];
                        c[3] += r.elements;
                        line.append(' ').append(VARIANTS.get(v)).append('=').append(r.mismatches[v]);
                    }
                    perImplCases.computeIfAbsent(impl, k -> new ArrayList<>()).add(name);
                    if (verbose) {
                        System.out.println(line);
                    }
                }
            }
        }
        System.out.println("\n== Per implementation: mismatching elements / elements (cases with a mismatch / cases)");
        for (var e : byImpl.entrySet()) {
            System.out.println("-- " + e.getKey() + " (" + perImplCases.get(e.getKey()).size() + " cases)");
            for (var v : e.getValue().entrySet()) {
                long[] c = v.getValue();
                System.out.printf("   %-24s %8d / %8d  (%d / %d)%s%n", v.getKey(), c[2], c[3], c[1], c[0],
                        c[2] == 0 ? "   <== exact" : "");
            }
        }
        System.out.println("\n== Per implementation: the candidates exact in a case, how many cases, the first few");
        for (var e : exactSets.entrySet()) {
            System.out.println("-- " + e.getKey());
            for (var x : e.getValue().entrySet()) {
                System.out.println("   " + x.getValue().size() + " cases exact with: " + x.getKey());
                x.getValue().stream().limit(verbose ? 1000 : 3).forEach(n -> System.out.println("      " + n));
            }
        }
        System.out.println("\n== Rejected by oneDNN (attribute set: count, first few)");
        for (var e : rejected.entrySet()) {
            System.out.println("-- " + e.getKey() + ": " + e.getValue().size());
            e.getValue().stream().limit(verbose ? 1000 : 3).forEach(s -> System.out.println("   " + s));
        }
        specials();
    }

    /** The questions answered by looking at a few values. */
    static void specials() {
        System.out.println("\n== Special values");
        float[] inputs = {1.5f, -1.5f, 0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, 100f, -100f};
        String[] outs = {"F32", "S8", "U8", "S32", "BF16"};
        for (String[] tags : new String[][] {{"a", "a"}, {"ab", "ba"}}) {
            long[] dims = tags[0].length() == 1 ? new long[] {8} : new long[] {2, 4};
            for (String out : outs) {
                DataType dt = DataType.valueOf(out);
                Object[][] qs = {
                    {"none", Quantization.NONE},
                    {"src scale 1 set", Quantization.NONE.withSourceScales(0, 1f)},
                    {"dst scale 1 set", Quantization.NONE.withDestinationScales(0, 1f)},
                    {"src zp 0 set", Quantization.NONE.withSourceZeroPoints(0, 0)},
                    {"dst zp 0 set", Quantization.NONE.withDestinationZeroPoints(0, 0)},
                    {"dst zp 3", Quantization.NONE.withDestinationZeroPoints(0, 3)},
                    {"src zp 3", Quantization.NONE.withSourceZeroPoints(0, 3)},
                    {"dst scale 0", Quantization.NONE.withDestinationScales(0, 0f)},
                    {"src scale 0", Quantization.NONE.withSourceScales(0, 0f)},
                    {"dst scale NaN", Quantization.NONE.withDestinationScales(0, Float.NaN)},
                    {"src scale NaN", Quantization.NONE.withSourceScales(0, Float.NaN)},
                    {"src scale inf", Quantization.NONE.withSourceScales(0, Float.POSITIVE_INFINITY)},
                    {"dst scale inf", Quantization.NONE.withDestinationScales(0, Float.POSITIVE_INFINITY)},
                    {"sum 1 + dst zp 3 (old 10)", Quantization.NONE.withSum(1).withDestinationZeroPoints(0, 3)},
                    {"sum 0.5 + dst zp 3 (old 10)", Quantization.NONE.withSum(0.5f).withDestinationZeroPoints(0, 3)},
                    {"dst scale 0.5 + sum 1 + dst zp 3 (old 10)",
                        Quantization.NONE.withSum(1).withDestinationZeroPoints(0, 3).withDestinationScales(0, 0.5f)},
                };
                for (Object[] q : qs) {
                    MemorySpec s = MemorySpec.tagged(DataType.F32, tags[0], dims);
                    MemorySpec d = MemorySpec.tagged(dt, tags[1], dims);
                    try (OneDnnReorder r = OneDnnReorder.create(s, d, (Quantization) q[1])) {
                        float[] in = inputs.clone();
                        Object old = fill(dt, (int) r.destinationElements(), 10);
                        r.copyInDestination(old);
                        Object o = r.run(in);
                        StringBuilder sb = new StringBuilder();
                        for (int i = 0; i < 8; i++) {
                            int j = tags[1].equals("ba") ? (i % 4) * 2 + i / 4 : i;
                            sb.append(i == 0 ? "" : ", ").append(show(o, dt, j));
                        }
                        System.out.printf("f32 %s->%s %-5s %-42s %-14s [%s]%n", tags[0], tags[1], out, (String) q[0],
                                r.implementation(), sb);
                    } catch (IllegalStateException e) {
                        System.out.printf("f32 %s->%s %-5s %-42s rejected: %s%n", tags[0], tags[1], out, (String) q[0],
                                e.getMessage().replaceAll(".*failed: ", ""));
                    }
                }
            }
        }
        System.out.println("   (inputs: " + java.util.Arrays.toString(inputs) + ")");
        // per-dim zero points on an integer reorder: which values does each element get?
        System.out.println("\n== s8 abcd 1x3x1x2 -> s8, zero points per dim 1: src {1, 2, 3}, dst {10, 20, 30}; source all 50");
        long[] d3 = {1, 3, 1, 2};
        Object[][] zq = {
            {"src zp per_dim_1", Quantization.NONE.withSourceZeroPoints(2, 1, 2, 3)},
            {"dst zp per_dim_1", Quantization.NONE.withDestinationZeroPoints(2, 10, 20, 30)},
            {"src+dst zp per_dim_1", Quantization.NONE.withSourceZeroPoints(2, 1, 2, 3)
                    .withDestinationZeroPoints(2, 10, 20, 30)},
            {"src+dst zp per_dim_1 + src scale 0.5", Quantization.NONE.withSourceZeroPoints(2, 1, 2, 3)
                    .withDestinationZeroPoints(2, 10, 20, 30).withSourceScales(0, 0.5f)},
            {"src zp s8 common 3", Quantization.NONE.withSourceZeroPoints(0, DataType.S8, 3)},
            {"dst zp s8 common 3", Quantization.NONE.withDestinationZeroPoints(0, DataType.S8, 3)},
            {"src scale bf16 common 0.5", Quantization.NONE.withSourceScales(0, DataType.BF16, 0.5f)},
            {"src scale f16 per_dim_1", Quantization.NONE.withSourceScales(2, DataType.F16, 0.5f, 2, 4)},
            {"dst scale bf16 common 0.5", Quantization.NONE.withDestinationScales(0, DataType.BF16, 0.5f)},
        };
        for (String[] tags : new String[][] {{"abcd", "abcd"}, {"abcd", "acdb"}}) {
            for (Object[] q : zq) {
                try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.S8, tags[0], d3),
                        MemorySpec.tagged(DataType.S8, tags[1], d3), (Quantization) q[1])) {
                    byte[] o = (byte[]) r.run(new byte[] {50, 50, 50, 50, 50, 50});
                    int[] p = positions(tags[1], d3);
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < 6; i++) {
                        sb.append(i == 0 ? "" : ", ").append(o[p[i]]);
                    }
                    System.out.printf("s8 %s->%s %-38s %-12s [%s]%n", tags[0], tags[1], (String) q[0],
                            r.implementation(), sb);
                } catch (IllegalStateException e) {
                    System.out.printf("s8 %s->%s %-38s rejected: %s%n", tags[0], tags[1], (String) q[0],
                            e.getMessage().replaceAll(".*failed: ", ""));
                }
            }
        }
        // s32 source: converted to f32 before the zero point is subtracted, or subtracted in int?
        System.out.println("\n== s32 source, zero point 1, src scale 1.0000001 (2^24+1 etc. are not floats)");
        int[] big = {16777217, 16777219, -16777217, 2147483647, -2147483647, 33554434, 33554435, 1};
        for (String[] tags : new String[][] {{"a", "a"}, {"ab", "ba"}}) {
            long[] dims = tags[0].length() == 1 ? new long[] {8} : new long[] {2, 4};
            for (DataType dt : new DataType[] {DataType.F32, DataType.S32}) {
                Quantization q = Quantization.NONE.withSourceZeroPoints(0, 1).withSourceScales(0, 1.0000001f);
                try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.S32, tags[0], dims),
                        MemorySpec.tagged(dt, tags[1], dims), q)) {
                    Object o = r.run(big.clone());
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < 8; i++) {
                        int j = tags[1].equals("ba") ? (i % 4) * 2 + i / 4 : i;
                        float f32sub = ((float) big[i] - 1f) * 1.0000001f;
                        float intsub = ((float) (big[i] - 1)) * 1.0000001f;
                        String got = show(o, dt, j);
                        String exp = dt == DataType.F32 ? Float.toString(f32sub) : String.valueOf(saturateRound(f32sub,
                                dt));
                        String expI = dt == DataType.F32 ? Float.toString(intsub) : String.valueOf(saturateRound(intsub,
                                dt));
                        sb.append(i == 0 ? "" : ", ").append(got).append(got.equals(exp) ? "(f32sub" : "(")
                                .append(got.equals(expI) ? " intsub)" : ")");
                    }
                    System.out.printf("s32 %s->%s %s %-14s %s%n", tags[0], tags[1], dt, r.implementation(), sb);
                } catch (IllegalStateException e) {
                    System.out.printf("s32 %s->%s %s rejected: %s%n", tags[0], tags[1], dt, e.getMessage());
                }
            }
        }
    }

    static String show(Object o, DataType dt, int j) {
        switch (dt) {
            case F32: {
                float f = ((float[]) o)[j];
                return f == 0 && 1 / f < 0 ? "-0.0" : Float.toString(f);
            }
            case S32:
                return Integer.toString(((int[]) o)[j]);
            case BF16: {
                float f = HalfFloats.bf16ToFloat(((short[]) o)[j]);
                return (f == 0 && 1 / f < 0 ? "-0.0" : Float.toString(f)) + "bf";
            }
            case F16: {
                float f = HalfFloats.f16ToFloat(((short[]) o)[j]);
                return (f == 0 && 1 / f < 0 ? "-0.0" : Float.toString(f)) + "h";
            }
            case U8:
                return Integer.toString(((byte[]) o)[j] & 0xFF);
            default:
                return Integer.toString(((byte[]) o)[j]);
        }
    }

    static Object fill(DataType dt, int n, float value) {
        switch (dt) {
            case F32: {
                float[] f = new float[n];
                java.util.Arrays.fill(f, value);
                return f;
            }
            case S32: {
                int[] f = new int[n];
                java.util.Arrays.fill(f, (int) value);
                return f;
            }
            case BF16:
            case F16: {
                short[] f = new short[n];
                java.util.Arrays.fill(f, dt == DataType.BF16 ? HalfFloats.floatToBf16(value) : HalfFloats.floatToF16(value));
                return f;
            }
            default: {
                byte[] f = new byte[n];
                java.util.Arrays.fill(f, (byte) value);
                return f;
            }
        }
    }

    static long[] parseDims(String s) {
        String[] p = s.split("x");
        long[] d = new long[p.length];
        for (int i = 0; i < p.length; i++) {
            d[i] = Long.parseLong(p[i]);
        }
        return d;
    }

    /** For a tag and dims: position in the buffer of each logical (row-major) element, by oneDNN itself. */
    static int[] positions(String tag, long[] dims) {
        String key = tag + java.util.Arrays.toString(dims);
        return POSITIONS.computeIfAbsent(key, k -> {
            String plain = "abcdef".substring(0, dims.length);
            try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, plain, dims),
                    MemorySpec.tagged(DataType.F32, tag, dims))) {
                int n = (int) r.sourceElements();
                float[] in = new float[n];
                for (int i = 0; i < n; i++) {
                    in[i] = i + 1;
                }
                float[] out = (float[]) r.run(in);
                int[] pos = new int[n];
                for (int j = 0; j < out.length; j++) {
                    if (out[j] > 0) {
                        pos[(int) out[j] - 1] = j;
                    }
                }
                return pos;
            }
        });
    }

    static boolean integral(DataType t) {
        return t == DataType.S8 || t == DataType.U8 || t == DataType.S32;
    }

    /** A random source value of the type, as its exact value (float for float types). */
    static double randomValue(DataType t, boolean floatDst) {
        switch (t) {
            case S8:
                return RANDOM.nextInt(256) - 128;
            case U8:
                return RANDOM.nextInt(256);
            case S32:
                return RANDOM.nextInt(4) == 0 ? RANDOM.nextInt() : RANDOM.nextInt(1 << 26) - (1 << 25);
            default: {
                float f;
                int k = RANDOM.nextInt(16);
                if (k == 0 && floatDst) {
                    f = -0f;
                } else if (k == 1) {
                    f = 0f;
                } else {
                    f = (float) (RANDOM.nextGaussian() * 120);
                }
                if (t == DataType.BF16) {
                    f = HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(f));
                } else if (t == DataType.F16) {
                    f = HalfFloats.f16ToFloat(HalfFloats.floatToF16(f));
                }
                return f;
            }
        }
    }

    /** A random scale, not a power of two, exact in {@code type}. */
    static float randomScale(DataType type) {
        float s;
        do {
            s = (float) Math.exp(RANDOM.nextDouble() * 4 - 2);
            if (type == DataType.BF16) {
                s = HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(s));
            } else if (type == DataType.F16) {
                s = HalfFloats.f16ToFloat(HalfFloats.floatToF16(s));
            }
        } while (s == Math.scalb(1f, Math.getExponent(s)));
        return s;
    }

    static int randomZp(DataType type) {
        return type == DataType.S8 ? RANDOM.nextInt(41) - 20 : RANDOM.nextInt(61) - 30;
    }

    static int count(int mask, long[] dims) {
        return (int) OneDnnReorder.valuesFor(mask, dims, "values");
    }

    /** The index into a mask's values of a logical element. */
    static int maskIndex(int mask, long[] dims, int[] idx) {
        int off = 0;
        for (int d = 0; d < dims.length; d++) {
            if ((mask & (1 << d)) != 0) {
                off = off * (int) dims[d] + idx[d];
            }
        }
        return off;
    }

    static Result runCase(DataType st, DataType dt, String stag, String dtag, long[] dims, Attrs a, int seedShift) {
        float[] ss = null;
        float[] ds = null;
        int[] sz = null;
        int[] dz = null;
        Quantization q = Quantization.NONE;
        if (a.srcScaleMask != null) {
            ss = new float[count(a.srcScaleMask, dims)];
            for (int i = 0; i < ss.length; i++) {
                ss[i] = a.fixedScales != null ? a.fixedScales[0] : randomScale(a.scaleType);
            }
            q = q.withSourceScales(a.srcScaleMask, a.scaleType, ss);
        }
        if (a.dstScaleMask != null) {
            ds = new float[count(a.dstScaleMask, dims)];
            for (int i = 0; i < ds.length; i++) {
                ds[i] = a.fixedScales != null ? a.fixedScales[1] : randomScale(a.scaleType);
            }
            q = q.withDestinationScales(a.dstScaleMask, a.scaleType, ds);
        }
        if (a.srcZpMask != null) {
            sz = new int[count(a.srcZpMask, dims)];
            for (int i = 0; i < sz.length; i++) {
                sz[i] = a.fixedZps != null ? a.fixedZps[0] : randomZp(a.zpType);
            }
            q = q.withSourceZeroPoints(a.srcZpMask, a.zpType, sz);
        }
        if (a.dstZpMask != null) {
            dz = new int[count(a.dstZpMask, dims)];
            for (int i = 0; i < dz.length; i++) {
                dz[i] = a.fixedZps != null ? a.fixedZps[1] : randomZp(a.zpType);
            }
            q = q.withDestinationZeroPoints(a.dstZpMask, a.zpType, dz);
        }
        if (a.beta != 0) {
            q = q.withSum(a.beta);
        }
        OneDnnReorder r;
        try {
            r = OneDnnReorder.create(MemorySpec.tagged(st, stag, dims), MemorySpec.tagged(dt, dtag, dims), q);
        } catch (IllegalStateException e) {
            String m = e.getMessage();
            return new Result(null, m.substring(m.lastIndexOf("failed: ") + 8), 0, null, null);
        }
        try (r) {
            int[] sp = positions(stag, dims);
            int[] dp = positions(dtag, dims);
            int n = sp.length;
            boolean floatDst = !integral(dt);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = randomValue(st, floatDst);
            }
            Object src = newArray(st, (int) r.sourceElements());
            for (int i = 0; i < n; i++) {
                put(src, st, sp[i], x[i]);
            }
            Object old = newArray(dt, (int) r.destinationElements());
            double[] oldv = new double[n];
            for (int i = 0; i < n; i++) {
                oldv[i] = integral(dt) ? RANDOM.nextInt(dt == DataType.U8 ? 256 : 201) - (dt == DataType.U8 ? 0 : 100)
                        : randomValue(dt == DataType.F32 ? DataType.F32 : dt, true);
                put(old, dt, dp[i], oldv[i]);
            }
            r.copyInDestination(old);
            Object out = r.run(src);
            int[] mism = new int[VARIANTS.size()];
            int[] idx = new int[dims.length];
            for (int i = 0; i < n; i++) {
                int rem = i;
                for (int d = dims.length - 1; d >= 0; d--) {
                    idx[d] = (int) (rem % dims[d]);
                    rem /= dims[d];
                }
                Float sS = ss == null ? null : ss[maskIndex(a.srcScaleMask, dims, idx)];
                Float sD = ds == null ? null : ds[maskIndex(a.dstScaleMask, dims, idx)];
                Integer zS = sz == null ? null : sz[maskIndex(a.srcZpMask, dims, idx)];
                Integer zD = dz == null ? null : dz[maskIndex(a.dstZpMask, dims, idx)];
                long got = bits(out, dt, dp[i]);
                for (int v = 0; v < VARIANTS.size(); v++) {
                    float f = compute(VARIANTS.get(v), st, x[i], sS, sD, zS, zD, a.beta, (float) oldv[i]);
                    long exp = expectedBits(f, dt);
                    if (exp != got) {
                        mism[v]++;
                    }
                }
            }
            return new Result(r.implementation(), null, n, mism, null);
        }
    }

    static float compute(Variant v, DataType st, double x, Float sS, Float sD, Integer zS, Integer zD, float beta,
            float old) {
        float f;
        if (zS != null && v.intSubtract && integral(st)) {
            f = (float) ((int) x - zS);
        } else {
            f = (float) x;
            if (zS != null) {
                f = f - (float) zS;
            }
        }
        float src = sS == null ? 1f : sS;
        float rdst = sD == null ? 1f : 1f / sD;
        boolean addZp = zD != null || v.alwaysAdd;
        float zp = zD == null ? 0f : (float) zD;
        switch (v.scaling) {
            case 'B': {
                float alpha = src * rdst;
                if (beta != 0) {
                    f = f * alpha + beta * old;
                    return addZp ? f + zp : f;
                }
                return addZp ? (v.fma ? Math.fma(f, alpha, zp) : f * alpha + zp) : f * alpha;
            }
            case 'C': {
                f = f * src;
                if (beta != 0) {
                    f = f + beta * old;
                }
                f = sD == null ? f : f / sD;
                return addZp ? f + zp : f;
            }
            default: {
                f = f * src;
                if (beta != 0) {
                    f = f + beta * old;
                }
                return addZp ? (v.fma ? Math.fma(f, rdst, zp) : f * rdst + zp) : f * rdst;
            }
        }
    }

    static long saturateRound(float f, DataType dt) {
        float lo;
        float hi;
        switch (dt) {
            case S8:
                lo = -128;
                hi = 127;
                break;
            case U8:
                lo = 0;
                hi = 255;
                break;
            default:
                lo = -2147483648f;
                hi = 2147483520f;
        }
        if (Float.isNaN(f)) {
            return (long) lo;
        }
        f = f < lo ? lo : f > hi ? hi : f;
        return (long) Math.rint(f);
    }

    static long expectedBits(float f, DataType dt) {
        switch (dt) {
            case F32:
                return Float.isNaN(f) ? 0x7FC00000L : Float.floatToRawIntBits(f);
            case BF16:
                return HalfFloats.floatToBf16(f) & 0xFFFF;
            case F16:
                return HalfFloats.floatToF16(f) & 0xFFFF;
            default:
                return saturateRound(f, dt);
        }
    }

    static long bits(Object out, DataType dt, int j) {
        switch (dt) {
            case F32: {
                float f = ((float[]) out)[j];
                return Float.isNaN(f) ? 0x7FC00000L : Float.floatToRawIntBits(f);
            }
            case BF16:
            case F16:
                return ((short[]) out)[j] & 0xFFFF;
            case S32:
                return ((int[]) out)[j];
            case U8:
                return ((byte[]) out)[j] & 0xFF;
            default:
                return ((byte[]) out)[j];
        }
    }

    static Object newArray(DataType t, int n) {
        switch (t) {
            case F32:
                return new float[n];
            case S32:
                return new int[n];
            case BF16:
            case F16:
                return new short[n];
            default:
                return new byte[n];
        }
    }

    static void put(Object a, DataType t, int j, double v) {
        switch (t) {
            case F32:
                ((float[]) a)[j] = (float) v;
                break;
            case S32:
                ((int[]) a)[j] = (int) v;
                break;
            case BF16:
                ((short[]) a)[j] = HalfFloats.floatToBf16((float) v);
                break;
            case F16:
                ((short[]) a)[j] = HalfFloats.floatToF16((float) v);
                break;
            default:
                ((byte[]) a)[j] = (byte) (int) v;
        }
    }

    private QuantizationProbe() {
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Side;
import dev.strider.Target;
import dev.strider.kernel.Convert;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.HalfFloats;
import dev.strider.kernel.Quantization;
import dev.strider.kernel.Quantization.Parameter;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every class of {@link QuantOps} against the generic kernel with the same parameters, bit for bit
 * over the whole destination (pad lanes included, the destination starting as garbage), on random
 * sources and random scales and zero points; and bad parameters refused before anything is written.
 */
class QuantizedKernelsTest {

    private static final TensorLayout OIHW = TensorLayout.of("OIHW", new int[] {20, 6, 3, 3}, "oihw");
    private static final TensorLayout OIHW16 = TensorLayout.of("OIHW", new int[] {20, 6, 3, 3}, "OIhw16i16o");
    private static final int[] SIZES = {1, 17, 12, 12};
    private static final TensorLayout PLANAR = TensorLayout.of("NCHW", SIZES, "nchw");
    private static final TensorLayout NHWC = TensorLayout.of("NCHW", SIZES, "nhwc");
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", SIZES, "nChw16c");

    private static QuantOps load(String name) throws ReflectiveOperationException {
        return (QuantOps) Class.forName(QuantOps.class.getPackageName() + ".QuantOps_" + name).getConstructor()
                .newInstance();
    }

    private final Random random = new Random(17);

    private float[] floats(int n, int magnitude) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(magnitude)));
        }
        return a;
    }

    private float[] scales(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (0.01 + random.nextDouble() * 3) * (random.nextInt(8) == 0 ? -1 : 1);
        }
        return a;
    }

    private byte[] bytes(int n) {
        byte[] a = new byte[n];
        random.nextBytes(a);
        return a;
    }

    private int[] ints(int n, int bound) {
        return random.ints(n, -bound, bound).toArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Scalar", "Vector128", "Vector256", "Vector512", "Threads"})
    void everyClassComputesWhatTheGenericKernelDoes(String name) throws ReflectiveOperationException {
        QuantOps ops = load(name);
        for (int round = 0; round < 3; round++) {
            float[] weights = floats(OIHW.bufferSize(), 10);
            float[] wScales = scales(20);
            byte[] expected = bytes(OIHW16.bufferSize());
            byte[] actual = expected.clone();
            ops.quantizeWeights(weights, actual, wScales);
            generic(weights, OIHW, false, expected, OIHW16, false, null, 1, 0, 0,
                    Parameter.scales(Side.DST, "O", wScales));
            assertArrayEquals(expected, actual, name + " quantizeWeights");

            byte[] u8 = bytes(NHWC.bufferSize());
            int[] zps = ints(17, 256);
            float[] cScales = scales(17);
            float[] f = floats(PLANAR.bufferSize(), 4);
            float[] g = f.clone();
            ops.dequantize(u8, f, zps, cScales);
            generic(u8, NHWC, true, g, PLANAR, false, null, 1, 0, 0, Parameter.zeroPoints(Side.SRC, "C", zps),
                    Parameter.scales(Side.SRC, "C", cScales));
            assertBits(g, f, name + " dequantize");

            // one scale and zero point for the whole tensor: transposed in registers by VECTOR (256, 512)
            float[] acts = edges(floats(PLANAR.bufferSize(), 9));
            float scale = round == 0 ? 0.5f : scales(1)[0];
            int zp = random.nextInt(256);
            byte[] q = bytes(BLOCKED.bufferSize());
            byte[] qe = q.clone();
            ops.quantizeActivations(acts, q, Math.abs(scale), zp);
            generic(acts, PLANAR, false, qe, BLOCKED, true, null, 1, 0, 0,
                    Parameter.scales(Side.DST, "", Math.abs(scale)), Parameter.zeroPoints(Side.DST, "", zp));
            assertArrayEquals(qe, q, name + " quantizeActivations");

            byte[] s8 = bytes(PLANAR.bufferSize());
            float[] srcScales = scales(17);
            float[] dstScales = scales(17);
            byte[] r = bytes(NHWC.bufferSize());
            byte[] re = r.clone();
            ops.requantize(s8, r, srcScales, dstScales);
            generic(s8, PLANAR, false, re, NHWC, false, null, 1, 0, 0, Parameter.scales(Side.SRC, "C", srcScales),
                    Parameter.scales(Side.DST, "C", dstScales));
            assertArrayEquals(re, r, name + " requantize");

            float[] blocked = floats(BLOCKED.bufferSize(), 12);
            float[] nc = scales(17);
            float[] hw = scales(144);
            float[] p = floats(PLANAR.bufferSize(), 3);
            float[] pe = p.clone();
            ops.scaleByPlace(blocked, p, nc, hw);
            generic(blocked, BLOCKED, false, pe, PLANAR, false, null, 1, 0, 0, Parameter.scales(Side.SRC, "NC", nc),
                    Parameter.scales(Side.DST, "HW", hw));
            assertBits(pe, p, name + " scaleByPlace");

            float[] src = floats(PLANAR.bufferSize(), 12);
            short[] bScales = new short[17];
            float[] drawn = scales(17);
            for (int i = 0; i < 17; i++) {
                bScales[i] = HalfFloats.floatToBf16(drawn[i]);
            }
            short[] h = new short[NHWC.bufferSize()];
            float[] hOld = floats(h.length, 6);
            for (int i = 0; i < h.length; i++) {
                h[i] = HalfFloats.floatToBf16(hOld[i]);
            }
            short[] he = h.clone();
            ops.scaleOntoBf16(src, h, bScales);
            Convert.reorder(src, PLANAR, null, false, he, NHWC, NarrowFormat.BF16, false, 1, 0, 0.5,
                    List.of(new Parameter(Quantization.Kind.SCALE, Side.SRC, "C", bScales, NarrowFormat.BF16)));
            assertArrayEquals(he, h, name + " scaleOntoBf16");

            byte[] planarU8 = bytes(PLANAR.bufferSize());
            int[] pz = ints(17, 256);
            float[] ps = scales(17);
            float pd = Math.abs(scales(1)[0]);
            float[] pf = floats(PLANAR.bufferSize(), 3);
            float[] pfe = pf.clone();
            ops.dequantizePlanar(planarU8, pf, pz, ps, pd);
            generic(planarU8, PLANAR, true, pfe, PLANAR, false, null, 1, 0, 0, Parameter.zeroPoints(Side.SRC, "C", pz),
                    Parameter.scales(Side.SRC, "C", ps), Parameter.scales(Side.DST, "", pd));
            assertBits(pfe, pf, name + " dequantizePlanar");

            float[] inter = floats(NHWC.bufferSize(), 12);
            int[] iz = ints(17, 1000);
            float[] is = scales(17);
            float[] io = floats(NHWC.bufferSize(), 3);
            float[] ioe = io.clone();
            ops.scaleInterleaved(inter, io, iz, is);
            generic(inter, NHWC, false, ioe, NHWC, false, null, 1, 0, 0, Parameter.zeroPoints(Side.SRC, "C", iz),
                    Parameter.scales(Side.DST, "C", is));
            assertBits(ioe, io, name + " scaleInterleaved");

            // found by the conformance run (bf16 -> f64, src:per_dim_1): the classes multiplied in float
            short[] b16 = new short[PLANAR.bufferSize()];
            float[] b16Values = floats(b16.length, 20);
            for (int i = 0; i < b16.length; i++) {
                b16[i] = HalfFloats.floatToBf16(b16Values[i]);
            }
            float[] wScales17 = scales(17);
            double[] wide = new double[NHWC.bufferSize()];
            double[] widee = new double[wide.length];
            ops.widenBf16(b16, wide, wScales17);
            Convert.reorder(b16, PLANAR, NarrowFormat.BF16, false, widee, NHWC, null, false, 1, 0, 0,
                    List.of(Parameter.scales(Side.SRC, "C", wScales17)));
            assertArrayEquals(widee, wide, name + " widenBf16");

            // found by the conformance run (f64 -> f16, src:per_dim_1): the generated value did not compile
            double[] f64 = new double[PLANAR.bufferSize()];
            for (int i = 0; i < f64.length; i++) {
                f64[i] = (random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(20) - 4);
            }
            short[] f16 = new short[NHWC.bufferSize()];
            short[] f16e = new short[f16.length];
            ops.narrowToF16(f64, f16, wScales17);
            Convert.reorder(f64, PLANAR, null, false, f16e, NHWC, NarrowFormat.F16, false, 1, 0, 0,
                    List.of(Parameter.scales(Side.SRC, "C", wScales17)));
            assertArrayEquals(f16e, f16, name + " narrowToF16");

            byte[] s8w = bytes(OIHW.bufferSize());
            int[] gz = ints(5 * 6, 100);
            float[] gs = scales(5 * 2);
            float[] dw = floats(OIHW16.bufferSize(), 3);
            float[] dwe = dw.clone();
            ops.decompress(s8w, dw, gz, gs);
            Convert.reorder(s8w, OIHW, null, false, dwe, OIHW16, null, false, 1, 0, 0, List.of(
                    new Parameter(Quantization.Kind.ZERO_POINT, Side.SRC, "OI", gz, null, new int[] {4, 1}),
                    new Parameter(Quantization.Kind.SCALE, Side.SRC, "OI", gs, null, new int[] {4, 3})));
            assertBits(dwe, dw, name + " decompress");

            int[] big = ints(PLANAR.bufferSize(), 1 << 20);
            byte[] zp8 = bytes(17);
            byte[] n8 = bytes(BLOCKED.bufferSize());
            byte[] ne = n8.clone();
            ops.narrowInts(big, n8, zp8);
            Convert.reorder(big, PLANAR, null, false, ne, BLOCKED, null, false, 0.125, 0, 0,
                    List.of(new Parameter(Quantization.Kind.ZERO_POINT, Side.DST, "C", zp8, null)));
            assertArrayEquals(ne, n8, name + " narrowInts");

            // into bytes in float lanes (VECTOR at 256 and 512 bits): ties, both ends, NaN and infinities;
            // scales of 1, 1/2 and 2 on every other channel keep the edges' ties ties after the multiply
            float[] fp = edges(floats(PLANAR.bufferSize(), 9));
            float[] qs = exactOnEvenChannels(scales(17));
            int qz = random.nextInt(256);
            byte[] qp = bytes(PLANAR.bufferSize());
            byte[] qpe = qp.clone();
            ops.quantizePlanar(fp, qp, qs, qz);
            generic(fp, PLANAR, false, qpe, PLANAR, true, null, 1, 0, 0, Parameter.scales(Side.DST, "C", qs),
                    Parameter.zeroPoints(Side.DST, "", qz));
            assertArrayEquals(qpe, qp, name + " quantizePlanar");

            float[] fi = edges(floats(NHWC.bufferSize(), 9));
            int[] qzs = ints(17, 200);
            byte[] qi = bytes(NHWC.bufferSize());
            byte[] qie = qi.clone();
            ops.quantizeInterleaved(fi, qi, qs, qzs);
            generic(fi, NHWC, false, qie, NHWC, false, null, 1, 0, 0, Parameter.scales(Side.DST, "C", qs),
                    Parameter.zeroPoints(Side.DST, "C", qzs));
            assertArrayEquals(qie, qi, name + " quantizeInterleaved");

            int[] acc = zeroPadded(ints(BLOCKED.bufferSize(), 1 << 9));
            float[] as = exactOnEvenChannels(scales(17));
            float ad = 2f; // exact: half the odd sums are ties
            byte[] qa = bytes(BLOCKED.bufferSize());
            byte[] qae = qa.clone();
            ops.requantizeInts(acc, qa, as, ad);
            generic(acc, BLOCKED, false, qae, BLOCKED, false, null, 1, 0, 0,
                    Parameter.scales(Side.SRC, "C", as), Parameter.scales(Side.DST, "", ad));
            assertArrayEquals(qae, qa, name + " requantizeInts");

            int[] accs = zeroPadded(random.ints(BLOCKED.bufferSize()).toArray());
            float[] ds = scales(17);
            float[] df = floats(BLOCKED.bufferSize(), 3);
            float[] dfe = df.clone();
            ops.dequantizeInts(accs, df, ds);
            generic(accs, BLOCKED, false, dfe, BLOCKED, false, null, 1, 0, 0, Parameter.scales(Side.SRC, "C", ds));
            assertBits(dfe, df, name + " dequantizeInts");

            byte[] u = bytes(PLANAR.bufferSize());
            int uz = random.nextInt(256);
            float[] us = exactOnEvenChannels(scales(17));
            byte[] su = bytes(PLANAR.bufferSize());
            byte[] sue = su.clone();
            ops.shiftToSigned(u, su, uz, us);
            generic(u, PLANAR, true, sue, PLANAR, false, null, 1, 0, 0, Parameter.zeroPoints(Side.SRC, "", uz),
                    Parameter.scales(Side.SRC, "C", us));
            assertArrayEquals(sue, su, name + " shiftToSigned");
        }
    }

    /**
     * Scales and zero points per channel across the lanes, transposed in registers: read once per
     * input row where a row is one channel (nchw to nChw16c, OIhw to
     * OIhw16i16o per output channel, nchw to nhwc), loaded as a vector beside each row where a
     * row holds the channels (nChw16c to nchw). Every variant of every class (the constructor's
     * number; past a method's count it runs the rule's) against the generic kernel, edge values
     * and negative scales included; the 256- and 512-bit classes list block variants for them.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Scalar", "Vector128", "Vector256", "Vector512", "Threads"})
    void perChannelValuesAcrossTheLanesComputeWhatTheGenericKernelDoes(String name)
            throws ReflectiveOperationException {
        Class<?> type = Class.forName(QuantOps.class.getPackageName() + ".QuantOps_" + name);
        List<QuantOps> variants = new ArrayList<>();
        if (name.startsWith("Vector")) {
            for (int v = 0; v < dev.strider.processor.plan.ClassPlanner.MAX_VARIANTS; v++) {
                variants.add((QuantOps) type.getConstructor(int.class).newInstance(v));
            }
            if (!name.equals("Vector128")) {
                java.util.Map<String, List<String>> listed = ((dev.strider.runtime.KernelProvider) Class
                        .forName(type.getName() + "$Provider").getConstructor().newInstance()).variants();
                for (String m : List.of("quantizeToBlockedPerChannel(float[], byte[], float[], int[])",
                        "dequantizeFromBlockedPerChannel(byte[], float[], int[], float[])",
                        "dequantizeIntsToBlocked(int[], float[], float[])", "requantize(byte[], byte[], float[], float[])",
                        "quantizeWeights(float[], byte[], float[])")) {
                    assertTrue(listed.containsKey(m) && listed.get(m).get(0).contains("blocks in registers"),
                            name + " " + m + ": " + listed.get(m));
                }
            }
        } else {
            variants.add(load(name));
        }
        for (int v = 0; v < variants.size(); v++) {
            QuantOps ops = variants.get(v);
            String what = name + " variant " + v + " ";
            for (int round = 0; round < 2; round++) {
                float[] acts = edges(floats(PLANAR.bufferSize(), 9));
                float[] cScales = scales(17);
                int[] zps = ints(17, 300);
                byte[] q = bytes(BLOCKED.bufferSize());
                byte[] qe = q.clone();
                ops.quantizeToBlockedPerChannel(acts, q, cScales, zps);
                generic(acts, PLANAR, false, qe, BLOCKED, true, null, 1, 0, 0, Parameter.scales(Side.DST, "C", cScales),
                        Parameter.zeroPoints(Side.DST, "C", zps));
                assertArrayEquals(qe, q, what + "quantizeToBlockedPerChannel");

                byte[] u8 = bytes(BLOCKED.bufferSize());
                float[] f = floats(PLANAR.bufferSize(), 4);
                float[] fe = f.clone();
                ops.dequantizeFromBlockedPerChannel(u8, f, zps, cScales);
                generic(u8, BLOCKED, true, fe, PLANAR, false, null, 1, 0, 0, Parameter.zeroPoints(Side.SRC, "C", zps),
                        Parameter.scales(Side.SRC, "C", cScales));
                assertBits(fe, f, what + "dequantizeFromBlockedPerChannel");

                int[] acc = ints(PLANAR.bufferSize(), 1 << 30);
                float[] d = floats(BLOCKED.bufferSize(), 4);
                float[] de = d.clone();
                ops.dequantizeIntsToBlocked(acc, d, cScales);
                generic(acc, PLANAR, false, de, BLOCKED, false, null, 1, 0, 0, Parameter.scales(Side.SRC, "C", cScales));
                assertBits(de, d, what + "dequantizeIntsToBlocked");

                byte[] s8 = bytes(PLANAR.bufferSize());
                float[] dstScales = scales(17);
                byte[] r = bytes(NHWC.bufferSize());
                byte[] re = r.clone();
                ops.requantize(s8, r, cScales, dstScales);
                generic(s8, PLANAR, false, re, NHWC, false, null, 1, 0, 0, Parameter.scales(Side.SRC, "C", cScales),
                        Parameter.scales(Side.DST, "C", dstScales));
                assertArrayEquals(re, r, what + "requantize");

                float[] weights = edges(floats(OIHW.bufferSize(), 10));
                float[] wScales = scales(20);
                byte[] w = bytes(OIHW16.bufferSize());
                byte[] we = w.clone();
                ops.quantizeWeights(weights, w, wScales);
                generic(weights, OIHW, false, we, OIHW16, false, null, 1, 0, 0, Parameter.scales(Side.DST, "O", wScales));
                assertArrayEquals(we, w, what + "quantizeWeights");
            }
        }
    }

    /** {@code a} with every fifth value one a narrowing must get right: ties, both ends of s8 and u8, NaN, infinities. */
    private float[] edges(float[] a) {
        float[] edges = {0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.25f, 1.25f, -0.75f, 127.5f, 128.5f, -128.5f, -129f, 254.5f,
            255.5f, 256f, -0f, Float.NaN, Float.intBitsToFloat(0xFFA00001), Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, 1e10f};
        for (int i = 0; i < a.length; i += 5) {
            a[i] = edges[random.nextInt(edges.length)];
        }
        return a;
    }

    /** {@code scales} with 1, 1/2 or 2 on every even channel: exact inverses, so a tie stays a tie (or a quarter becomes one). */
    private static float[] exactOnEvenChannels(float[] scales) {
        float[] exact = {1f, 0.5f, 2f};
        for (int c = 0; c < scales.length; c += 2) {
            scales[c] = exact[c / 2 % 3];
        }
        return scales;
    }

    /** {@code a} (nChw16c over C=17) with the pad lanes of its second channel block zero, as a blocked input's are. */
    private static int[] zeroPadded(int[] a) {
        int[] z = a.clone();
        for (int hw = 0; hw < 144; hw++) {
            for (int c = 1; c < 16; c++) {
                z[16 * 144 + hw * 16 + c] = 0;
            }
        }
        return z;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Scalar", "Vector512", "Threads"})
    void badParametersAreRefusedBeforeAnythingIsWritten(String name) throws ReflectiveOperationException {
        QuantOps ops = load(name);
        float[] weights = floats(OIHW.bufferSize(), 4);
        byte[] dst = new byte[OIHW16.bufferSize()];
        Arrays.fill(dst, (byte) 7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ops.quantizeWeights(weights, dst, new float[6]));
        assertEquals("scales has 6 values but takes 20: one per index of O=20 (per = \"O\")", e.getMessage());
        float[] zeroAt3 = scales(20);
        zeroAt3[3] = 0;
        e = assertThrows(IllegalArgumentException.class, () -> ops.quantizeWeights(weights, dst, zeroAt3));
        assertEquals("scales[3] is 0; a destination scale divides, so it must not be 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ops.quantizeActivations(floats(PLANAR.bufferSize(), 2), dst, Float.POSITIVE_INFINITY, 0));
        assertEquals("scale is Infinity; a scale must be finite", e.getMessage());
        for (byte b : dst) {
            assertEquals(7, b);
        }
    }

    private static void generic(Object src, TensorLayout from, boolean unsignedSource, Object dst, TensorLayout to,
                                boolean unsignedDestination, NarrowFormat dstNarrow, double scale, double shift, double sum,
                                Parameter... parameters) {
        Convert.reorder(src, from, null, unsignedSource, dst, to, dstNarrow, unsignedDestination, scale, shift, sum,
                List.of(parameters));
    }

    private static void assertBits(float[] expected, float[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(actual[i]), what + " at " + i);
        }
    }
}

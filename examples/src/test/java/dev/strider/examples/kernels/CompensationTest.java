package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.strider.Compensation;
import dev.strider.Side;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Compensations;
import dev.strider.kernel.Convert;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * oneDNN's compensations of s8 weights ({@code @Compensation}): every class of
 * {@link CompensationOps} against the generic kernel (weights and compensations, the destination and
 * the compensations starting as garbage); the generic kernel against oneDNN's reorder with the
 * compensation flags on its destination (weights, pad lanes and the int32 tail); hand-computed sums;
 * and bad arguments refused before anything is written.
 */
class CompensationTest {

    private static final TensorLayout OIHW = TensorLayout.of("OIHW", new int[] {20, 6, 3, 3}, "oihw");
    private static final TensorLayout OIHW4 = TensorLayout.of("OIHW", new int[] {20, 6, 3, 3}, "OIhw4i16o4i");
    private static final TensorLayout GOIHW = TensorLayout.of("GOIHW", new int[] {2, 20, 6, 3, 3}, "goihw");
    private static final TensorLayout GOIHW4 = TensorLayout.of("GOIHW", new int[] {2, 20, 6, 3, 3}, "gOIhw4i16o4i");
    private static final TensorLayout BIG = TensorLayout.of("OIHW", new int[] {256, 64, 3, 3}, "oihw");
    private static final TensorLayout BIG16 = TensorLayout.of("OIHW", new int[] {256, 64, 3, 3}, "OIhw16i16o");
    private static final TensorLayout ABCD = TensorLayout.of("ABCD", new int[] {5, 3, 3, 3}, "abcd");
    private static final TensorLayout CDBA = TensorLayout.of("ABCD", new int[] {5, 3, 3, 3}, "cdba");
    private static final TensorLayout LINE = TensorLayout.of("A", new int[] {4}, "a");

    private final Random random = new Random(29);

    private static CompensationOps load(String name) throws ReflectiveOperationException {
        return (CompensationOps) Class.forName(CompensationOps.class.getPackageName() + ".CompensationOps_" + name)
                .getConstructor().newInstance();
    }

    /** Weights of every magnitude, some beyond s8 (which saturate). */
    private float[] weights(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (random.nextGaussian() * 60);
        }
        return a;
    }

    private float[] scales(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) Math.exp(random.nextDouble() * 2 - 1);
        }
        return a;
    }

    private byte[] garbage(int n) {
        byte[] a = new byte[n];
        random.nextBytes(a);
        return a;
    }

    private int[] garbageInts(int n) {
        return random.ints(n).toArray();
    }

    private static Compensations.Output out(Compensation.Kind kind, String per, int[] values) {
        return new Compensations.Output(kind, per, values);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Scalar", "Vector128", "Vector256", "Vector512", "Threads"})
    void everyClassComputesWhatTheGenericKernelDoes(String name) throws ReflectiveOperationException {
        CompensationOps ops = load(name);
        for (int round = 0; round < 2; round++) {
            float[] src = weights(OIHW.bufferSize());
            float[] s = scales(20);
            byte[] expected = garbage(OIHW4.bufferSize());
            int[] s8s8 = garbageInts(20);
            int[] zp = garbageInts(20);
            Convert.reorder(src, OIHW, null, false, expected, OIHW4, null, false, 1, 0, 0,
                    List.of(Quantization.Parameter.scales(Side.SRC, "O", s)),
                    List.of(out(Compensation.Kind.S8S8, "O", s8s8), out(Compensation.Kind.ZERO_POINT, "O", zp)));
            byte[] actual = garbage(expected.length);
            int[] aS8s8 = garbageInts(20);
            int[] aZp = garbageInts(20);
            ops.weights(src, actual, s, aS8s8, aZp);
            assertArrayEquals(expected, actual, name + " weights");
            assertArrayEquals(s8s8, aS8s8, name + " s8s8");
            assertArrayEquals(zp, aZp, name + " zero point");

            float[] g = weights(GOIHW.bufferSize());
            byte[] gExpected = garbage(GOIHW4.bufferSize());
            int[] gS8s8 = garbageInts(40);
            Convert.reorder(g, GOIHW, null, false, gExpected, GOIHW4, null, false, 0.5, 0, 0, List.of(),
                    List.of(out(Compensation.Kind.S8S8, "GO", gS8s8)));
            byte[] gActual = garbage(gExpected.length);
            int[] gaS8s8 = garbageInts(40);
            ops.grouped(g, gActual, gaS8s8);
            assertArrayEquals(gExpected, gActual, name + " grouped");
            assertArrayEquals(gS8s8, gaS8s8, name + " grouped s8s8");

            float[] b = weights(BIG.bufferSize());
            byte[] bExpected = new byte[BIG16.bufferSize()];
            int[] bS8s8 = new int[256];
            int[] bZp = new int[256];
            Convert.reorder(b, BIG, null, false, bExpected, BIG16, null, false, 1, 0, 0, List.of(),
                    List.of(out(Compensation.Kind.S8S8, "O", bS8s8), out(Compensation.Kind.ZERO_POINT, "O", bZp)));
            byte[] bActual = garbage(bExpected.length);
            int[] baS8s8 = garbageInts(256);
            int[] baZp = garbageInts(256);
            ops.big(b, bActual, baS8s8, baZp);
            assertArrayEquals(bExpected, bActual, name + " big");
            assertArrayEquals(bS8s8, baS8s8, name + " big s8s8");
            assertArrayEquals(bZp, baZp, name + " big zero point");

            byte[] p = garbage(ABCD.bufferSize());
            int zero = random.nextInt(5) - 2;
            byte[] pExpected = garbage(CDBA.bufferSize());
            int[] pComp = garbageInts(5);
            Convert.reorder(p, ABCD, null, false, pExpected, CDBA, null, false, 1, 0, 0,
                    List.of(Quantization.Parameter.zeroPoints(Side.SRC, "", zero)),
                    List.of(out(Compensation.Kind.ZERO_POINT, "A", pComp)));
            byte[] pActual = garbage(pExpected.length);
            int[] paComp = garbageInts(5);
            ops.plain(p, pActual, zero, paComp);
            assertArrayEquals(pExpected, pActual, name + " plain");
            assertArrayEquals(pComp, paComp, name + " plain zero point");

            int[] line = random.ints(4, -300, 300).toArray();
            byte[] lExpected = garbage(4);
            int[] lComp = garbageInts(4);
            Convert.reorder(line, LINE, null, false, lExpected, LINE, null, false, 1, 0, 0, List.of(),
                    List.of(out(Compensation.Kind.S8S8, "A", lComp)));
            byte[] lActual = garbage(4);
            int[] laComp = garbageInts(4);
            ops.ints(line, lActual, laComp);
            assertArrayEquals(lExpected, lActual, name + " ints");
            assertArrayEquals(lComp, laComp, name + " ints s8s8");

            byte[] shifted = garbage(4);
            int[] zeroPoints = random.ints(4, -3, 3).toArray();
            byte[] sExpected = garbage(4);
            int[] sComp = garbageInts(4);
            Convert.reorder(shifted, LINE, null, false, sExpected, LINE, null, false, 1, 0, 0,
                    List.of(Quantization.Parameter.zeroPoints(Side.SRC, "A", zeroPoints)),
                    List.of(out(Compensation.Kind.ZERO_POINT, "A", sComp)));
            byte[] sActual = garbage(4);
            int[] saComp = garbageInts(4);
            ops.shifted(shifted, sActual, zeroPoints, saComp);
            assertArrayEquals(sExpected, sActual, name + " shifted");
            assertArrayEquals(sComp, saComp, name + " shifted zero point");

            byte[] rows = garbage(ABCD.bufferSize());
            int[] rExpected = new int[5];
            Convert.reorder(rows, ABCD, null, false, new byte[ABCD.bufferSize()], ABCD, null, false, 1, 0, 0, List.of(),
                    List.of(out(Compensation.Kind.S8S8, "A", rExpected)));
            byte[] rActual = garbage(ABCD.bufferSize());
            int[] raComp = garbageInts(5);
            ops.rows(rows, rActual, raComp);
            assertArrayEquals(rows, rActual, name + " rows");
            assertArrayEquals(rExpected, raComp, name + " rows s8s8");

            ByteBuffer buffer = ByteBuffer.allocateDirect(3 + expected.length);
            buffer.position(3);
            int[] bufS8s8 = garbageInts(20);
            ops.toBuffer(src, buffer, bufS8s8);
            byte[] fromBuffer = new byte[expected.length];
            buffer.get(3, fromBuffer);
            byte[] unscaled = new byte[expected.length];
            int[] uS8s8 = new int[20];
            Convert.reorder(src, OIHW, null, false, unscaled, OIHW4, null, false, 1, 0, 0, List.of(),
                    List.of(out(Compensation.Kind.S8S8, "O", uS8s8)));
            assertArrayEquals(unscaled, fromBuffer, name + " into a buffer");
            assertArrayEquals(uS8s8, bufS8s8, name + " into a buffer, s8s8");
        }
    }

    /** Sums computed here from the source, without any layout: each weight as s8, summed per O. */
    @Test
    void theGenericKernelWritesTheSumsTimesTheFactor() {
        byte[] src = garbage(ABCD.bufferSize());
        int[] sums = new int[5];
        for (int i = 0; i < src.length; i++) {
            sums[i / 27] += src[i];
        }
        byte[] dst = new byte[CDBA.bufferSize()];
        int[] s8s8 = new int[5];
        int[] zp = new int[5];
        Convert.reorder(src, ABCD, null, false, dst, CDBA, null, false, 1, 0, 0, List.of(),
                List.of(out(Compensation.Kind.S8S8, "A", s8s8), out(Compensation.Kind.ZERO_POINT, "A", zp)));
        for (int a = 0; a < 5; a++) {
            assertEquals(-128 * sums[a], s8s8[a], "s8s8 of " + a);
            assertEquals(-sums[a], zp[a], "zero point of " + a);
        }
        int[] total = new int[1];
        Convert.reorder(src, ABCD, null, false, dst, CDBA, null, false, 1, 0, 0, List.of(),
                List.of(out(Compensation.Kind.ZERO_POINT, "", total)));
        assertEquals(-Arrays.stream(sums).sum(), total[0]);
    }

    /** oneDNN's reorder with the compensation flags on its destination, and Strider's generic kernel. */
    @Test
    void oneDnnWritesTheSameWeightsAndCompensations() {
        float[] src = weights(OIHW.bufferSize());
        float[] s = scales(20);
        long[] dims = {20, 6, 3, 3};
        byte[] strider = new byte[OIHW4.bufferSize()];
        int[] s8s8 = new int[20];
        int[] zp = new int[20];
        Convert.reorder(src, OIHW, null, false, strider, OIHW4, null, false, 1, 0, 0,
                List.of(Quantization.Parameter.scales(Side.SRC, "O", s)),
                List.of(out(Compensation.Kind.S8S8, "O", s8s8), out(Compensation.Kind.ZERO_POINT, "O", zp)));
        compareWithOneDnn(MemorySpec.tagged(DataType.F32, "abcd", dims), MemorySpec.tagged(DataType.S8, "ABcd4b16a4b", dims),
                OneDnnReorder.Quantization.NONE.withSourceScales(0b1, s), new OneDnnReorder.Compensations(0b1, 0b1),
                src, strider, OIHW4, new int[][] {s8s8, zp});

        float[] g = weights(GOIHW.bufferSize());
        long[] gDims = {2, 20, 6, 3, 3};
        byte[] gStrider = new byte[GOIHW4.bufferSize()];
        int[] gS8s8 = new int[40];
        Convert.reorder(g, GOIHW, null, false, gStrider, GOIHW4, null, false, 0.5, 0, 0, List.of(),
                List.of(out(Compensation.Kind.S8S8, "GO", gS8s8)));
        compareWithOneDnn(MemorySpec.tagged(DataType.F32, "abcde", gDims), MemorySpec.tagged(DataType.S8, "aBCde4c16b4c", gDims),
                OneDnnReorder.Quantization.NONE.withSourceScale(0.5f), new OneDnnReorder.Compensations(0b11, 0),
                g, gStrider, GOIHW4, new int[][] {gS8s8});

        byte[] p = garbage(ABCD.bufferSize());
        byte[] pStrider = new byte[CDBA.bufferSize()];
        int[] pComp = new int[5];
        Convert.reorder(p, ABCD, null, false, pStrider, CDBA, null, false, 1, 0, 0,
                List.of(Quantization.Parameter.zeroPoints(Side.SRC, "", 2)),
                List.of(out(Compensation.Kind.ZERO_POINT, "A", pComp)));
        compareWithOneDnn(MemorySpec.tagged(DataType.S8, "abcd", 5, 3, 3, 3), MemorySpec.tagged(DataType.S8, "cdba", 5, 3, 3, 3),
                OneDnnReorder.Quantization.NONE.withSourceZeroPoints(0, 2), new OneDnnReorder.Compensations(0, 0b1),
                p, pStrider, CDBA, new int[][] {pComp});
    }

    /**
     * Runs oneDNN's reorder of {@code input} and compares its weights (every byte, pad lanes
     * included) with {@code weights}, and its int32 tail with {@code compensations} (s8s8 first), each
     * laid out as {@link OneDnnReorder#compensationOrder} says oneDNN lays it out after the weights:
     * Strider's logical values, 0 at pad indices.
     */
    private static void compareWithOneDnn(MemorySpec from, MemorySpec to, OneDnnReorder.Quantization q,
                                          OneDnnReorder.Compensations c, Object input, byte[] weights,
                                          TensorLayout dst, int[][] compensations) {
        try (OneDnnReorder r = OneDnnReorder.create(from, to, q, c)) {
            byte[] all = (byte[]) r.run(input instanceof byte[] b ? b.clone() : ((float[]) input).clone());
            String what = from + " -> " + to + " (oneDNN " + r.implementation() + ")";
            assertArrayEquals(weights, Arrays.copyOf(all, weights.length), what + ": weights");
            ByteBuffer tail = ByteBuffer.wrap(all).order(ByteOrder.nativeOrder());
            long at = r.compensationOffset();
            int[] masks = {c.s8s8Mask(), c.zeroPointMask()};
            int next = 0;
            for (int mask : masks) {
                if (mask == 0) {
                    continue;
                }
                int[] comp = compensations[next++];
                int[] order = OneDnnReorder.compensationOrder(dst, mask);
                for (int k = 0; k < order.length; k++) {
                    int oneDnn = tail.getInt(Math.toIntExact(at + 4L * k));
                    assertEquals(order[k] < 0 ? 0 : comp[order[k]], oneDnn, what + ": compensation at " + k);
                }
                at += 4L * order.length;
            }
            assertEquals(all.length, at, what + ": the tail's length");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Scalar", "Vector512", "Threads"})
    void badCompensationsAreRefusedBeforeAnythingIsWritten(String name) throws ReflectiveOperationException {
        CompensationOps ops = load(name);
        float[] src = weights(OIHW.bufferSize());
        byte[] dst = new byte[OIHW4.bufferSize()];
        Arrays.fill(dst, (byte) 7);
        int[] twenty = new int[20];
        Arrays.fill(twenty, 9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ops.weights(src, dst, scales(20), new int[19], twenty));
        assertEquals("s8s8 has 19 values but takes 20: one per index of O=20 (per = \"O\")", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ops.weights(src, dst, scales(20), twenty, twenty));
        assertEquals("zeroPoint is the same array as s8s8; the compensation needs an array of its own", e.getMessage());
        byte[] p = garbage(ABCD.bufferSize());
        byte[] pDst = new byte[CDBA.bufferSize()];
        Arrays.fill(pDst, (byte) 7);
        e = assertThrows(IllegalArgumentException.class, () -> ops.plain(p, pDst, 0, new int[20]));
        assertEquals("compensation has 20 values but takes 5: one per index of A=5 (per = \"A\")", e.getMessage());
        int[] four = {9, 9, 9, 9};
        byte[] lineDst = {7, 7, 7, 7};
        e = assertThrows(IllegalArgumentException.class, () -> ops.ints(four, lineDst, four));
        assertEquals("s8s8 is the same array as src; the compensation needs an array of its own", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ops.shifted(new byte[4], lineDst, four, four));
        assertEquals("compensation is the same array as zeroPoints; the compensation needs an array of its own",
                e.getMessage());
        assertArrayEquals(new int[] {9, 9, 9, 9}, four);
        assertArrayEquals(new byte[] {7, 7, 7, 7}, lineDst);
        for (byte b : dst) {
            assertEquals(7, b);
        }
        for (byte b : pDst) {
            assertEquals(7, b);
        }
        for (int v : twenty) {
            assertEquals(9, v);
        }
    }
}

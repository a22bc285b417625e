package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.strider.Compensation;
import dev.strider.Side;
import dev.strider.kernel.Compensations.Output;
import dev.strider.layout.TensorLayout;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generic kernel's compensations of s8 weights against sums worked out by hand, along one dim,
 * two dims and none, through a blocked layout with a partial block; int32 wrapping; and every bad
 * argument refused before anything is written.
 */
class CompensationsTest {

    /** 3 x 2 weights, O x I, as s8 values 1..6 (times -1 for odd O), in a blocked layout padding O to 4 (Oi4o). */
    private static final TensorLayout OI = TensorLayout.of("OI", new int[] {3, 2}, "oi");
    private static final TensorLayout BLOCKED = TensorLayout.of("OI", new int[] {3, 2}, "Oi4o");

    private static byte[] weights() {
        return new byte[] {1, 2, -3, -4, 5, 6};
    }

    private static void reorder(Object src, Object dst, List<Quantization.Parameter> ps, Output... outs) {
        Convert.reorder(src, OI, null, false, dst, BLOCKED, null, false, 1, 0, 0, ps, List.of(outs));
    }

    @Test
    void sumsAlongEachNamedDimTimesTheFactor() {
        byte[] dst = new byte[BLOCKED.bufferSize()];
        int[] perO = new int[3];
        int[] perI = new int[2];
        int[] perOI = new int[6];
        int[] all = new int[1];
        reorder(weights(), dst, List.of(), new Output(Compensation.Kind.S8S8, "O", perO),
                new Output(Compensation.Kind.ZERO_POINT, "I", perI));
        // rows 1+2, -3-4, 5+6; columns 1-3+5, 2-4+6
        assertArrayEquals(new int[] {-128 * 3, -128 * -7, -128 * 11}, perO);
        assertArrayEquals(new int[] {-3, -4}, perI);
        reorder(weights(), dst, List.of(), new Output(Compensation.Kind.ZERO_POINT, "OI", perOI),
                new Output(Compensation.Kind.S8S8, "", all));
        assertArrayEquals(new int[] {-1, -2, 3, 4, -5, -6}, perOI);
        assertArrayEquals(new int[] {-128 * 7}, all);
        // the weights themselves, pad lanes zero: Oi4o holds o fastest, O padded to 4
        assertArrayEquals(new byte[] {1, -3, 5, 0, 2, -4, 6, 0}, dst);
    }

    @Test
    void theSumsAreOfTheQuantizedWeights() {
        // 100.4 * 2 saturates to 127, -0.6 * 2 rounds half to even to -1 (as -1.2 rounds to -1)
        float[] src = {100.4f, -0.6f, 0.25f, 0.75f, -200f, 1.5f};
        byte[] dst = new byte[BLOCKED.bufferSize()];
        int[] perO = new int[3];
        reorder(src, dst, List.of(Quantization.Parameter.scales(Side.SRC, "", 2f)),
                new Output(Compensation.Kind.ZERO_POINT, "O", perO));
        assertArrayEquals(new int[] {-(127 - 1), -(0 + 2), -(-128 + 3)}, perO);
    }

    @Test
    void int32SumsWrapAsOneDnnsDo() {
        TensorLayout big = TensorLayout.of("OI", new int[] {1, 20_000}, "oi");
        byte[] src = new byte[20_000];
        Arrays.fill(src, (byte) 127);
        byte[] dst = new byte[20_000];
        int[] s8s8 = new int[1];
        Convert.reorder(src, big, null, false, dst, big, null, false, 1, 0, 0, List.of(),
                List.of(new Output(Compensation.Kind.S8S8, "O", s8s8)));
        assertEquals(-128 * 127 * 20_000, s8s8[0]); // -325,120,000: no wrap yet
        TensorLayout bigger = TensorLayout.of("OI", new int[] {1, 140_000}, "oi");
        byte[] more = new byte[140_000];
        Arrays.fill(more, (byte) 127);
        Convert.reorder(more, bigger, null, false, new byte[140_000], bigger, null, false, 1, 0, 0, List.of(),
                List.of(new Output(Compensation.Kind.S8S8, "O", s8s8)));
        assertEquals((int) (-128L * 127 * 140_000), s8s8[0]);
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsWritten() {
        byte[] dst = new byte[BLOCKED.bufferSize()];
        Arrays.fill(dst, (byte) 7);
        int[] three = {9, 9, 9};
        int[] other = {9, 9, 9};
        assertEquals("s8s8_comp has 2 values but takes 3: one per index of O=3 (per = \"O\")",
                assertThrows(IllegalArgumentException.class, () -> reorder(weights(), dst, List.of(),
                        new Output(Compensation.Kind.S8S8, "O", new int[2]))).getMessage());
        assertEquals("the s8s8_comp compensation is given twice",
                assertThrows(IllegalArgumentException.class, () -> reorder(weights(), dst, List.of(),
                        new Output(Compensation.Kind.S8S8, "O", three),
                        new Output(Compensation.Kind.S8S8, "O", other))).getMessage());
        assertEquals("zp_comp is the same array as s8s8_comp; the compensation needs an array of its own",
                assertThrows(IllegalArgumentException.class, () -> reorder(weights(), dst, List.of(),
                        new Output(Compensation.Kind.S8S8, "O", three),
                        new Output(Compensation.Kind.ZERO_POINT, "O", three))).getMessage());
        // the zero points' array, and an s32 source, are inputs a compensation must not overwrite
        int[] zeroPoints = {9, 9, 9};
        assertEquals("zp_comp is the same array as an input; the compensation needs an array of its own",
                assertThrows(IllegalArgumentException.class, () -> reorder(weights(), dst,
                        List.of(Quantization.Parameter.zeroPoints(Side.SRC, "O", zeroPoints)),
                        new Output(Compensation.Kind.ZERO_POINT, "O", zeroPoints))).getMessage());
        TensorLayout line = TensorLayout.of("O", new int[] {3}, "o");
        int[] ints = {9, 9, 9};
        byte[] lineDst = {7, 7, 7};
        assertEquals("s8s8_comp is the same array as an input; the compensation needs an array of its own",
                assertThrows(IllegalArgumentException.class, () -> Convert.reorder(ints, line, null, false, lineDst,
                        line, null, false, 1, 0, 0, List.of(),
                        List.of(new Output(Compensation.Kind.S8S8, "O", ints)))).getMessage());
        // s8 weights only: not floats, not u8, not a 16-bit float
        assertEquals("a compensation goes with s8 weights, a byte[] destination, not float[]",
                assertThrows(IllegalArgumentException.class, () -> Convert.reorder(weights(), OI, null, false,
                        new float[6], OI, null, false, 1, 0, 0, List.of(),
                        List.of(new Output(Compensation.Kind.S8S8, "O", three)))).getMessage());
        assertEquals("a compensation goes with s8 weights, not an unsigned or narrow-format destination",
                assertThrows(IllegalArgumentException.class, () -> Convert.reorder(weights(), OI, null, false, dst,
                        BLOCKED, null, true, 1, 0, 0, List.of(),
                        List.of(new Output(Compensation.Kind.S8S8, "O", three)))).getMessage());
        for (byte b : dst) {
            assertEquals(7, b);
        }
        assertArrayEquals(new byte[] {7, 7, 7}, lineDst);
        assertArrayEquals(new int[] {9, 9, 9}, three);
        assertArrayEquals(new int[] {9, 9, 9}, other);
        assertArrayEquals(new int[] {9, 9, 9}, zeroPoints);
        assertArrayEquals(new int[] {9, 9, 9}, ints);
    }
}

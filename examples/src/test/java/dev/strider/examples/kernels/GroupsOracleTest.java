package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.Side;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Convert;
import dev.strider.kernel.Quantization;
import dev.strider.kernel.Quantization.Parameter;
import dev.strider.layout.TensorLayout;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Groups against oneDNN: benchdnn's decompression case ({@code --sdt=s8 --ddt=f32
 * --attr-scales=src:per_tensor:f32:8x1 --attr-zero-points=src:per_tensor:s32:8x1}, groups on the
 * tensor's last dims), on a tensor small enough to run here, through oneDNN's reorder with
 * {@code set_scales}/{@code set_zero_points} groups and Strider's generic kernel with
 * {@code per = "ABCD", groups = {1, 1, 8, 1}}: the same floats, bit for bit. (The generated classes
 * are checked against the generic kernel in {@code QuantizedKernelsTest}.)
 */
class GroupsOracleTest {

    @Test
    void groupedScalesAndZeroPointsAreOneDnns() {
        OneDnn.load();
        long[] dims = {2, 3, 16, 7};
        int[] sizes = {2, 3, 16, 7};
        int n = 2 * 3 * 16 * 7;
        int values = 2 * 3 * 2 * 7;
        Random random = new Random(8);
        byte[] src = new byte[n];
        random.nextBytes(src);
        float[] scales = new float[values];
        int[] zeroPoints = new int[values];
        for (int i = 0; i < values; i++) {
            scales[i] = (float) Math.exp(random.nextDouble() * 4 - 2);
            zeroPoints[i] = random.nextInt(5) - 2;
        }
        OneDnnReorder.Quantization q = OneDnnReorder.Quantization.NONE
                .withSourceScales(new OneDnnReorder.Scales(0b1111, DataType.F32, scales, new long[] {8, 1}))
                .withSourceZeroPoints(new OneDnnReorder.ZeroPoints(0b1111, DataType.S32, zeroPoints, new long[] {8, 1}));
        float[] expected;
        String implementation;
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.S8, "abcd", dims),
                MemorySpec.tagged(DataType.F32, "abcd", dims), q)) {
            expected = (float[]) r.run(src.clone());
            implementation = r.implementation();
        }
        TensorLayout layout = TensorLayout.of("ABCD", sizes, "abcd");
        float[] actual = new float[n];
        Convert.reorder(src, layout, null, false, actual, layout, null, false, 1, 0, 0, List.of(
                new Parameter(Quantization.Kind.ZERO_POINT, Side.SRC, "ABCD", zeroPoints, null, new int[] {1, 1, 8, 1}),
                new Parameter(Quantization.Kind.SCALE, Side.SRC, "ABCD", scales, null, new int[] {1, 1, 8, 1})));
        for (int i = 0; i < n; i++) {
            assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(actual[i]),
                    "element " + i + " (oneDNN " + implementation + ")");
        }
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.BinaryOp;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.Strider;
import java.util.Random;
import dev.strider.Target;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The generated ImageOps against hand-computed values and against the generic kernels. */
@ParameterizedClass
@EnumSource(Target.class)
class ImageOpsTest {

    private static final int[] IMAGE = {1, 3, 224, 224};
    private static final int[] FEATURES = {1, 64, 56, 56};
    private static final TensorLayout PLANAR = TensorLayout.packed("NCHW", IMAGE);
    private static final TensorLayout INTERLEAVED = TensorLayout.of("NCHW", IMAGE, "nhwc");
    private static final TensorLayout NCHW64 = TensorLayout.packed("NCHW", FEATURES);
    private static final TensorLayout NHWC64 = TensorLayout.of("NCHW", FEATURES, "nhwc");

    @Parameter
    Target target;

    private ImageOps ops;

    @BeforeEach
    void load() {
        ops = Forced.load(ImageOps.class, target);
    }

    private final Random random = new Random(42);

    @Test
    void normalizeReadsBytesAsUnsigned() {
        byte[] pixels = new byte[150528];
        pixels[0] = (byte) 255; // h0 w0 R
        pixels[4] = (byte) 128; // h0 w1 G
        float[] planar = new float[150528];
        ops.normalize(pixels, planar);
        float scale = (float) (1 / 127.5);
        assertEquals(255 * scale - 1, planar[0]);
        assertEquals(128 * scale - 1, planar[50176 + 1]);
        assertEquals(-1f, planar[2 * 50176 + 5]);

        random.nextBytes(pixels);
        float[] expected = new float[150528];
        Convert.reorder(pixels, INTERLEAVED, true, expected, PLANAR, 1 / 127.5, -1);
        ops.normalize(pixels, planar);
        assertArrayEquals(expected, planar);
    }

    @Test
    void transposesMatchTheGenericKernels() {
        float[] src = randomFloats(150528);
        float[] dst = new float[150528];
        float[] expected = new float[150528];
        ops.toPlanar(src, dst);
        FloatKernels.reorder(src, INTERLEAVED, expected, PLANAR);
        assertArrayEquals(expected, dst);
        assertEquals(src[3 * (10 * 224 + 20) + 2], dst[2 * 50176 + 10 * 224 + 20]); // (c2, h10, w20) by hand

        ops.toInterleaved(src, dst);
        FloatKernels.reorder(src, PLANAR, expected, INTERLEAVED);
        assertArrayEquals(expected, dst);

        float[] f = randomFloats(200704);
        float[] g = new float[200704];
        float[] h = new float[200704];
        ops.featuresToNhwc(f, g);
        FloatKernels.reorder(f, NCHW64, h, NHWC64);
        assertArrayEquals(h, g);
        ops.featuresToNchw(g, h);
        assertArrayEquals(f, h); // and back
    }

    /**
     * Interleaving and deinterleaving copies move bits: signalling NaNs and payloads arrive as they
     * were, on every variant, in the first calls too (see BlockedOpsTest.aCopyMovesNaNsBitForBit).
     */
    @Test
    void interleavingCopiesMoveNaNsBitForBit() throws ReflectiveOperationException {
        int[] sizes = {1, 3, 224, 224};
        TensorLayout planar = TensorLayout.packed("NCHW", sizes);
        TensorLayout interleaved = TensorLayout.of("NCHW", sizes, "nhwc");
        float[] src = new float[planar.bufferSize()];
        for (int i = 0; i < src.length; i++) {
            src[i] = i % 5 == 0 ? Float.intBitsToFloat((i % 2 == 0 ? 0x7F800001 : 0xFFC00000) + i) : random.nextFloat();
        }
        int variants = target == Target.THREADS ? 1 : 6;
        for (int v = 0; v < variants; v++) {
            ImageOps kernels = target == Target.THREADS ? ops : ops.getClass().getConstructor(int.class).newInstance(v);
            float[] expected = new float[src.length];
            FloatKernels.reorder(src, planar, expected, interleaved);
            float[] out = new float[src.length];
            kernels.toInterleaved(src, out);
            float[] back = new float[src.length];
            kernels.toPlanar(out, back);
            float[] flipped = new float[src.length];
            kernels.flip(src, flipped);
            for (int row = 0; row < 3 * 224; row++) {
                for (int w = 0; w < 224; w++) {
                    assertEquals(Float.floatToRawIntBits(src[row * 224 + 223 - w]),
                            Float.floatToRawIntBits(flipped[row * 224 + w]), kernels.getClass().getSimpleName() + " flip");
                }
            }
            for (int i = 0; i < src.length; i++) {
                assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(out[i]),
                        kernels.getClass().getSimpleName() + " toInterleaved element " + i);
                assertEquals(Float.floatToRawIntBits(src[i]), Float.floatToRawIntBits(back[i]),
                        kernels.getClass().getSimpleName() + " toPlanar element " + i);
            }
        }
    }

    @Test
    void theTiledLargeTransposeMatchesTheGenericKernel() {
        int[] large = {1, 64, 256, 256};
        float[] src = randomFloats(64 * 65536);
        float[] dst = new float[src.length];
        float[] expected = new float[src.length];
        ops.largeToNhwc(src, dst);
        FloatKernels.reorder(src, TensorLayout.packed("NCHW", large), expected, TensorLayout.of("NCHW", large, "nhwc"));
        assertArrayEquals(expected, dst);
        assertEquals(src[37 * 65536 + 1000], dst[1000 * 64 + 37]); // (c37, hw1000) by hand
    }

    @Test
    void flipMirrorsEveryRow() {
        float[] src = new float[150528];
        for (int i = 0; i < src.length; i++) {
            src[i] = i;
        }
        float[] dst = new float[150528];
        ops.flip(src, dst);
        for (int w = 0; w < 224; w++) {
            assertEquals(223 - w, dst[w]);
            assertEquals(50176 + 5 * 224 + 223 - w, dst[50176 + 5 * 224 + w]);
        }
    }

    @Test
    void centerCropTakesTheMiddle() {
        float[] src = new float[150528];
        for (int i = 0; i < src.length; i++) {
            src[i] = i;
        }
        float[] dst = new float[3 * 160 * 160];
        ops.centerCrop(src, dst);
        assertEquals(32 * 224 + 32, dst[0]);
        assertEquals(2 * 50176 + (32 + 159) * 224 + 32 + 159, dst[dst.length - 1]);
        float[] expected = new float[dst.length];
        SliceWindow window = SliceWindow.of(PLANAR, new int[] {0, 0, 32, 32}, new int[] {1, 3, 160, 160}, new int[] {1, 1, 1, 1});
        FloatKernels.slice(src, PLANAR, window, expected, window.packedOutput());
        assertArrayEquals(expected, dst);
    }

    @Test
    void biasIsBroadcastOverTheImage() {
        float[] x = randomFloats(200704);
        float[] bias = randomFloats(64);
        float[] out = new float[200704];
        ops.addBias(x, bias, out);
        assertEquals(x[7 * 3136 + 100] + bias[7], out[7 * 3136 + 100]);
        float[] expected = new float[200704];
        FloatKernels.binary(BinaryOp.ADD, x, NCHW64, bias, TensorLayout.packed("NCHW", 1, 64, 1, 1), expected, NCHW64);
        assertArrayEquals(expected, out);

        ops.relu(x, out);
        FloatKernels.unary(UnaryOp.RELU, x, NCHW64, expected, NCHW64);
        assertArrayEquals(expected, out);
    }

    private float[] randomFloats(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = random.nextFloat() * 2 - 1;
        }
        return v;
    }
}

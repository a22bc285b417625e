package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.Strider;
import java.util.Arrays;
import java.util.Random;
import dev.strider.runtime.Device;
import dev.strider.Target;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;

/**
 * nChw16c and nChw8c reorders with and without tails, and element-wise ops on blocked data: every
 * target's class, and on JDK 25 or later also the classes compiled for Java 25 that the runnable
 * jar carries for that JDK ({@link Java25Forms}).
 */
@ParameterizedClass(name = "{0}{1}")
@MethodSource("classes")
class BlockedOpsTest {

    @Parameter(0)
    Target target;

    /** " compiled for Java 25" for the jar's versioned classes, "" for the base ones. */
    @Parameter(1)
    String forms;

    private BlockedOps ops;

    static Stream<Arguments> classes() {
        Stream<Arguments> base = Arrays.stream(Target.values()).map(t -> Arguments.of(t, ""));
        if (!Java25Forms.runHere()) {
            return base;
        }
        return Stream.concat(base, Arrays.stream(Target.values()).map(t -> Arguments.of(t, JAVA_25)));
    }

    private static final String JAVA_25 = " compiled for Java 25";

    @BeforeEach
    void load() {
        ops = forms.isEmpty() ? Forced.load(BlockedOps.class, target) : Java25Forms.load(target);
    }

    private final Random random = new Random(7);

    @Test
    void sixtyFourChannelsRoundTrip() {
        int[] sizes = {1, 64, 56, 56};
        float[] plain = randomFloats(200704);
        float[] blocked = new float[200704];
        ops.toBlocked64(plain, blocked);
        // c = 37, h = 3, w = 5: block 2, lane 5 -> 2*56*56*16 + 3*56*16 + 5*16 + 5
        assertEquals(plain[37 * 3136 + 3 * 56 + 5], blocked[2 * 50176 + 3 * 896 + 5 * 16 + 5]);
        float[] expected = new float[200704];
        FloatKernels.reorder(plain, TensorLayout.packed("NCHW", sizes), expected, TensorLayout.of("NCHW", sizes, "nChw16c"));
        assertArrayEquals(expected, blocked);
        float[] back = new float[200704];
        ops.fromBlocked64(blocked, back);
        assertArrayEquals(plain, back);
    }

    @Test
    void seventeenChannelsPadToThirtyTwoWithZeros() {
        float[] plain = randomFloats(17 * 3136);
        float[] blocked = new float[32 * 3136];
        Arrays.fill(blocked, Float.NaN); // whatever was there before
        ops.toBlocked17(plain, blocked);
        for (int hw = 0; hw < 3136; hw++) {
            assertEquals(plain[16 * 3136 + hw], blocked[16 * 3136 + hw * 16]); // c = 16 is lane 0 of block 1
            for (int lane = 1; lane < 16; lane++) {
                assertEquals(0f, blocked[16 * 3136 + hw * 16 + lane]);
            }
        }
        float[] back = new float[17 * 3136];
        ops.fromBlocked17(blocked, back);
        assertArrayEquals(plain, back);
    }

    /**
     * A copy moves bits: signalling NaNs and NaN payloads arrive as they were, in the first calls
     * too (JDK 17's Vector API, before C2, rearranged float lanes into 0x7FC00000).
     */
    @Test
    void aCopyMovesNaNsBitForBit() throws ReflectiveOperationException {
        // every variant (the constructor's number; past the last, the rule's), not only the rule's;
        // THREADS forwards to a one-thread class of its own choice
        if (target == Target.THREADS) {
            copiesNaNs(ops);
            return;
        }
        for (int variant = 0; variant < 6; variant++) {
            copiesNaNs(ops.getClass().getConstructor(int.class).newInstance(variant));
        }
    }

    private void copiesNaNs(BlockedOps ops) {
        int[] sizes = {1, 64, 56, 56};
        float[] plain = randomFloats(200704);
        for (int i = 0; i < plain.length; i += 7) {
            plain[i] = Float.intBitsToFloat((i % 2 == 0 ? 0x7F800001 : 0xFF810000) + i);
        }
        float[] blocked = new float[200704];
        ops.toBlocked64(plain, blocked);
        float[] expected = new float[200704];
        FloatKernels.reorder(plain, TensorLayout.packed("NCHW", sizes), expected, TensorLayout.of("NCHW", sizes, "nChw16c"));
        for (int i = 0; i < expected.length; i++) {
            assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(blocked[i]),
                    ops.getClass().getSimpleName() + " element " + i);
        }
        float[] back = new float[200704];
        ops.fromBlocked64(blocked, back);
        for (int i = 0; i < plain.length; i++) {
            assertEquals(Float.floatToRawIntBits(plain[i]), Float.floatToRawIntBits(back[i]), "element " + i);
        }
    }

    @Test
    void tinyTensorMatchesTheReferenceStrides() {
        float[] plain = randomFloats(340);
        float[] blocked = new float[480];
        ops.toTinyBlocked(plain, blocked);
        int[] sizes = {1, 17, 5, 4};
        float[] expected = new float[480];
        FloatKernels.reorder(plain, TensorLayout.packed("NCHW", sizes), expected, TensorLayout.of("NCHW", sizes, "nChw8c"));
        assertArrayEquals(expected, blocked);
    }

    @Test
    void sixtyFourChannelsInBlocksOfEight() {
        int[] sizes = {1, 64, 56, 56};
        float[] plain = randomFloats(200704);
        float[] blocked = new float[200704];
        Arrays.fill(blocked, Float.NaN);
        ops.toBlocked8(plain, blocked);
        // c = 37, h = 3, w = 5: block 4, lane 5 -> 4*56*56*8 + 3*56*8 + 5*8 + 5
        assertEquals(plain[37 * 3136 + 3 * 56 + 5], blocked[4 * 25088 + 3 * 448 + 5 * 8 + 5]);
        float[] expected = new float[200704];
        FloatKernels.reorder(plain, TensorLayout.packed("NCHW", sizes), expected, TensorLayout.of("NCHW", sizes, "nChw8c"));
        assertArrayEquals(expected, blocked);
    }

    @Test
    void weightsInSixteenBySixteenTiles() {
        int[] sizes = {64, 64, 3, 3};
        float[] plain = randomFloats(36864);
        float[] blocked = new float[36864];
        Arrays.fill(blocked, Float.NaN);
        ops.toBlockedWeights(plain, blocked);
        // o = 37, i = 21, h = 2, w = 1: tile (2, 1) of 4 input blocks, i lane 5, o lane 5, o innermost
        assertEquals(plain[((37 * 64 + 21) * 3 + 2) * 3 + 1], blocked[((2 * 4 + 1) * 9 + 2 * 3 + 1) * 256 + 5 * 16 + 5]);
        float[] expected = new float[36864];
        FloatKernels.reorder(plain, TensorLayout.packed("OIHW", sizes), expected,
                TensorLayout.of("OIHW", sizes, "OIhw16i16o"));
        assertArrayEquals(expected, blocked);
    }

    @Test
    void opsOnBlockedDataKeepPadLanesZero() {
        float[] plain = randomFloats(17 * 3136);
        float[] blocked = new float[32 * 3136];
        ops.toBlocked17(plain, blocked);
        float[] out = new float[32 * 3136];
        Arrays.fill(out, Float.NaN);
        ops.doublePlusOne(blocked, out);
        assertEquals(plain[0] * 2f + 1f, out[0]);
        assertEquals(0f, out[16 * 3136 + 1]); // a pad lane: f(0) = 1 must not leak
        TensorLayout b17 = TensorLayout.of("NCHW", new int[] {1, 17, 56, 56}, "nChw16c");
        float[] expected = new float[32 * 3136];
        FloatKernels.unary(UnaryOp.scaleShift(2, 1), blocked, b17, expected, b17);
        assertArrayEquals(expected, out);

        ops.relu(blocked, out);
        FloatKernels.unary(UnaryOp.RELU, blocked, b17, expected, b17);
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

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The cases' byte counts against hand arithmetic, their names, their inputs, and their oneDNN peers. */
class CaseTest {

    @Test
    void bytesCountWholeBuffersPadLanesIncludedAtTheirElementSize() {
        // 1x64x256x256 f32 = 16 MiB each way
        assertEquals(16_777_216L, Case.NCHW_TO_NHWC_LARGE.bytesRead());
        assertEquals(33_554_432L, Case.NCHW_TO_NHWC_LARGE.bytes());
        // 17 channels read (17*3136*4), written padded to 32 (32*3136*4)
        assertEquals(213_248L, Case.TO_BLOCKED_17.bytesRead());
        assertEquals(401_408L, Case.TO_BLOCKED_17.bytesWritten());
        // the other way: the blocked source buffer is the padded one
        assertEquals(401_408L, Case.FROM_BLOCKED_17.bytesRead());
        assertEquals(213_248L, Case.FROM_BLOCKED_17.bytesWritten());
        // 1x17x5x4 -> nChw8c: 340 and 480 floats
        assertEquals(340 * 4 + 480 * 4, Case.TO_TINY_BLOCKED.bytes());
        assertEquals(2 * 192 * 4, Case.NCHW_TO_NHWC_TINY.bytes());
        // u8 in, f32 out: 1 and 4 bytes per element
        assertEquals(150_528L, Case.NORMALIZE_IMAGE.bytesRead());
        assertEquals(602_112L, Case.NORMALIZE_IMAGE.bytesWritten());
        // x and the 64-float bias read, out written
        assertEquals(802_816L + 256, Case.ADD_BIAS.bytesRead());
        assertEquals(802_816L, Case.ADD_BIAS.bytesWritten());
    }

    @Test
    void theCeilingCopiesHalfTheBytesSoItMovesTheSameCount() {
        // (bytes read + bytes written) / 2, worked out from the sizes in the titles
        Map<Case, Long> halves = new EnumMap<>(Case.class);
        halves.put(Case.NCHW_TO_NHWC_LARGE, 16_777_216L); // 64*256*256 floats each way
        halves.put(Case.NHWC_TO_NCHW_LARGE, 16_777_216L);
        halves.put(Case.NCHW_TO_NHWC_IMAGE, 602_112L); // 3*224*224 floats each way
        halves.put(Case.NHWC_TO_NCHW_IMAGE, 602_112L);
        halves.put(Case.TO_BLOCKED_64, 802_816L); // 64*56*56 floats each way, no pad lanes
        halves.put(Case.FROM_BLOCKED_64, 802_816L);
        halves.put(Case.TO_BLOCKED_17, 307_328L); // (17 + 32) * 3136 * 4 / 2
        halves.put(Case.FROM_BLOCKED_17, 307_328L);
        halves.put(Case.TO_BLOCKED_8, 802_816L); // 64 channels in blocks of 8: no pad lanes either
        halves.put(Case.TO_BLOCKED_WEIGHTS, 147_456L); // 64*64*3*3 floats each way, no pad lanes
        halves.put(Case.TO_TINY_BLOCKED, 1_640L); // (340 + 480) * 4 / 2
        halves.put(Case.NCHW_TO_NHWC_TINY, 768L); // 192 floats each way
        halves.put(Case.NORMALIZE_IMAGE, 376_320L); // (150528 u8 + 150528 f32 * 4) / 2
        halves.put(Case.FLIP_IMAGE, 602_112L);
        halves.put(Case.ADD_BIAS, 802_944L); // (2 * 802816 + 64 * 4) / 2
        assertEquals(EnumSet.allOf(Case.class), halves.keySet());
        for (Case c : Case.values()) {
            assertEquals(halves.get(c).longValue(), CeilingBenchmark.halfOf(c), c.id());
        }
    }

    @Test
    void benchmarkNamesGiveTheirCase() {
        assertSame(Case.TO_BLOCKED_64, Case.ofBenchmark("dev.strider.examples.bench.TargetsBenchmark.toBlocked64"));
        assertSame(Case.TO_BLOCKED_64, Case.ofBenchmark("dev.strider.examples.bench.BaselinesBenchmark.toBlocked64Hand"));
        assertSame(Case.FLIP_IMAGE, Case.ofBenchmark("BaselinesBenchmark.flipImageNaive"));
        assertSame(Case.ADD_BIAS, Case.ofBenchmark("addBias"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Case.ofBenchmark("x.TargetsBenchmark.toBlocked65"));
        assertTrue(e.getMessage().contains("'toBlocked65'"), e.getMessage());
    }

    @Test
    void blockedInputsHaveZeroPadLanes() {
        float[] in = Case.FROM_BLOCKED_17.randomFloatInput(new Random(1));
        assertEquals(32 * 3136, in.length);
        for (int hw = 0; hw < 3136; hw++) {
            assertNotEquals(0f, in[16 * 3136 + hw * 16], "c = 16 is lane 0 of block 1, a logical element");
            for (int lane = 1; lane < 16; lane++) {
                assertEquals(0f, in[16 * 3136 + hw * 16 + lane]);
            }
        }
        assertThrows(IllegalStateException.class, () -> Case.NORMALIZE_IMAGE.randomFloatInput(new Random(1)));
        assertEquals(150_528, Case.NORMALIZE_IMAGE.randomByteInput(new Random(1)).length);
    }

    @Test
    void casesWithoutAOneDnnReorderSayWhy() {
        assertFalse(Case.FLIP_IMAGE.hasOneDnn());
        assertTrue(Case.FLIP_IMAGE.oneDnnNote().contains("n/a"));
        assertFalse(Case.ADD_BIAS.hasOneDnn());
        assertThrows(IllegalStateException.class, Case.ADD_BIAS::oneDnnSource);
        assertTrue(Case.NORMALIZE_IMAGE.hasOneDnn());
        assertTrue(Case.NORMALIZE_IMAGE.oneDnnNote().contains("no −1 shift"), Case.NORMALIZE_IMAGE.oneDnnNote());
        assertNull(Case.TO_BLOCKED_64.oneDnnNote());
    }

    /**
     * The oneDNN contender computes what the case's layouts say, on buffers of the bytes counted:
     * otherwise its GB/s and ratios would compare different work.
     */
    @ParameterizedTest
    @EnumSource(Case.class)
    void oneDnnPeersComputeTheCaseOnTheBytesCounted(Case c) {
        if (!c.hasOneDnn()) {
            return;
        }
        try (OneDnnReorder r = OneDnnReorder.create(c.oneDnnSource(), c.oneDnnDestination(), c.oneDnnScale())) {
            assertEquals(c.bytesRead(), r.sourceElements() * c.oneDnnSource().type().bytes(), "source bytes");
            assertEquals(c.bytesWritten(), r.destinationElements() * c.oneDnnDestination().type().bytes(), "dest bytes");
            float[] expected = new float[c.output().layout().bufferSize()];
            float[] actual = new float[expected.length];
            Random random = new Random(2);
            if (c == Case.NORMALIZE_IMAGE) {
                byte[] pixels = c.randomByteInput(random);
                r.copyIn(pixels);
                Convert.reorder(pixels, c.inputs().get(0).layout(), true, expected, c.output().layout(), 1 / 127.5, -1);
                r.execute();
                r.copyOut(actual);
                for (int i = 0; i < expected.length; i++) {
                    assertEquals(expected[i], actual[i] - 1f, 1e-6f, "oneDNN scales only; the shift is the difference");
                }
                return;
            }
            float[] input = c.randomFloatInput(random);
            r.copyIn(input);
            FloatKernels.reorder(input, c.inputs().get(0).layout(), expected, c.output().layout());
            r.execute();
            r.copyOut(actual);
            for (int i = 0; i < expected.length; i++) {
                if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                    fail(c + ": element " + i + " is " + actual[i] + " from oneDNN, " + expected[i] + " from the layouts");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void theKernelMethodIsOneOfTheKernelSetsWithOneArrayPerOperand(Case c) {
        Class<?> set = InterleavedBenchmark.blocked(c) ? dev.strider.examples.kernels.BlockedOps.class
                : dev.strider.examples.kernels.ImageOps.class;
        java.lang.reflect.Method m = java.util.Arrays.stream(set.getMethods())
                .filter(x -> x.getName().equals(c.kernelMethod())).findFirst()
                .orElseThrow(() -> new AssertionError(set.getSimpleName() + " has no " + c.kernelMethod()));
        assertEquals(c.inputs().size() + 1, m.getParameterCount(), m.toString());
    }
}

package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.strider.layout.TensorLayout;
import org.junit.jupiter.api.Test;

/**
 * Which copies interleave colour planes in registers: an odd number of channels from 3 to 7,
 * fewer than the lanes. The expected nests are written out from the layouts' strides.
 */
class ChannelInterleaveTest {

    private static String vectorNest(int lanes, TensorLayout from, TensorLayout to) {
        return Samples.vectorNest(lanes, lanes, true, from, to);
    }

    @Test
    void planarToInterleavedSpreadsEightPixelsOverThreeVectors() {
        int[] sizes = {1, 3, 224, 224};
        // dst: pixel stride 3, channel stride 1; src: pixel stride 1, channel stride 224 * 224
        assertEquals("hw8[6272] > unrolled: hw[8] > c[3]; strides dst/src: hw8 24/8, hw 3/1, c 1/50176;"
                        + " 8 hw x 3 c interleaved in registers",
                vectorNest(8, TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nhwc")));
    }

    @Test
    void interleavedToPlanarGathersEachChannelFromThreeVectors() {
        int[] sizes = {2, 5, 4, 6};
        // 5 channels at 8 lanes; n stays a loop outside: dst 120 apart, src 120 apart
        assertEquals("n[2] > hw8[3] > unrolled: c[5] > hw[8]; strides dst/src: n 120/120, hw8 8/40, c 24/1, hw 1/5;"
                        + " 8 hw x 5 c deinterleaved in registers",
                vectorNest(8, TensorLayout.of("NCHW", sizes, "nhwc"), TensorLayout.packed("NCHW", sizes)));
    }

    @Test
    void evenOrTooManyChannelsAreNotInterleaved() {
        for (int[] sizes : new int[][] {{1, 4, 8, 8}, {1, 9, 8, 8}, {1, 2, 8, 8}}) {
            String nest = vectorNest(8, TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nhwc"));
            assertFalse(nest.contains("interleaved"), nest);
        }
        // 5 channels do not fit under 4 lanes
        int[] five = {1, 5, 8, 8};
        assertFalse(vectorNest(4, TensorLayout.of("NCHW", five, "nhwc"), TensorLayout.packed("NCHW", five)).contains("interleaved"));
    }
}

package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.Problem;
import org.junit.jupiter.api.Test;

/**
 * The order of untiled transposes: a short node that is sequential in the input goes innermost
 * (and is unrolled) when the node that writes sequentially is long; otherwise the output's order
 * stands. In registers, the block steps of fewer trips go innermost. The expected nests are
 * written out from the layouts' strides.
 */
class TransposeOrderTest {

    private static String nest(TensorLayout from, TensorLayout to) {
        return Planner.plan(Problem.of(Samples.reorder("m", ElementType.FLOAT, from, to)), 64).describe();
    }

    @Test
    void blockedToPlainReadsInOrderAndWritesSixteenStreams() {
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c16[4] > hw[3136] > unrolled: c[16]; strides dst/src: c16 50176/50176, hw 1/16, c 3136/1",
                nest(TensorLayout.of("NCHW", sizes, "nChw16c"), TensorLayout.packed("NCHW", sizes)));
    }

    @Test
    void interleavedToPlanarReadsInOrderAndWritesThreeStreams() {
        int[] sizes = {1, 3, 224, 224};
        assertEquals("hw[50176] > unrolled: c[3]; strides dst/src: hw 1/3, c 50176/1",
                nest(TensorLayout.of("NCHW", sizes, "nhwc"), TensorLayout.packed("NCHW", sizes)));
    }

    @Test
    void aShortSequentialWriteKeepsTheOutputOrder() {
        // nchw -> nChw16c with 12 pixels: the written node c[16] is short, so nothing moves.
        int[] sizes = {1, 16, 3, 4};
        assertEquals("hw[12] > unrolled: c[16]; strides dst/src: hw 16/1, c 1/12",
                nest(TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nChw16c")));
    }

    @Test
    void aLongInputSequentialNodeKeepsTheOutputOrder() {
        // NHWC -> NCHW with 64 channels: c is too long to write as streams.
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c[64] > hw[3136]; strides dst/src: c 3136/1, hw 1/64",
                nest(TensorLayout.of("NCHW", sizes, "nhwc"), TensorLayout.packed("NCHW", sizes)));
    }

    /** The vector nest of a float reorder in a 256-bit class, with {@code blockLanes x blockLanes} blocks. */
    private static String blocks(int blockLanes, TensorLayout from, TensorLayout to) {
        return Samples.vectorNest(8, blockLanes, false, from, to);
    }

    @Test
    void plainToBlockedStepsThroughTheBlockInside() {
        // nchw -> nChw16c: hw (3136 / 4 = 784 steps) is read in order, c (16 / 4 = 4 steps) is
        // written in order and has fewer steps, so it stays inside.
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c16[4] > hw4[784] > c4[4] > unrolled: hw[4] > c[4]; strides dst/src: c16 50176/50176,"
                        + " hw4 64/4, c4 4/12544, hw 16/1, c 1/3136; 4x4 blocks of hw x c transposed in registers",
                blocks(4, TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nChw16c")));
    }

    @Test
    void blockedToPlainStepsThroughTheBlockInside() {
        // nChw16c -> nchw: hw is written in order (784 steps of 4), c read in order (4 steps of 4).
        // The output's order would put c4 outside and sweep all of hw four times, using 16 bytes
        // of each 64-byte block row per sweep; c4 goes inside instead.
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c16[4] > hw4[784] > c4[4] > unrolled: c[4] > hw[4]; strides dst/src: c16 50176/50176,"
                        + " hw4 4/64, c4 12544/4, c 3136/1, hw 1/16; 4x4 blocks of c x hw transposed in registers",
                blocks(4, TensorLayout.of("NCHW", sizes, "nChw16c"), TensorLayout.packed("NCHW", sizes)));
        // in 8x8 blocks: 392 steps of hw, 2 of c
        assertEquals("c16[4] > hw8[392] > c8[2] > unrolled: c[8] > hw[8]; strides dst/src: c16 50176/50176,"
                        + " hw8 8/128, c8 25088/8, c 3136/1, hw 1/16; 8x8 blocks of c x hw transposed in registers",
                blocks(8, TensorLayout.of("NCHW", sizes, "nChw16c"), TensorLayout.packed("NCHW", sizes)));
    }

    @Test
    void nhwcToNchwStepsThroughTheChannelsInside() {
        // NHWC -> NCHW 1x64x56x56: c (64 / 4 = 16 steps) inside hw (784 steps).
        int[] sizes = {1, 64, 56, 56};
        assertEquals("hw4[784] > c4[16] > unrolled: c[4] > hw[4]; strides dst/src: hw4 4/256, c4 12544/4,"
                        + " c 3136/1, hw 1/64; 4x4 blocks of c x hw transposed in registers",
                blocks(4, TensorLayout.of("NCHW", sizes, "nhwc"), TensorLayout.packed("NCHW", sizes)));
    }
}

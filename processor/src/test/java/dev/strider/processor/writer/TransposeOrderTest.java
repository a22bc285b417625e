package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.kernel.ElementType;
import dev.strider.layout.Layout;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.Problem;
import org.junit.jupiter.api.Test;

/**
 * The order of untiled transposes: a short node that is sequential in the input goes innermost
 * (and is unrolled) when the node that writes sequentially is long; otherwise the output's order
 * stands. The expected nests are written out from the layouts' strides.
 */
class TransposeOrderTest {

    private static String nest(Layout from, Layout to) {
        return Planner.plan(Problem.of(Samples.reorder("m", ElementType.FLOAT, from, to)), 64).describe();
    }

    @Test
    void blockedToPlainReadsInOrderAndWritesSixteenStreams() {
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c16[4] > hw[3136] > unrolled: c[16]; strides dst/src: c16 50176/50176, hw 1/16, c 3136/1",
                nest(Layout.of("NCHW", sizes, "nChw16c"), Layout.packed("NCHW", sizes)));
    }

    @Test
    void interleavedToPlanarReadsInOrderAndWritesThreeStreams() {
        int[] sizes = {1, 3, 224, 224};
        assertEquals("hw[50176] > unrolled: c[3]; strides dst/src: hw 1/3, c 50176/1",
                nest(Layout.of("NCHW", sizes, "nhwc"), Layout.packed("NCHW", sizes)));
    }

    @Test
    void aShortSequentialWriteKeepsTheOutputOrder() {
        // nchw -> nChw16c with 12 pixels: the written node c[16] is short, so nothing moves.
        int[] sizes = {1, 16, 3, 4};
        assertEquals("hw[12] > unrolled: c[16]; strides dst/src: hw 16/1, c 1/12",
                nest(Layout.packed("NCHW", sizes), Layout.of("NCHW", sizes, "nChw16c")));
    }

    @Test
    void aLongInputSequentialNodeKeepsTheOutputOrder() {
        // NHWC -> NCHW with 64 channels: c is too long to write as streams.
        int[] sizes = {1, 64, 56, 56};
        assertEquals("c[64] > hw[3136]; strides dst/src: c 3136/1, hw 1/64",
                nest(Layout.of("NCHW", sizes, "nhwc"), Layout.packed("NCHW", sizes)));
    }
}

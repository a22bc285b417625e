package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The empty loop beside the innermost loop around vector statements, one back-edge per element
 * that loop moves ({@code NestWalk.backEdgeHint}): after it, or before it where it is the chunk
 * loop of THREADS; its count, worked out by hand from each nest the Javadoc describes; and that
 * scalar nests get none.
 */
class BackEdgeHintTest {

    private static final Pattern HINT = Pattern.compile("for \\(int backEdge = 0; backEdge < (\\d+); backEdge\\+\\+\\) \\{\\s*}");

    private static String vectorSource(KernelMethod m, int bits, int transposeBits) {
        return vectorSource(m, bits, transposeBits, List.of(Target.SCALAR, Target.VECTOR));
    }

    /** The VECTOR class of a set of {@code targets}: with THREADS among them, its nests run over chunks. */
    private static String vectorSource(KernelMethod m, int bits, int transposeBits, List<Target> targets) {
        KernelSet set = new KernelSet("hint", List.of("Ops"), targets, List.of(m));
        return Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE, bits,
                transposeBits).toString();
    }

    /** The body of private method {@code name} in {@code source}. */
    private static String method(String source, String name) {
        int start = source.indexOf("private void " + name + "(");
        assertTrue(start >= 0, source);
        return source.substring(start, source.indexOf("\n    }\n", start));
    }

    /** The counts of the hints in {@code body}, in order. */
    private static List<Long> hints(String body) {
        Matcher m = HINT.matcher(body);
        return m.results().map(r -> Long.parseLong(r.group(1))).toList();
    }

    private static KernelMethod toBlocked() {
        return toBlocked(new int[] {1, 64, 56, 56}, "nChw16c");
    }

    /** f32 nchw to {@code format} of {@code sizes}. */
    private static KernelMethod toBlocked(int[] sizes, String format) {
        return Samples.reorder("m", ElementType.FLOAT, TensorLayout.of("NCHW", sizes, "nchw"),
                TensorLayout.of("NCHW", sizes, format));
    }

    @Test
    void fourByFourBlocksWriteOutTheirLoopOfFourBlocks() {
        // c16[4] > hw4[784] > c4[4] > [hw 4 x c 4]: the loop of 4 blocks of 16 floats is written out
        // (NestWalk.WRITTEN_OUT_BLOCKS), so hw4 is the innermost loop: 784 iterations of 64 floats.
        String body = method(vectorSource(toBlocked(), 256, 128), "m_blocks4");
        assertEquals(List.of(50_176L), hints(body), body);
        assertFalse(body.contains("for (int c4"), body);
        assertEquals(4, body.split("// the 4x4 block", -1).length - 1, body);
    }

    @Test
    void aLoopOfFourAbovePartialLanesStaysALoop() {
        // 35 pixels: 8 whole 4x4 blocks along hw, then 3 pixels whose copies would be scalar
        // statements, so only the whole blocks' loop of four is written out
        String body = method(vectorSource(toBlocked(new int[] {1, 64, 5, 7}, "nChw16c"), 256, 128), "m_blocks4");
        assertEquals(2, body.split("for \\(int c4 = 0; c4 < 4; c4\\+\\+\\)", -1).length, body);
        assertTrue(body.indexOf("for (int c4") > body.lastIndexOf("// the 4x4 block"), body);
    }

    @Test
    void aLoopOfFourBlocksOfMoreThanSixtyFourElementsStaysALoop() {
        // nChw32c in 8x8 blocks: c32[2] > hw8[392] > c8[4] > [hw 8 x c 8]; four blocks of 64 floats
        // are past NestWalk.WRITTEN_OUT_ELEMENTS, so c8 stays a loop with its hint inside hw8 (once
        // per copy of the written-out c32).
        String body = method(vectorSource(toBlocked(new int[] {1, 64, 56, 56}, "nChw32c"), 256, 256), "m_blocks8");
        assertTrue(body.contains("for (int c8 = 0; c8 < 4; c8++)"), body);
        assertEquals(List.of(256L, 256L), hints(body), body);
    }

    @Test
    void eightByEightBlocksCountTheWholeHwLoop() {
        // c16[4] > hw8[392] > c8[2] > [hw 8 x c 8]: the loop of 2 is written out, so hw8 is the
        // innermost loop: 392 iterations of 2 blocks of 64 floats, 50,176 elements per c16.
        String body = method(vectorSource(toBlocked(), 256, 128), "m_blocks8");
        assertEquals(List.of(50_176L), hints(body), body);
    }

    @Test
    void aContiguousNestCountsEveryElementOfItsLoop() {
        // 1x64x56x56 floats flattened, 8 lanes, 64 elements (8 vector statements) an iteration:
        // one loop of 3,136 iterations over all 200,704.
        int[] sizes = {1, 64, 56, 56};
        TensorLayout nchw = TensorLayout.of("NCHW", sizes, "nchw");
        String source = vectorSource(Samples.unary("m", ElementType.FLOAT, UnaryOp.RELU, nchw, nchw), 256, 128);
        assertEquals(List.of(200_704L), hints(source), source);
    }

    @Test
    void aChunkLoopHasItsHintBeforeIt() {
        // the u8 normalize: hw16[3136] > unrolled: c[3] > hw[16], 48 elements an iteration, and
        // hw16 the chunk loop of THREADS: its hint counts all 150,528 and comes before it, where
        // an on-stack replacement at the hint runs the whole loop as compiled code (after it, the
        // compilation would run nothing)
        int[] sizes = {1, 3, 224, 224};
        KernelMethod m = Samples.convert("m", ElementType.BYTE, TensorLayout.of("NCHW", sizes, "nhwc"), true,
                ElementType.FLOAT, TensorLayout.of("NCHW", sizes, "nchw"), false, 1 / 127.5, -1);
        String source = vectorSource(m, 512, 128, List.of(Target.SCALAR, Target.VECTOR, Target.THREADS));
        assertTrue(source.contains("void m_range("), source);
        String body = source.substring(source.indexOf("void m_range("));
        body = body.substring(0, body.indexOf("\n    }\n"));
        assertEquals(List.of(150_528L), hints(body), body);
        int hint = body.indexOf("backEdge < 150528");
        int loop = body.indexOf("for (int hw16 = from; hw16 < to; hw16++)");
        assertTrue(hint >= 0 && loop > hint, body);
        assertTrue(body.contains("the loop below moves"), body);
    }

    @Test
    void anEnclosedLoopHasItsHintAfterIt() {
        // c16[4] > hw4[784] > ...: hw4, inside c16, gets its hint after it
        String body = method(vectorSource(toBlocked(), 256, 128), "m_blocks4");
        int loop = body.indexOf("for (int hw4 = 0; hw4 < 784; hw4++)");
        int hint = body.indexOf("backEdge < 50176");
        assertTrue(loop >= 0 && hint > loop, body);
        assertTrue(body.contains("the loop above moved") && !body.contains("the loop below moves"), body);
    }

    @Test
    void scalarNestsHaveNoHint() {
        KernelSet set = new KernelSet("hint", List.of("Ops"), List.of(Target.SCALAR), List.of(toBlocked()));
        String source = Writers.scalar(set, 64).toString();
        assertFalse(source.contains("backEdge"), source);
        // the VECTOR class's own scalar nest neither
        assertEquals(List.of(), hints(method(vectorSource(toBlocked(), 256, 128), "m_scalar")));
    }
}

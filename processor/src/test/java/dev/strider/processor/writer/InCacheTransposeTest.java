package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.layout.Layout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import dev.strider.runtime.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which VECTOR methods carry a second, scalar nest for Java 17-23: transposes in registers
 * whose operands fit in cache (at most 20 MB read and written) and whose block rows are not a
 * multiple of 4 KiB apart. Sizes and strides are worked out by hand in each case.
 */
class InCacheTransposeTest {

    private static String vectorSource(KernelMethod m, List<Target> targets, long threadsAbove) {
        KernelSet set = new KernelSet("cache", List.of("Ops"), targets, List.of(m));
        return new VectorWriter(64, Planner.TILE_ABOVE_ELEMENTS, threadsAbove, 256,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS).write(set).toString();
    }

    private static boolean twoNests(KernelMethod m) {
        String source = vectorSource(m, List.of(Target.SCALAR, Target.VECTOR), ProcessorOptions.DEFAULT_THREADS_ABOVE);
        boolean dispatches = source.contains("if (CHEAP_REARRANGE) {\n            m_inRegisters(src, dst);");
        assertEquals(dispatches, source.contains("private void m_scalar(float[] src, float[] dst)"), source);
        return dispatches;
    }

    private static KernelMethod reorder(int[] sizes, String from, String to) {
        return Samples.reorder("m", ElementType.FLOAT, Layout.of("NCHW", sizes, from), Layout.of("NCHW", sizes, to));
    }

    @Test
    void aBlockedReorderInCacheHasBothNests() {
        // 64*56*56 floats read and written: 1.6 MB; rows 3136 floats (12544 B) and 16 floats apart.
        assertEquals(true, twoNests(reorder(new int[] {1, 64, 56, 56}, "nchw", "nChw16c")));
        assertEquals(true, twoNests(reorder(new int[] {1, 17, 5, 4}, "nchw", "nChw8c")));
    }

    @Test
    void aTransposeOutOfCacheKeepsTheRegisters() {
        // 64*224*224*4*2 = 25,690,112 bytes.
        assertEquals(false, twoNests(reorder(new int[] {1, 64, 224, 224}, "nchw", "nChw16c")));
    }

    @Test
    void rowsAMultipleOf4KibApartKeepTheRegisters() {
        // NCHW rows of 128*128 floats: 65536 B apart; 8.4 MB in all.
        assertEquals(false, twoNests(reorder(new int[] {1, 64, 128, 128}, "nchw", "nhwc")));
        // 1x64x90x90: rows 8100 floats (32400 B) apart, 4.1 MB: both nests.
        assertEquals(true, twoNests(reorder(new int[] {1, 64, 90, 90}, "nchw", "nhwc")));
    }

    @Test
    void aContiguousCopyHasOneNest() {
        assertEquals(false, twoNests(reorder(new int[] {1, 64, 56, 56}, "nchw", "nchw")));
    }

    @Test
    void threadsChunkTheNestTheJavaVersionTakes() {
        // nchw -> nChw16c with 16 channels: the registers split hw in 4x4 blocks (3136 / 4 = 784
        // steps), the scalar nest splits hw itself (3136 steps).
        String source = vectorSource(reorder(new int[] {1, 16, 56, 56}, "nchw", "nChw16c"),
                List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), 1);
        assertTrue(source.contains("return CHEAP_REARRANGE ? 784 : 3136;"), source);
        assertTrue(source.contains("m_range(src, dst, 0, CHEAP_REARRANGE ? 784 : 3136);"), source);
        assertTrue(source.contains("private void m_scalar(float[] src, float[] dst, int from, int to)"), source);
    }
}

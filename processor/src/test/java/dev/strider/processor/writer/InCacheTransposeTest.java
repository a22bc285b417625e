package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import dev.strider.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which VECTOR methods take the scalar nest by rule on Java 17-23: transposes in registers whose
 * blocks rearrange in more stages than they shift, whose operands fit in cache (at most 20 MB
 * read and written) and whose block rows are not a multiple of 4 KiB apart. Sizes, strides and
 * stages are worked out by hand in each case; the classes are 256 bits wide.
 */
class InCacheTransposeTest {

    private static String vectorSource(KernelMethod m, List<Target> targets, long threadsAbove, int transposeBits) {
        KernelSet set = new KernelSet("cache", List.of("Ops"), targets, List.of(m));
        return Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, threadsAbove, 256, transposeBits).toString();
    }

    private static boolean twoNests(KernelMethod m, int transposeBits) {
        String source = vectorSource(m, List.of(Target.SCALAR, Target.VECTOR), ProcessorOptions.DEFAULT_THREADS_ABOVE,
                transposeBits);
        String type = m.output().type().javaName();
        // before Java 24 the scalar nest (the last variant) by rule; a 256-bit class's rule may take its
        // staged 8x8 blocks there instead (ClassPlanner.oneWidthBlocks), which is not the scalar nest
        java.util.regex.Matcher rule = java.util.regex.Pattern
                .compile("variant < (\\d+) \\? variant : CHEAP_REARRANGE \\? 0 : (\\d+);").matcher(source);
        boolean byJava = false;
        while (rule.find()) {
            byJava |= Integer.parseInt(rule.group(2)) == Integer.parseInt(rule.group(1)) - 1;
        }
        // A transpose in registers carries the scalar nest either way, for the tuner.
        assertEquals(source.contains("transposed in registers"),
                source.contains("private void m_scalar(" + type + "[] src, " + type + "[] dst)"), source);
        return byJava;
    }

    private static boolean twoNests(KernelMethod m) {
        return twoNests(m, ProcessorOptions.DEFAULT_TRANSPOSE_BITS);
    }

    private static KernelMethod reorder(ElementType type, int[] sizes, String from, String to) {
        return Samples.reorder("m", type, TensorLayout.of("NCHW", sizes, from), TensorLayout.of("NCHW", sizes, to));
    }

    @Test
    void blocksThatShiftAsOftenAsTheyRearrangeHaveOneNest() {
        // 4x4 floats: the 64-bit stage rearranges, the 32-bit one shifts (1.6 MB, in cache).
        assertEquals(false, twoNests(reorder(ElementType.FLOAT, new int[] {1, 64, 56, 56}, "nchw", "nChw16c")));
        assertEquals(false, twoNests(reorder(ElementType.FLOAT, new int[] {1, 17, 5, 4}, "nchw", "nChw8c")));
        // 8x8 shorts: 64-bit pieces rearrange, 32- and 16-bit ones shift.
        assertEquals(false, twoNests(reorder(ElementType.SHORT, new int[] {1, 64, 56, 56}, "nchw", "nhwc")));
        // 16x16 bytes: one stage rearranges, three shift.
        assertEquals(false, twoNests(reorder(ElementType.BYTE, new int[] {1, 64, 56, 56}, "nchw", "nChw16c")));
    }

    @Test
    void blocksThatMostlyRearrangeHaveBothNestsInCache() {
        // 4x4 doubles (256 bits: no 2-lane blocks): both stages move 128- and 64-bit pieces. 3.2 MB.
        assertEquals(true, twoNests(reorder(ElementType.DOUBLE, new int[] {1, 64, 56, 56}, "nchw", "nChw16c")));
        assertEquals(true, twoNests(reorder(ElementType.LONG, new int[] {1, 17, 5, 4}, "nchw", "nChw8c")));
        // 8x8 floats: 128- and 64-bit pieces rearrange, only the 32-bit stage shifts; but where the
        // 256-bit class has its 8x8 blocks with offset loads and and-or shifts, its rule takes those
        // before Java 24 (ClassPlanner.oneWidthBlocks): the staged blocks' variant
        String blocks8 = vectorSource(reorder(ElementType.FLOAT, new int[] {1, 64, 56, 56}, "nchw", "nChw16c"),
                List.of(Target.SCALAR, Target.VECTOR), ProcessorOptions.DEFAULT_THREADS_ABOVE, 256);
        assertEquals(false, twoNests(reorder(ElementType.FLOAT, new int[] {1, 64, 56, 56}, "nchw", "nChw16c"), 256));
        java.util.regex.Matcher staged = java.util.regex.Pattern
                .compile("variant < (\\d+) \\? variant : CHEAP_REARRANGE \\? 0 : (\\d+);").matcher(blocks8);
        assertTrue(staged.find(), blocks8);
        assertTrue(blocks8.contains("Variant " + staged.group(2) + " of {@link #m}, the 8x8 blocks in registers, offset loads, and-or shifts"),
                blocks8);
        assertEquals(true, twoNests(reorder(ElementType.FLOAT, new int[] {1, 17, 5, 4}, "nchw", "nChw8c"), 256));
    }

    @Test
    void aTransposeOutOfCacheKeepsTheRegisters() {
        // 64*224*224 doubles read and written: 51,380,224 bytes; floats at 256 bits: 25,690,112.
        assertEquals(false, twoNests(reorder(ElementType.DOUBLE, new int[] {1, 64, 224, 224}, "nchw", "nChw16c")));
        assertEquals(false, twoNests(reorder(ElementType.FLOAT, new int[] {1, 64, 224, 224}, "nchw", "nChw16c"), 256));
    }

    @Test
    void rowsAMultipleOf4KibApartKeepTheRegisters() {
        // NCHW rows of 128*128 doubles: 131072 B apart, a multiple of 4096; 16.8 MB in all.
        assertEquals(false, twoNests(reorder(ElementType.DOUBLE, new int[] {1, 64, 128, 128}, "nchw", "nhwc")));
        // 1x64x90x90: rows 8100 doubles (64800 B) apart, 8.3 MB: both nests.
        assertEquals(true, twoNests(reorder(ElementType.DOUBLE, new int[] {1, 64, 90, 90}, "nchw", "nhwc")));
    }

    @Test
    void aContiguousCopyHasOneNest() {
        assertEquals(false, twoNests(reorder(ElementType.DOUBLE, new int[] {1, 64, 56, 56}, "nchw", "nchw")));
    }

    @Test
    void threadsChunkTheNestTheJavaVersionTakes() {
        // nchw -> nChw16c with 16 double channels: the registers split hw in 4x4 blocks (3136 / 4 =
        // 784 steps), the scalar nest splits hw itself (3136 steps).
        String source = vectorSource(reorder(ElementType.DOUBLE, new int[] {1, 16, 56, 56}, "nchw", "nChw16c"),
                List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), 1, ProcessorOptions.DEFAULT_TRANSPOSE_BITS);
        // the blocks, the same with the first stage from offset loads, and the scalar nest
        assertTrue(source.contains("mVariant = variant >= 0 && variant < 3 ? variant : CHEAP_REARRANGE ? 0 : 2;"), source);
        assertTrue(source.contains("return switch (mVariant) {\n            case 0 -> 784;\n            case 1 -> 784;\n"
                + "            default -> 3136;\n        };"), source);
        assertTrue(source.contains("m_range(src, dst, 0, m_steps());"), source);
        assertTrue(source.contains("private void m_scalar(double[] src, double[] dst, int from, int to)"), source);
    }
}

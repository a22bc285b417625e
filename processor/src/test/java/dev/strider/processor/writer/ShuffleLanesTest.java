package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the VECTOR classes move lanes with: no {@code rearrange} of 2 lanes (C2 compiles none on
 * x86), and transpose stages of pieces up to 32 bits as shifts of wider lanes. The expected
 * stages are worked out by hand from the block width and the element size.
 */
class ShuffleLanesTest {

    private static final int[] SIZES = {1, 16, 8, 8};

    private static String source(ElementType type, int bits, int transposeBits) {
        TensorLayout planar = TensorLayout.of("NCHW", SIZES, "nchw");
        List<KernelMethod> methods = new ArrayList<>();
        methods.add(Samples.reorder("toNhwc", type, planar, TensorLayout.of("NCHW", SIZES, "nhwc")));
        methods.add(Samples.slice("flip", type, planar,
                SliceWindow.of(planar, new int[4], SIZES, new int[] {1, 1, 1, -1}), planar));
        KernelSet set = new KernelSet("lanes", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        return Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE, bits,
                transposeBits).toString();
    }

    private static final Pattern SHUFFLE =
            Pattern.compile("VectorShuffle<\\w+> (\\w+) = VectorShuffle\\.from\\w+\\(([A-Z]+)_(\\d+)");

    /** The shuffle fields of a generated source declared on a species of fewer than 4 lanes. */
    static List<String> twoLaneShuffles(String source) {
        List<String> found = new ArrayList<>();
        Matcher m = SHUFFLE.matcher(source);
        while (m.find()) {
            int lanes = Integer.parseInt(m.group(3)) / 8 / ElementType.valueOf(m.group(2)).bytes();
            if (lanes < dev.strider.processor.plan.ClassPlanner.MIN_SHUFFLE_LANES) {
                found.add(m.group(1) + " (" + lanes + " lanes)");
            }
        }
        return found;
    }

    /**
     * The transpose of the rule's block width ({@code toNhwc_blocks4}, beside the wider blocks'
     * and the scalar nest's variants), or the whole class when it has none.
     */
    private static String rule(String source) {
        Matcher m = Pattern.compile("\n    private void toNhwc_blocks(\\d+)\\(").matcher(source);
        if (!m.find()) {
            return source;
        }
        int start = m.start();
        return source.substring(start, source.indexOf("\n    }\n", start));
    }

    @Test
    void noRearrangeHasTwoLanes() {
        for (ElementType type : ElementType.values()) {
            for (int bits : VectorWriter.SHAPES) {
                for (int transposeBits : List.of(128, 512)) {
                    String source = source(type, bits, transposeBits);
                    assertEquals(List.of(), twoLaneShuffles(source), type + " at " + bits + " bits\n" + source);
                }
            }
        }
    }

    @Test
    void sixtyFourBitLanesTransposeInBlocksOfFour() {
        String v128 = source(ElementType.DOUBLE, 128, 128);
        assertTrue(v128.contains("scalar (a reversed input: no rearrange of 2 lanes compiles to vector code)"), v128);
        assertEquals(0, SegmentLanesTest.count(v128, "transposed in registers"), v128);
        assertTrue(v128.contains("scalar (a transpose in registers takes blocks of 4 lanes; 128 bits hold 2)"), v128);
        // 256 bits hold a 4x4 block of doubles even though 128-bit blocks were asked for.
        String v256 = source(ElementType.LONG, 256, 128);
        assertTrue(v256.contains("4x4 blocks of"), v256);
        assertTrue(v256.contains("r0.blend(r2.rearrange(SWAP2_LONG), HIGH2_LONG)"), v256);
        assertTrue(v256.contains("REVERSE_LONG"), v256);
    }

    @Test
    void stagesOfPiecesUpTo32BitsShift() {
        // 4x4 floats, moved as their bits in int lanes: 64-bit pieces rearrange (2 rows per pair, 2
        // pairs), 32-bit pieces shift as longs; each row is stored as the floats it holds. The four
        // 4-channel blocks of the 16 are written out (NestWalk.WRITTEN_OUT_BLOCKS): 4 blocks of each.
        String floats = rule(source(ElementType.FLOAT, 256, 128));
        assertEquals(4 * 4, SegmentLanesTest.count(floats, ".rearrange(SWAP2_INT_128)"), floats);
        assertEquals(4 * 2, SegmentLanesTest.count(floats, "a1.reinterpretAsLongs().lanewise(VectorOperators.LSHL, 32).reinterpretAsInts()")
                + SegmentLanesTest.count(floats, "a3.reinterpretAsLongs().lanewise(VectorOperators.LSHL, 32).reinterpretAsInts()"), floats);
        assertEquals(4 * 2, SegmentLanesTest.count(floats, ".reinterpretAsLongs().lanewise(VectorOperators.LSHR, 32).reinterpretAsInts()"),
                floats);
        assertEquals(4 * 4, SegmentLanesTest.count(floats, ".reinterpretAsInts();"), floats);
        assertEquals(4 * 4, SegmentLanesTest.count(floats, ".reinterpretAsFloats().intoArray("), floats);
        assertEquals(0, SegmentLanesTest.count(floats, "SWAP1"), floats);
        // 8x8 shorts (128 bits): 64-bit pieces rearrange; 32-bit ones shift as longs, 16-bit ones as
        // ints. The two 8-channel blocks of the 16 are written out: 2 blocks of 8 rows per stage.
        String shorts = rule(source(ElementType.SHORT, 128, 128));
        assertEquals(16, SegmentLanesTest.count(shorts, ".rearrange(SWAP4_SHORT)"), shorts);
        assertEquals(16, SegmentLanesTest.count(shorts, ".reinterpretAsLongs().lanewise(VectorOperators."), shorts);
        assertEquals(16, SegmentLanesTest.count(shorts, ".reinterpretAsInts().lanewise(VectorOperators."), shorts);
        assertEquals(0, SegmentLanesTest.count(shorts, "SWAP2") + SegmentLanesTest.count(shorts, "SWAP1"), shorts);
        // 16x16 bytes: 64-bit pieces rearrange; then longs, ints and shorts shift by 32, 16 and 8 bits.
        String bytes = rule(source(ElementType.BYTE, 128, 128));
        assertEquals(16, SegmentLanesTest.count(bytes, ".rearrange(SWAP8_BYTE)"), bytes);
        assertEquals(16, SegmentLanesTest.count(bytes, ".reinterpretAsLongs().lanewise(VectorOperators.LSHL, 32)")
                + SegmentLanesTest.count(bytes, ".reinterpretAsLongs().lanewise(VectorOperators.LSHR, 32)"), bytes);
        assertEquals(16, SegmentLanesTest.count(bytes, ".reinterpretAsInts().lanewise(VectorOperators.LSHL, 16)")
                + SegmentLanesTest.count(bytes, ".reinterpretAsInts().lanewise(VectorOperators.LSHR, 16)"), bytes);
        assertEquals(16, SegmentLanesTest.count(bytes, ".reinterpretAsShorts().lanewise(VectorOperators.LSHL, 8)")
                + SegmentLanesTest.count(bytes, ".reinterpretAsShorts().lanewise(VectorOperators.LSHR, 8)"), bytes);
        // doubles shift nothing: no lane twice as wide as 64 bits.
        String doubles = rule(source(ElementType.DOUBLE, 256, 128));
        assertEquals(0, SegmentLanesTest.count(doubles, "lanewise(VectorOperators.LSH"), doubles);
    }
}

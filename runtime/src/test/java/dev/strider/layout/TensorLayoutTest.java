package dev.strider.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TensorLayoutTest {

    // ---------------------------------------------------------------- blocked formats, by oneDNN's formulas

    @Test
    void oihw16i16o() {
        int o = 20, i = 33, h = 2, w = 3;
        int ip = 48;
        TensorLayout l = TensorLayout.of("OIHW", new int[] {o, i, h, w}, "OIhw16i16o");
        assertArrayEquals(new int[] {32, 48, h, w}, l.paddedSizes());
        forEach(l, idx -> (idx[0] / 16) * (ip / 16) * h * w * 256 + (idx[1] / 16) * h * w * 256
                + idx[2] * w * 256 + idx[3] * 256 + (idx[1] % 16) * 16 + idx[0] % 16);
        assertEquals(32 * 48 * h * w, l.bufferSize());
    }

    @Test
    void oihw4i16o4iSplitsOneDimTwice() {
        int o = 17, i = 20, h = 2, w = 2;
        int ip = 32;
        TensorLayout l = TensorLayout.of("OIHW", new int[] {o, i, h, w}, "OIhw4i16o4i");
        assertEquals(List.of(new Block(1, 4), new Block(0, 16), new Block(1, 4)), l.blocks());
        assertArrayEquals(new int[] {32, 32, h, w}, l.paddedSizes());
        forEach(l, idx -> (idx[0] / 16) * (ip / 16) * h * w * 256 + (idx[1] / 16) * h * w * 256
                + idx[2] * w * 256 + idx[3] * 256
                + ((idx[1] % 16) / 4) * 64 + (idx[0] % 16) * 4 + idx[1] % 4);
    }

    @Test
    void nChw16n16cBlocksTheBatch() {
        int n = 3, c = 17, h = 2, w = 2;
        TensorLayout l = TensorLayout.of("NCHW", new int[] {n, c, h, w}, "NChw16n16c");
        assertArrayEquals(new int[] {16, 32, h, w}, l.paddedSizes());
        forEach(l, idx -> (idx[0] / 16) * 2 * h * w * 256 + (idx[1] / 16) * h * w * 256 + idx[2] * w * 256
                + idx[3] * 256 + (idx[0] % 16) * 16 + idx[1] % 16);
    }

    @Test
    void positionalTagsEqualNamedOnes() {
        int[] sizes = {2, 19, 3, 5};
        assertEquals(TensorLayout.of("NCHW", sizes, "nChw8c"), TensorLayout.of("NCHW", sizes, "aBcd8b"));
        assertEquals(TensorLayout.of("NCHW", sizes, "NChw16n16c"), TensorLayout.of("NCHW", sizes, "ABcd16a16b"));
        assertEquals(TensorLayout.of("NCHW", sizes, "nhwc"), TensorLayout.of("NCHW", sizes, "acdb"));
        // dims WH: positional b is H, a is W; "ba" puts H outermost.
        assertArrayEquals(new int[] {1, 2}, TensorLayout.of("WH", new int[] {2, 3}, "ba").strides());
    }

    @Test
    void nChw16cStrides() {
        TensorLayout l = TensorLayout.of("NCHW", new int[] {1, 64, 56, 56}, "nChw16c");
        assertArrayEquals(new int[] {64 * 56 * 56, 56 * 56 * 16, 56 * 16, 16}, l.strides());
        assertFalse(l.isPadded());
        assertTrue(l.isPacked());
    }

    @Test
    void plainOrdersOfRankThree() {
        TensorLayout whd = TensorLayout.of("DHW", new int[] {2, 3, 4}, "whd");
        assertArrayEquals(new int[] {1, 2, 6}, whd.strides());
        assertEquals(1 * 1 + 2 * 2 + 3 * 6, whd.offsetOf(1, 2, 3));
    }

    private static void forEach(TensorLayout l, java.util.function.ToIntFunction<int[]> expected) {
        int[] idx = new int[l.rank()];
        int[] sizes = l.sizes();
        do {
            assertEquals(expected.applyAsInt(idx), l.offsetOf(idx), () -> java.util.Arrays.toString(idx));
        } while (TensorLayout.increment(idx, sizes));
    }

    // ---------------------------------------------------------------- properties

    @Test
    void interleavedStridesAreCheckedExactly() {
        TensorLayout distinct = TensorLayout.strided("AB", new int[] {3, 2}, new int[] {2, 3}); // 0 3 2 5 4 7
        assertFalse(distinct.overlaps());
        TensorLayout clash = TensorLayout.strided("AB", new int[] {3, 2}, new int[] {1, 2}); // 0 2 1 3 2 4
        assertTrue(clash.overlaps());
        assertEquals("elements [0, 1] and [2, 0] share offset 2", clash.overlapReason());
    }

    @Test
    void equalityIsEqualityOfTheMapping() {
        TensorLayout packed = TensorLayout.packed("NCHW", 2, 3, 4, 5);
        TensorLayout strided = TensorLayout.strided("NCHW", new int[] {2, 3, 4, 5}, new int[] {60, 20, 5, 1});
        assertEquals(packed, strided);
        assertEquals(packed.hashCode(), strided.hashCode());
        assertNotEquals(packed, packed.withOffset(1));
        assertNotEquals(packed, TensorLayout.of("NCHW", new int[] {2, 3, 4, 5}, "nhwc"));
        assertNotEquals(TensorLayout.packed("NCHW", 1, 8, 1, 1), TensorLayout.of("NCHW", new int[] {1, 8, 1, 1}, "nChw8c"));
    }

    @Test
    void toStringStatesTheLayout() {
        assertEquals("NCHW nChw8c sizes [1, 17, 5, 4] strides [480, 160, 32, 8] padded [1, 24, 5, 4] buffer 480",
                TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c").toString());
        assertEquals("HW sizes [2, 3] strides [5, 1] offset 2 buffer 10",
                TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}).withOffset(2).toString());
    }

    @Test
    void declaredMatchesTheAnnotationShape() {
        assertEquals(TensorLayout.packed("HW", 2, 3), TensorLayout.declared("HW", new int[] {2, 3}, "", new int[0], 0));
        assertEquals(TensorLayout.of("HW", new int[] {2, 3}, "wh"), TensorLayout.declared("HW", new int[] {2, 3}, "wh", new int[0], 0));
        assertEquals(7, TensorLayout.declared("HW", new int[] {2, 3}, "", new int[] {5, 1}, 7).offset());
    }

    @Test
    void offsetOfChecksTheIndex() {
        TensorLayout l = TensorLayout.packed("HW", 2, 3);
        assertEquals("index 3 of dim W is outside 0..2 (size 3)",
                assertThrows(IndexOutOfBoundsException.class, () -> l.offsetOf(0, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> l.offsetOf(0));
    }

    // ---------------------------------------------------------------- bad input, each with its message

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''          | 1       | dims \"\" has rank 0; the rank must be from 1 to 8",
        "ABCDEFGHI   | 1,1,1,1,1,1,1,1,1 | dims \"ABCDEFGHI\" has rank 9; the rank must be from 1 to 8",
        "NCHN        | 1,1,1,1 | dims \"NCHN\" names dim N twice",
        "N1HW        | 1,1,1,1 | dims \"N1HW\": '1' is not a letter; each dim is named by one letter A-Z",
        "NCHW        | 1,3,4   | sizes [1, 3, 4] has 3 values but dims NCHW has 4",
        "NCHW        | 1,0,5,4 | size of dim C is 0; sizes must be at least 1",
    })
    void badPackedLayouts(String dims, String sizes, String message) {
        int[] s = java.util.Arrays.stream(sizes.split(",")).mapToInt(Integer::parseInt).toArray();
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> TensorLayout.packed(dims, s)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "nchw8c   | format \"nchw8c\": dim C has the inner block 8c but its outer letter is lower case (write it upper case, as in nChw8c)",
        "nChw     | format \"nChw\": dim C is upper case (blocked) but has no inner block such as 8c",
        "nChw1c   | format \"nChw1c\": block 1c of dim C must have a size from 2 to 2147483639",
        "nhw      | format \"nhw\" does not place dim C (it needs one letter for each of NCHW)",
        "nnhw     | format \"nnhw\" names dim N twice",
        "nChw8    | format \"nChw8\": expected an inner block such as 8c at \"8\"",
        "nChw8C   | format \"nChw8C\": the block letter in \"8C\" must be lower case",
        "nxhw     | format \"nxhw\": 'x' is neither a dim of NCHW nor a position letter a..d",
        "abce     | format \"abce\": 'e' is neither a dim of NCHW nor a position letter a..d",
        "nhwd     | format \"nhwd\" mixes the two ways of naming dims: 'n' names a dim of NCHW but is not a position letter a..d, and 'd' is a position letter but not a dim of NCHW; name every dim by its letter or every dim by its position",
        "nchw-    | format \"nchw-\": expected an inner block such as 8c at \"-\"",
    })
    void badFormatTags(String tag, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class,
                () -> TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, tag)).getMessage());
    }

    @Test
    void badStridesOffsetsAndSizes() {
        assertEquals("stride of dim W is -1; layout strides must not be negative (a slice with a negative stride reverses a dim)",
                assertThrows(IllegalArgumentException.class,
                        () -> TensorLayout.strided("HW", new int[] {2, 3}, new int[] {3, -1})).getMessage());
        assertEquals("strides [1] has 1 values but dims HW has 2", assertThrows(IllegalArgumentException.class,
                () -> TensorLayout.strided("HW", new int[] {2, 3}, new int[] {1})).getMessage());
        assertEquals("offset is -3; the base offset must not be negative", assertThrows(IllegalArgumentException.class,
                () -> TensorLayout.packed("HW", 2, 3).withOffset(-3)).getMessage());
        assertEquals("give format \"wh\" or strides [3, 1], not both", assertThrows(IllegalArgumentException.class,
                () -> TensorLayout.declared("HW", new int[] {2, 3}, "wh", new int[] {3, 1}, 0)).getMessage());
        assertEquals("layout HW sizes [65536, 65536] needs a buffer of 4294967296 elements, more than a Java array"
                        + " can index (2147483639)",
                assertThrows(IllegalArgumentException.class, () -> TensorLayout.packed("HW", 65536, 65536)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> TensorLayout.of("NCHW", new int[] {1, 65536, 256, 256}, "nChw16c")).getMessage()
                .contains("more than a Java array can index"));
        // A broadcast layout's logical size may exceed any array: only its buffer must fit.
        assertEquals(65536, TensorLayout.strided("HW", new int[] {65536, 65536}, new int[] {0, 1}).bufferSize());
    }

    @Test
    void perDimBlockedAndBroadcast() {
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c");
        assertTrue(blocked.isBlocked(1));
        assertFalse(blocked.isBlocked(0) || blocked.isBlocked(2) || blocked.isBlocked(3));
        assertFalse(blocked.isBroadcast(1), "a blocked dim's stride between blocks is 160");

        TensorLayout bias = TensorLayout.strided("NCHW", new int[] {1, 64, 56, 56}, new int[] {0, 1, 0, 0});
        assertFalse(bias.isBroadcast(0), "size 1: nothing repeats");
        assertFalse(bias.isBroadcast(1));
        assertTrue(bias.isBroadcast(2) && bias.isBroadcast(3));
        assertTrue(bias.hasBroadcast());
        assertFalse(TensorLayout.packed("NCHW", 1, 64, 56, 56).hasBroadcast());
    }
}

package dev.strider.kernel;

import dev.strider.BinaryOp;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Exact cases, with expectations computed by hand or taken from the reference documents. */
class GenericKernelsTest {

    private static float[] oneTo(int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i + 1;
        }
        return v;
    }

    @Test
    void slice1ExamplesFromTheReference() {
        TensorLayout input = TensorLayout.packed("NCHW", 1, 1, 4, 4);
        float[] src = oneTo(16);
        SliceWindow positive = SliceWindow.of(input, new int[] {0, 0, 0, 1}, new int[] {1, 1, 4, 3}, new int[] {1, 1, 2, 2});
        float[] out = new float[4];
        FloatKernels.slice(src, input, positive, out, positive.packedOutput());
        assertArrayEquals(new float[] {2, 4, 10, 12}, out);

        SliceWindow negative = SliceWindow.of(input, new int[] {0, 0, 0, 1}, new int[] {1, 1, 4, 3}, new int[] {1, 1, -2, 2});
        FloatKernels.slice(src, input, negative, out, negative.packedOutput());
        assertArrayEquals(new float[] {14, 16, 6, 8}, out);
    }

    @Test
    void sliceWithSmallerOutputAndFlip() {
        TensorLayout input = TensorLayout.packed("HW", 2, 5);
        float[] src = oneTo(10); // 1 2 3 4 5 / 6 7 8 9 10
        SliceWindow flip = SliceWindow.of(input, new int[] {0, 0}, new int[] {2, 5}, new int[] {1, -1});
        float[] out = new float[10];
        FloatKernels.slice(src, input, flip, out, flip.packedOutput());
        assertArrayEquals(new float[] {5, 4, 3, 2, 1, 10, 9, 8, 7, 6}, out);

        SliceWindow twoOfThree = SliceWindow.of(input, new int[] {1, 0}, new int[] {1, 5}, new int[] {1, -2})
                .withOutputSizes(1, 2);
        float[] two = new float[2];
        FloatKernels.slice(src, input, twoOfThree, two, twoOfThree.packedOutput());
        assertArrayEquals(new float[] {10, 8}, two);
    }

    @Test
    void nchwToNhwcByHand() {
        // N=1, C=2, H=2, W=3; value = 100c + 10h + w.
        TensorLayout nchw = TensorLayout.packed("NCHW", 1, 2, 2, 3);
        TensorLayout nhwc = TensorLayout.of("NCHW", new int[] {1, 2, 2, 3}, "nhwc");
        float[] src = {0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112};
        float[] dst = new float[12];
        FloatKernels.reorder(src, nchw, dst, nhwc);
        assertArrayEquals(new float[] {0, 100, 1, 101, 2, 102, 10, 110, 11, 111, 12, 112}, dst);
    }

    @Test
    void blockedDestinationGetsZeroPadLanes() {
        // C = 3 into nChw4c (a tail of 1 lane), H = 1, W = 2: memory is w0:[c0 c1 c2 pad] w1:[c0 c1 c2 pad].
        TensorLayout plain = TensorLayout.packed("NCHW", 1, 3, 1, 2);
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 3, 1, 2}, "nChw4c");
        float[] src = {1, 2, 3, 4, 5, 6}; // c0: 1 2, c1: 3 4, c2: 5 6
        float[] dst = new float[8];
        Arrays.fill(dst, Float.NaN);
        FloatKernels.reorder(src, plain, dst, blocked);
        assertArrayEquals(new float[] {1, 3, 5, 0, 2, 4, 6, 0}, dst);
    }

    @Test
    void unaryWithNonZeroAtZeroKeepsPadLanesZero() {
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 3, 1, 2}, "nChw4c");
        float[] src = {1, 3, 5, 0, 2, 4, 6, 0};
        float[] dst = new float[8];
        FloatKernels.unary(UnaryOp.scaleShift(2, 1), src, blocked, dst, blocked);
        assertArrayEquals(new float[] {3, 7, 11, 0, 5, 9, 13, 0}, dst);
        FloatKernels.unary(UnaryOp.scaleShift(1, 1), src, blocked, src, blocked); // in place
        assertArrayEquals(new float[] {2, 4, 6, 0, 3, 5, 7, 0}, src);
    }

    @Test
    void reluOnBlockedTensor() {
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 2, 1, 2}, "nChw4c");
        float[] x = {-1, 2, 0, 0, 3, -4, 0, 0};
        FloatKernels.unary(UnaryOp.RELU, x, blocked, x, blocked);
        assertArrayEquals(new float[] {0, 2, 0, 0, 3, 0, 0, 0}, x);
    }

    @Test
    void binaryBiasAddBroadcastsAChannelVector() {
        TensorLayout out = TensorLayout.packed("NCHW", 1, 2, 2, 2);
        float[] x = {1, 2, 3, 4, 5, 6, 7, 8};
        float[] bias = {10, 20};
        float[] expected = {11, 12, 13, 14, 25, 26, 27, 28};

        float[] y = new float[8];
        FloatKernels.binary(BinaryOp.ADD, x, out, bias, TensorLayout.packed("NCHW", 1, 2, 1, 1), y, out); // NumPy size 1
        assertArrayEquals(expected, y);

        Arrays.fill(y, 0);
        TensorLayout strideZero = TensorLayout.strided("NCHW", new int[] {1, 2, 2, 2}, new int[] {0, 1, 0, 0});
        FloatKernels.binary(BinaryOp.ADD, x, out, bias, strideZero, y, out); // DirectML stride 0
        assertArrayEquals(expected, y);
    }

    @Test
    void rankEightReorderReversesTheMemoryOrder() {
        int[] sizes = {2, 1, 3, 1, 2, 2, 1, 2};
        TensorLayout packed = TensorLayout.packed("ABCDEFGH", sizes);
        TensorLayout reversed = TensorLayout.of("ABCDEFGH", sizes, "hgfedcba");
        assertArrayEquals(new int[] {1, 2, 2, 6, 6, 12, 24, 24}, reversed.strides());
        assertEquals(48, packed.bufferSize());
        long[] src = new long[48];
        for (int i = 0; i < 48; i++) {
            src[i] = i;
        }
        long[] dst = new long[48];
        LongKernels.reorder(src, packed, dst, reversed);
        assertArrayEquals(new int[] {24, 24, 8, 8, 4, 2, 2, 1}, packed.strides());
        // (1,0,0,0,0,0,0,0): packed 24, reversed 1.  (0,0,1,0,0,0,0,1): packed 8 + 1 = 9, reversed 2 + 24 = 26.
        assertEquals(24, dst[1]);
        assertEquals(9, dst[26]);
        assertEquals(47, dst[47]); // the last element is last in both orders
    }

    @Test
    void binaryOpsByHand() {
        TensorLayout l = TensorLayout.packed("W", 4);
        int[] a = {7, -7, 9, 1};
        int[] b = {2, 2, -3, 5};
        int[] out = new int[4];
        IntKernels.binary(BinaryOp.SUB, a, l, b, l, out, l);
        assertArrayEquals(new int[] {5, -9, 12, -4}, out);
        IntKernels.binary(BinaryOp.DIV, a, l, b, l, out, l);
        assertArrayEquals(new int[] {3, -3, -3, 0}, out);
        IntKernels.binary(BinaryOp.MIN, a, l, b, l, out, l);
        assertArrayEquals(new int[] {2, -7, -3, 1}, out);
        IntKernels.binary(BinaryOp.MAX, a, l, b, l, out, l);
        assertArrayEquals(new int[] {7, 2, 9, 5}, out);
        IntKernels.binary(BinaryOp.MUL, a, l, b, l, out, l);
        assertArrayEquals(new int[] {14, -14, -27, 5}, out);
        assertThrows(ArithmeticException.class, () -> IntKernels.binary(BinaryOp.DIV, a, l, new int[4], l, new int[4], l));
    }

    @Test
    void fillLeavesTheGapsOfAPaddedDestinationAlone() {
        TensorLayout padded = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1});
        double[] dst = new double[10];
        Arrays.fill(dst, -1);
        DoubleKernels.fill(dst, padded, 7);
        assertArrayEquals(new double[] {7, 7, 7, -1, -1, 7, 7, 7, -1, -1}, dst);
    }

    @Test
    void unsignedBytesNhwcToNormalizedFloatNchw() {
        TensorLayout nhwc = TensorLayout.of("NCHW", new int[] {1, 3, 1, 2}, "nhwc");
        TensorLayout nchw = TensorLayout.packed("NCHW", 1, 3, 1, 2);
        byte[] pixels = {0, (byte) 128, (byte) 255, 10, 20, 30}; // w0: RGB, w1: RGB
        float[] dst = new float[6];
        double scale = 1 / 255.0;
        double shift = -0.5;
        Convert.reorder(pixels, nhwc, true, dst, nchw, scale, shift);
        float s = (float) scale;
        float t = (float) shift;
        assertArrayEquals(new float[] {0 * s + t, 10 * s + t, 128 * s + t, 20 * s + t, 255 * s + t, 30 * s + t}, dst);
    }

    @Test
    void conversionToIntegersRoundsAndSaturates() {
        TensorLayout l = TensorLayout.packed("W", 5);
        float[] src = {1.5f, 2.5f, -300, 300, Float.NaN};
        byte[] dst = new byte[5];
        Convert.reorder(src, l, false, dst, l, 1, 0);
        // NaN converts as x86's -2^31 does, saturated: the least value (oneDNN's jit reorders)
        assertArrayEquals(new byte[] {2, 2, -128, 127, -128}, dst);
        assertThrows(IllegalArgumentException.class, () -> Convert.reorder(src, l, true, dst, l, 1, 0));
    }

    @Test
    void unsignedByteDestinationRoundsHalfEvenAndSaturatesTo0To255() {
        TensorLayout l = TensorLayout.packed("W", 13);
        float[] src = {-0.5f, 0.5f, 1.5f, 2.5f, 127.5f, 254.5f, 255.5f, 300, -3, Float.NaN,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f};
        byte[] dst = new byte[13];
        Convert.reorder(src, l, false, dst, l, true, 1, 0);
        // stored as the low 8 bits: 254 is the byte -2, 255 the byte -1
        assertArrayEquals(new byte[] {0, 0, 2, 2, (byte) 128, (byte) 254, (byte) 255, (byte) 255, 0, 0,
                (byte) 255, 0, 0}, dst);
    }

    @Test
    void unsignedByteDestinationFromNormalizedFloats() {
        TensorLayout l = TensorLayout.packed("W", 5);
        // [-1, 1] to pixels: x * 127.5 + 127.5; 0 gives 127.5, a tie, rounded to the even 128
        float[] src = {-1, 0, 1, -1.5f, 0.9f};
        byte[] dst = new byte[5];
        Convert.reorder(src, l, false, dst, l, true, 127.5, 127.5);
        // 0.9f is 0.89999997615814208984375: 242.2499969... rounds to 242
        assertArrayEquals(new byte[] {0, (byte) 128, (byte) 255, 0, (byte) 242}, dst);
    }

    @Test
    void unsignedShortDestinationSaturatesTo0To65535() {
        TensorLayout l = TensorLayout.packed("W", 6);
        double[] src = {-1, 32767.5, 32768.5, 65535.5, 1e300, Double.NaN};
        short[] dst = new short[6];
        Convert.reorder(src, l, false, dst, l, true, 1, 0);
        assertArrayEquals(new short[] {0, (short) 32768, (short) 32768, (short) 65535, (short) 65535, 0}, dst);
    }

    @Test
    void unsignedDestinationFromIntegersAndBytes() {
        TensorLayout l = TensorLayout.packed("W", 4);
        int[] ints = {-1, 200, 256, Integer.MAX_VALUE};
        byte[] dst = new byte[4];
        Convert.reorder(ints, l, false, dst, l, true, 1, 0);
        assertArrayEquals(new byte[] {0, (byte) 200, (byte) 255, (byte) 255}, dst);
        byte[] signed = {-3, 100, 127, -128};
        Convert.reorder(signed, l, false, dst, l, true, 2, 0);
        assertArrayEquals(new byte[] {0, (byte) 200, (byte) 254, 0}, dst);
        // read and written unsigned: 200 * 2 saturates, 10 * 2 + 1 does not
        byte[] pixels = {(byte) 200, 10, 0, (byte) 255};
        Convert.reorder(pixels, l, true, dst, l, true, 2, 1);
        assertArrayEquals(new byte[] {(byte) 255, 21, 1, (byte) 255}, dst);
    }

    @Test
    void unsignedDestinationTablesOfBytes() {
        byte[] table = ByteKernels.byteTable(false, true, 1, 0);
        assertEquals(0, table[0x80]); // the byte -128 saturates to 0
        assertEquals(0, table[0xFF]); // -1
        assertEquals(127, table[0x7F]);
        short[] shorts = ShortKernels.byteTable(true, true, 300, -100);
        assertEquals(0, shorts[0]); // 0 * 300 - 100 saturates to 0
        assertEquals((short) 65535, shorts[0xFF]); // 255 * 300 - 100 = 76400 saturates to 65535
        assertEquals(200, shorts[1]);
        // the signed tables are unchanged
        assertEquals(-128, ByteKernels.byteTable(false, 1, 0)[0x80]);
    }

    @Test
    void unsignedDestinationIsByteOrShort() {
        TensorLayout l = TensorLayout.packed("W", 2);
        float[] src = {1, 2};
        int[] ints = {9, 9};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Convert.reorder(src, l, false, ints, l, true, 1, 0));
        assertEquals("an unsigned destination is defined for byte and short, not int", e.getMessage());
        assertArrayEquals(new int[] {9, 9}, ints);
        assertThrows(IllegalArgumentException.class, () -> Convert.reorder(src, l, false, new float[2], l, true, 1, 0));
        assertThrows(UnsupportedOperationException.class, () -> IntKernels.fromDoubleUnsigned(1));
        assertThrows(UnsupportedOperationException.class, () -> FloatKernels.scaleShiftUnsignedFloat(1, 1, 0));
    }

    // ---------------------------------------------------------------- oneDNN's arithmetic

    @Test
    void scaledFloatsKeepNegativeZeroWhenNothingIsAdded() {
        TensorLayout l = TensorLayout.packed("W", 4);
        float[] src = {-0.0f, 0.0f, -1, 3};
        float[] dst = new float[4];
        Convert.reorder(src, l, false, dst, l, 0.5, 0);
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(dst[0]));
        assertEquals(Float.floatToRawIntBits(0.0f), Float.floatToRawIntBits(dst[1]));
        assertArrayEquals(new float[] {-0.0f, 0, -0.5f, 1.5f}, dst);
        // with a shift, -0.0 * 0.5 + 1 is 1; a SCALE_SHIFT unary does as the reorder does
        Convert.reorder(src, l, false, dst, l, 0.5, 1);
        assertArrayEquals(new float[] {1, 1, 0.5f, 2.5f}, dst);
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(FloatKernels.scaleShift(-0.0, 2, 0)));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(DoubleKernels.scaleShift(-0.0, 2, 0)));
        FloatKernels.unary(UnaryOp.scaleShift(3, 0), src, l, dst, l);
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(dst[0]));
    }

    @Test
    void floatsToIntsSaturateAtTheLargestFloatBelowTwoToThe31() {
        TensorLayout l = TensorLayout.packed("W", 13);
        float[] src = {2147483520f, 2147483648f, 3e9f, 1e30f, Float.POSITIVE_INFINITY, -2147483648f, -3e9f,
                Float.NEGATIVE_INFINITY, Float.NaN, 2.5f, -2.5f, 16777217f, -0.0f};
        int[] dst = new int[13];
        Convert.reorder(src, l, false, dst, l, 1, 0);
        // oneDNN saturates in f32 to [-2^31, 2147483520] (types::max_value<float>(s32)), NaN gives -2^31
        assertArrayEquals(new int[] {2147483520, 2147483520, 2147483520, 2147483520, 2147483520, Integer.MIN_VALUE,
                Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE, 2, -2, 16777216, 0}, dst);
        assertEquals(2147483520, IntKernels.fromFloat(Float.MAX_VALUE));
        assertEquals(Integer.MIN_VALUE, IntKernels.fromFloat(Float.NaN));
        // an exact double keeps the exact bounds
        assertEquals(Integer.MAX_VALUE, IntKernels.fromDouble(3e9));
        assertEquals(Integer.MIN_VALUE, IntKernels.fromDouble(Double.NaN));
        assertEquals(Long.MIN_VALUE, LongKernels.fromDouble(Double.NaN));
    }

    @Test
    void scaledIntsComputeInFloat() {
        TensorLayout l = TensorLayout.packed("W", 6);
        int[] src = {16777217, Integer.MAX_VALUE, Integer.MIN_VALUE, 7, -7, 1_000_000_001};
        int[] dst = new int[6];
        Convert.reorder(src, l, false, dst, l, 3, 0);
        // (float) 16777217 is 16777216, times 3 is 50331648 (in double: 50331651);
        // MAX * 3 saturates at 2147483520, MIN * 3 at -2^31; 1000000001 is 1e9 as a float, 3e9 saturates
        assertArrayEquals(new int[] {50331648, 2147483520, Integer.MIN_VALUE, 21, -21, 2147483520}, dst);
        // a SCALE_SHIFT of ints is that conversion too
        assertEquals(50331648, IntKernels.scaleShift(16777217, 3, 0));
        // 16777216.5 rounds to the float 16777216
        assertEquals(16777216, IntKernels.scaleShift(16777217, 1, 0.5));
        // with scale 1 and a whole shift, integers stay exact, as oneDNN adds a zero point
        assertEquals(16777219, IntKernels.scaleShift(16777217, 1, 2));
        assertEquals(Integer.MAX_VALUE, IntKernels.scaleShift(Integer.MAX_VALUE, 1, 0));
        Convert.reorder(src, l, false, dst, l, 1, 2);
        assertEquals(16777219, dst[0]);
        assertEquals(Integer.MAX_VALUE, dst[1]);
        // a float to an unsigned byte with a scale: 0.94509804f * 127.5f is 120.5 in float, a tie,
        // 120 (in double it is 120.50000041..., 121)
        float[] f = {0.94509804f};
        byte[] b = new byte[1];
        Convert.reorder(f, TensorLayout.packed("W", 1), false, b, TensorLayout.packed("W", 1), true, 127.5, 0);
        assertEquals(120, b[0]);
    }

    @Test
    void arithmeticIsOneDnnsWhereOneDnnHasTheTypes() {
        assertEquals(Arithmetic.FLOAT, Arithmetic.of(ElementType.FLOAT, ElementType.INT, 1, 0));
        assertEquals(Arithmetic.FLOAT, Arithmetic.of(ElementType.INT, ElementType.INT, 0.5, 0));
        assertEquals(Arithmetic.FLOAT, Arithmetic.of(ElementType.INT, ElementType.BYTE, 1, 0.5));
        assertEquals(Arithmetic.FLOAT, Arithmetic.of(ElementType.DOUBLE, ElementType.FLOAT, 1, 0));
        assertEquals(Arithmetic.DOUBLE, Arithmetic.of(ElementType.INT, ElementType.BYTE, 1, 3));
        assertEquals(Arithmetic.DOUBLE, Arithmetic.of(ElementType.DOUBLE, ElementType.INT, 2, 0));
        assertEquals(Arithmetic.DOUBLE, Arithmetic.of(ElementType.FLOAT, ElementType.LONG, 1, 0));
        assertEquals(Arithmetic.DOUBLE, Arithmetic.of(ElementType.INT, ElementType.DOUBLE, 2, 1));
        assertTrue(Arithmetic.FLOAT.adds(1e-30) && !Arithmetic.FLOAT.adds(1e-50) && !Arithmetic.FLOAT.adds(-0.0));
        assertTrue(!Arithmetic.FLOAT.multiplies(1 + 1e-12) && Arithmetic.DOUBLE.multiplies(1 + 1e-12));
    }

    @Test
    void nanGivesTheLeastValue() {
        assertEquals(Byte.MIN_VALUE, ByteKernels.fromFloat(Float.NaN));
        assertEquals(Short.MIN_VALUE, ShortKernels.fromFloat(Float.NaN));
        assertEquals(0, ByteKernels.fromFloatUnsigned(Float.NaN));
        assertEquals(0, ShortKernels.fromDoubleUnsigned(Double.NaN));
        assertTrue(Float.isNaN(FloatKernels.scaleShift(Float.NaN, 2, 1)));
    }

    @Test
    void perElementSemantics() {
        assertEquals(-128, ByteKernels.abs((byte) -128));
        assertEquals(127, ByteKernels.scaleShift(100, 2, 0));
        assertEquals(Short.MAX_VALUE, ShortKernels.fromDouble(40000));
        assertEquals(Integer.MIN_VALUE, IntKernels.fromDouble(-1e300));
        assertEquals(4294967295.0, IntKernels.toDoubleUnsigned(-1));
        assertEquals(255.0, ByteKernels.toDoubleUnsigned((byte) -1));
        assertTrue(Float.isNaN(FloatKernels.relu(Float.NaN)));
        assertEquals(0.0f, FloatKernels.relu(-0.0f));
        assertEquals(Long.MIN_VALUE, LongKernels.neg(Long.MIN_VALUE));
        assertEquals((byte) -126, ByteKernels.add((byte) 127, (byte) 3));
    }

    // ---------------------------------------------------------------- checks before writing

    @Test
    void shortDestinationIsRejectedBeforeAnyWrite() {
        TensorLayout l = TensorLayout.packed("HW", 2, 3);
        float[] dst = {9, 9, 9, 9, 9};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FloatKernels.reorder(oneTo(6), l, dst, l));
        assertEquals("dst has 5 elements but its layout needs 6 (HW sizes [2, 3] strides [3, 1] buffer 6)", e.getMessage());
        assertArrayEquals(new float[] {9, 9, 9, 9, 9}, dst);
    }

    @Test
    void overlappingDestinationIsRejected() {
        TensorLayout broadcast = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1});
        float[] dst = new float[3];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FloatKernels.fill(dst, broadcast, 1));
        assertEquals("dst layout HW sizes [2, 3] strides [0, 1] buffer 3 cannot be written: dim H of size 2 has stride 0"
                + " (broadcast)", e.getMessage());
        assertArrayEquals(new float[3], dst);
    }

    @Test
    void aliasedReorderIsRejectedButDisjointRegionsOfOneArrayWork() {
        TensorLayout a = TensorLayout.packed("HW", 2, 2);
        TensorLayout t = TensorLayout.of("HW", new int[] {2, 2}, "wh");
        float[] buf = {1, 2, 3, 4, 0, 0, 0, 0};
        assertThrows(IllegalArgumentException.class, () -> FloatKernels.reorder(buf, a, buf, t));
        FloatKernels.reorder(buf, a, buf, t.withOffset(4));
        assertArrayEquals(new float[] {1, 2, 3, 4, 1, 3, 2, 4}, buf);
    }

    /** A flip into its own array with the same layout would read what it already overwrote: refused, untouched. */
    @Test
    void aSliceIntoItsOwnArrayIsRejectedEvenWithEqualLayouts() {
        TensorLayout input = TensorLayout.packed("HW", 2, 5);
        SliceWindow flip = SliceWindow.of(input, new int[] {0, 0}, new int[] {2, 5}, new int[] {1, -1});
        float[] buf = oneTo(10);
        assertThrows(IllegalArgumentException.class, () -> FloatKernels.slice(buf, input, flip, buf, flip.packedOutput()));
        assertArrayEquals(oneTo(10), buf);
    }

    @Test
    void mismatchedShapesAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FloatKernels.reorder(
                new float[6], TensorLayout.packed("HW", 2, 3), new float[6], TensorLayout.packed("HW", 3, 2)));
        assertEquals("src and dst differ in dim H (2 vs 3); sizes [2, 3] and [3, 2] must be equal", e.getMessage());
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class, () -> FloatKernels.binary(BinaryOp.ADD,
                new float[6], TensorLayout.packed("HW", 2, 3), new float[2], TensorLayout.packed("HW", 1, 2),
                new float[6], TensorLayout.packed("HW", 2, 3)));
        assertEquals("b dim W has size 2 but out has 3; an operand dim must match or be 1 (broadcast)", b.getMessage());
    }

    @Test
    void sliceChecksItsWindow() {
        TensorLayout input = TensorLayout.packed("HW", 4, 4);
        assertEquals("slice stride of dim W is 0; slice strides must not be 0",
                assertThrows(IllegalArgumentException.class, () -> SliceWindow.of(input, new int[] {0, 0},
                        new int[] {4, 4}, new int[] {1, 0})).getMessage());
        assertEquals("window of dim H (offset 2 + size 3 = 5) extends past the input size 4",
                assertThrows(IllegalArgumentException.class, () -> SliceWindow.of(input, new int[] {2, 0},
                        new int[] {3, 4}, new int[] {1, 1})).getMessage());
        assertEquals("window size of dim W is 0; the window must not be empty",
                assertThrows(IllegalArgumentException.class, () -> SliceWindow.of(input, new int[] {0, 0},
                        new int[] {4, 0}, new int[] {1, 1})).getMessage());
        SliceWindow w = SliceWindow.of(input, new int[] {0, 0}, new int[] {4, 3}, new int[] {1, 2});
        assertEquals("output size of dim W is 3; the window (size 3, stride 2) allows 1..2",
                assertThrows(IllegalArgumentException.class, () -> w.withOutputSizes(4, 3)).getMessage());
        assertEquals("dst dim W has size 3 but the slice yields 2 (output sizes [4, 2])",
                assertThrows(IllegalArgumentException.class, () -> FloatKernels.slice(new float[16], input, w,
                        new float[12], TensorLayout.packed("HW", 4, 3))).getMessage());
    }
}

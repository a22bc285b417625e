package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.Target;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.IntKernels;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * oneDNN as the oracle of the generated reorders: every reorder of {@link BlockedOps} and the
 * NCHW↔NHWC reorders of {@link ImageOps}, in every target, against oneDNN's reorder of the same
 * random input, float bit for float bit over the whole destination buffer — pad lanes included,
 * which oneDNN zero-fills and Strider must too (the destination starts as NaN) — and ImageOps'
 * f32 to u8 reorder, byte for byte, on the values where rounding and saturation show.
 *
 * <p>{@link ConversionOps}' conversions, on every class of the target (SCALAR and the generic
 * kernel; VECTOR 128, 256 and 512; THREADS), bit for bit against oneDNN's reorder of inputs full of
 * the values where Strider's arithmetic once differed: -0.0 with a scale and no shift, floats at
 * and beyond ±2^31, infinities and NaN to s32 and s8, large s32 with scales.
 *
 * <p>The inputs come from oneDNN alone (a random nchw tensor reordered into the source format), so
 * a blocked source has oneDNN's own zero pad lanes and nothing of Strider's is in the expectation.
 * The native library is required: where it cannot load, these tests fail with the reason.
 */
@ParameterizedClass
@EnumSource(Target.class)
class OneDnnOracleTest {

    private static final int[] FEATURES = {1, 64, 56, 56};
    private static final int[] TAIL = {1, 17, 56, 56};
    private static final int[] TINY = {1, 17, 5, 4};
    private static final int[] WEIGHTS = {64, 64, 3, 3};
    private static final int[] IMAGE = {1, 3, 224, 224};
    private static final int[] THUMB = {1, 3, 8, 8};
    private static final int[] LARGE = {1, 64, 256, 256};

    @Parameter
    Target target;

    private BlockedOps blocked;
    private ImageOps image;
    private final Random random = new Random(11);

    @BeforeAll
    static void oneDnnLoads() {
        OneDnn.load();
    }

    @BeforeEach
    void load() {
        blocked = Forced.load(BlockedOps.class, target);
        image = Forced.load(ImageOps.class, target);
    }

    @Test
    void toBlocked64() {
        sameAsOneDnn(FEATURES, "nchw", "nChw16c", blocked::toBlocked64);
    }

    @Test
    void fromBlocked64() {
        sameAsOneDnn(FEATURES, "nChw16c", "nchw", blocked::fromBlocked64);
    }

    @Test
    void toBlocked17WritesZeroPadLanes() {
        sameAsOneDnn(TAIL, "nchw", "nChw16c", blocked::toBlocked17);
    }

    @Test
    void fromBlocked17() {
        sameAsOneDnn(TAIL, "nChw16c", "nchw", blocked::fromBlocked17);
    }

    @Test
    void toBlocked8() {
        sameAsOneDnn(FEATURES, "nchw", "nChw8c", blocked::toBlocked8);
    }

    @Test
    void toBlockedWeights() {
        sameAsOneDnn(WEIGHTS, "oihw", "oihw", "OIhw16i16o", blocked::toBlockedWeights);
    }

    @Test
    void toTinyBlocked() {
        sameAsOneDnn(TINY, "nchw", "nChw8c", blocked::toTinyBlocked);
    }

    @Test
    void imageToNhwcAndBack() {
        sameAsOneDnn(IMAGE, "nchw", "nhwc", image::toInterleaved);
        sameAsOneDnn(IMAGE, "nhwc", "nchw", image::toPlanar);
    }

    @Test
    void thumbToNhwc() {
        sameAsOneDnn(THUMB, "nchw", "nhwc", image::thumbToNhwc);
    }

    @Test
    void largeToNhwcAndBack() {
        sameAsOneDnn(LARGE, "nchw", "nhwc", image::largeToNhwc);
        sameAsOneDnn(LARGE, "nhwc", "nchw", image::largeToNchw);
    }

    /**
     * f32 NCHW to u8 NHWC: oneDNN's reorder and {@link ImageOps#toPixels} on ties of both
     * parities, each end of [0, 255] and one past, far values, -0 and infinities, then random
     * values around the range (a fifth of them exact halves), byte for byte. Not NaN: oneDNN
     * writes 0 for it in this reorder but 255 in others (f32 {@code a} to u8 {@code a}), as its
     * kernels order their min and max differently; Strider writes 0 (README, Semantics).
     */
    @Test
    void floatsToUnsignedBytesRoundHalfEvenAndSaturate() {
        long[] dims = Arrays.stream(IMAGE).asLongStream().toArray();
        float[] edges = {-0.5f, 0.5f, 1.5f, 2.5f, 3.5f, 126.5f, 127.5f, 128.5f, 253.5f, 254.5f, 255.5f, 256.5f,
                255.49998f, 0.49999997f, -0.49999997f, 256, 300, -1, -3, -128.5f, 1e10f, -1e10f, -0.0f, 0,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MIN_VALUE};
        float[] input = new float[Arrays.stream(IMAGE).reduce(1, (a, b) -> a * b)];
        for (int i = 0; i < input.length; i++) {
            input[i] = i < edges.length ? edges[i]
                    : random.nextInt(5) == 0 ? (random.nextInt(620) - 50) / 2f : random.nextFloat() * 310 - 25;
        }
        byte[] expected;
        try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", dims),
                MemorySpec.tagged(DataType.U8, "nhwc", dims))) {
            oracle.copyIn(input);
            oracle.execute();
            expected = new byte[(int) oracle.destinationElements()];
            oracle.copyOut(expected);
        }
        byte[] actual = new byte[expected.length];
        Arrays.fill(actual, (byte) 0x5a);
        image.toPixels(input.clone(), actual);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                fail(target + " f32 nchw -> u8 nhwc: element " + i + " is " + (actual[i] & 0xFF) + ", oneDNN wrote "
                        + (expected[i] & 0xFF) + " (source " + input[nchwIndex(i)] + ")");
            }
        }
    }

    // ------------------------------------------------------------------ oneDNN's arithmetic

    private static final int[] CONVERSION = {1, 17, 12, 12};

    /** One method of {@link ConversionOps} and the oneDNN reorder it must equal. */
    private record Conversion(String method, DataType from, String fromTag, DataType to, String toTag, float scale,
                              boolean unary) {
    }

    private static final List<Conversion> CONVERSIONS = List.of(
            new Conversion("halveFloats", DataType.F32, "nchw", DataType.F32, "nchw", 0.5f, false),
            new Conversion("halveFloatsToNhwc", DataType.F32, "nchw", DataType.F32, "nhwc", 0.5f, false),
            new Conversion("halveFloatsToBlocked", DataType.F32, "nchw", DataType.F32, "nChw16c", 0.5f, false),
            new Conversion("floatsToInts", DataType.F32, "nchw", DataType.S32, "nchw", 1, false),
            new Conversion("floatsToIntsNhwc", DataType.F32, "nchw", DataType.S32, "nhwc", 1, false),
            new Conversion("floatsToIntsBlocked", DataType.F32, "nchw", DataType.S32, "nChw16c", 1, false),
            new Conversion("tripleInts", DataType.S32, "nchw", DataType.S32, "nchw", 3, false),
            new Conversion("scaleIntsToNhwc", DataType.S32, "nchw", DataType.S32, "nhwc", 0.3f, false),
            new Conversion("floatsToBytesNhwc", DataType.F32, "nchw", DataType.S8, "nhwc", 1, false),
            new Conversion("halveIntsToFloats", DataType.S32, "nchw", DataType.F32, "nhwc", 0.5f, false),
            new Conversion("halveFloatsUnary", DataType.F32, "nchw", DataType.F32, "nchw", 0.5f, true),
            new Conversion("tripleIntsUnary", DataType.S32, "nchw", DataType.S32, "nchw", 3, true));

    /**
     * Every conversion of {@link ConversionOps} on every class of this target, and for SCALAR the
     * generic kernels too ({@code Convert.reorder}, {@code unary}), against oneDNN: the whole
     * destination, pad lanes included, bit for bit.
     */
    @Test
    void conversionsComputeOneDnnsArithmetic() throws ReflectiveOperationException {
        Map<String, Object> classes = OneDnnOracle.kernels(ConversionOps.class, target);
        List<String> mismatches = new ArrayList<>();
        for (Conversion c : CONVERSIONS) {
            Object input = conversionInput(c.from());
            Object expected = oneDnn(c, input);
            for (Map.Entry<String, Object> k : classes.entrySet()) {
                String name = k.getKey();
                Object kernels = k.getValue();
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                try {
                    ConversionOps.class.getMethod(c.method(), input.getClass(), actual.getClass())
                            .invoke(kernels, OneDnnOracle.copy(input), actual);
                } catch (InvocationTargetException e) {
                    throw new AssertionError(name + "." + c.method(), e.getCause());
                }
                compare(name + "." + c.method(), c, input, expected, actual, mismatches);
            }
            if (target == Target.SCALAR) {
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                generic(c, OneDnnOracle.copy(input), actual);
                compare("generic " + c.method(), c, input, expected, actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " conversions differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    /** The values where arithmetic shows, then random ones, in a plain nchw tensor of {@link #CONVERSION}. */
    private Object conversionInput(DataType type) {
        int n = Arrays.stream(CONVERSION).reduce(1, (a, b) -> a * b);
        if (type == DataType.F32) {
            float[] edges = {-0.0f, 0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 2147483520f,
                    2147483648f, 2147483392f, 3e9f, 1e30f, Float.MAX_VALUE, -2147483648f, -2147483904f, -3e9f,
                    -Float.MAX_VALUE, 2.5f, -2.5f, 0.5f, -0.5f, 127.5f, -128.5f, 126.5f, 16777217f, -Float.MIN_VALUE,
                    Float.MIN_VALUE, 4194304.5f, -0.0f, Float.intBitsToFloat(0x7fc00001)};
            float[] values = new float[n];
            for (int i = 0; i < n; i++) {
                values[i] = i < edges.length ? edges[i]
                        : i % 7 == 0 ? -0.0f
                        : i % 5 == 0 ? (random.nextInt(1 << 20) - (1 << 19)) / 2f
                        : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(36)));
            }
            return values;
        }
        int[] edges = {Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 16777217,
                -16777217, 2147483520, 2147483584, 715827882, 715827883, -715827883, 1_000_000_001, 0, 1, -1, 5, -5};
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i < edges.length ? edges[i] : i % 3 == 0 ? random.nextInt() : random.nextInt(1 << 26) - (1 << 25);
        }
        return values;
    }

    private static Object oneDnn(Conversion c, Object input) {
        long[] dims = Arrays.stream(CONVERSION).asLongStream().toArray();
        return OneDnnOracle.reorder(MemorySpec.tagged(c.from(), c.fromTag(), dims),
                MemorySpec.tagged(c.to(), c.toTag(), dims), c.scale(), input);
    }

    /** The generic kernel of the same conversion: {@code Convert.reorder}, or the unary of the type. */
    private static void generic(Conversion c, Object src, Object dst) {
        TensorLayout from = TensorLayout.of("NCHW", CONVERSION, c.fromTag());
        TensorLayout to = TensorLayout.of("NCHW", CONVERSION, c.toTag());
        if (!c.unary()) {
            Convert.reorder(src, from, false, dst, to, c.scale(), 0);
        } else if (src instanceof float[] f) {
            FloatKernels.unary(UnaryOp.scaleShift(c.scale(), 0), f, from, (float[]) dst, to);
        } else {
            IntKernels.unary(UnaryOp.scaleShift(c.scale(), 0), (int[]) src, from, (int[]) dst, to);
        }
    }

    private static void compare(String what, Conversion c, Object input, Object expected, Object actual,
                                List<String> mismatches) {
        OneDnnOracle.compare(what + " (" + c.from() + " " + c.fromTag() + " -> " + c.to() + " " + c.toTag()
                + ", scale " + c.scale() + ")", expected, actual, mismatches);
    }

    /** The nchw index of the source element that nhwc element {@code i} of {@link #IMAGE} comes from. */
    private static int nchwIndex(int i) {
        int c = i % IMAGE[1];
        int hw = i / IMAGE[1];
        return c * IMAGE[2] * IMAGE[3] + hw;
    }

    /**
     * Runs the kernel and oneDNN's {@code from -> to} reorder on the same input and compares the
     * destinations bit for bit.
     */
    private void sameAsOneDnn(int[] sizes, String from, String to, BiConsumer<float[], float[]> kernel) {
        sameAsOneDnn(sizes, "nchw", from, to, kernel);
    }

    /** The same, for a tensor whose plain format is {@code plain} ({@code oihw} for weights). */
    private void sameAsOneDnn(int[] sizes, String plain, String from, String to, BiConsumer<float[], float[]> kernel) {
        long[] dims = Arrays.stream(sizes).asLongStream().toArray();
        float[] input = sourceIn(dims, plain, from);
        float[] expected;
        try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, from, dims),
                MemorySpec.tagged(DataType.F32, to, dims))) {
            oracle.copyIn(input);
            oracle.execute();
            expected = new float[(int) oracle.destinationElements()];
            oracle.copyOut(expected);
        }
        float[] actual = new float[expected.length];
        Arrays.fill(actual, Float.NaN); // whatever was there before; pad lanes must become 0
        kernel.accept(input.clone(), actual);
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                fail(target + " " + from + "->" + to + " " + Arrays.toString(sizes) + ": element " + i + " of "
                        + expected.length + " is " + actual[i] + ", oneDNN wrote " + expected[i]);
            }
        }
    }

    /** A random tensor in format {@code tag}: random {@code plain} values reordered by oneDNN, its pad lanes zero. */
    private float[] sourceIn(long[] dims, String plainTag, String tag) {
        float[] plain = new float[(int) Arrays.stream(dims).reduce(1, (a, b) -> a * b)];
        for (int i = 0; i < plain.length; i++) {
            plain[i] = random.nextFloat() * 2 - 1;
        }
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, plainTag, dims),
                MemorySpec.tagged(DataType.F32, tag, dims))) {
            r.copyIn(plain);
            r.execute();
            float[] source = new float[(int) r.destinationElements()];
            r.copyOut(source);
            assertEquals(tag.equals(plainTag), Arrays.equals(plain, source), plainTag + " -> " + plainTag + " is a copy");
            return source;
        }
    }
}

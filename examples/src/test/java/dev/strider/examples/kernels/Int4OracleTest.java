package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.Side;
import dev.strider.Target;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Convert;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.Nibbles;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 4-bit reorders ({@link Int4Ops}) against oneDNN 3.11's reorder of the same data types, formats,
 * scales and zero points, bit for bit over the whole packed destination, on every class and
 * variant of the target and (for SCALAR) the generic kernel. oneDNN reorders 4-bit data only with
 * its reference kernels ({@code simple:any}), between dense tensors. The f32 inputs hold the
 * rounding edges of each type (s4 and u4 halves and saturation bounds; every f4 midpoint, which
 * oneDNN gives to the even code; infinities, NaN and -0.0), then random values; packed sources
 * hold every code in both halves of a byte.
 *
 * <p>The two kernels oneDNN has no reorder for (u4 to u4; into a padded blocked layout) are
 * checked against the generic kernel, and the generic kernel against a per-element reading of
 * {@link Nibbles}: a transpose moves each element's four bits and leaves none other, and the
 * padded destination's pad lanes are zero nibbles.
 */
@ParameterizedClass
@EnumSource(Target.class)
class Int4OracleTest {

    private static final long[] DIMS = {1, 32, 5, 7};

    @Parameter
    Target target;

    private final Random random = new Random(4);

    /** One reorder of {@link Int4Ops} and oneDNN's twin, with its quantization (null for none). */
    private record Case(String method, DataType from, String fromTag, DataType to, String toTag,
                        OneDnnReorder.Quantization quantization, Object[] arguments) {
        Case(String method, DataType from, String fromTag, DataType to, String toTag) {
            this(method, from, fromTag, to, toTag, null, new Object[0]);
        }
    }

    private static final float[] CHANNEL_SCALES = new float[32];
    private static final int[] CHANNEL_ZERO_POINTS = new int[32];

    static {
        for (int c = 0; c < 32; c++) {
            CHANNEL_SCALES[c] = 0.01f * (c + 1) + c / 7f;
            CHANNEL_ZERO_POINTS[c] = c % 16 - 4;
        }
    }

    private static final List<Case> CASES = List.of(
            new Case("toS4Nhwc", DataType.F32, "nchw", DataType.S4, "nhwc"),
            new Case("toU4Blocked", DataType.F32, "nchw", DataType.U4, "nChw16c"),
            new Case("toE2m1Nchw", DataType.F32, "nhwc", DataType.F4_E2M1, "nchw"),
            new Case("toE3m0", DataType.F32, "nchw", DataType.F4_E3M0, "nchw"),
            new Case("fromS4Nhwc", DataType.S4, "nhwc", DataType.F32, "nchw"),
            new Case("fromU4Blocked", DataType.U4, "nChw16c", DataType.F32, "nChw16c"),
            new Case("fromE2m1Nhwc", DataType.F4_E2M1, "nhwc", DataType.F32, "nhwc"),
            new Case("fromE3m0", DataType.F4_E3M0, "nchw", DataType.F32, "nchw"),
            new Case("s4ToBf16", DataType.S4, "nchw", DataType.BF16, "nchw"),
            new Case("u4ToF16", DataType.U4, "nhwc", DataType.F16, "nhwc"),
            new Case("dequantizeS4", DataType.S4, "nchw", DataType.F32, "nchw",
                    OneDnnReorder.Quantization.NONE.withSourceScales(2, CHANNEL_SCALES).withSourceZeroPoints(0, -3),
                    new Object[] {CHANNEL_SCALES, -3}),
            new Case("dequantizeU4PerChannel", DataType.U4, "nchw", DataType.F32, "nchw",
                    OneDnnReorder.Quantization.NONE.withSourceScales(2, CHANNEL_SCALES)
                            .withSourceZeroPoints(2, CHANNEL_ZERO_POINTS),
                    new Object[] {CHANNEL_SCALES, CHANNEL_ZERO_POINTS}),
            new Case("toS4Direct", DataType.F32, "nchw", DataType.S4, "nhwc"));

    @BeforeAll
    static void oneDnnLoads() {
        OneDnn.load();
    }

    @Test
    void every4BitReorderIsOneDnnsBitForBit() throws ReflectiveOperationException {
        Map<String, Object> classes = everyClass();
        List<String> mismatches = new ArrayList<>();
        for (Case c : CASES) {
            Object input = input(c.from(), layout(c.fromTag()).bufferSize(), c.to());
            Object expected;
            try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(c.from(), c.fromTag(), DIMS),
                    MemorySpec.tagged(c.to(), c.toTag(), DIMS),
                    c.quantization() == null ? OneDnnReorder.Quantization.NONE : c.quantization())) {
                assertEquals("simple:any", oracle.implementation(), c.method());
                expected = oracle.run(input);
            }
            Method method = method(c.method());
            for (Map.Entry<String, Object> k : classes.entrySet()) {
                Object destination = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Object argument = destination;
                if (method.getParameterTypes()[1] == ByteBuffer.class) {
                    argument = ByteBuffer.allocateDirect(((byte[]) destination).length).put(0, (byte[]) destination);
                }
                invoke(k.getValue(), method, k.getKey(), OneDnnOracle.copy(input), argument, c.arguments());
                if (argument instanceof ByteBuffer b) {
                    b.get(0, (byte[]) destination);
                }
                compare(k.getKey() + "." + c.method(), c, expected, destination, mismatches);
            }
            if (target == Target.SCALAR) {
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Convert.reorder(OneDnnOracle.copy(input), layout(c.fromTag()), c.from().narrowFormat(), false, actual,
                        layout(c.toTag()), c.to().narrowFormat(), false, 1, 0, 0, parameters(c));
                compare("generic " + c.method(), c, expected, actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " reorders differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    /**
     * u8 weights less s4 zero points, one per row and group of 16 columns, packed two to a byte
     * (benchdnn's {@code --attr-zero-points=src:per_tensor:s4:1x16}): oneDNN's bytes, every class
     * and the generic kernel; and a zero-point array one byte short is refused, nothing written.
     */
    @Test
    void s4ZeroPointsInGroupsAreOneDnns() throws ReflectiveOperationException {
        byte[] src = new byte[128 * 16];
        random.nextBytes(src);
        int[] values = new int[128];
        byte[] packed = new byte[64];
        for (int i = 0; i < 128; i++) {
            values[i] = random.nextInt(16) - 8;
            Nibbles.set(packed, i, values[i]);
        }
        Object expected;
        try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(DataType.U8, "ab", 128, 16),
                MemorySpec.tagged(DataType.F32, "ab", 128, 16), OneDnnReorder.Quantization.NONE.withSourceZeroPoints(
                        new OneDnnReorder.ZeroPoints(3, DataType.S4, values, new long[] {1, 16})))) {
            expected = oracle.run(src.clone());
        }
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<String, Object> k : everyClass().entrySet()) {
            float[] actual = (float[]) OneDnnOracle.garbage(DataType.F32, 128 * 16);
            invoke(k.getValue(), method("u8LessS4ZeroPoints"), k.getKey(), src.clone(), actual, new Object[] {packed.clone()});
            OneDnnOracle.compare(k.getKey() + ".u8LessS4ZeroPoints", expected, actual, mismatches);
            float[] untouched = (float[]) OneDnnOracle.garbage(DataType.F32, 128 * 16);
            float[] refused = untouched.clone();
            InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> method("u8LessS4ZeroPoints")
                    .invoke(k.getValue(), src.clone(), refused, java.util.Arrays.copyOf(packed, 63)));
            assertEquals("zeroPoints has 63 bytes but takes 128 values, two to a byte in 64: one per index of A=128,"
                    + " B=16 in groups of 16 (per = \"AB\")", e.getCause().getMessage(), k.getKey());
            assertEquals(Arrays.toString(untouched), Arrays.toString(refused), k.getKey());
        }
        if (target == Target.SCALAR) {
            // the tuned dispatcher too, and its tuner, whose workload for the zero points is 64 bytes
            Int4Ops tuned = dev.strider.Strider.load(Int4Ops.class);
            float[] dispatched = (float[]) OneDnnOracle.garbage(DataType.F32, 128 * 16);
            tuned.u8LessS4ZeroPoints(src.clone(), dispatched, packed.clone());
            OneDnnOracle.compare("tuned u8LessS4ZeroPoints", expected, dispatched, mismatches);
            String explained = dev.strider.Strider.awaitTuning(Int4Ops.class);
            String line = Arrays.stream(explained.split("\n"))
                    .filter(l -> l.trim().startsWith("u8LessS4ZeroPoints(")).findFirst().orElseThrow(() -> new AssertionError(explained));
            assertFalse(line.contains("tuning failed"), explained);
            float[] actual = (float[]) OneDnnOracle.garbage(DataType.F32, 128 * 16);
            TensorLayout weights = TensorLayout.of("AB", new int[] {128, 16}, "ab");
            Convert.reorder(src.clone(), weights, null, true, actual, weights, null, false, 1, 0, 0,
                    List.of(new Quantization.Parameter(Quantization.Kind.ZERO_POINT, Side.SRC, "AB", packed.clone(),
                            NarrowFormat.S4, new int[] {1, 16})));
            OneDnnOracle.compare("generic u8LessS4ZeroPoints", expected, actual, mismatches);
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n", mismatches));
        }
    }

    /** The README's 4-bit example: s4 weights, a scale per O, s4 zero points per O and group of 32 I, as oneDNN computes it. */
    @Test
    void theReadmesDecompressionIsOneDnns() throws ReflectiveOperationException {
        byte[] weights = new byte[64 * 128 / 2];
        random.nextBytes(weights);
        float[] scales = new float[64];
        for (int o = 0; o < 64; o++) {
            scales[o] = 0.001f + random.nextFloat() / 50;
        }
        int[] values = new int[64 * 4];
        byte[] zeroPoints = new byte[values.length / 2];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(16) - 8;
            Nibbles.set(zeroPoints, i, values[i]);
        }
        Object expected;
        try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(DataType.S4, "ab", 64, 128),
                MemorySpec.tagged(DataType.F32, "ab", 64, 128), OneDnnReorder.Quantization.NONE
                        .withSourceScales(1, scales)
                        .withSourceZeroPoints(new OneDnnReorder.ZeroPoints(3, DataType.S4, values, new long[] {1, 32})))) {
            expected = oracle.run(weights.clone());
        }
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<String, Object> k : everyClass().entrySet()) {
            float[] actual = (float[]) OneDnnOracle.garbage(DataType.F32, 64 * 128);
            invoke(k.getValue(), method("decompress"), k.getKey(), weights.clone(), actual,
                    new Object[] {scales.clone(), zeroPoints.clone()});
            OneDnnOracle.compare(k.getKey() + ".decompress", expected, actual, mismatches);
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n", mismatches));
        }
    }

    /** u4 to u4, which oneDNN has no reorder for: each element's four bits, moved; against the generic kernel too. */
    @Test
    void aU4TransposeMovesEachElementsFourBits() throws ReflectiveOperationException {
        TensorLayout rows = TensorLayout.of("AB", new int[] {15, 16}, "ab");
        TensorLayout columns = TensorLayout.of("AB", new int[] {15, 16}, "ba");
        byte[] src = (byte[]) input(DataType.U4, 240, DataType.U4);
        byte[] generic = new byte[120];
        Convert.reorder(src.clone(), rows, NarrowFormat.U4, false, generic, columns, NarrowFormat.U4, false, 1, 0);
        for (int a = 0; a < 15; a++) {
            for (int b = 0; b < 16; b++) {
                assertEquals(Nibbles.get(src, a * 16 + b), Nibbles.get(generic, b * 15 + a), "(" + a + ", " + b + ")");
            }
        }
        for (Map.Entry<String, Object> k : everyClass().entrySet()) {
            byte[] actual = new byte[120];
            Arrays.fill(actual, (byte) 0x5a);
            invoke(k.getValue(), method("transposeU4"), k.getKey(), src.clone(), actual, new Object[0]);
            assertEquals(Arrays.toString(generic), Arrays.toString(actual), k.getKey());
        }
    }

    /** 17 channels padded to 32: every pad lane a zero nibble, every element the generic kernel's, the array's tail untouched. */
    @Test
    void aPaddedS4DestinationHasZeroPadNibbles() throws ReflectiveOperationException {
        TensorLayout planar = TensorLayout.of("NCHW", new int[] {1, 17, 12, 12}, "nchw");
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 17, 12, 12}, "nChw16c");
        float[] src = (float[]) input(DataType.F32, planar.bufferSize(), DataType.S4);
        int bytes = Nibbles.bytes(blocked.bufferSize());
        byte[] generic = new byte[bytes + 3];
        Arrays.fill(generic, (byte) 0x5a);
        Convert.reorder(src.clone(), planar, null, false, generic, blocked, NarrowFormat.S4, false, 1, 0);
        for (int e = 0; e < blocked.bufferSize(); e++) {
            int c = (e / (12 * 12 * 16)) * 16 + e % 16;
            int hw = e / 16 % (12 * 12);
            int expected = c < 17 ? dev.strider.kernel.Int4s.floatToS4(src[c * 144 + hw]) : 0;
            assertEquals(expected, Nibbles.get(generic, e), "element " + e + " (channel " + c + ")");
        }
        assertEquals(0x5a5a5a, generic[bytes] << 16 & 0xFF0000 | generic[bytes + 1] << 8 & 0xFF00 | generic[bytes + 2] & 0xFF,
                "the bytes after the tensor");
        for (Map.Entry<String, Object> k : everyClass().entrySet()) {
            byte[] actual = new byte[bytes + 3];
            Arrays.fill(actual, (byte) 0x5a);
            invoke(k.getValue(), method("toS4Padded"), k.getKey(), src.clone(), actual, new Object[0]);
            assertEquals(Arrays.toString(generic), Arrays.toString(actual), k.getKey());
        }
    }

    /** A packed destination too short by one byte is refused before anything is written. */
    @Test
    void aShortPackedDestinationIsRefusedUntouched() throws ReflectiveOperationException {
        for (Map.Entry<String, Object> k : OneDnnOracle.kernels(Int4Ops.class, target).entrySet()) {
            byte[] dst = new byte[559];
            Arrays.fill(dst, (byte) 0x5a);
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> method("toS4Nhwc").invoke(k.getValue(), new float[1120], dst));
            assertEquals("dst has 559 bytes, room for 1118 4-bit elements, but its layout needs 1120 (NCHW nhwc sizes"
                    + " [1, 32, 5, 7] strides [1120, 1, 224, 32] buffer 1120)", e.getCause().getMessage(), k.getKey());
            byte[] untouched = new byte[559];
            Arrays.fill(untouched, (byte) 0x5a);
            assertEquals(Arrays.toString(untouched), Arrays.toString(dst), k.getKey());
        }
    }

    /** Every class of the target and every variant of its one-thread classes, by name. */
    private Map<String, Object> everyClass() throws ReflectiveOperationException {
        return OneDnnOracle.kernelsAndVariants(Int4Ops.class, target, dev.strider.processor.plan.ClassPlanner.MAX_VARIANTS);
    }

    private static List<Quantization.Parameter> parameters(Case c) {
        if (c.arguments().length == 0) {
            return List.of();
        }
        boolean zeroPerChannel = c.arguments()[1] instanceof int[];
        int[] zeroPoints = zeroPerChannel ? (int[]) c.arguments()[1] : new int[] {(Integer) c.arguments()[1]};
        return List.of(Quantization.Parameter.scales(Side.SRC, "C", (float[]) c.arguments()[0]),
                Quantization.Parameter.zeroPoints(Side.SRC, zeroPerChannel ? "C" : "", zeroPoints));
    }

    private static Method method(String name) {
        return Arrays.stream(Int4Ops.class.getMethods()).filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    private static void invoke(Object kernels, Method method, String name, Object src, Object dst, Object[] more) {
        Object[] arguments = new Object[2 + more.length];
        arguments[0] = src;
        arguments[1] = dst;
        System.arraycopy(more, 0, arguments, 2, more.length);
        try {
            method.invoke(kernels, arguments);
        } catch (InvocationTargetException e) {
            throw new AssertionError(name + "." + method.getName(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static TensorLayout layout(String tag) {
        return TensorLayout.of("NCHW", Arrays.stream(DIMS).mapToInt(d -> (int) d).toArray(), tag);
    }

    /**
     * {@code n} elements of {@code type}: for f32 the rounding edges of {@code to}, then random
     * values over its range and beyond; for a packed type {@code n / 2} bytes, every byte value
     * first (each code beside each other code), then random bytes.
     */
    private Object input(DataType type, int n, DataType to) {
        if (type.packed()) {
            byte[] b = new byte[Nibbles.bytes(n)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (i < 256 ? i : random.nextInt(256));
            }
            return b;
        }
        List<Float> edges = new ArrayList<>();
        float[] grid = switch (to) {
            case S4, U4 -> new float[] {0.5f, 1.5f, 2.5f, 6.5f, 7f, 7.5f, 8f, 8.5f, 14.5f, 15f, 15.5f, 16f, 100f};
            case F4_E2M1 -> new float[] {0.25f, 0.5f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5f, 6f, 7f, 100f};
            default -> new float[] {0.125f, 0.375f, 0.75f, 1.5f, 3f, 6f, 12f, 16f, 24f, 100f};
        };
        for (float g : grid) {
            for (float v : new float[] {g, Math.nextUp(g), Math.nextDown(g)}) {
                edges.add(v);
                edges.add(-v);
            }
        }
        edges.addAll(List.of(Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0xFFC12345),
                -0f, 0f, 1e-40f, -1e-40f, Float.MAX_VALUE, -Float.MAX_VALUE));
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = i < edges.size() ? edges.get(i) : (float) ((random.nextDouble() * 2 - 1) * 24);
        }
        return values;
    }

    private static void compare(String what, Case c, Object expected, Object actual, List<String> mismatches) {
        OneDnnOracle.compare(what + " (" + c.from() + " " + c.fromTag() + " -> " + c.to() + " " + c.toTag() + ")",
                expected, actual, mismatches);
    }
}

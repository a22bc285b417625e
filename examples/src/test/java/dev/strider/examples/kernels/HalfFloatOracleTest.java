package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.Target;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Convert;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.TensorLayout;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;
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
 * bf16 and f16 reorders ({@link HalfOps}) against oneDNN's reorder of the same data types, formats
 * and scale, bit for bit over the whole destination, pad lanes included, on every class and variant
 * of the target and (for SCALAR) the generic kernel. The inputs hold the values where rounding shows:
 * ties to even at 16 bits, the f16 overflow boundary 65520, f16 subnormals, f32 subnormals (zero in
 * bf16), signed zeros, infinities and NaN, then random values over many magnitudes; 16-bit sources
 * are random bit patterns, NaNs and infinities among them.
 *
 * <p>Two inputs are left out where oneDNN's answer depends on the kernel it picks, not on the
 * arithmetic: -0.0 into or out of f16 (its reference reorder, which runs f16 on CPUs without
 * AVX512-FP16, adds the destination zero point even when it is 0 and so writes +0.0; its jit
 * reorders and Strider keep -0.0 where nothing is added, which {@link
 * #everyF16CodeWidensAsOneDnnWidensIt} checks on its own) and NaN into an integer type (its
 * reference reorder writes 0 to s8, its jit reorders -128, Strider the jit's).
 */
@ParameterizedClass
@EnumSource(Target.class)
class HalfFloatOracleTest {

    private static final int[] SIZES = {1, 17, 12, 12};

    @Parameter
    Target target;

    private final Random random = new Random(16);

    /** One reorder of {@link HalfOps} and oneDNN's twin. */
    private record Case(String method, DataType from, String fromTag, DataType to, String toTag, float scale) {
    }

    private static final List<Case> CASES = List.of(
            new Case("toBf16", DataType.F32, "nchw", DataType.BF16, "nchw", 1),
            new Case("toBf16Blocked", DataType.F32, "nchw", DataType.BF16, "nChw16c", 1),
            new Case("fromBf16Blocked", DataType.BF16, "nChw16c", DataType.F32, "nchw", 1),
            new Case("bf16ToF32Blocked", DataType.BF16, "nchw", DataType.F32, "nChw16c", 1),
            new Case("bf16ToF32Nhwc", DataType.BF16, "nchw", DataType.F32, "nhwc", 1),
            new Case("toF16Nhwc", DataType.F32, "nchw", DataType.F16, "nhwc", 1),
            new Case("f16ToF32Blocked", DataType.F16, "nchw", DataType.F32, "nChw16c", 1),
            new Case("f16ToF32", DataType.F16, "nchw", DataType.F32, "nchw", 1),
            new Case("fromF16Nhwc", DataType.F16, "nhwc", DataType.F32, "nchw", 1),
            new Case("quarterToF16Blocked", DataType.F32, "nchw", DataType.F16, "nChw16c", 0.25f),
            new Case("bf16ToBytes", DataType.BF16, "nchw", DataType.S8, "nhwc", 64),
            new Case("f16ToUnsignedBytes", DataType.F16, "nchw", DataType.U8, "nchw", 100),
            new Case("bytesToBf16Blocked", DataType.S8, "nchw", DataType.BF16, "nChw16c", 0.5f),
            new Case("thousandthToF16", DataType.F32, "nhwc", DataType.F16, "nchw", 0.001f),
            new Case("f16ToBytesBlocked", DataType.F16, "nchw", DataType.S8, "nChw16c", 1),
            new Case("bf16Blocked", DataType.BF16, "nchw", DataType.BF16, "nChw16c", 1));

    @BeforeAll
    static void oneDnnLoads() {
        OneDnn.load();
    }

    @Test
    void everyHalfFloatReorderIsOneDnnsBitForBit() throws ReflectiveOperationException {
        Map<String, Object> classes = everyClass();
        List<String> mismatches = new ArrayList<>();
        for (Case c : CASES) {
            Object input = input(c.from(), c.fromTag());
            leaveOutKernelDependent(c, input);
            Object expected = oneDnn(c, input);
            for (Map.Entry<String, Object> k : classes.entrySet()) {
                String name = k.getKey();
                Object kernels = k.getValue();
                Method method = Arrays.stream(HalfOps.class.getMethods()).filter(m -> m.getName().equals(c.method()))
                        .findFirst().orElseThrow();
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Object argument = argument(method.getParameterTypes()[1], actual);
                try {
                    method.invoke(kernels, OneDnnOracle.copy(input), argument);
                } catch (InvocationTargetException e) {
                    throw new AssertionError(name + "." + c.method(), e.getCause());
                }
                if (argument instanceof ByteBuffer b) {
                    b.asShortBuffer().get((short[]) actual);
                }
                compare(name + "." + c.method(), c, expected, actual, mismatches);
            }
            if (target == Target.SCALAR) {
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Convert.reorder(OneDnnOracle.copy(input), layout(c.fromTag()), c.from().narrowFormat(), false, actual, layout(c.toTag()),
                        c.to().narrowFormat(), c.to() == DataType.U8, c.scale(), 0);
                compare("generic " + c.method(), c, expected, actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " reorders differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    /**
     * Every one of the 65,536 f16 codes widened to f32 ({@code f16ToF32Blocked} and {@code f16ToF32}),
     * a layout's worth at a time, on every class and variant: the vector forms compute the floats in
     * int lanes and a multiply ({@code VectorWriter.f16Floats}), so each code's path (zeros,
     * subnormals, normals, infinities, NaNs with their payloads, both signs) is checked against
     * oneDNN's reorder.
     */
    @Test
    void everyF16CodeWidensAsOneDnnWidensIt() throws ReflectiveOperationException {
        Map<String, Object> classes = everyClass();
        List<String> mismatches = new ArrayList<>();
        int n = layout("nchw").bufferSize();
        int codes = 0;
        for (int first = 0; first < 1 << 16; first += n) {
            short[] input = new short[n];
            for (int i = 0; i < n; i++) {
                input[i] = (short) (first + i); // past 65,535 the codes wrap around to 0
            }
            codes += Math.min(n, (1 << 16) - first);
            for (Case c : List.of(new Case("f16ToF32Blocked", DataType.F16, "nchw", DataType.F32, "nChw16c", 1),
                    new Case("f16ToF32", DataType.F16, "nchw", DataType.F32, "nchw", 1))) {
                // -0.0 (0x8000) widens to -0.0 here, to +0.0 in oneDNN's reference reorder (the class comment)
                int negativeZero = (0x8000 - first) % (1 << 16);
                boolean holdsNegativeZero = negativeZero >= 0 && negativeZero < n;
                short[] comparable = input.clone();
                if (holdsNegativeZero) {
                    comparable[negativeZero] = 0;
                }
                Object expected = oneDnn(c, comparable);
                for (Map.Entry<String, Object> k : classes.entrySet()) {
                    float[] actual = (float[]) OneDnnOracle.garbage(DataType.F32, Array.getLength(expected));
                    HalfOps kernels = (HalfOps) k.getValue();
                    if (c.method().equals("f16ToF32Blocked")) {
                        kernels.f16ToF32Blocked(input.clone(), actual);
                    } else {
                        kernels.f16ToF32(input.clone(), actual);
                    }
                    if (holdsNegativeZero) {
                        int plane = SIZES[2] * SIZES[3];
                        int at = layout(c.toTag()).offsetOf(0, negativeZero / plane, negativeZero / SIZES[3] % SIZES[2],
                                negativeZero % SIZES[3]);
                        if (Float.floatToRawIntBits(actual[at]) != 0x80000000) {
                            mismatches.add(k.getKey() + "." + c.method() + ": f16 -0.0 widened to " + actual[at]);
                        }
                        actual[at] = 0f;
                    }
                    compare(k.getKey() + "." + c.method() + " codes from " + first, c, expected, actual, mismatches);
                }
            }
        }
        if (codes != 1 << 16) {
            fail("codes: " + codes);
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " widenings differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    /**
     * The same 65,536 codes through {@code HalfOps_Vector512}'s f16 nchw to nChw16c once the JIT has
     * compiled it: the test above calls each kernel a few dozen times, so the Vector API runs as Java
     * code there; here the rule's variant (from Java 24 the 16x16 blocks through a tile, widened by the
     * JDK's conversion in a loop C2 vectorizes) and the 16-bit 8x8 blocks are first called until C2
     * has had them long enough (20,000 calls or 4 s each), then checked against oneDNN. It also checks
     * that the class plans f16 in vectors at all, not as a scalar nest, and through a tile.
     */
    @Test
    void everyF16CodeWidensAsOneDnnWidensItOnceCompiled() throws ReflectiveOperationException {
        if (target != Target.VECTOR) {
            return;
        }
        Class<?> vector512 = Class.forName(HalfOps.class.getPackageName() + ".HalfOps_Vector512");
        List<String> methods = Arrays.stream(vector512.getDeclaredMethods()).map(Method::getName)
                .filter(name -> name.startsWith("f16ToF32Blocked_")).sorted().toList();
        if (!methods.containsAll(List.of("f16ToF32Blocked_blocks8h", "f16ToF32Blocked_blocks4", "f16ToF32Blocked_blocks16t"))) {
            fail("f16 is not widened in vector blocks: " + methods);
        }
        Case c = new Case("f16ToF32Blocked", DataType.F16, "nchw", DataType.F32, "nChw16c", 1);
        int n = layout("nchw").bufferSize();
        List<short[]> inputs = new ArrayList<>();
        List<Object> expected = new ArrayList<>();
        for (int first = 0; first < 1 << 16; first += n) {
            short[] input = new short[n];
            for (int i = 0; i < n; i++) {
                int code = (first + i) & 0xFFFF;
                input[i] = (short) (code == 0x8000 ? 0 : code); // -0.0: see the class comment
            }
            inputs.add(input);
            expected.add(oneDnn(c, input));
        }
        List<String> mismatches = new ArrayList<>();
        // the tile's variant by number too: the rule takes it only from Java 24, so on JDK 17 C2 gets it here alone
        dev.strider.runtime.KernelProvider provider = (dev.strider.runtime.KernelProvider)
                Class.forName(vector512.getName() + "$Provider").getConstructor().newInstance();
        int tile = provider.variants().get("f16ToF32Blocked(short[], float[])")
                .indexOf("16x16 blocks in registers as 16-bit lanes through a tile");
        if (tile < 0) {
            fail("no tile variant: " + provider.variants());
        }
        for (int variant : new int[] {-1, 0, tile}) {
            HalfOps kernels = (HalfOps) vector512.getConstructor(int.class).newInstance(variant);
            float[] actual = new float[Array.getLength(expected.get(0))];
            long end = System.nanoTime() + 4_000_000_000L;
            for (int call = 0; call < 20_000 && System.nanoTime() < end; call++) {
                kernels.f16ToF32Blocked(inputs.get(call % inputs.size()), actual);
            }
            for (int k = 0; k < inputs.size(); k++) {
                Arrays.fill(actual, Float.NaN);
                kernels.f16ToF32Blocked(inputs.get(k), actual);
                compare("HalfOps_Vector512 " + (variant < 0 ? "rule" : "variant " + variant) + " compiled, chunk " + k,
                        c, expected.get(k), actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " compiled widenings differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    /** The target's classes and, but for THREADS, every variant of each. */
    private Map<String, Object> everyClass() throws ReflectiveOperationException {
        return OneDnnOracle.kernelsAndVariants(HalfOps.class, target, dev.strider.processor.plan.ClassPlanner.MAX_VARIANTS);
    }

    /** -0.0 to +0.0 into f16, and NaN to 0 into an integer type: see the class comment. */
    private static void leaveOutKernelDependent(Case c, Object input) {
        boolean integer = c.to() == DataType.S8 || c.to() == DataType.U8 || c.to() == DataType.S32;
        for (int i = 0; i < Array.getLength(input); i++) {
            if (input instanceof float[] f && c.to() == DataType.F16 && Float.floatToRawIntBits(f[i]) == 0x80000000) {
                f[i] = 0f;
            }
            if (input instanceof short[] s && c.from() == DataType.F16 && c.to() == DataType.F32 && s[i] == (short) 0x8000) {
                s[i] = 0;
            }
            if (input instanceof short[] s && integer) {
                float value = c.from().narrowFormat().toFloat(s[i]);
                if (Float.isNaN(value)) {
                    s[i] = 0;
                }
            }
        }
    }

    private static TensorLayout layout(String tag) {
        return TensorLayout.of("NCHW", SIZES, tag);
    }


    /** The array the method writes, or a ShortBuffer over it, or a direct native-order ByteBuffer to read it from. */
    private static Object argument(Class<?> parameter, Object array) {
        if (parameter == ShortBuffer.class) {
            return ShortBuffer.wrap((short[]) array);
        }
        if (parameter == ByteBuffer.class) {
            ByteBuffer b = ByteBuffer.allocateDirect(2 * Array.getLength(array)).order(ByteOrder.nativeOrder());
            b.asShortBuffer().put((short[]) array);
            return b;
        }
        return array;
    }

    /** A source in {@code tag}: the values where rounding shows, then random ones; a blocked one has zero pad lanes. */
    private Object input(DataType type, String tag) {
        int n = layout(tag).bufferSize();
        Object values = switch (type) {
            case F32 -> floats(n);
            case BF16, F16 -> {
                short[] s = new short[n];
                for (int i = 0; i < n; i++) {
                    s[i] = (short) random.nextInt(1 << 16);
                }
                yield s;
            }
            case S8, U8, F8_E5M2, F8_E4M3 -> {
                byte[] b = new byte[n];
                random.nextBytes(b);
                yield b;
            }
            case S32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = i % 3 == 0 ? random.nextInt() : random.nextInt(1 << 24) - (1 << 23);
                }
                yield v;
            }
            case S4, U4, F4_E2M1, F4_E3M0 -> throw new IllegalArgumentException("no 4-bit case here: " + type);
        };
        // oneDNN's blocked inputs have zero pad lanes: so must ours
        return OneDnnReorder.zeroPadLanes(layout(tag), values);
    }

    private float[] floats(int n) {
        float[] edges = {
            Float.intBitsToFloat(0x3F808000), Float.intBitsToFloat(0x3F818000), Float.intBitsToFloat(0xBF808000),
            Float.intBitsToFloat(0x3F808001), Float.intBitsToFloat(0x3F807FFF), 1.00048828125f, 1.00146484375f,
            65504f, 65519.996f, 65520f, 65536f, 1e5f, -65520f, 6.1035156e-5f, 3e-6f, 5.9604645e-8f, 2.9802322e-8f,
            2.98023259e-8f, 1e-40f, -1e-40f, Float.MIN_VALUE, -0.0f, 0.0f, Float.NaN, Float.intBitsToFloat(0x7F800001),
            Float.intBitsToFloat(0xFFC12345), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE,
            Float.intBitsToFloat(0x7F7F8000), -Float.MAX_VALUE, 0.5f, -1.5f, 127.5f};
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = i < edges.length ? edges[i]
                    : i % 4 == 0 ? Float.intBitsToFloat((random.nextInt(1 << 16) << 16) | 0x8000) // a bf16 tie
                    : i % 4 == 1 ? (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(40) - 26))
                    : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(20)));
        }
        return values;
    }

    private static Object oneDnn(Case c, Object input) {
        long[] dims = Arrays.stream(SIZES).asLongStream().toArray();
        return OneDnnOracle.reorder(MemorySpec.tagged(c.from(), c.fromTag(), dims),
                MemorySpec.tagged(c.to(), c.toTag(), dims), c.scale(), input);
    }

    private static void compare(String what, Case c, Object expected, Object actual, List<String> mismatches) {
        OneDnnOracle.compare(what + " (" + c.from() + " " + c.fromTag() + " -> " + c.to() + " " + c.toTag()
                + ", scale " + c.scale() + ")", expected, actual, mismatches);
    }
}

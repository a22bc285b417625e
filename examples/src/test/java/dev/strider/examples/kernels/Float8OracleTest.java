package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.Target;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Convert;
import dev.strider.kernel.HalfFloats;
import dev.strider.kernel.NarrowFormat;
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
 * f8 reorders ({@link Float8Ops}) against oneDNN 3.11's reorder of the same data types, formats and
 * scale, bit for bit over the whole destination, pad lanes included, on every class of the target
 * and (for SCALAR) the generic kernel. The f32 inputs hold the values where oneDNN's two roundings
 * show (to f16, then to f8): the f8 ties, floats a quarter of an f16 step either side of them, the
 * overflow edges (e5m2's 57,344 and 61,424, which f16 rounds to 61,440; e4m3's 448, 464 and 464.125),
 * the subnormal edges, infinities and NaNs, then random values over the formats' ranges; the scales
 * are powers of two, so the edges reach the conversion exactly. f8 sources hold every code; f16
 * sources patterns 27 apart across every exponent and both signs, then random ones.
 *
 * <p>Left out where oneDNN's answer depends on the kernel it picks, not on the arithmetic: -0.0 into
 * or out of f8 (its reference reorder, its only f8 reorder on CPUs without AVX512-FP16, adds a zero
 * point of 0 and writes +0.0; its jit reorders and Strider keep -0.0), and e5m2 signalling NaNs in
 * the plain copy (that reference quiets them through f32; Strider moves the bits).
 */
@ParameterizedClass
@EnumSource(Target.class)
class Float8OracleTest {

    private static final int[] SIZES = {1, 17, 12, 12};

    @Parameter
    Target target;

    private final Random random = new Random(8);

    /** One reorder of {@link Float8Ops} and oneDNN's twin. */
    private record Case(String method, DataType from, String fromTag, DataType to, String toTag, float scale) {
    }

    private static final List<Case> CASES = List.of(
            new Case("toE5m2Blocked", DataType.F32, "nchw", DataType.F8_E5M2, "nChw16c", 1),
            new Case("quarterToE4m3Nhwc", DataType.F32, "nchw", DataType.F8_E4M3, "nhwc", 0.25f),
            new Case("fromE5m2Nhwc", DataType.F8_E5M2, "nhwc", DataType.F32, "nchw", 1),
            new Case("fromE4m3Blocked", DataType.F8_E4M3, "nChw16c", DataType.F32, "nchw", 1),
            new Case("e4m3ToBf16", DataType.F8_E4M3, "nchw", DataType.BF16, "nchw", 1),
            new Case("f16ToE5m2", DataType.F16, "nchw", DataType.F8_E5M2, "nhwc", 1),
            new Case("twiceToE4m3Blocked", DataType.F32, "nchw", DataType.F8_E4M3, "nChw16c", 2),
            new Case("e5m2Blocked", DataType.F8_E5M2, "nchw", DataType.F8_E5M2, "nChw16c", 1));

    @BeforeAll
    static void oneDnnLoads() {
        OneDnn.load();
    }

    @Test
    void everyF8ReorderIsOneDnnsBitForBit() throws ReflectiveOperationException {
        // every variant of every class, not only the rule's: the plain e5m2 copy moves in blocks of each width
        Map<String, Object> classes = OneDnnOracle.kernelsAndVariants(Float8Ops.class, target,
                dev.strider.processor.plan.ClassPlanner.MAX_VARIANTS);
        List<String> mismatches = new ArrayList<>();
        for (Case c : CASES) {
            Object input = input(c);
            Object expected = oneDnn(c, input);
            for (Map.Entry<String, Object> k : classes.entrySet()) {
                String name = k.getKey();
                Object kernels = k.getValue();
                Method method = Arrays.stream(Float8Ops.class.getMethods()).filter(m -> m.getName().equals(c.method()))
                        .findFirst().orElseThrow();
                byte[] actual = (byte[]) (expected instanceof byte[] ? OneDnnOracle.garbage(c.to(), Array.getLength(expected))
                        : null);
                Object destination = actual != null ? actual : OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Object argument = destination;
                if (method.getParameterTypes()[1] == ByteBuffer.class) {
                    argument = ByteBuffer.allocateDirect(actual.length).put(0, actual);
                }
                try {
                    method.invoke(kernels, OneDnnOracle.copy(input), argument);
                } catch (InvocationTargetException e) {
                    throw new AssertionError(name + "." + c.method(), e.getCause());
                }
                if (argument instanceof ByteBuffer b) {
                    b.get(0, actual);
                }
                compare(name + "." + c.method(), c, expected, destination, mismatches);
            }
            if (target == Target.SCALAR) {
                Object actual = OneDnnOracle.garbage(c.to(), Array.getLength(expected));
                Convert.reorder(OneDnnOracle.copy(input), layout(c.fromTag()), c.from().narrowFormat(), false, actual,
                        layout(c.toTag()), c.to().narrowFormat(), false, c.scale(), 0);
                compare("generic " + c.method(), c, expected, actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " reorders differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    private static TensorLayout layout(String tag) {
        return TensorLayout.of("NCHW", SIZES, tag);
    }


    /** A source in the case's format: the edges, then random values; a blocked one has zero pad lanes. */
    private Object input(Case c) {
        TensorLayout l = layout(c.fromTag());
        int n = l.bufferSize();
        boolean float8Dst = c.to() == DataType.F8_E5M2 || c.to() == DataType.F8_E4M3;
        Object values = switch (c.from()) {
            case F32 -> floats(n, c.scale());
            case F16 -> {
                short[] s = new short[n];
                for (int i = 0; i < n; i++) {
                    s[i] = (short) (i < 0x10000 / 27 ? i * 27 : random.nextInt(1 << 16)); // every exponent and sign
                    if (float8Dst && s[i] == (short) 0x8000) {
                        s[i] = 0;
                    }
                }
                yield s;
            }
            default -> {
                byte[] b = new byte[n];
                for (int i = 0; i < n; i++) {
                    b[i] = (byte) (i < 256 ? i : random.nextInt(256)); // every code
                    boolean signalling = c.from() == c.to() && (b[i] & 0x7F) == 0x7D;
                    if (b[i] == (byte) 0x80 || signalling) {
                        b[i] = 0;
                    }
                }
                yield b;
            }
        };
        return OneDnnReorder.zeroPadLanes(l, values);
    }

    /** The f8 rounding edges, divided by {@code scale} (a power of two) so that they reach the conversion as they are. */
    private float[] floats(int n, float scale) {
        List<Float> edges = new ArrayList<>();
        float[] grid = {1.25f, 1.375f, 1.5f, 1.125f, 1.0625f, 3.5f, 0x1p-14f, 0x1p-16f, 0x1p-17f, 0x1p-9f, 0x1p-10f,
            0x1p-7f, 0x1.1p-7f, 57344f, 61424f, 61440f, 65504f, 65520f, 448f, 464f, 464.125f, 480f, 240f, 232f};
        float quarter = 0x1p-12f; // a quarter of f16's step at 1
        for (float g : grid) {
            float step = Math.ulp(HalfFloats.f16ToFloat(HalfFloats.floatToF16(g))) * 0x1p13f / 4; // a quarter f16 step
            for (float v : new float[] {g, g + step, g - step, Math.nextUp(g), Math.nextDown(g)}) {
                edges.add(v);
                edges.add(-v);
            }
        }
        edges.add(1.375f - quarter);
        edges.add(Float.POSITIVE_INFINITY);
        edges.add(Float.NEGATIVE_INFINITY);
        edges.add(Float.NaN);
        edges.add(Float.intBitsToFloat(0xFFC12345));
        edges.add(Float.MAX_VALUE);
        edges.add(1e-40f);
        edges.add(0f);
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            float v = i < edges.size() ? edges.get(i) / scale
                    : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(36) - 20));
            values[i] = Float.floatToRawIntBits(v) == 0x80000000 ? 0f : v;
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

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.Target;
import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.kernel.Convert;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.TensorLayout;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
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
 * The sum post-op ({@link SumOps}) against oneDNN's reorder with the same sum, bit for bit over the
 * whole destination, pad lanes included, on every class of the target and (for SCALAR) the generic
 * kernel; source and destination start with random values of many magnitudes (the destination's
 * pad lanes zero, as oneDNN's are).
 */
@ParameterizedClass
@EnumSource(Target.class)
class SumOracleTest {

    private static final int[] SIZES = {1, 17, 12, 12};

    @Parameter
    Target target;

    private final Random random = new Random(5);

    private record Case(String method, DataType from, String fromTag, DataType to, String toTag, float scale, float sum) {
    }

    private static final List<Case> CASES = List.of(
            new Case("halveOntoBlocked", DataType.F32, "nchw", DataType.F32, "nChw16c", 0.5f, 1),
            new Case("halfOfOldNhwc", DataType.F32, "nchw", DataType.F32, "nhwc", 1, 0.5f),
            new Case("floatsOntoBytes", DataType.F32, "nchw", DataType.S8, "nhwc", 3, 1),
            new Case("bytesOntoFloats", DataType.S8, "nchw", DataType.F32, "nchw", 0.25f, -1.75f),
            new Case("floatsOntoUnsignedBytes", DataType.F32, "nchw", DataType.U8, "nChw16c", 1, 0.5f),
            new Case("intsOntoInts", DataType.S32, "nchw", DataType.S32, "nchw", 1, 1),
            new Case("floatsOntoBf16", DataType.F32, "nchw", DataType.BF16, "nhwc", 1, 1));

    @BeforeAll
    static void oneDnnLoads() {
        OneDnn.load();
    }

    @Test
    void everySumIsOneDnnsBitForBit() throws ReflectiveOperationException {
        Map<String, Object> classes = OneDnnOracle.kernels(SumOps.class, target);
        List<String> mismatches = new ArrayList<>();
        long[] dims = Arrays.stream(SIZES).asLongStream().toArray();
        for (Case c : CASES) {
            Object input = values(c.from(), layout(c.fromTag()), 0);
            Object initial = values(c.to(), layout(c.toTag()), 1);
            Object expected = OneDnnOracle.reorderSum(MemorySpec.tagged(c.from(), c.fromTag(), dims),
                    MemorySpec.tagged(c.to(), c.toTag(), dims), c.scale(), c.sum(), input, OneDnnOracle.copy(initial));
            String what = " (" + c.from() + " " + c.fromTag() + " -> " + c.to() + " " + c.toTag() + ", scale " + c.scale()
                    + ", sum " + c.sum() + ")";
            for (Map.Entry<String, Object> k : classes.entrySet()) {
                String name = k.getKey();
                Object kernels = k.getValue();
                Method method = Arrays.stream(SumOps.class.getMethods()).filter(m -> m.getName().equals(c.method()))
                        .findFirst().orElseThrow();
                Object actual = OneDnnOracle.copy(initial);
                try {
                    method.invoke(kernels, OneDnnOracle.copy(input), actual);
                } catch (InvocationTargetException e) {
                    throw new AssertionError(name + "." + c.method(), e.getCause());
                }
                OneDnnOracle.compare(name + "." + c.method() + what, expected, actual, mismatches);
            }
            if (target == Target.SCALAR) {
                Object actual = OneDnnOracle.copy(initial);
                Convert.reorder(OneDnnOracle.copy(input), layout(c.fromTag()), null, false, actual, layout(c.toTag()),
                        c.to() == DataType.BF16 ? NarrowFormat.BF16 : null, c.to() == DataType.U8, c.scale(), 0, c.sum());
                OneDnnOracle.compare("generic " + c.method() + what, expected, actual, mismatches);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " sums differ from oneDNN:\n" + String.join("\n", mismatches));
        }
    }

    private static TensorLayout layout(String tag) {
        return TensorLayout.of("NCHW", SIZES, tag);
    }

    /** Random values of {@code type} at {@code layout}'s logical elements, its pad lanes 0; {@code salt} varies them. */
    private Object values(DataType type, TensorLayout l, int salt) {
        int n = l.bufferSize();
        Object a = switch (type) {
            case F32 -> new float[n];
            case S32 -> new int[n];
            case BF16, F16 -> new short[n];
            default -> new byte[n];
        };
        for (int c = 0; c < SIZES[1]; c++) {
            for (int h = 0; h < SIZES[2]; h++) {
                for (int w = 0; w < SIZES[3]; w++) {
                    int at = l.offsetOf(0, c, h, w);
                    double v = (random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(salt == 0 ? 12 : 8));
                    switch (type) {
                        case F32 -> Array.setFloat(a, at, (float) v);
                        case S32 -> Array.setInt(a, at, random.nextInt(8) == 0 ? random.nextInt() : (int) (v * 1000));
                        case BF16 -> Array.setShort(a, at, (short) (Float.floatToRawIntBits((float) v) >>> 16));
                        default -> Array.setByte(a, at, (byte) random.nextInt(256));
                    }
                }
            }
        }
        return a;
    }
}

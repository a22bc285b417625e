package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.BinaryOp;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every Java contender of every {@link Case} computes what the case's layouts say: the naive and
 * hand-tiled loops of {@link BaselinesBenchmark} and every target of {@link TargetsBenchmark},
 * called as JMH calls them on a set-up {@link Tensors}, against the generic kernels run on the
 * case's own layouts. The whole output buffer is compared, pad lanes included (they must hold
 * zeros), after filling it with NaN so that an element a contender leaves unwritten shows.
 * Otherwise a fast contender could be fast by doing less, and its GB/s would count work it skips.
 */
class ContendersTest {

    private static final String[] TARGETS = {"scalar", "vector", "threads", "generic"};

    /** The case's first input as the benchmark methods hand it over. */
    private static Object input(Case c, Tensors t) {
        switch (c) {
            case NCHW_TO_NHWC_LARGE:
            case NHWC_TO_NCHW_LARGE:
                return t.large;
            case NCHW_TO_NHWC_IMAGE:
            case NHWC_TO_NCHW_IMAGE:
            case FLIP_IMAGE:
                return t.picture;
            case TO_BLOCKED_64:
            case FROM_BLOCKED_64:
            case TO_BLOCKED_8:
            case ADD_BIAS:
                return t.features;
            case TO_BLOCKED_WEIGHTS:
                return t.weights;
            case TO_BLOCKED_17:
                return t.tail;
            case FROM_BLOCKED_17:
                return t.tailBlocked;
            case TO_TINY_BLOCKED:
                return t.tiny;
            case NCHW_TO_NHWC_TINY:
                return t.thumb;
            case NORMALIZE_IMAGE:
                return t.pixels;
            default:
                throw new AssertionError(c);
        }
    }

    /** What the case computes, by the generic kernels on its layouts, into a zeroed buffer (pad lanes 0). */
    private static float[] expected(Case c, Tensors t) {
        TensorLayout in = c.inputs().get(0).layout();
        TensorLayout out = c.output().layout();
        float[] expected = new float[out.bufferSize()];
        switch (c) {
            case NORMALIZE_IMAGE:
                Convert.reorder(t.pixels, in, true, expected, out, 1 / 127.5, -1);
                break;
            case FLIP_IMAGE:
                FloatKernels.slice(t.picture, in, SliceWindow.of(in, new int[4], in.sizes(), new int[] {1, 1, 1, -1}),
                        expected, out);
                break;
            case ADD_BIAS:
                FloatKernels.binary(BinaryOp.ADD, t.features, in, t.bias, c.inputs().get(1).layout(), expected, out);
                break;
            default:
                FloatKernels.reorder((float[]) input(c, t), in, expected, out);
        }
        return expected;
    }

    private static Method method(Class<?> type, String name) {
        try {
            return type.getMethod(name, Tensors.class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static float[] call(Method m, Object benchmark, Tensors t) throws IllegalAccessException {
        try {
            return (float[]) m.invoke(benchmark, t);
        } catch (InvocationTargetException e) {
            throw new AssertionError(m.getName() + " threw", e.getCause());
        }
    }

    @ParameterizedTest
    @EnumSource(Case.class)
    void everyJavaContenderComputesTheCaseOnItsBytes(Case c) throws IllegalAccessException {
        Tensors t = new Tensors();
        t.setUp();
        Object in = input(c, t);
        int inLength = in instanceof float[] ? ((float[]) in).length : ((byte[]) in).length;
        assertEquals(c.inputs().get(0).layout().bufferSize(), inLength, "the input is the buffer the case counts");
        float[] expected = expected(c, t);

        List<String> ran = new ArrayList<>();
        BaselinesBenchmark baselines = new BaselinesBenchmark();
        for (String suffix : List.of("Naive", "Hand")) {
            Method m = method(BaselinesBenchmark.class, c.id() + suffix);
            if (m != null) {
                check(c, "BaselinesBenchmark." + m.getName(), expected, m, baselines, t);
                ran.add(suffix);
            }
        }
        assertTrue(ran.contains("Naive"), c + " has a naive loop");

        Method target = method(TargetsBenchmark.class, c.id());
        for (String name : TARGETS) {
            TargetsBenchmark targets = new TargetsBenchmark();
            targets.target = name;
            targets.load();
            check(c, "TargetsBenchmark." + c.id() + " target=" + name, expected, target, targets, t);
        }
    }

    private static void check(Case c, String contender, float[] expected, Method m, Object benchmark, Tensors t)
            throws IllegalAccessException {
        // the output the method returns is the one it wrote; NaN first, so that unwritten elements show
        float[] out = call(m, benchmark, t);
        Arrays.fill(out, Float.NaN);
        float[] actual = call(m, benchmark, t);
        assertTrue(out == actual, contender + " returns its output buffer");
        assertEquals(expected.length, actual.length, contender + ": the output is the buffer the case counts");
        for (int i = 0; i < expected.length; i++) {
            boolean same = c == Case.NORMALIZE_IMAGE && contender.startsWith("BaselinesBenchmark.")
                    // the hand loops compute float (p / 127.5f - 1), not the kernel's scale and shift: one
                    // rounding apart at most; the generated and generic targets must agree bit for bit
                    ? Math.abs(expected[i] - actual[i]) <= Math.ulp(1f)
                    : Float.floatToRawIntBits(expected[i]) == Float.floatToRawIntBits(actual[i]);
            if (!same) {
                fail(contender + ": element " + i + " of " + expected.length + " is " + actual[i] + ", the case's layouts say "
                        + expected[i]);
            }
        }
    }
}

package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.Target;
import java.util.Arrays;
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
 * which oneDNN zero-fills and Strider must too (the destination starts as NaN).
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
     * Runs the kernel and oneDNN's {@code from -> to} reorder on the same input and compares the
     * destinations bit for bit.
     */
    private void sameAsOneDnn(int[] sizes, String from, String to, BiConsumer<float[], float[]> kernel) {
        long[] dims = Arrays.stream(sizes).asLongStream().toArray();
        float[] input = sourceIn(dims, from);
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

    /** A random tensor in format {@code tag}: random nchw values reordered by oneDNN, its pad lanes zero. */
    private float[] sourceIn(long[] dims, String tag) {
        float[] plain = new float[(int) Arrays.stream(dims).reduce(1, (a, b) -> a * b)];
        for (int i = 0; i < plain.length; i++) {
            plain[i] = random.nextFloat() * 2 - 1;
        }
        try (OneDnnReorder r = OneDnnReorder.create(MemorySpec.tagged(DataType.F32, "nchw", dims),
                MemorySpec.tagged(DataType.F32, tag, dims))) {
            r.copyIn(plain);
            r.execute();
            float[] source = new float[(int) r.destinationElements()];
            r.copyOut(source);
            assertEquals(tag.equals("nchw"), Arrays.equals(plain, source), "nchw -> nchw is a copy");
            return source;
        }
    }
}

package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.Layout;
import dev.strider.runtime.Kernels;
import dev.strider.runtime.Target;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Each example kernel in every target — SCALAR, VECTOR, THREADS, forced through
 * {@code Kernels.load(set, target)} — and in the generic kernel, in one run; {@link BaselinesBenchmark}
 * holds the hand-written loops and the arraycopy ceiling of the same cases:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'TargetsBenchmark|BaselinesBenchmark'</pre>
 *
 * Buffers are allocated once, outside the measured code.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TargetsBenchmark {

    static final int[] LARGE = {1, 64, 256, 256};
    static final int[] FEATURES = {1, 64, 56, 56};
    static final int[] TAIL = {1, 17, 56, 56};
    static final int[] TINY = {1, 17, 5, 4};
    static final int[] IMAGE = {1, 3, 224, 224};

    @Param({"scalar", "vector", "threads", "generic"})
    public String target;

    private ImageOps image;
    private BlockedOps blocked;

    private float[] large;
    private float[] largeOut;
    private float[] features;
    private float[] featuresOut;
    private float[] tail;
    private float[] tailOut;
    private float[] tiny;
    private float[] tinyOut;
    private float[] picture;
    private float[] pictureOut;
    private byte[] pixels;
    private float[] bias;

    @Setup
    public void setUp() {
        if (target.equals("generic")) {
            image = new GenericImageOps();
            blocked = new GenericBlockedOps();
        } else {
            Target t = Target.valueOf(target.toUpperCase(java.util.Locale.ROOT));
            image = Kernels.load(ImageOps.class, t);
            blocked = Kernels.load(BlockedOps.class, t);
        }
        Random r = new Random(1);
        large = random(r, 64 * 256 * 256);
        largeOut = new float[large.length];
        features = random(r, 64 * 56 * 56);
        featuresOut = new float[features.length];
        tail = random(r, 17 * 56 * 56);
        tailOut = new float[32 * 56 * 56];
        tiny = random(r, 17 * 5 * 4);
        tinyOut = new float[24 * 5 * 4];
        picture = random(r, 3 * 224 * 224);
        pictureOut = new float[picture.length];
        pixels = new byte[picture.length];
        r.nextBytes(pixels);
        bias = random(r, 64);
    }

    static float[] random(Random r, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextFloat() - 0.5f;
        }
        return a;
    }

    @Benchmark
    public float[] nchwToNhwcLarge() {
        image.largeToNhwc(large, largeOut);
        return largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLarge() {
        image.largeToNchw(large, largeOut);
        return largeOut;
    }

    @Benchmark
    public float[] toBlocked64() {
        blocked.toBlocked64(features, featuresOut);
        return featuresOut;
    }

    @Benchmark
    public float[] toBlocked17() {
        blocked.toBlocked17(tail, tailOut);
        return tailOut;
    }

    @Benchmark
    public float[] toTinyBlocked() {
        blocked.toTinyBlocked(tiny, tinyOut);
        return tinyOut;
    }

    @Benchmark
    public float[] nchwToNhwcImage() {
        image.toInterleaved(picture, pictureOut);
        return pictureOut;
    }

    @Benchmark
    public float[] normalizeImage() {
        image.normalize(pixels, pictureOut);
        return pictureOut;
    }

    @Benchmark
    public float[] flipImage() {
        image.flip(picture, pictureOut);
        return pictureOut;
    }

    @Benchmark
    public float[] addBias() {
        image.addBias(features, bias, featuresOut);
        return featuresOut;
    }

    /** The generic run-time-stride kernels behind {@link ImageOps}'s methods that this benchmark calls. */
    static final class GenericImageOps implements ImageOps {
        private static final Layout PLANAR = Layout.packed("NCHW", IMAGE);
        private static final Layout INTERLEAVED = Layout.of("NCHW", IMAGE, "nhwc");
        private static final Layout LARGE_NCHW = Layout.packed("NCHW", LARGE);
        private static final Layout LARGE_NHWC = Layout.of("NCHW", LARGE, "nhwc");
        private static final Layout FEATURES_NCHW = Layout.packed("NCHW", FEATURES);
        private static final Layout CHANNELS = Layout.packed("NCHW", 1, 64, 1, 1);
        private static final dev.strider.layout.SliceWindow FLIP =
                dev.strider.layout.SliceWindow.of(PLANAR, new int[4], IMAGE, new int[] {1, 1, 1, -1});

        @Override
        public void normalize(byte[] pixels, float[] planar) {
            dev.strider.kernel.Convert.reorder(pixels, INTERLEAVED, true, planar, PLANAR, 1 / 127.5, -1);
        }

        @Override
        public void toPlanar(float[] src, float[] dst) {
            FloatKernels.reorder(src, INTERLEAVED, dst, PLANAR);
        }

        @Override
        public void toInterleaved(float[] src, float[] dst) {
            FloatKernels.reorder(src, PLANAR, dst, INTERLEAVED);
        }

        @Override
        public void featuresToNhwc(float[] src, float[] dst) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void featuresToNchw(float[] src, float[] dst) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void largeToNhwc(float[] src, float[] dst) {
            FloatKernels.reorder(src, LARGE_NCHW, dst, LARGE_NHWC);
        }

        @Override
        public void largeToNchw(float[] src, float[] dst) {
            FloatKernels.reorder(src, LARGE_NHWC, dst, LARGE_NCHW);
        }

        @Override
        public void flip(float[] src, float[] dst) {
            FloatKernels.slice(src, PLANAR, FLIP, dst, PLANAR);
        }

        @Override
        public void centerCrop(float[] src, float[] dst) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void addBias(float[] x, float[] bias, float[] out) {
            FloatKernels.binary(dev.strider.kernel.BinaryOp.ADD, x, FEATURES_NCHW, bias, CHANNELS, out, FEATURES_NCHW);
        }

        @Override
        public void relu(float[] in, float[] out) {
            throw new UnsupportedOperationException();
        }
    }

    /** The generic kernels behind {@link BlockedOps}'s reorders. */
    static final class GenericBlockedOps implements BlockedOps {
        private static final Layout PLAIN64 = Layout.packed("NCHW", FEATURES);
        private static final Layout BLOCKED64 = Layout.of("NCHW", FEATURES, "nChw16c");
        private static final Layout PLAIN17 = Layout.packed("NCHW", TAIL);
        private static final Layout BLOCKED17 = Layout.of("NCHW", TAIL, "nChw16c");
        private static final Layout TINY_PLAIN = Layout.packed("NCHW", TINY);
        private static final Layout TINY_BLOCKED = Layout.of("NCHW", TINY, "nChw8c");

        @Override
        public void toBlocked64(float[] src, float[] dst) {
            FloatKernels.reorder(src, PLAIN64, dst, BLOCKED64);
        }

        @Override
        public void fromBlocked64(float[] src, float[] dst) {
            FloatKernels.reorder(src, BLOCKED64, dst, PLAIN64);
        }

        @Override
        public void toBlocked17(float[] src, float[] dst) {
            FloatKernels.reorder(src, PLAIN17, dst, BLOCKED17);
        }

        @Override
        public void fromBlocked17(float[] src, float[] dst) {
            FloatKernels.reorder(src, BLOCKED17, dst, PLAIN17);
        }

        @Override
        public void toTinyBlocked(float[] src, float[] dst) {
            FloatKernels.reorder(src, TINY_PLAIN, dst, TINY_BLOCKED);
        }

        @Override
        public void relu(float[] in, float[] out) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void doublePlusOne(float[] in, float[] out) {
            throw new UnsupportedOperationException();
        }
    }
}

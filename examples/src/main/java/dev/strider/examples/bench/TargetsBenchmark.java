package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.Layout;
import dev.strider.runtime.Kernels;
import dev.strider.runtime.Target;
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

    @Param({"scalar", "vector", "threads", "generic"})
    public String target;

    private ImageOps image;
    private BlockedOps blocked;

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
    }

    @Benchmark
    public float[] nchwToNhwcLarge(Tensors t) {
        image.largeToNhwc(t.large, t.largeOut);
        return t.largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLarge(Tensors t) {
        image.largeToNchw(t.large, t.largeOut);
        return t.largeOut;
    }

    @Benchmark
    public float[] toBlocked64(Tensors t) {
        blocked.toBlocked64(t.features, t.featuresOut);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlocked17(Tensors t) {
        blocked.toBlocked17(t.tail, t.tailOut);
        return t.tailOut;
    }

    @Benchmark
    public float[] toTinyBlocked(Tensors t) {
        blocked.toTinyBlocked(t.tiny, t.tinyOut);
        return t.tinyOut;
    }

    @Benchmark
    public float[] nchwToNhwcImage(Tensors t) {
        image.toInterleaved(t.picture, t.pictureOut);
        return t.pictureOut;
    }

    @Benchmark
    public float[] normalizeImage(Tensors t) {
        image.normalize(t.pixels, t.pictureOut);
        return t.pictureOut;
    }

    @Benchmark
    public float[] flipImage(Tensors t) {
        image.flip(t.picture, t.pictureOut);
        return t.pictureOut;
    }

    @Benchmark
    public float[] addBias(Tensors t) {
        image.addBias(t.features, t.bias, t.featuresOut);
        return t.featuresOut;
    }

    /** The generic run-time-stride kernels behind {@link ImageOps}'s methods that this benchmark calls. */
    static final class GenericImageOps implements ImageOps {
        private static final Layout PLANAR = Layout.packed("NCHW", Tensors.IMAGE);
        private static final Layout INTERLEAVED = Layout.of("NCHW", Tensors.IMAGE, "nhwc");
        private static final Layout LARGE_NCHW = Layout.packed("NCHW", Tensors.LARGE);
        private static final Layout LARGE_NHWC = Layout.of("NCHW", Tensors.LARGE, "nhwc");
        private static final Layout FEATURES_NCHW = Layout.packed("NCHW", Tensors.FEATURES);
        private static final Layout CHANNELS = Layout.packed("NCHW", 1, 64, 1, 1);
        private static final dev.strider.layout.SliceWindow FLIP =
                dev.strider.layout.SliceWindow.of(PLANAR, new int[4], Tensors.IMAGE, new int[] {1, 1, 1, -1});

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
        private static final Layout PLAIN64 = Layout.packed("NCHW", Tensors.FEATURES);
        private static final Layout BLOCKED64 = Layout.of("NCHW", Tensors.FEATURES, "nChw16c");
        private static final Layout PLAIN17 = Layout.packed("NCHW", Tensors.TAIL);
        private static final Layout BLOCKED17 = Layout.of("NCHW", Tensors.TAIL, "nChw16c");
        private static final Layout TINY_PLAIN = Layout.packed("NCHW", Tensors.TINY);
        private static final Layout TINY_BLOCKED = Layout.of("NCHW", Tensors.TINY, "nChw8c");

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

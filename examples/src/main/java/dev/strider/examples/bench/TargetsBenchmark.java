package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.Strider;
import dev.strider.Target;
import java.util.Locale;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Every {@link Case} in every generated target — SCALAR, VECTOR, THREADS, forced through
 * {@code Strider.load(set, target)} — and in the generic kernel. One method per case, named by
 * its id; {@link Suite} runs them with the other contenders, or ad hoc:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'TargetsBenchmark.toBlocked64' -p target=scalar</pre>
 *
 * Buffers are allocated once, outside the measured code ({@link Tensors}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TargetsBenchmark {

    /** A {@link Target} in lower case, or {@code generic} for the run-time-stride kernels. */
    @Param({"scalar", "vector", "threads", "generic"})
    public String target;

    private ImageOps image;
    private BlockedOps blocked;

    /**
     * Loads the target's kernels; for THREADS also runs the benchmark's method once and waits for
     * the tuner: THREADS runs the one-thread dispatcher in its chunks, which asks the tuner (in
     * measure mode) to measure the method on its first call, so the fork times the tuned chunks,
     * not the tuning.
     */
    @Setup
    public void setUp(BenchmarkParams params, Tensors t) throws ReflectiveOperationException {
        load();
        if (target.equals("threads")) {
            String benchmark = params.getBenchmark();
            getClass().getMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1), Tensors.class).invoke(this, t);
            Strider.awaitTuning(ImageOps.class);
            Strider.awaitTuning(BlockedOps.class);
        }
    }

    /** The kernels of {@link #target}: a forced target's classes, or the generic kernels. */
    void load() {
        if (target.equals("generic")) {
            image = new GenericOps.Image();
            blocked = new GenericOps.Blocked();
        } else {
            Target t = Target.valueOf(target.toUpperCase(Locale.ROOT));
            image = Strider.load(ImageOps.class, t);
            blocked = Strider.load(BlockedOps.class, t);
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
    public float[] nchwToNhwcImage(Tensors t) {
        image.toInterleaved(t.picture, t.pictureOut);
        return t.pictureOut;
    }

    @Benchmark
    public float[] nhwcToNchwImage(Tensors t) {
        image.toPlanar(t.picture, t.pictureOut);
        return t.pictureOut;
    }

    @Benchmark
    public float[] toBlocked64(Tensors t) {
        blocked.toBlocked64(t.features, t.featuresOut);
        return t.featuresOut;
    }

    @Benchmark
    public float[] fromBlocked64(Tensors t) {
        blocked.fromBlocked64(t.features, t.featuresOut);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlocked17(Tensors t) {
        blocked.toBlocked17(t.tail, t.tailOut);
        return t.tailOut;
    }

    @Benchmark
    public float[] fromBlocked17(Tensors t) {
        blocked.fromBlocked17(t.tailBlocked, t.tailPlainOut);
        return t.tailPlainOut;
    }

    @Benchmark
    public float[] toBlocked8(Tensors t) {
        blocked.toBlocked8(t.features, t.featuresOut);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlockedWeights(Tensors t) {
        blocked.toBlockedWeights(t.weights, t.weightsOut);
        return t.weightsOut;
    }

    @Benchmark
    public float[] toTinyBlocked(Tensors t) {
        blocked.toTinyBlocked(t.tiny, t.tinyOut);
        return t.tinyOut;
    }

    @Benchmark
    public float[] nchwToNhwcTiny(Tensors t) {
        image.thumbToNhwc(t.thumb, t.thumbOut);
        return t.thumbOut;
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
}

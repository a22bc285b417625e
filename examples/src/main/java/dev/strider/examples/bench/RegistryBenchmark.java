package dev.strider.examples.bench;

import dev.strider.examples.kernels.ImageOps;
import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.runtime.KernelRegistry;
import dev.strider.Strider;
import dev.strider.runtime.ReorderKernel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a lookup costs once everything is cached: {@code Strider.load} of a kernel set and
 * {@code KernelRegistry.reorder} by layouts, a hit (ImageOps' generated {@code toPlanar}) and a
 * miss (the same layouts on {@code int}, which gets the generic kernel). Reading a field holding
 * the instance is the floor:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main RegistryBenchmark</pre>
 *
 * The layouts are built once, outside the measured code, as a caller that keeps them would.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RegistryBenchmark {

    private static final int[] IMAGE = {1, 3, 224, 224};

    private final TensorLayout interleaved = TensorLayout.of("NCHW", IMAGE, "nhwc");
    private final TensorLayout planar = TensorLayout.packed("NCHW", IMAGE);
    private ImageOps cached;

    @Setup
    public void setUp() {
        cached = Strider.load(ImageOps.class);
    }

    /** Makes sure {@link #registryHit} measures a hit, not a miss that happens to look the same. */
    @State(Scope.Benchmark)
    public static class Registered {
        @Setup
        public void check() {
            TensorLayout from = TensorLayout.of("NCHW", IMAGE, "nhwc");
            TensorLayout to = TensorLayout.packed("NCHW", IMAGE);
            if (!KernelRegistry.reorder(from, to, ElementType.FLOAT).generated()) {
                throw new IllegalStateException("ImageOps.toPlanar is not registered for " + from + " -> " + to
                        + ": do the generated providers list their reorders?");
            }
        }
    }

    @Benchmark
    public ImageOps fieldRead() {
        return cached;
    }

    @Benchmark
    public ImageOps load() {
        return Strider.load(ImageOps.class);
    }

    @Benchmark
    public ReorderKernel registryHit(Registered registered) {
        return KernelRegistry.reorder(interleaved, planar, ElementType.FLOAT);
    }

    @Benchmark
    public ReorderKernel registryMiss() {
        return KernelRegistry.reorder(interleaved, planar, ElementType.INT);
    }
}

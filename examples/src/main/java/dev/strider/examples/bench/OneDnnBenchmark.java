package dev.strider.examples.bench;

import dev.strider.examples.onednn.DataType;
import dev.strider.examples.onednn.OneDnnReorder;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * oneDNN's reorder for each {@link Case} that has one, through the JavaCPP preset: the primitive
 * and its native buffers are built once per trial, and the measured method runs the primitive
 * and waits for the stream. One method per case, named by its id.
 *
 * <p>oneDNN's OpenMP runtime takes its thread count from {@code OMP_NUM_THREADS} when the library
 * loads, and Java cannot set a variable for its own process: the fork must inherit it. The
 * {@code ompThreads} parameter states the count a result was measured with, and the fork refuses
 * to run when its environment says otherwise, so no result is labelled with the wrong count.
 * The suite runs it single-threaded, and once more with all cores through a JVM wrapper that
 * sets the variable ({@link Suite}):
 *
 * <pre>OMP_NUM_THREADS=1 java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'OneDnnBenchmark'</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OneDnnBenchmark {

    /** The running benchmark's case as a oneDNN primitive, with a random input copied in once. */
    @State(Scope.Thread)
    public static class Reorder {

        /** The {@code OMP_NUM_THREADS} this fork must have inherited. */
        @Param({"1"})
        public String ompThreads;

        OneDnnReorder reorder;

        @Setup(Level.Trial)
        public void setUp(BenchmarkParams params) {
            requireOmpThreads(ompThreads);
            Case c = Case.ofBenchmark(params.getBenchmark());
            reorder = OneDnnReorder.create(c.oneDnnSource(), c.oneDnnDestination(), c.oneDnnScale());
            Random random = new Random(5);
            if (c.oneDnnSource().type() == DataType.U8) {
                reorder.copyIn(c.randomByteInput(random));
            } else {
                reorder.copyIn(c.randomFloatInput(random));
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            reorder.close();
        }
    }

    /**
     * Refuses to run oneDNN with another thread count than the one its results are labelled with.
     *
     * @throws IllegalStateException when this JVM did not inherit {@code OMP_NUM_THREADS=threads}
     */
    static void requireOmpThreads(String threads) {
        String inherited = System.getenv("OMP_NUM_THREADS");
        if (!threads.equals(inherited)) {
            throw new IllegalStateException("this fork has OMP_NUM_THREADS=" + inherited + ", but its oneDNN results are"
                    + " for " + threads + " thread(s): run JMH with OMP_NUM_THREADS=" + threads
                    + " in its environment (bench/run does)");
        }
    }

    @Benchmark
    public void nchwToNhwcLarge(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void nhwcToNchwLarge(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void nchwToNhwcImage(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void nhwcToNchwImage(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void toBlocked64(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void fromBlocked64(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void toBlocked17(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void fromBlocked17(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void toBlocked8(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void toBlockedWeights(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void toTinyBlocked(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void nchwToNhwcTiny(Reorder r) {
        r.reorder.execute();
    }

    @Benchmark
    public void normalizeImage(Reorder r) {
        r.reorder.execute();
    }
}

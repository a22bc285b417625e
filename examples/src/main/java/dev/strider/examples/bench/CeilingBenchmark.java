package dev.strider.examples.bench;

import dev.strider.layout.TensorLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The memory-bandwidth ceiling of each {@link Case}: {@code System.arraycopy} moving the same
 * number of bytes as the case reads plus writes, that is copying half of {@link Case#bytes()}
 * (read once, written once). A case that reads 1 byte per element and writes 4 (u8 to f32) gets a
 * copy of 2.5 bytes per element, so the ceiling is fair to asymmetric cases too. One method per
 * case, named by its id:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'CeilingBenchmark.toBlocked64'</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CeilingBenchmark {

    /** Two byte arrays of half the case's bytes, allocated once for the running benchmark's case. */
    @State(Scope.Thread)
    public static class Copy {
        byte[] src;
        byte[] dst;

        @Setup(Level.Trial)
        public void setUp(BenchmarkParams params) {
            long half = halfOf(Case.ofBenchmark(params.getBenchmark()));
            src = new byte[(int) half];
            dst = new byte[(int) half];
            new java.util.Random(3).nextBytes(src);
        }

        byte[] copy() {
            System.arraycopy(src, 0, dst, 0, src.length);
            return dst;
        }
    }

    /** The bytes the ceiling copies for a case: half its bytes moved, which are always even. */
    static long halfOf(Case c) {
        if (c.bytes() % 2 != 0 || c.bytes() / 2 > TensorLayout.MAX_BUFFER) {
            throw new IllegalStateException(c + " moves " + c.bytes() + " bytes: not an even count a byte[] can halve");
        }
        return c.bytes() / 2;
    }

    @Benchmark
    public byte[] nchwToNhwcLarge(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] nhwcToNchwLarge(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] nchwToNhwcImage(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] nhwcToNchwImage(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] toBlocked64(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] fromBlocked64(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] toBlocked17(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] fromBlocked17(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] toBlocked8(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] toBlockedWeights(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] toTinyBlocked(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] nchwToNhwcTiny(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] normalizeImage(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] flipImage(Copy c) {
        return c.copy();
    }

    @Benchmark
    public byte[] addBias(Copy c) {
        return c.copy();
    }
}

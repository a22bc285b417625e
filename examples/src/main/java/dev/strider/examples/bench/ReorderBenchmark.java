package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.Layout;
import dev.strider.runtime.Kernels;
import java.util.Random;
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
 * Generated SCALAR reorders against the generic kernel, a naive hand-written loop and
 * {@code System.arraycopy} of the same bytes (the bandwidth ceiling), in one run:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main ReorderBenchmark</pre>
 *
 * Buffers are allocated once, outside the measured code.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ReorderBenchmark {

    private static final int[] FEATURES = {1, 64, 56, 56};
    private static final Layout NCHW = Layout.packed("NCHW", FEATURES);
    private static final Layout NHWC = Layout.of("NCHW", FEATURES, "nhwc");
    private static final Layout BLOCKED = Layout.of("NCHW", FEATURES, "nChw16c");

    private final ImageOps image = Kernels.load(ImageOps.class);
    private final BlockedOps blocked = Kernels.load(BlockedOps.class);
    private float[] src;
    private float[] dst;
    private float[] largeSrc;
    private float[] largeDst;

    @Setup
    public void setUp() {
        src = new float[NCHW.bufferSize()];
        dst = new float[NCHW.bufferSize()];
        Random r = new Random(1);
        for (int i = 0; i < src.length; i++) {
            src[i] = r.nextFloat();
        }
        largeSrc = new float[64 * 256 * 256];
        largeDst = new float[64 * 256 * 256];
        for (int i = 0; i < largeSrc.length; i++) {
            largeSrc[i] = r.nextFloat();
        }
    }

    // ---------------------------------------------------------------- NCHW -> NHWC, 1x64x56x56

    @Benchmark
    public float[] nchwToNhwcGenerated() {
        image.featuresToNhwc(src, dst);
        return dst;
    }

    @Benchmark
    public float[] nchwToNhwcGeneric() {
        FloatKernels.reorder(src, NCHW, dst, NHWC);
        return dst;
    }

    @Benchmark
    public float[] nchwToNhwcNaive() {
        for (int c = 0; c < 64; c++) {
            for (int h = 0; h < 56; h++) {
                for (int w = 0; w < 56; w++) {
                    dst[(h * 56 + w) * 64 + c] = src[(c * 56 + h) * 56 + w];
                }
            }
        }
        return dst;
    }

    /** What a careful person writes without tiling: literal strides, channels innermost. */
    @Benchmark
    public float[] nchwToNhwcLiteralUntiled() {
        for (int hw = 0; hw < 3136; hw++) {
            for (int c = 0; c < 64; c++) {
                dst[hw * 64 + c] = src[c * 3136 + hw];
            }
        }
        return dst;
    }

    // ---------------------------------------------------------------- NCHW -> NHWC, 1x64x256x256 (tiled)

    @Benchmark
    public float[] largeToNhwcGenerated() {
        image.largeToNhwc(largeSrc, largeDst);
        return largeDst;
    }

    @Benchmark
    public float[] largeToNhwcLiteralUntiled() {
        for (int hw = 0; hw < 65536; hw++) {
            for (int c = 0; c < 64; c++) {
                largeDst[hw * 64 + c] = largeSrc[c * 65536 + hw];
            }
        }
        return largeDst;
    }

    @Benchmark
    public float[] largeArraycopy() {
        System.arraycopy(largeSrc, 0, largeDst, 0, largeSrc.length);
        return largeDst;
    }

    // ---------------------------------------------------------------- nchw -> nChw16c, 1x64x56x56

    @Benchmark
    public float[] toBlockedGenerated() {
        blocked.toBlocked64(src, dst);
        return dst;
    }

    @Benchmark
    public float[] toBlockedGeneric() {
        FloatKernels.reorder(src, NCHW, dst, BLOCKED);
        return dst;
    }

    @Benchmark
    public float[] toBlockedNaive() {
        for (int c = 0; c < 64; c++) {
            for (int h = 0; h < 56; h++) {
                for (int w = 0; w < 56; w++) {
                    dst[((c / 16) * 3136 + h * 56 + w) * 16 + c % 16] = src[(c * 56 + h) * 56 + w];
                }
            }
        }
        return dst;
    }

    // ---------------------------------------------------------------- the ceiling

    @Benchmark
    public float[] arraycopy() {
        System.arraycopy(src, 0, dst, 0, src.length);
        return dst;
    }
}

package dev.strider.examples.bench;

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
 * What the cases of {@link TargetsBenchmark} cost without Strider: a naive nested loop (what most
 * people write first), a hand-tiled loop with literal strides (what a careful person writes), and
 * {@code System.arraycopy} of the same bytes (the memory-bandwidth ceiling). Run them together:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'TargetsBenchmark|BaselinesBenchmark'</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BaselinesBenchmark {

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

    @Setup
    public void setUp() {
        Random r = new Random(1);
        large = TargetsBenchmark.random(r, 64 * 256 * 256);
        largeOut = new float[large.length];
        features = TargetsBenchmark.random(r, 64 * 56 * 56);
        featuresOut = new float[features.length];
        tail = TargetsBenchmark.random(r, 17 * 56 * 56);
        tailOut = new float[32 * 56 * 56];
        tiny = TargetsBenchmark.random(r, 17 * 5 * 4);
        tinyOut = new float[24 * 5 * 4];
        picture = TargetsBenchmark.random(r, 3 * 224 * 224);
        pictureOut = new float[picture.length];
    }

    // ---------------------------------------------------------------- NCHW <-> NHWC 1x64x256x256

    @Benchmark
    public float[] nchwToNhwcLargeNaive() {
        nchwToNhwcNaive(large, largeOut, 64, 256, 256);
        return largeOut;
    }

    @Benchmark
    public float[] nchwToNhwcLargeHand() {
        for (int hw0 = 0; hw0 < 65536; hw0 += 16) {
            for (int c0 = 0; c0 < 64; c0 += 16) {
                for (int hw = hw0; hw < hw0 + 16; hw++) {
                    for (int c = c0; c < c0 + 16; c++) {
                        largeOut[hw * 64 + c] = large[c * 65536 + hw];
                    }
                }
            }
        }
        return largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLargeNaive() {
        for (int c = 0; c < 64; c++) {
            for (int h = 0; h < 256; h++) {
                for (int w = 0; w < 256; w++) {
                    largeOut[(c * 256 + h) * 256 + w] = large[(h * 256 + w) * 64 + c];
                }
            }
        }
        return largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLargeHand() {
        for (int c0 = 0; c0 < 64; c0 += 16) {
            for (int hw0 = 0; hw0 < 65536; hw0 += 16) {
                for (int c = c0; c < c0 + 16; c++) {
                    for (int hw = hw0; hw < hw0 + 16; hw++) {
                        largeOut[c * 65536 + hw] = large[hw * 64 + c];
                    }
                }
            }
        }
        return largeOut;
    }

    @Benchmark
    public float[] largeArraycopy() {
        System.arraycopy(large, 0, largeOut, 0, large.length);
        return largeOut;
    }

    // ---------------------------------------------------------------- nchw -> nChw16c

    @Benchmark
    public float[] toBlocked64Naive() {
        toBlockedNaive(features, featuresOut, 64, 16, 56 * 56);
        return featuresOut;
    }

    @Benchmark
    public float[] toBlocked64Hand() {
        for (int cb = 0; cb < 4; cb++) {
            for (int hw = 0; hw < 3136; hw++) {
                int d = (cb * 3136 + hw) * 16;
                int s = cb * 16 * 3136 + hw;
                for (int c = 0; c < 16; c++) {
                    featuresOut[d + c] = features[s + c * 3136];
                }
            }
        }
        return featuresOut;
    }

    @Benchmark
    public float[] featuresArraycopy() {
        System.arraycopy(features, 0, featuresOut, 0, features.length);
        return featuresOut;
    }

    @Benchmark
    public float[] toBlocked17Naive() {
        toBlockedNaive(tail, tailOut, 17, 16, 56 * 56);
        return tailOut;
    }

    @Benchmark
    public float[] toBlocked17Hand() {
        for (int hw = 0; hw < 3136; hw++) {
            int d = hw * 16;
            for (int c = 0; c < 16; c++) {
                tailOut[d + c] = tail[c * 3136 + hw];
            }
            d = (3136 + hw) * 16;
            tailOut[d] = tail[16 * 3136 + hw];
            for (int c = 1; c < 16; c++) {
                tailOut[d + c] = 0;
            }
        }
        return tailOut;
    }

    @Benchmark
    public float[] tailArraycopy() {
        System.arraycopy(tail, 0, tailOut, 0, tail.length);
        return tailOut;
    }

    @Benchmark
    public float[] toTinyBlockedNaive() {
        toBlockedNaive(tiny, tinyOut, 17, 8, 20);
        return tinyOut;
    }

    @Benchmark
    public float[] toTinyBlockedHand() {
        for (int cb = 0; cb < 3; cb++) {
            int lanes = cb < 2 ? 8 : 1;
            for (int hw = 0; hw < 20; hw++) {
                int d = (cb * 20 + hw) * 8;
                for (int c = 0; c < lanes; c++) {
                    tinyOut[d + c] = tiny[(cb * 8 + c) * 20 + hw];
                }
                for (int c = lanes; c < 8; c++) {
                    tinyOut[d + c] = 0;
                }
            }
        }
        return tinyOut;
    }

    @Benchmark
    public float[] tinyArraycopy() {
        System.arraycopy(tiny, 0, tinyOut, 0, tiny.length);
        return tinyOut;
    }

    // ---------------------------------------------------------------- NCHW -> NHWC 1x3x224x224

    @Benchmark
    public float[] nchwToNhwcImageNaive() {
        nchwToNhwcNaive(picture, pictureOut, 3, 224, 224);
        return pictureOut;
    }

    @Benchmark
    public float[] nchwToNhwcImageHand() {
        for (int hw = 0; hw < 50176; hw++) {
            pictureOut[hw * 3] = picture[hw];
            pictureOut[hw * 3 + 1] = picture[50176 + hw];
            pictureOut[hw * 3 + 2] = picture[100352 + hw];
        }
        return pictureOut;
    }

    @Benchmark
    public float[] imageArraycopy() {
        System.arraycopy(picture, 0, pictureOut, 0, picture.length);
        return pictureOut;
    }

    // ---------------------------------------------------------------- naive loops, run-time sizes

    private static void nchwToNhwcNaive(float[] src, float[] dst, int channels, int height, int width) {
        for (int c = 0; c < channels; c++) {
            for (int h = 0; h < height; h++) {
                for (int w = 0; w < width; w++) {
                    dst[(h * width + w) * channels + c] = src[(c * height + h) * width + w];
                }
            }
        }
    }

    private static void toBlockedNaive(float[] src, float[] dst, int channels, int block, int hw) {
        int padded = (channels + block - 1) / block * block;
        for (int c = 0; c < padded; c++) {
            for (int i = 0; i < hw; i++) {
                dst[((c / block) * hw + i) * block + c % block] = c < channels ? src[c * hw + i] : 0;
            }
        }
    }
}

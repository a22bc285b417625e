package dev.strider.examples.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the {@link Case}s cost without Strider: a naive nested loop with run-time sizes for every
 * case ({@code <case>Naive}, what most people write first), and for six of them a hand-tiled loop
 * with literal strides ({@code <case>Hand}, what a careful person writes; the targets issue asks
 * SCALAR to be at least as fast). {@link CeilingBenchmark} holds the arraycopy ceiling. Ad hoc:
 *
 * <pre>java -cp examples/target/strider-examples.jar org.openjdk.jmh.Main 'BaselinesBenchmark.toBlocked64'</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BaselinesBenchmark {

    // ---------------------------------------------------------------- NCHW <-> NHWC 1x64x256x256

    @Benchmark
    public float[] nchwToNhwcLargeNaive(Tensors t) {
        nchwToNhwcNaive(t.large, t.largeOut, 64, 256, 256);
        return t.largeOut;
    }

    @Benchmark
    public float[] nchwToNhwcLargeHand(Tensors t) {
        for (int hw0 = 0; hw0 < 65536; hw0 += 16) {
            for (int c0 = 0; c0 < 64; c0 += 16) {
                for (int hw = hw0; hw < hw0 + 16; hw++) {
                    for (int c = c0; c < c0 + 16; c++) {
                        t.largeOut[hw * 64 + c] = t.large[c * 65536 + hw];
                    }
                }
            }
        }
        return t.largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLargeNaive(Tensors t) {
        nhwcToNchwNaive(t.large, t.largeOut, 64, 256, 256);
        return t.largeOut;
    }

    @Benchmark
    public float[] nhwcToNchwLargeHand(Tensors t) {
        for (int c0 = 0; c0 < 64; c0 += 16) {
            for (int hw0 = 0; hw0 < 65536; hw0 += 16) {
                for (int c = c0; c < c0 + 16; c++) {
                    for (int hw = hw0; hw < hw0 + 16; hw++) {
                        t.largeOut[c * 65536 + hw] = t.large[hw * 64 + c];
                    }
                }
            }
        }
        return t.largeOut;
    }


    // ---------------------------------------------------------------- nchw <-> nChw16c, nChw8c

    @Benchmark
    public float[] toBlocked64Naive(Tensors t) {
        toBlockedNaive(t.features, t.featuresOut, 64, 16, 56 * 56);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlocked64Hand(Tensors t) {
        for (int cb = 0; cb < 4; cb++) {
            for (int hw = 0; hw < 3136; hw++) {
                int d = (cb * 3136 + hw) * 16;
                int s = cb * 16 * 3136 + hw;
                for (int c = 0; c < 16; c++) {
                    t.featuresOut[d + c] = t.features[s + c * 3136];
                }
            }
        }
        return t.featuresOut;
    }


    @Benchmark
    public float[] fromBlocked64Naive(Tensors t) {
        fromBlockedNaive(t.features, t.featuresOut, 64, 16, 56 * 56);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlocked17Naive(Tensors t) {
        toBlockedNaive(t.tail, t.tailOut, 17, 16, 56 * 56);
        return t.tailOut;
    }

    @Benchmark
    public float[] toBlocked17Hand(Tensors t) {
        for (int hw = 0; hw < 3136; hw++) {
            int d = hw * 16;
            for (int c = 0; c < 16; c++) {
                t.tailOut[d + c] = t.tail[c * 3136 + hw];
            }
            d = (3136 + hw) * 16;
            t.tailOut[d] = t.tail[16 * 3136 + hw];
            for (int c = 1; c < 16; c++) {
                t.tailOut[d + c] = 0;
            }
        }
        return t.tailOut;
    }


    @Benchmark
    public float[] fromBlocked17Naive(Tensors t) {
        fromBlockedNaive(t.tailBlocked, t.tailPlainOut, 17, 16, 56 * 56);
        return t.tailPlainOut;
    }

    @Benchmark
    public float[] toBlocked8Naive(Tensors t) {
        toBlockedNaive(t.features, t.featuresOut, 64, 8, 56 * 56);
        return t.featuresOut;
    }

    @Benchmark
    public float[] toBlockedWeightsNaive(Tensors t) {
        oihwToOIhw16i16oNaive(t.weights, t.weightsOut, 64, 64, 3 * 3);
        return t.weightsOut;
    }

    @Benchmark
    public float[] toTinyBlockedNaive(Tensors t) {
        toBlockedNaive(t.tiny, t.tinyOut, 17, 8, 20);
        return t.tinyOut;
    }

    @Benchmark
    public float[] toTinyBlockedHand(Tensors t) {
        for (int cb = 0; cb < 3; cb++) {
            int lanes = cb < 2 ? 8 : 1;
            for (int hw = 0; hw < 20; hw++) {
                int d = (cb * 20 + hw) * 8;
                for (int c = 0; c < lanes; c++) {
                    t.tinyOut[d + c] = t.tiny[(cb * 8 + c) * 20 + hw];
                }
                for (int c = lanes; c < 8; c++) {
                    t.tinyOut[d + c] = 0;
                }
            }
        }
        return t.tinyOut;
    }


    // ---------------------------------------------------------------- NCHW <-> NHWC 1x3x224x224, 1x3x8x8

    @Benchmark
    public float[] nchwToNhwcImageNaive(Tensors t) {
        nchwToNhwcNaive(t.picture, t.pictureOut, 3, 224, 224);
        return t.pictureOut;
    }

    @Benchmark
    public float[] nchwToNhwcImageHand(Tensors t) {
        for (int hw = 0; hw < 50176; hw++) {
            t.pictureOut[hw * 3] = t.picture[hw];
            t.pictureOut[hw * 3 + 1] = t.picture[50176 + hw];
            t.pictureOut[hw * 3 + 2] = t.picture[100352 + hw];
        }
        return t.pictureOut;
    }


    @Benchmark
    public float[] nhwcToNchwImageNaive(Tensors t) {
        nhwcToNchwNaive(t.picture, t.pictureOut, 3, 224, 224);
        return t.pictureOut;
    }

    @Benchmark
    public float[] nchwToNhwcTinyNaive(Tensors t) {
        nchwToNhwcNaive(t.thumb, t.thumbOut, 3, 8, 8);
        return t.thumbOut;
    }

    // ---------------------------------------------------------------- element-wise 1x3x224x224, 1x64x56x56

    @Benchmark
    public float[] normalizeImageNaive(Tensors t) {
        int channels = 3;
        int hw = 224 * 224;
        for (int c = 0; c < channels; c++) {
            for (int i = 0; i < hw; i++) {
                t.pictureOut[c * hw + i] = (t.pixels[i * channels + c] & 0xff) / 127.5f - 1f;
            }
        }
        return t.pictureOut;
    }

    @Benchmark
    public float[] flipImageNaive(Tensors t) {
        int width = 224;
        for (int row = 0; row < 3 * 224; row++) {
            for (int w = 0; w < width; w++) {
                t.pictureOut[row * width + w] = t.picture[row * width + width - 1 - w];
            }
        }
        return t.pictureOut;
    }

    @Benchmark
    public float[] addBiasNaive(Tensors t) {
        int hw = 56 * 56;
        for (int c = 0; c < 64; c++) {
            for (int i = 0; i < hw; i++) {
                t.featuresOut[c * hw + i] = t.features[c * hw + i] + t.bias[c];
            }
        }
        return t.featuresOut;
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

    private static void nhwcToNchwNaive(float[] src, float[] dst, int channels, int height, int width) {
        for (int c = 0; c < channels; c++) {
            for (int h = 0; h < height; h++) {
                for (int w = 0; w < width; w++) {
                    dst[(c * height + h) * width + w] = src[(h * width + w) * channels + c];
                }
            }
        }
    }

    private static void fromBlockedNaive(float[] src, float[] dst, int channels, int block, int hw) {
        for (int c = 0; c < channels; c++) {
            for (int i = 0; i < hw; i++) {
                dst[c * hw + i] = src[((c / block) * hw + i) * block + c % block];
            }
        }
    }

    /** oihw to OIhw16i16o, sizes multiples of 16 (no pad lanes): i and o of a 16x16 tile, o innermost. */
    private static void oihwToOIhw16i16oNaive(float[] src, float[] dst, int outputs, int inputs, int hw) {
        int inputBlocks = inputs / 16;
        for (int o = 0; o < outputs; o++) {
            for (int i = 0; i < inputs; i++) {
                for (int k = 0; k < hw; k++) {
                    dst[(((o / 16) * inputBlocks + i / 16) * hw + k) * 256 + (i % 16) * 16 + o % 16] =
                            src[(o * inputs + i) * hw + k];
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

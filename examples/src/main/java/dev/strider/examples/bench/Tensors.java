package dev.strider.examples.bench;

import java.util.Random;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The inputs and outputs of every Java contender of every {@link Case}, allocated once per
 * thread outside the measured code, so that {@link TargetsBenchmark} and {@link BaselinesBenchmark}
 * move the same bytes. Inputs hold random values in [-0.5, 0.5); blocked inputs hold zeros in
 * their pad lanes, as oneDNN's format requires of them.
 */
@State(Scope.Thread)
public class Tensors {

    static final int[] LARGE = {1, 64, 256, 256};
    static final int[] FEATURES = {1, 64, 56, 56};
    static final int[] CHANNELS = {1, 64, 1, 1};
    static final int[] TAIL = {1, 17, 56, 56};
    static final int[] TINY = {1, 17, 5, 4};
    static final int[] THUMB = {1, 3, 8, 8};
    static final int[] IMAGE = {1, 3, 224, 224};

    float[] large;
    float[] largeOut;
    /** Read as NCHW, as NHWC and as nChw16c (64 channels have no pad lanes). */
    float[] features;
    float[] featuresOut;
    /** 17 channels; the nChw16c output pads them to 32. */
    float[] tail;
    float[] tailOut;
    /** {@link #tail} in nChw16c, pad lanes zero: the input of fromBlocked17. */
    float[] tailBlocked;
    float[] tailPlainOut;
    /** 17 channels; the nChw8c output pads them to 24. */
    float[] tiny;
    float[] tinyOut;
    /** 1x3x8x8. */
    float[] thumb;
    float[] thumbOut;
    float[] picture;
    float[] pictureOut;
    byte[] pixels;
    float[] bias;

    @Setup
    public void setUp() {
        Random r = new Random(1);
        large = random(r, 64 * 256 * 256);
        largeOut = new float[large.length];
        features = random(r, 64 * 56 * 56);
        featuresOut = new float[features.length];
        tail = random(r, 17 * 56 * 56);
        tailOut = new float[32 * 56 * 56];
        tailBlocked = Case.FROM_BLOCKED_17.randomFloatInput(r);
        tailPlainOut = new float[tail.length];
        tiny = random(r, 17 * 5 * 4);
        tinyOut = new float[24 * 5 * 4];
        thumb = random(r, 3 * 8 * 8);
        thumbOut = new float[thumb.length];
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
}

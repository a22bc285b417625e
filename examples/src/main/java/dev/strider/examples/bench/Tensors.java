package dev.strider.examples.bench;

import dev.strider.examples.onednn.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The inputs and outputs of every Java contender of every {@link Case}, allocated once per
 * thread outside the measured code, so that {@link TargetsBenchmark} and {@link BaselinesBenchmark}
 * move the same bytes. Every buffer is sized from its case's layouts, the bytes the report counts;
 * a buffer several cases share is checked to be the size each of them counts. Inputs hold random
 * values in [-0.5, 0.5) ({@link Case#randomFloatInput}); blocked inputs hold zeros in their pad
 * lanes, as oneDNN's format requires of them.
 */
@State(Scope.Thread)
public class Tensors {

    /** NCHW 1x64x256x256, read as NCHW and as NHWC. */
    float[] large;
    float[] largeOut;
    /** 1x64x56x56, read as NCHW, as nChw16c (64 channels have no pad lanes) and as the bias add's x. */
    float[] features;
    float[] featuresOut;
    /** OIHW 64x64x3x3 weights; OIhw16i16o has no pad lanes at 64 channels either way. */
    float[] weights;
    float[] weightsOut;
    /** 17 channels; the nChw16c output pads them to 32. */
    float[] tail;
    float[] tailOut;
    /** 1x17x56x56 in nChw16c, pad lanes zero: the input of fromBlocked17. */
    float[] tailBlocked;
    float[] tailPlainOut;
    /** 17 channels; the nChw8c output pads them to 24. */
    float[] tiny;
    float[] tinyOut;
    /** 1x3x8x8. */
    float[] thumb;
    float[] thumbOut;
    /** 1x3x224x224, read as NCHW and as NHWC. */
    float[] picture;
    float[] pictureOut;
    /** u8 1x3x224x224 NHWC. */
    byte[] pixels;
    /** 1x64x1x1. */
    float[] bias;

    /**
     * The off-heap twins of the inputs and outputs of the three cases with off-heap contenders
     * ({@link Case#offHeap()}): direct byte buffers in the platform's byte order, the inputs
     * holding the same values as {@link #features}, {@link #picture} and {@link #pixels}.
     */
    ByteBuffer featuresDirect;
    ByteBuffer featuresOutDirect;
    ByteBuffer pictureDirect;
    ByteBuffer pictureOutDirect;
    ByteBuffer pixelsDirect;

    @Setup
    public void setUp() {
        Random r = new Random(1);
        large = input(r, Case.NCHW_TO_NHWC_LARGE, Case.NHWC_TO_NCHW_LARGE);
        largeOut = output(Case.NCHW_TO_NHWC_LARGE, Case.NHWC_TO_NCHW_LARGE);
        features = input(r, Case.TO_BLOCKED_64, Case.FROM_BLOCKED_64, Case.TO_BLOCKED_8, Case.ADD_BIAS);
        featuresOut = output(Case.TO_BLOCKED_64, Case.FROM_BLOCKED_64, Case.TO_BLOCKED_8, Case.ADD_BIAS);
        weights = input(r, Case.TO_BLOCKED_WEIGHTS);
        weightsOut = output(Case.TO_BLOCKED_WEIGHTS);
        tail = input(r, Case.TO_BLOCKED_17);
        tailOut = output(Case.TO_BLOCKED_17);
        tailBlocked = input(r, Case.FROM_BLOCKED_17);
        tailPlainOut = output(Case.FROM_BLOCKED_17);
        tiny = input(r, Case.TO_TINY_BLOCKED);
        tinyOut = output(Case.TO_TINY_BLOCKED);
        thumb = input(r, Case.NCHW_TO_NHWC_TINY);
        thumbOut = output(Case.NCHW_TO_NHWC_TINY);
        picture = input(r, Case.NCHW_TO_NHWC_IMAGE, Case.NHWC_TO_NCHW_IMAGE, Case.FLIP_IMAGE);
        pictureOut = output(Case.NCHW_TO_NHWC_IMAGE, Case.NHWC_TO_NCHW_IMAGE, Case.NORMALIZE_IMAGE, Case.FLIP_IMAGE);
        pixels = Case.NORMALIZE_IMAGE.randomByteInput(r);
        bias = Case.ADD_BIAS.randomFloatInput(r, 1);
        featuresDirect = direct(features);
        featuresOutDirect = direct(new float[featuresOut.length]);
        pictureDirect = direct(picture);
        pictureOutDirect = direct(new float[pictureOut.length]);
        pixelsDirect = ByteBuffer.allocateDirect(pixels.length).order(ByteOrder.nativeOrder());
        pixelsDirect.put(0, pixels);
    }

    /** A direct buffer in native order holding {@code values}, position 0. */
    static ByteBuffer direct(float[] values) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.nativeOrder());
        b.asFloatBuffer().put(0, values);
        return b;
    }

    /** The off-heap input of a case with off-heap contenders: a direct buffer of its first input. */
    ByteBuffer directInput(Case c) {
        switch (c) {
            case TO_BLOCKED_64:
                return featuresDirect;
            case NCHW_TO_NHWC_IMAGE:
                return pictureDirect;
            case NORMALIZE_IMAGE:
                return pixelsDirect;
            default:
                throw new IllegalArgumentException(c + " has no off-heap contenders");
        }
    }

    /** The off-heap output of a case with off-heap contenders. */
    ByteBuffer directOutput(Case c) {
        switch (c) {
            case TO_BLOCKED_64:
                return featuresOutDirect;
            case NCHW_TO_NHWC_IMAGE:
            case NORMALIZE_IMAGE:
                return pictureOutDirect;
            default:
                throw new IllegalArgumentException(c + " has no off-heap contenders");
        }
    }

    /** A random input for the first input of {@code owner}, which {@code sharers} read as their first input too. */
    private static float[] input(Random r, Case owner, Case... sharers) {
        float[] buffer = owner.randomFloatInput(r);
        for (Case c : sharers) {
            requireSize(buffer.length, c.inputs().get(0), c, "input");
        }
        return buffer;
    }

    /** The output buffer of {@code owner}, which {@code sharers} write too. */
    private static float[] output(Case owner, Case... sharers) {
        requireSize(owner.output().layout().bufferSize(), owner.output(), owner, "output");
        for (Case c : sharers) {
            requireSize(owner.output().layout().bufferSize(), c.output(), c, "output");
        }
        return new float[owner.output().layout().bufferSize()];
    }

    private static void requireSize(int length, Case.Operand operand, Case c, String side) {
        if (operand.type() != DataType.F32 || operand.layout().bufferSize() != length) {
            throw new IllegalStateException(c + " counts its " + side + " as " + operand.type() + " "
                    + operand.layout().bufferSize() + " elements, but shares a float[" + length + "]");
        }
    }
}

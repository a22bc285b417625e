package dev.strider.examples;

import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.Target;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A model's input made in place: u8 NHWC camera pixels to the f32 NCHW tensor in [-1, 1] that an
 * image model takes, written straight into the direct buffer behind an ONNX Runtime
 * {@code OnnxTensor} (see {@link OnnxTensorTest}). The same reorder as {@code ImageOps.normalize},
 * with off-heap destinations: a typed {@code FloatBuffer}, and a {@code ByteBuffer} that says its
 * elements are floats.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface OnnxInputOps {

    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224}, format = "nhwc")
    interface Pixels {}

    @Layout(dims = "NCHW", sizes = {1, 3, 224, 224})
    interface Planar {}

    /** (x / 127.5) - 1 per channel byte read as unsigned, into element 0 onwards of {@code planar} at its position. */
    @Reorder(from = Pixels.class, to = Planar.class, unsignedSource = true, scale = 1 / 127.5, shift = -1)
    void normalize(byte[] pixels, FloatBuffer planar);

    /** As {@link #normalize}, into a byte buffer read as floats in its own byte order. */
    @Reorder(from = Pixels.class, to = Planar.class, unsignedSource = true, scale = 1 / 127.5, shift = -1)
    void normalizeBytes(byte[] pixels, @Elements(float.class) ByteBuffer planar);
}

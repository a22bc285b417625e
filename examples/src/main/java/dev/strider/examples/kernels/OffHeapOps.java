package dev.strider.examples.kernels;

import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Reorder;
import dev.strider.Target;
import java.nio.ByteBuffer;

/**
 * Three kernels of {@link BlockedOps} and {@link ImageOps} on off-heap memory: direct (or heap)
 * byte buffers holding floats or u8 pixels, as ONNX Runtime, DJL and TensorFlow Java hand them
 * over. The layouts are those of the array kernels, so the benchmark suite sets each against its
 * array twin and against copying the tensor in and out around the array kernel.
 *
 * <p>Compiled for Java 17, a VECTOR class reaches buffers element by element (its scalar nest):
 * the Vector API's {@code fromByteBuffer} would throw on JDK 20 and later, and segments need Java
 * 22. The buffers are read from their position in their own byte order. The same kernels on {@code MemorySegment}s need Java 22 and are declared in
 * {@code src/main/java22} ({@code SegmentOps}).
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface OffHeapOps {

    /** nchw to nChw16c, 1x64x56x56: {@link BlockedOps#toBlocked64}. */
    @Reorder(from = BlockedOps.Plain64.class, to = BlockedOps.Blocked64.class)
    void toBlocked64(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    /** NCHW to NHWC, 1x3x224x224: {@link ImageOps#toInterleaved}. */
    @Reorder(from = ImageOps.Planar.class, to = ImageOps.Interleaved.class)
    void toInterleaved(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    /** u8 NHWC pixels to f32 NCHW in [-1, 1]: {@link ImageOps#normalize}. */
    @Reorder(from = ImageOps.Interleaved.class, to = ImageOps.Planar.class, unsignedSource = true, scale = 1 / 127.5,
            shift = -1)
    void normalize(@Elements(byte.class) ByteBuffer pixels, @Elements(float.class) ByteBuffer planar);
}

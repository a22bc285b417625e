package dev.strider.examples.kernels;

import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Reorder;
import dev.strider.Target;
import java.lang.foreign.MemorySegment;

/**
 * {@link OffHeapOps}'s three kernels on {@code MemorySegment}s, as Panama code holds tensors:
 * compiled with {@code --release 22} (the first release with the final FFM API) by the
 * {@code jdk22-segments} profile of the examples' pom, into {@code java22/} of the classes, where
 * only a JDK 22+ run looks ({@code dev.strider.examples.bench.SegmentContenders}). Element 0 is at
 * offset 0 of each segment, in native byte order. VECTOR classes load and store vectors with
 * {@code fromMemorySegment} and {@code intoMemorySegment}.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface SegmentOps {

    /** nchw to nChw16c, 1x64x56x56: {@link BlockedOps#toBlocked64}. */
    @Reorder(from = BlockedOps.Plain64.class, to = BlockedOps.Blocked64.class)
    void toBlocked64(@Elements(float.class) MemorySegment src, @Elements(float.class) MemorySegment dst);

    /** NCHW to NHWC, 1x3x224x224: {@link ImageOps#toInterleaved}. */
    @Reorder(from = ImageOps.Planar.class, to = ImageOps.Interleaved.class)
    void toInterleaved(@Elements(float.class) MemorySegment src, @Elements(float.class) MemorySegment dst);

    /** u8 NHWC pixels to f32 NCHW in [-1, 1]: {@link ImageOps#normalize}. */
    @Reorder(from = ImageOps.Interleaved.class, to = ImageOps.Planar.class, unsignedSource = true, scale = 1 / 127.5,
            shift = -1)
    void normalize(@Elements(byte.class) MemorySegment pixels, @Elements(float.class) MemorySegment planar);
}

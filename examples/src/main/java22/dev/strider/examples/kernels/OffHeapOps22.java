package dev.strider.examples.kernels;

import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Reorder;
import dev.strider.Target;
import java.nio.ByteBuffer;

/**
 * {@link OffHeapOps} compiled for Java 22 (the {@code jdk22-segments} profile, into {@code java22/}
 * of the classes): the same declarations, but a JDK 22+ compilation gives VECTOR classes vector
 * loads and stores on the buffers through {@code MemorySegment.ofBuffer} and
 * {@code fromMemorySegment}. Compiled for Java 17, {@link OffHeapOps}'s VECTOR classes run their
 * scalar nests on buffers, so on JDK 22+ the benchmark suite runs the buffer contenders through this set
 * ({@code dev.strider.examples.bench.SegmentContenders#bufferKernelSet}). It extends
 * {@link OffHeapOps}, so the suite calls it through that interface.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface OffHeapOps22 extends OffHeapOps {

    @Override
    @Reorder(from = BlockedOps.Plain64.class, to = BlockedOps.Blocked64.class)
    void toBlocked64(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    @Override
    @Reorder(from = ImageOps.Planar.class, to = ImageOps.Interleaved.class)
    void toInterleaved(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    @Override
    @Reorder(from = ImageOps.Interleaved.class, to = ImageOps.Planar.class, unsignedSource = true, scale = 1 / 127.5,
            shift = -1)
    void normalize(@Elements(byte.class) ByteBuffer pixels, @Elements(float.class) ByteBuffer planar);
}

package dev.strider.runtime;

import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.FloatKernels;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A second kernel set with reorders of {@link OffHeapOps}' layouts: one on an array and a buffer,
 * which only it has, and one on two buffers, which {@link OffHeapOps} (listed first) has too.
 */
public interface MixedOps {

    void toColumns(float[] src, FloatBuffer dst);

    void toColumnsToo(FloatBuffer src, FloatBuffer dst);

    /** Its generated SCALAR class. */
    final class Scalar implements MixedOps {

        static final AtomicInteger CALLS = new AtomicInteger();

        @Override
        public void toColumns(float[] src, FloatBuffer dst) {
            CALLS.incrementAndGet();
            FloatKernels.reorder(FloatBuffer.wrap(src), OffHeapOps.ROWS, dst, OffHeapOps.COLUMNS);
        }

        @Override
        public void toColumnsToo(FloatBuffer src, FloatBuffer dst) {
            throw new AssertionError("OffHeapOps' method on two buffers comes first");
        }

        public static final class Provider extends ServiceProvider {
            public Provider() {
                super(MixedOps.class, Target.SCALAR, 0, "dev.strider.runtime.MixedOps$Scalar", Scalar::new, List.of(
                        new GeneratedReorder("toColumns", ElementType.FLOAT, float[].class, FloatBuffer.class,
                                OffHeapOps.ROWS, OffHeapOps.COLUMNS,
                                (kernels, src, dst) -> ((MixedOps) kernels).toColumns((float[]) src, (FloatBuffer) dst)),
                        new GeneratedReorder("toColumnsToo", ElementType.FLOAT, FloatBuffer.class, FloatBuffer.class,
                                OffHeapOps.ROWS, OffHeapOps.COLUMNS,
                                (kernels, src, dst) -> ((MixedOps) kernels).toColumnsToo((FloatBuffer) src,
                                        (FloatBuffer) dst))));
            }
        }
    }
}

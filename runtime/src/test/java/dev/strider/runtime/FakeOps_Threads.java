package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;

/**
 * Stands for a generated THREADS class: it gets its per-chunk code from
 * {@link KernelLoader#loadOneThread} in its constructor, as generated ones do, which re-enters the
 * registry while it is loading this class.
 */
public final class FakeOps_Threads implements FakeOps {

    private final FakeOps oneThread = KernelLoader.loadOneThread(FakeOps.class);

    FakeOps oneThread() {
        return oneThread;
    }

    @Override
    public void copy(float[] src, float[] dst) {
        Parallel.forRange(src.length, (from, to) -> System.arraycopy(src, from, dst, from, to - from));
    }

    @Override
    public void transpose(float[] src, float[] dst) {
        oneThread.transpose(src, dst);
    }

    public static final class Provider extends ServiceProvider {
        public Provider() {
            super(FakeOps.class, Target.THREADS, 0, "dev.strider.runtime.FakeOps_Threads", FakeOps_Threads::new,
                    List.of());
        }
    }
}

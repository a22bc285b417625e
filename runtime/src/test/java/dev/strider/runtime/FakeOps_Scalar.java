package dev.strider.runtime;

import dev.strider.Target;
import dev.strider.kernel.ElementType;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Stands for a generated SCALAR class; counts its transposes so tests can see it ran. */
public final class FakeOps_Scalar implements FakeOps {

    static final AtomicInteger TRANSPOSES = new AtomicInteger();

    @Override
    public void copy(float[] src, float[] dst) {
        System.arraycopy(src, 0, dst, 0, src.length);
    }

    @Override
    public void transpose(float[] src, float[] dst) {
        if (src.length < 6 || dst.length < 6) {
            throw new IllegalArgumentException("transpose needs 6 elements");
        }
        TRANSPOSES.incrementAndGet();
        for (int h = 0; h < 2; h++) {
            for (int w = 0; w < 3; w++) {
                dst[w * 2 + h] = src[h * 3 + w];
            }
        }
    }

    /** The transpose as a generated provider lists it. */
    static List<GeneratedReorder> reorders() {
        return List.of(new GeneratedReorder("transpose", ElementType.FLOAT, ROWS, COLUMNS,
                (kernels, src, dst) -> ((FakeOps) kernels).transpose((float[]) src, (float[]) dst)));
    }

    public static final class Provider extends ServiceProvider {
        public Provider() {
            super(FakeOps.class, Target.SCALAR, 0, "dev.strider.runtime.FakeOps_Scalar", FakeOps_Scalar::new,
                    FakeOps_Scalar.reorders());
        }
    }
}

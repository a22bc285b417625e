package dev.strider.runtime;

import java.util.List;

/**
 * Stands for a generated 256-bit VECTOR class on a JVM without {@code jdk.incubator.vector}:
 * creating it fails as the real class would.
 */
public final class FakeOps_Vector256 {

    private FakeOps_Vector256() {
    }

    public static final class Provider implements KernelProvider {
        @Override
        public Class<?> kernelSet() {
            return FakeOps.class;
        }

        @Override
        public Target target() {
            return Target.VECTOR;
        }

        @Override
        public int vectorBits() {
            return 256;
        }

        @Override
        public String className() {
            return "dev.strider.runtime.FakeOps_Vector256";
        }

        @Override
        public Object create() {
            throw new NoClassDefFoundError("jdk/incubator/vector/FloatVector");
        }

        @Override
        public List<GeneratedReorder> reorders() {
            return FakeOps_Scalar.reorders();
        }
    }
}

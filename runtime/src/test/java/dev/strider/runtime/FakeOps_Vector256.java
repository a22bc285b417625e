package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;

/**
 * Stands for a generated 256-bit VECTOR class on a JVM without {@code jdk.incubator.vector}:
 * creating it fails as the real class would.
 */
public final class FakeOps_Vector256 {

    private FakeOps_Vector256() {
    }

    public static final class Provider extends ServiceProvider {
        public Provider() {
            super(FakeOps.class, Target.VECTOR, 256, "dev.strider.runtime.FakeOps_Vector256", () -> {
                throw new NoClassDefFoundError("jdk/incubator/vector/FloatVector");
            }, List.of());
        }
    }
}

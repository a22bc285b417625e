package dev.strider.runtime;

import dev.strider.Target;
/** A kernel set whose only generated class cannot load: {@link KernelLoader#load} must explain why. */
public interface UnloadableOps {

    void run();

    final class Scalar {
        private Scalar() {
        }

        public static final class Provider extends ServiceProvider {
            public Provider() {
                super(UnloadableOps.class, Target.SCALAR, 0, "dev.strider.runtime.UnloadableOps_Scalar", () -> {
                    throw new NoClassDefFoundError("dev/strider/runtime/UnloadableOps_Scalar");
                }, java.util.List.of());
            }
        }
    }
}

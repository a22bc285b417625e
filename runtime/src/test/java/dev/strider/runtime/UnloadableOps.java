package dev.strider.runtime;

/** A kernel set whose only generated class cannot load: {@link Kernels#load} must explain why. */
public interface UnloadableOps {

    void run();

    final class Scalar {
        private Scalar() {
        }

        public static final class Provider implements KernelProvider {
            @Override
            public Class<?> kernelSet() {
                return UnloadableOps.class;
            }

            @Override
            public Target target() {
                return Target.SCALAR;
            }

            @Override
            public String className() {
                return "dev.strider.runtime.UnloadableOps_Scalar";
            }

            @Override
            public Object create() {
                throw new NoClassDefFoundError("dev/strider/runtime/UnloadableOps_Scalar");
            }
        }
    }
}

package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import java.util.List;

/**
 * The generated reorder methods registered for one pair of layouts and an element type, one per
 * kind of memory: a call goes to the first method whose parameter classes the arguments are
 * instances of, and to the generic kernel when none fits (arrays given to a kernel set that
 * generated only a {@code MemorySegment} method, say). Each method is called on the instance
 * {@link KernelLoader#load(Class)} returns for its kernel set, resolved on first use, not when the
 * registry indexes the method: indexing must not load every kernel set on the class path.
 */
final class GeneratedReorderKernel extends LayoutReorder {

    /** One generated method and its kernel set. */
    static final class Route {
        private final Class<?> kernelSet;
        private final GeneratedReorder method;
        private volatile Object kernels;

        Route(Class<?> kernelSet, GeneratedReorder method) {
            this.kernelSet = kernelSet;
            this.method = method;
        }

        GeneratedReorder method() {
            return method;
        }

        private Object kernels() {
            Object k = kernels;
            if (k == null) {
                k = KernelLoader.load(kernelSet); // cached by Kernels: a race resolves to the same instance
                kernels = k;
            }
            return k;
        }

        /** {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar(float[], float[])}. */
        String origin() {
            return kernels().getClass().getName() + "." + method.signature();
        }
    }

    private final Route[] routes;
    private final GenericReorder generic;

    GeneratedReorderKernel(TensorLayout src, TensorLayout dst, ElementType type, List<Route> routes) {
        super(src, dst, type);
        this.routes = routes.toArray(new Route[0]);
        this.generic = new GenericReorder(src, dst, type);
    }

    @Override
    void run(Object src, Object dst) {
        Route r = route(src, dst);
        if (r != null) {
            r.method.call().reorder(r.kernels(), src, dst);
        } else {
            generic.run(src, dst);
        }
    }

    private Route route(Object src, Object dst) {
        for (Route r : routes) {
            if (r.method.takes(src, dst)) {
                return r;
            }
        }
        return null;
    }

    /** True: the registry found generated methods for the layouts; {@link #generated(Object, Object)} says whether one fits. */
    @Override
    public boolean generated() {
        return true;
    }

    @Override
    public boolean generated(Object src, Object dst) {
        return route(src, dst) != null;
    }

    /**
     * Every generated method with its parameter classes, then the generic kernel for the other
     * arguments: {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar(float[], float[]);
     * otherwise generic FloatKernels.reorder}.
     *
     * @throws IllegalStateException when no generated class of a kernel set can run
     */
    @Override
    public String origin() {
        StringBuilder sb = new StringBuilder();
        for (Route r : routes) {
            sb.append(r.origin()).append("; ");
        }
        return sb.append("otherwise ").append(generic.origin()).toString();
    }

    /**
     * The generated method these arguments go to,
     * {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar(float[], float[])}, or the
     * generic kernel's {@link GenericReorder#origin()}.
     *
     * @throws IllegalStateException when no generated class of the method's kernel set can run
     */
    @Override
    public String origin(Object src, Object dst) {
        Route r = route(src, dst);
        return r != null ? r.origin() : generic.origin();
    }
}

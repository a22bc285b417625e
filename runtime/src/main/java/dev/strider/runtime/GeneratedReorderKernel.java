package dev.strider.runtime;

/**
 * A generated reorder method, called on the instance {@link KernelLoader#load(Class)} returns for its
 * kernel set. The instance is resolved on first use, not when the registry indexes the method:
 * indexing must not load every kernel set on the class path.
 */
final class GeneratedReorderKernel extends LayoutReorder {

    private final Class<?> kernelSet;
    private final GeneratedReorder method;
    private volatile Object kernels;

    GeneratedReorderKernel(Class<?> kernelSet, GeneratedReorder method) {
        super(method.src(), method.dst(), method.type());
        this.kernelSet = kernelSet;
        this.method = method;
    }

    @Override
    void run(Object src, Object dst) {
        method.call().reorder(kernels(), src, dst);
    }

    private Object kernels() {
        Object k = kernels;
        if (k == null) {
            k = KernelLoader.load(kernelSet); // cached by Kernels: a race resolves to the same instance
            kernels = k;
        }
        return k;
    }

    @Override
    public boolean generated() {
        return true;
    }

    /**
     * The chosen class and the method: {@code dev.strider.examples.kernels.ImageOps_Vector256.toPlanar}.
     *
     * @throws IllegalStateException when no generated class of the kernel set can run
     */
    @Override
    public String origin() {
        return kernels().getClass().getName() + "." + method.method();
    }
}

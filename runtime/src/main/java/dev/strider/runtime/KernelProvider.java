package dev.strider.runtime;

/**
 * One generated kernel class, as the runtime finds it: the processor writes a provider per
 * generated class and lists it in {@code META-INF/services/dev.strider.runtime.KernelProvider},
 * so nothing scans the class path.
 */
public interface KernelProvider {

    /** The {@code @Kernels} interface the class implements. */
    Class<?> kernelSet();

    Target target();

    /** A new instance of the generated class. */
    Object create();
}

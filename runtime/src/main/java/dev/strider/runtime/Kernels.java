package dev.strider.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the generated implementation of a {@code @Kernels} interface.
 *
 * <p>For now it returns the SCALAR class; the registry that picks among targets by device
 * comes with the device targets.
 */
public final class Kernels {

    private static final Map<Class<?>, Object> CACHE = new ConcurrentHashMap<>();

    private Kernels() {
    }

    /** The generated SCALAR implementation of {@code kernelSet}, one shared instance. */
    public static <T> T load(Class<T> kernelSet) {
        return kernelSet.cast(CACHE.computeIfAbsent(kernelSet, Kernels::create));
    }

    private static Object create(Class<?> kernelSet) {
        List<String> seen = new ArrayList<>();
        for (KernelProvider provider : ServiceLoader.load(KernelProvider.class, kernelSet.getClassLoader())) {
            if (provider.kernelSet() == kernelSet) {
                if (provider.target() == Target.SCALAR) {
                    return provider.create();
                }
                seen.add(provider.target().name());
            }
        }
        throw new IllegalStateException("no generated SCALAR kernels for " + kernelSet.getName()
                + (seen.isEmpty() ? "" : " (found " + seen + ")")
                + ": is it annotated with @dev.strider.Kernels, and does the build run strider-processor"
                + " (on annotationProcessorPaths from JDK 23 on)?");
    }
}

package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;

/**
 * One generated kernel class, as the runtime finds it: the processor writes a provider per
 * generated class and lists it in {@code META-INF/services/dev.strider.runtime.KernelProvider},
 * so nothing scans the class path.
 *
 * <p>A provider must load and answer everything but {@link #create} on any JVM: only creating
 * the instance touches the generated class, which may need what this JVM lacks (a VECTOR class
 * needs the {@code jdk.incubator.vector} module at run time).
 */
public interface KernelProvider {

    /** The {@code @Kernels} interface the class implements. */
    Class<?> kernelSet();

    /** The target the class was generated for. */
    Target target();

    /** For VECTOR classes the vector shape in bits (128, 256 or 512); 0 for the other targets. */
    default int vectorBits() {
        return 0;
    }

    /** The generated class's binary name, known without loading the class. */
    String className();

    /**
     * A new instance of the generated class.
     *
     * @throws LinkageError when the class cannot load on this JVM (the vector module is absent)
     */
    Object create();

    /**
     * The set's plain (same-type, unscaled) reorders with their layouts, for
     * {@link KernelRegistry}. The SCALAR provider lists them (SCALAR is always generated); the
     * other targets' providers list none, and the registry calls whichever class
     * {@code KernelLoader.load} picks.
     */
    default List<GeneratedReorder> reorders() {
        return List.of();
    }
}

package dev.strider.runtime;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Kernels looked up by layout at run time, for code that learns its layouts late (a model
 * loaded from a file): the generated reorders declared for two layouts if any kernel set on the
 * class path has them, else the generic kernel.
 *
 * <p>Layouts match by {@link TensorLayout#equals}, equality of the mapping: a packed NCHW layout
 * finds a method declared for NHWC when C has size 1. Each class loader's providers are indexed
 * once, on first lookup. A pair of layouts may have several generated methods, one per kind of
 * memory (parameter classes, {@link GeneratedReorder#srcClass()}); the kernel the registry returns
 * calls the first one whose parameter classes its arguments are instances of, in the order the
 * providers and their lists give them, and the generic kernel when none fits. When two kernel
 * sets declare the same reorder on the same parameter classes, the first provider found wins.
 * The registry keeps the index of every class loader it was asked about.
 */
public final class KernelRegistry {

    private static final ConcurrentMap<ClassLoader, Map<Key, ReorderKernel>> INDEXES = new ConcurrentHashMap<>();

    private KernelRegistry() {
    }

    /** The key of a reorder: layouts by mapping, and the element type. */
    private record Key(TensorLayout src, TensorLayout dst, ElementType type) {
    }

    /**
     * The reorder from {@code src} to {@code dst} on memory of {@code type}, looked up among the
     * providers visible to the thread's context class loader (or, when it has none, to this
     * class's loader).
     */
    public static ReorderKernel reorder(TensorLayout src, TensorLayout dst, ElementType type) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return reorder(src, dst, type, loader != null ? loader : defaultLoader());
    }

    /** The reorder from {@code src} to {@code dst} on memory of {@code type}, among the providers {@code loader} sees. */
    public static ReorderKernel reorder(TensorLayout src, TensorLayout dst, ElementType type, ClassLoader loader) {
        Key key = new Key(Objects.requireNonNull(src, "src"), Objects.requireNonNull(dst, "dst"),
                Objects.requireNonNull(type, "type"));
        ReorderKernel generated = index(Objects.requireNonNull(loader, "loader")).get(key);
        return generated != null ? generated : new GenericReorder(src, dst, type);
    }

    private static ClassLoader defaultLoader() {
        ClassLoader own = KernelRegistry.class.getClassLoader();
        return own != null ? own : ClassLoader.getSystemClassLoader();
    }

    /** Built outside any lock (indexing loads provider classes); a racing build is dropped for the first one stored. */
    private static Map<Key, ReorderKernel> index(ClassLoader loader) {
        Map<Key, ReorderKernel> index = INDEXES.get(loader);
        if (index == null) {
            index = build(loader);
            Map<Key, ReorderKernel> raced = INDEXES.putIfAbsent(loader, index);
            if (raced != null) {
                index = raced;
            }
        }
        return index;
    }

    private static Map<Key, ReorderKernel> build(ClassLoader loader) {
        Map<Key, List<GeneratedReorderKernel.Route>> routes = new LinkedHashMap<>();
        for (KernelProvider provider : ProviderScan.of(loader).providers()) {
            for (GeneratedReorder method : provider.reorders()) {
                List<GeneratedReorderKernel.Route> pair = routes.computeIfAbsent(
                        new Key(method.src(), method.dst(), method.type()), k -> new ArrayList<>());
                if (pair.stream().noneMatch(r -> r.method().srcClass() == method.srcClass()
                        && r.method().dstClass() == method.dstClass())) {
                    pair.add(new GeneratedReorderKernel.Route(provider.kernelSet(), method));
                }
            }
        }
        Map<Key, ReorderKernel> index = new HashMap<>();
        routes.forEach((key, pair) -> index.put(key, new GeneratedReorderKernel(pair.get(0).method().src(),
                pair.get(0).method().dst(), key.type(), pair)));
        return Map.copyOf(index);
    }
}

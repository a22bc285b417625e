package dev.strider.runtime;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The providers listed in {@code META-INF/services/dev.strider.runtime.KernelProvider} for one
 * class loader, and the entries that could not be loaded (a provider class missing from the
 * class path, say). A broken entry is kept as a problem to explain rather than thrown, so that
 * it cannot stop every other kernel set from loading.
 */
record ProviderScan(List<KernelProvider> providers, List<String> problems) {

    ProviderScan {
        providers = List.copyOf(providers);
        problems = List.copyOf(problems);
    }

    static ProviderScan of(ClassLoader loader) {
        List<KernelProvider> providers = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        // ServiceLoader's iterator steps past an entry that fails, so the loop goes on after it.
        Iterator<KernelProvider> it = ServiceLoader.load(KernelProvider.class, loader).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                providers.add(it.next());
            } catch (ServiceConfigurationError e) {
                problems.add(Selection.describe(e));
            }
        }
        return new ProviderScan(providers, problems);
    }
}

package dev.strider.runtime;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * A kernel set as the run-time tuner sees it, written by the processor (the SCALAR class's
 * provider returns it from {@link KernelProvider#tunable()}). Programs do not call it.
 *
 * <p>Sizes are literals, so the tuner needs no user data: {@link #workload} allocates the
 * method's arrays itself. The dispatcher is the generated {@code <Interface>_Tuned} class: each of
 * its methods calls the implementation in that method's slot, which the tuner replaces while
 * calls go on, without a lock.
 */
public interface TunableKernels {

    /** The method keys in declaration order, as {@link KernelProvider#variants()} spells them. */
    List<String> methods();

    /** True when the THREADS class splits method {@code method} into chunks; else it would only forward. */
    boolean split(int method);

    /**
     * A fingerprint of the kernel set's generated code, all targets: it changes whenever a
     * declaration, an option or the processor changes what any class computes or how.
     */
    String fingerprint();

    /** Fresh arrays for method {@code method}, inputs filled with small nonzero values. */
    Workload workload(int method);

    /**
     * A new dispatcher ({@code <Interface>_Tuned}) implementing the kernel set. Method {@code i}
     * starts on {@code routes.initial(i)}, calls {@code routes.used(i)} on its first call, and
     * runs whatever {@code routes} installs later through the {@link BiConsumer} the dispatcher
     * hands to {@link Routes#bind}.
     */
    Object dispatcher(Routes routes);

    /** One method's arrays: {@link #call} runs the method of {@code kernels} on them. */
    interface Workload {
        /** Calls the method on {@code kernels} (an implementation of the kernel set) with these arrays. */
        void call(Object kernels);

        /** Bytes read plus bytes written by one call, for GB/s in reports. */
        long bytes();
    }

    /** The tuner's side of one dispatcher. */
    interface Routes {
        /** What method {@code method} runs until something else is installed. */
        Object initial(int method);

        /** The first call of method {@code method} on this dispatcher (the tuner may start on it). */
        void used(int method);

        /** Called once by the dispatcher's constructor: {@code install.accept(i, kernels)} routes method {@code i}. */
        void bind(BiConsumer<Integer, Object> install);
    }
}

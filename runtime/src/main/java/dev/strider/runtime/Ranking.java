package dev.strider.runtime;

import java.util.List;

/**
 * The {@link Policy}'s verdict on a kernel set's candidates for one request on one device.
 *
 * @param rule     the rule as it applied here, one line for {@link KernelLoader#explain}
 * @param runnable the candidates that may run, best first: {@link KernelLoader} creates them in this
 *                 order and keeps the first that loads
 * @param rejected the others, each with the reason
 */
record Ranking(Request request, String rule, List<KernelProvider> runnable, List<Rejection> rejected) {

    Ranking {
        runnable = List.copyOf(runnable);
        rejected = List.copyOf(rejected);
    }

    /** A candidate the policy will not try, and why. */
    record Rejection(KernelProvider provider, String reason) {
    }
}

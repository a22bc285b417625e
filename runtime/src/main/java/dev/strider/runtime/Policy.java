package dev.strider.runtime;

import dev.strider.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The selection rule, in one place: which generated classes of a kernel set may run for a
 * request on a device, best first. It is a pure function of its arguments, so it can be tested
 * on made-up devices.
 *
 * <p>The rule, best first:
 * <ol>
 *   <li><b>THREADS</b>, when the device has more than one core (a THREADS call always has at
 *       least two threads: {@linkplain Parallel#parallelism() the pool's workers plus the caller});</li>
 *   <li><b>VECTOR</b> whose shape equals the device's preferred shape, then narrower shapes,
 *       widest first; before Java 25 ({@link Device#oneWidthBits()}) shapes of at most 256 bits
 *       come first, widest first, then the wider ones, narrowest first. A shape wider than the
 *       preferred one is rejected (the Vector API would
 *       emulate it, slower than scalar code), and every shape is rejected when the
 *       {@code jdk.incubator.vector} module is absent or its preferred shape unknown;</li>
 *   <li><b>SCALAR</b>.</li>
 * </ol>
 * A forced target keeps only that target's classes (a forced THREADS runs whatever the cores and
 * parallelism, for benchmark comparisons; the VECTOR rules still hold). The one-thread request
 * (what a THREADS class runs per chunk) never takes THREADS. {@link KernelLoader} creates the
 * runnable classes in this order and keeps the first whose {@code create()} succeeds.
 */
final class Policy {

    private Policy() {
    }

    /**
     * THREADS, then VECTOR widest first, then SCALAR: the order of steps 1 to 3; where {@code device}
     * runs one register width at a time ({@link Device#oneWidthBits()}), VECTOR shapes of at most
     * that width first, widest first, then the wider ones, narrowest first.
     */
    static Comparator<KernelProvider> preference(Device device) {
        int one = device.oneWidthBits();
        return Comparator.comparingInt((KernelProvider p) -> tier(p.target()))
                .thenComparingInt(p -> one > 0 && p.vectorBits() > one ? p.vectorBits() : -p.vectorBits());
    }

    static Ranking rank(Device device, int parallelism, Request request, List<KernelProvider> candidates) {
        List<KernelProvider> runnable = new ArrayList<>();
        List<Ranking.Rejection> rejected = new ArrayList<>();
        for (KernelProvider candidate : candidates) {
            String reason = rejection(device, request, candidate);
            if (reason == null) {
                runnable.add(candidate);
            } else {
                rejected.add(new Ranking.Rejection(candidate, reason));
            }
        }
        Comparator<KernelProvider> order = preference(device);
        runnable.sort(order);
        rejected.sort(Comparator.comparing(Ranking.Rejection::provider, order));
        return new Ranking(request, rule(device, parallelism, request), runnable, rejected);
    }

    private static int tier(Target target) {
        switch (target) {
            case THREADS: return 0;
            case VECTOR: return 1;
            case SCALAR: return 2;
            default: throw new AssertionError(target);
        }
    }

    /** Why {@code candidate} may not run for {@code request} here, or null when it may. */
    private static String rejection(Device device, Request request, KernelProvider candidate) {
        Target target = candidate.target();
        if (request.forcedTarget() != null && request.forcedTarget() != target) {
            return "not the " + request.description();
        }
        switch (target) {
            case THREADS:
                if (request == Request.ONE_THREAD) {
                    return "runs on several threads, and this request wants code for the calling thread";
                }
                if (request == Request.BEST && device.cores() < 2) {
                    return "this machine has 1 core";
                }
                return null;
            case VECTOR:
                return vectorRejection(device, candidate.vectorBits());
            case SCALAR:
                return null;
            default:
                throw new AssertionError(target);
        }
    }

    private static String vectorRejection(Device device, int bits) {
        if (!device.vectorModule()) {
            return Device.VECTOR_MODULE + " is not in this JVM's boot layer; run with --add-modules " + Device.VECTOR_MODULE;
        }
        if (device.vectorBits() == 0) {
            return "the preferred vector shape is unknown: " + device.vectorProblem();
        }
        if (bits > device.vectorBits()) {
            return bits + "-bit vectors are wider than this machine's preferred " + device.vectorBits()
                    + "-bit shape; the Vector API would emulate them";
        }
        return null;
    }

    /** The rule as it applies to this device and request, for {@link KernelLoader#explain}. */
    private static String rule(Device device, int parallelism, Request request) {
        int one = device.oneWidthBits();
        String vector = device.vectorBits() > one && one > 0
                ? "VECTOR of " + one + " bits or narrower, widest first, then wider up to the preferred "
                        + device.vectorBits() + "-bit shape (before Java 25 one register width per JVM)"
                : device.vectorBits() > 0
                ? "VECTOR of the preferred " + device.vectorBits() + "-bit shape or narrower, widest first"
                : "VECTOR (none can run: " + (device.vectorModule() ? "preferred shape unknown" : "no vector module") + ")";
        switch (request) {
            case BEST:
                return "THREADS when more than 1 core (here " + device.cores()
                        + (device.cores() == 1 ? " core" : " cores") + ", " + parallelism + " threads per call), then "
                        + vector + ", then SCALAR; the first that loads is chosen";
            case ONE_THREAD:
                return vector + ", then SCALAR; the first that loads is chosen";
            case VECTOR:
                return "only " + vector + "; the first that loads is chosen";
            default:
                return "only " + request.forcedTarget();
        }
    }
}

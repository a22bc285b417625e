package dev.strider.runtime;

import dev.strider.TuneMode;

import dev.strider.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One kernel set's generated classes on this device, and the instances chosen from them.
 *
 * <p>Immutable but for two write-once caches: one instance (or load failure) per candidate, so
 * that every request choosing the same class gets the same instance, and one outcome per
 * {@link Request}. Both are filled without locks: instances are created outside any lock (a
 * THREADS class's constructor loads its one-thread kernels through {@link KernelLoader}, re-entering
 * this selection), and when two threads race, both publish with compare-and-set and both return
 * the winner. Generated constructors are cheap and stateless, so a losing instance is simply
 * dropped. Once cached, {@link #instance} is one array read.
 */
final class Selection {

    private static final String NOT_GENERATED = "is it annotated with @dev.strider.Kernels, and does the build run"
            + " strider-processor (on annotationProcessorPaths from JDK 23 on)?";

    private final Class<?> kernelSet;
    private final Device device;
    private final int parallelism;
    private final List<KernelProvider> candidates;
    private final List<String> serviceProblems;
    private final AtomicReferenceArray<Attempt> attempts;
    private final AtomicReferenceArray<Outcome> outcomes = new AtomicReferenceArray<>(Request.values().length);
    /** The tuner's settings, or null when they are invalid ({@link #settingsError}). */
    private final TuneSettings settings;
    private final String settingsError;
    /** The tuner once made; {@link #NO_TUNER} when the rule alone chooses. */
    private final AtomicReference<Object> tuner = new AtomicReference<>();
    private static final Object NO_TUNER = new Object();

    Selection(Class<?> kernelSet, Device device, int parallelism, List<KernelProvider> candidates,
              List<String> serviceProblems) {
        this(kernelSet, device, parallelism, candidates, serviceProblems, rulesOnly(), null);
    }

    private static TuneSettings rulesOnly() {
        return TuneSettings.parse(name -> name.equals(TuneSettings.MODE) ? "rules" : null, name -> null, null);
    }

    /**
     * @param settings the tuner's settings; null when they are invalid, and then {@code settingsError}
     *                 is what {@link #instance} throws for the best and one-thread requests
     */
    Selection(Class<?> kernelSet, Device device, int parallelism, List<KernelProvider> candidates,
              List<String> serviceProblems, TuneSettings settings, String settingsError) {
        this.settings = settings;
        this.settingsError = settingsError;
        this.kernelSet = kernelSet;
        this.device = device;
        this.parallelism = parallelism;
        this.candidates = List.copyOf(candidates);
        this.serviceProblems = List.copyOf(serviceProblems);
        this.attempts = new AtomicReferenceArray<>(this.candidates.size());
    }


    /** The providers of {@code kernelSet} found by {@code ServiceLoader} through its class loader, on this device. */
    static Selection discover(Class<?> kernelSet) {
        ProviderScan scan = ProviderScan.of(kernelSet.getClassLoader());
        List<KernelProvider> own = new ArrayList<>();
        for (KernelProvider provider : scan.providers()) {
            if (provider.kernelSet() == kernelSet) {
                own.add(provider);
            }
        }
        TuneSettings settings = null;
        String error = null;
        try {
            settings = TuneSettings.fromSystem(KernelLoader.tuneModeInCode());
        } catch (IllegalStateException e) {
            error = e.getMessage();
        }
        return new Selection(kernelSet, Device.current(), Parallel.parallelism(), own, scan.problems(), settings, error);
    }

    /** True for the requests a tuner serves in measure and wisdom modes: the best target, and one thread. */
    private static boolean tuned(Request request) {
        return request == Request.BEST || request == Request.ONE_THREAD;
    }

    /**
     * The kernel set's tuner, made on first use; null when the rule alone chooses (rules mode, or
     * classes generated before the tuner existed).
     *
     * @throws IllegalStateException when the tuner's settings are invalid
     */
    Tuner tuner() {
        Object t = tuner.get();
        if (t == null) {
            if (settings == null) {
                throw new IllegalStateException(settingsError);
            }
            t = NO_TUNER;
            if (settings.mode() != TuneMode.RULES) {
                TunableKernels tunable = null;
                for (KernelProvider p : candidates) {
                    if (p.target() == Target.SCALAR) {
                        try {
                            tunable = p.tunable();
                        } catch (LinkageError | RuntimeException e) {
                            tunable = null;
                        }
                    }
                }
                if (tunable != null) {
                    List<KernelProvider> oneThread = oneShape(Policy.rank(device, parallelism, Request.ONE_THREAD,
                            candidates).runnable());
                    KernelProvider threads = null;
                    for (KernelProvider p : Policy.rank(device, parallelism, Request.BEST, candidates).runnable()) {
                        if (p.target() == Target.THREADS) {
                            threads = p;
                        }
                    }
                    if (!oneThread.isEmpty()) {
                        t = new Tuner(kernelSet, tunable, settings, oneThread, threads);
                    }
                }
            }
            if (!tuner.compareAndSet(null, t)) {
                t = tuner.get();
            }
        }
        return t == NO_TUNER ? null : (Tuner) t;
    }

    /**
     * The instance chosen for {@code request}.
     *
     * @throws IllegalStateException listing every candidate and why it was not used, when none can run
     */
    Object instance(Request request) {
        if (tuned(request)) {
            Tuner t = tuner();
            if (t != null) {
                return request == Request.BEST ? t.bestDispatcher() : t.oneThreadDispatcher();
            }
        }
        Outcome outcome = outcomes.get(request.ordinal());
        if (outcome == null) {
            outcome = resolve(request);
        }
        if (outcome.instance == null) {
            throw new IllegalStateException(outcome.error);
        }
        return outcome.instance;
    }

    /** The device facts, the rule, every candidate and its fate for {@code request}; never throws. */
    String explain(Request request, String requestLine) {
        Outcome outcome = outcomes.get(request.ordinal());
        if (outcome == null) {
            outcome = resolve(request);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(kernelSet.getName()).append('\n');
        sb.append("  device      ").append(device.describe()).append('\n');
        sb.append("  threads     ").append(parallelism).append(" per THREADS call (pool workers and the caller)\n");
        sb.append("  request     ").append(requestLine).append('\n');
        if (candidates.isEmpty()) {
            sb.append("  candidates  none: no generated class is registered for it; ").append(NOT_GENERATED).append('\n');
        } else {
            sb.append("  rule        ").append(outcome.ranking.rule()).append('\n');
            sb.append(tuned(request) && settings != null && settings.mode() != TuneMode.RULES
                    ? "  candidates  the rule's ranking (what rules mode runs), best first, then the rejected ones\n"
                    : "  candidates  tried best first, then the rejected ones\n");
            sb.append(candidateLines(outcome.ranking, outcome.skipped, outcome.chosen, "    "));
        }
        appendServiceProblems(sb);
        Tuner t = null;
        String tunerError = null;
        if (tuned(request)) {
            try {
                t = tuner();
            } catch (IllegalStateException | LinkageError e) {
                tunerError = e.getMessage();
            }
        }
        if (tunerError != null) {
            sb.append("  tuning      ").append(tunerError).append(" (load throws until it is fixed)\n");
        } else if (t != null) {
            sb.append(t.describe(request == Request.BEST));
            sb.append("  result      ").append(simpleDispatcher(t, request)).append(", each method routed as above\n");
            return sb.toString();
        } else if (tuned(request) && settings != null) {
            sb.append("  tuning      ").append(settings.describe()).append(": the rule chooses the class\n");
        }
        sb.append("  result      ").append(outcome.instance != null
                ? outcome.chosen.className() : "none can run: KernelLoader.load throws IllegalStateException").append('\n');
        return sb.toString();
    }

    /**
     * The one-thread candidates the tuner times: the first VECTOR class in rule order (the preferred
     * shape, before Java 25 at most 256 bits: {@code Policy}; or the one {@code strider.tune.vectorBits}
     * names where it is generated, else the first narrower), and the rest but the other VECTOR
     * shapes. It is not loaded here: loading the Vector API costs a cold start 60-80 ms, so only
     * the tuner loads it, later, off the caller's thread. Several
     * shapes in one JVM share the Vector API's generic code and spoil each other's type profiles:
     * timed together on the Zen 5 (JDK 17), the 128-, 256- and 512-bit classes of the bias add
     * stayed boxed, 0.15-0.44 ms a call after 1.8 s of warming, where one shape alone compiles in
     * well under a second and runs at 20 us.
     */
    private List<KernelProvider> oneShape(List<KernelProvider> ranked) {
        List<KernelProvider> kept = new ArrayList<>();
        boolean vector = false;
        int widest = settings.vectorBits() > 0 ? settings.vectorBits() : Integer.MAX_VALUE;
        // the shape strider.tune.vectorBits names, where it is generated and may run here (before Java
        // 25 the rule ranks 256 bits above 512); else the first in rule order up to it
        boolean named = settings.vectorBits() > 0 && ranked.stream()
                .anyMatch(p -> p.target() == Target.VECTOR && p.vectorBits() == settings.vectorBits());
        for (KernelProvider p : ranked) {
            if (named && p.target() == Target.VECTOR && p.vectorBits() != settings.vectorBits()) {
                continue;
            }
            if (p.target() == Target.VECTOR) {
                if (vector || p.vectorBits() > widest) {
                    continue;
                }
                vector = true;
            }
            kept.add(p);
        }
        return kept;
    }

    private static String simpleDispatcher(Tuner t, Request request) {
        Object d = request == Request.BEST ? t.bestDispatcher() : t.oneThreadDispatcher();
        return d.getClass().getName();
    }

    private Outcome resolve(Request request) {
        Ranking ranking = Policy.rank(device, parallelism, request, candidates);
        Map<KernelProvider, String> skipped = new LinkedHashMap<>();
        Outcome outcome = null;
        for (KernelProvider candidate : ranking.runnable()) {
            Attempt attempt = attempt(candidate);
            if (attempt.instance != null) {
                outcome = new Outcome(ranking, skipped, candidate, attempt.instance, null);
                break;
            }
            skipped.put(candidate, attempt.failure);
        }
        if (outcome == null) {
            outcome = new Outcome(ranking, skipped, null, null, error(ranking, skipped));
        }
        return outcomes.compareAndSet(request.ordinal(), null, outcome) ? outcome : outcomes.get(request.ordinal());
    }

    /** The candidate's instance, created on first use and then shared by every request that chooses it. */
    private Attempt attempt(KernelProvider candidate) {
        int i = candidates.indexOf(candidate);
        Attempt attempt = attempts.get(i);
        if (attempt == null) {
            attempt = Attempt.create(kernelSet, candidate);
            if (!attempts.compareAndSet(i, null, attempt)) {
                attempt = attempts.get(i);
            }
        }
        return attempt;
    }

    private String error(Ranking ranking, Map<KernelProvider, String> skipped) {
        StringBuilder sb = new StringBuilder();
        Target forced = ranking.request().forcedTarget();
        if (candidates.isEmpty()) {
            sb.append("no generated kernels for ").append(kernelSet.getName()).append(": ").append(NOT_GENERATED)
                    .append('\n');
        } else if (forced != null && candidates.stream().noneMatch(c -> c.target() == forced)) {
            StringJoiner generated = new StringJoiner(", ");
            candidates.forEach(c -> generated.add(label(c)));
            sb.append(kernelSet.getName()).append(" has no generated ").append(forced).append(" class (generated: ")
                    .append(generated).append("); add ").append(forced).append(" to @Kernels(targets = ...)\n");
        } else {
            sb.append("no generated class of ").append(kernelSet.getName()).append(" can run as ")
                    .append(ranking.request().description()).append(" on this device (")
                    .append(device.describe()).append("):\n");
            sb.append(candidateLines(ranking, skipped, null, "  "));
        }
        appendServiceProblems(sb);
        return sb.toString().strip();
    }

    /** One line per candidate: runnable ones in rank order with their fate, then the rejected ones. */
    private String candidateLines(Ranking ranking, Map<KernelProvider, String> skipped, KernelProvider chosen,
                                  String indent) {
        int width = 0;
        for (KernelProvider c : candidates) {
            width = Math.max(width, c.className().length());
        }
        StringBuilder sb = new StringBuilder();
        for (KernelProvider c : ranking.runnable()) {
            String fate;
            if (c == chosen) {
                fate = "chosen";
            } else if (skipped.containsKey(c)) {
                fate = "skipped: " + skipped.get(c);
            } else {
                fate = "not preferred: " + label(chosen) + " ranks higher";
            }
            line(sb, indent, width, c, fate);
        }
        for (Ranking.Rejection r : ranking.rejected()) {
            line(sb, indent, width, r.provider(), "rejected: " + r.reason());
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String indent, int width, KernelProvider c, String fate) {
        sb.append(indent).append(String.format("%-" + width + "s  %-15s  ", c.className(), label(c)))
                .append(fate).append('\n');
    }

    private void appendServiceProblems(StringBuilder sb) {
        for (String problem : serviceProblems) {
            sb.append("  unreadable service entry: ").append(problem).append('\n');
        }
    }

    /** {@code SCALAR}, {@code VECTOR 256 bits}. */
    static String label(KernelProvider c) {
        return c.target() == Target.VECTOR ? "VECTOR " + c.vectorBits() + " bits" : c.target().name();
    }

    /** {@code NoClassDefFoundError jdk/incubator/vector/FloatVector}, with the cause when there is no message. */
    static String describe(Throwable t) {
        String text = t.getClass().getSimpleName();
        if (t.getMessage() != null) {
            return text + " " + t.getMessage();
        }
        return t.getCause() != null ? text + " (caused by " + describe(t.getCause()) + ")" : text;
    }

    /** Creating one candidate's instance: the instance, or why it failed. */
    private static final class Attempt {
        final Object instance;
        final String failure;

        private Attempt(Object instance, String failure) {
            this.instance = instance;
            this.failure = failure;
        }

        /**
         * Calls {@code create()}; a {@link LinkageError} (the class needs what this JVM lacks) or
         * a {@link RuntimeException} becomes a failure to explain, while other errors
         * ({@code OutOfMemoryError}, ...) propagate.
         */
        static Attempt create(Class<?> kernelSet, KernelProvider candidate) {
            Object instance;
            try {
                instance = candidate.create();
            } catch (LinkageError | RuntimeException e) {
                return new Attempt(null, "failed to load: " + describe(e));
            }
            if (!kernelSet.isInstance(instance)) {
                return new Attempt(null, "create() returned "
                        + (instance == null ? "null" : "a " + instance.getClass().getName())
                        + ", not an implementation of " + kernelSet.getName());
            }
            return new Attempt(instance, null);
        }
    }

    /** What one request resolved to: the chosen instance, or the error that load throws. */
    private static final class Outcome {
        final Ranking ranking;
        final Map<KernelProvider, String> skipped;
        final KernelProvider chosen;
        final Object instance;
        final String error;

        Outcome(Ranking ranking, Map<KernelProvider, String> skipped, KernelProvider chosen, Object instance,
                String error) {
            this.ranking = ranking;
            this.skipped = Map.copyOf(skipped);
            this.chosen = chosen;
            this.instance = instance;
            this.error = error;
        }
    }
}

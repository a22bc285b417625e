package dev.strider.runtime;

import dev.strider.Target;
import dev.strider.TuneMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * The per-method choice of one kernel set, the way FFTW plans: two generated dispatchers
 * ({@code <Interface>_Tuned}), one for {@code Strider.load} and one for the code a THREADS chunk
 * runs, whose every method has a slot this class fills.
 *
 * <p>In {@link TuneMode#MEASURE} a method starts on SCALAR (or THREADS over SCALAR chunks),
 * which is fast from its first call. Its first call queues it for the tuner thread, which
 * allocates the method's arrays itself (sizes are literals), warms each candidate up alone until
 * its time per call stops falling (the JIT has compiled it), then times all of them in
 * interleaved rounds and routes the method to the fastest: first among the one-thread candidates
 * (each VECTOR shape that runs here and SCALAR, each with its variants), then, for methods
 * THREADS splits, that winner against THREADS. The result goes to the wisdom file; a later JVM
 * that finds it warms the known winner up and switches to it, timing nothing else. In
 * {@link TuneMode#WISDOM} methods start on the wisdom file's choice (the rule's where it has
 * none) and nothing is timed. Every candidate computes exactly what the generic kernels compute,
 * so a switch never changes a result; a slot is a volatile field, so calls never take a lock.
 *
 * <p>A failure while tuning (no memory for the arrays, a candidate that throws) routes the method
 * to the rule's choice with a one-line warning; the user's calls go on either way.
 */
final class Tuner {

    /** A timed slice: enough calls to take about this long. */
    static final long SLICE_NANOS = 1_000_000;
    /** Interleaved rounds at most, once every candidate is warm. */
    static final int ROUNDS = 15;
    /** The share of a method's budget that warming up may take. */
    static final double WARM_SHARE = 0.6;

    private static final AtomicLong SPENT_NANOS = new AtomicLong();
    /** {@link Device#widthsTogether()} for this JVM. */
    private static final boolean WIDTHS_TOGETHER = Device.current().widthsTogether();

    private final Class<?> kernelSet;
    private final TunableKernels tunable;
    private final TuneSettings settings;
    private final List<String> methods;
    /** VECTOR shapes that run here, widest first, then SCALAR: the one-thread rule's order. */
    private final List<KernelProvider> oneThread;
    /** THREADS when the rule may pick it here, else null. */
    private final KernelProvider threads;
    private final String fingerprint;
    private final Map<String, Attempted> instances = new ConcurrentHashMap<>();
    private final State[] states;
    private final Routing oneThreadRoutes = new Routing(false);
    private final Routing bestRoutes = new Routing(true);
    private final Object oneThreadDispatcher;
    private final AtomicReference<Object> bestDispatcher = new AtomicReference<>();

    /**
     * @param oneThread the runnable one-thread providers in rule order (VECTOR widest first, SCALAR last)
     * @param threads   the THREADS provider when the rule for the best target may pick it, else null
     */
    Tuner(Class<?> kernelSet, TunableKernels tunable, TuneSettings settings, List<KernelProvider> oneThread,
          KernelProvider threads) {
        this.kernelSet = kernelSet;
        this.tunable = tunable;
        this.settings = settings;
        this.methods = List.copyOf(tunable.methods());
        this.oneThread = List.copyOf(oneThread);
        this.threads = threads;
        this.fingerprint = tunable.fingerprint();
        this.states = new State[methods.size()];
        Wisdom wisdom = WisdomFile.of(settings.wisdom()).wisdom();
        // the machine's key (a SHA-256 and /proc/cpuinfo) only when there is wisdom to look it up in
        String machine = wisdom.size() == 0 ? null : Machine.current().key();
        for (int i = 0; i < states.length; i++) {
            states[i] = new State(machine == null ? null
                    : wisdom.find(machine, kernelSet.getName(), fingerprint, methods.get(i)));
        }
        this.oneThreadDispatcher = tunable.dispatcher(oneThreadRoutes);
    }

    /** The dispatcher that a THREADS chunk runs: its slots hold one-thread classes only. */
    Object oneThreadDispatcher() {
        return oneThreadDispatcher;
    }

    /** The dispatcher {@code Strider.load} returns (created on first use: THREADS loads the one-thread one). */
    Object bestDispatcher() {
        Object d = bestDispatcher.get();
        if (d == null) {
            if (bestDispatcher.compareAndSet(null, tunable.dispatcher(bestRoutes))) {
                // what the tuner installed while the dispatcher was being made
                for (int i = 0; i < states.length; i++) {
                    bestRoutes.route(i, states[i].best());
                }
            }
            d = bestDispatcher.get();
        }
        return d;
    }

    // ------------------------------------------------------------------ candidates

    /** A candidate: a class, and a variant of the method (-1: the class's rule). */
    record Candidate(KernelProvider provider, int variant, String variantName) {
        /** {@code ImageOps_Vector512#1}, as the wisdom file writes it. */
        String label() {
            return simpleName(provider.className()) + (variant < 0 ? "" : "#" + variant);
        }

        /** {@code ImageOps_Vector512 (8x8 blocks in registers)}. */
        String words() {
            return simpleName(provider.className()) + (variantName == null ? "" : " (" + variantName + ")");
        }
    }

    private record Attempted(Object instance, String failure) {
    }

    static String simpleName(String binaryName) {
        return binaryName.substring(binaryName.lastIndexOf('.') + 1);
    }

    /** The one-thread candidates of method {@code i}, in rule order, variants in number order. */
    List<Candidate> oneThreadCandidates(int i) {
        List<Candidate> list = new ArrayList<>();
        for (KernelProvider p : oneThread) {
            List<String> variants = p.variants().get(methods.get(i));
            if (variants == null || variants.size() < 2) {
                list.add(new Candidate(p, -1, null));
            } else {
                List<Integer> bits = p.variantBits().get(methods.get(i));
                Integer only = p.timedWidth().get(methods.get(i));
                for (int v = 0; v < variants.size(); v++) {
                    if (timedTogether(bits, v, WIDTHS_TOGETHER, only)) {
                        list.add(new Candidate(p, v, variants.get(v)));
                    }
                }
            }
        }
        return list;
    }

    /**
     * The variants timed in one JVM: all of them where {@link Device#widthsTogether()} holds (Java
     * 25 on), else scalar ones and those of the width the provider names ({@code only}: the width
     * of the variant the rule picks there, which generated classes name for every method before Java
     * 25), else of variant 0's register width. Timed together on JDK 17,
     * variants of several widths spoil each other's type profiles (the 8x8 blocks of nchw to
     * nChw16c 1x64x56x56 ran at 340-540 us beside the 4x4 ones against 25-33 us alone; AMD EPYC
     * Zen 4), so their comparison would not be fair there. Where the provider names {@code only},
     * the one width timed for the method ({@link KernelProvider#timedWidth()}; null where it names
     * none): the scalar variants and those of that width, whatever the JDK.
     */
    static boolean timedTogether(List<Integer> bits, int v, boolean widthsTogether, Integer only) {
        if (bits == null || bits.size() <= v) {
            return true;
        }
        if (only != null) {
            return bits.get(v) == 0 || bits.get(v).equals(only);
        }
        return widthsTogether || bits.get(v) == 0 || bits.get(v).equals(bits.get(0));
    }

    /** The variants of method {@code i} not timed here, in words, for explain. */
    private List<String> untimed(int i) {
        List<String> words = new ArrayList<>();
        for (KernelProvider p : oneThread) {
            List<String> variants = p.variants().get(methods.get(i));
            List<Integer> bits = p.variantBits().get(methods.get(i));
            Integer only = p.timedWidth().get(methods.get(i));
            if (variants != null && bits != null) {
                for (int v = 0; v < variants.size(); v++) {
                    if (!timedTogether(bits, v, WIDTHS_TOGETHER, only)) {
                        words.add(simpleName(p.className()) + " (" + variants.get(v) + "): not timed in this JVM, its "
                                + bits.get(v) + "-bit registers would slow the " + (only != null ? only : bits.get(0))
                                + "-bit ones down");
                    }
                }
            }
        }
        return words;
    }

    private Candidate threadsCandidate() {
        return new Candidate(threads, -1, null);
    }

    /** The candidate {@code label} names, among this set's, or null. */
    private Candidate byLabel(int i, String label) {
        if (threads != null && threadsCandidate().label().equals(label)) {
            return threadsCandidate();
        }
        for (Candidate c : oneThreadCandidates(i)) {
            if (c.label().equals(label)) {
                return c;
            }
        }
        return null;
    }

    /** The candidate's instance, created once; null when it cannot be created here. */
    private Object instance(Candidate c) {
        Attempted a = instances.get(c.label());
        if (a == null) {
            try {
                Object o = c.variant() < 0 ? c.provider().create() : c.provider().create(c.variant());
                a = kernelSet.isInstance(o) ? new Attempted(o, null)
                        : new Attempted(null, "create() returned no " + kernelSet.getName());
            } catch (LinkageError | RuntimeException e) {
                a = new Attempted(null, Selection.describe(e));
            }
            Attempted raced = instances.putIfAbsent(c.label(), a);
            a = raced != null ? raced : a;
        }
        return a.instance();
    }

    /** The rule's one-thread choice: the first class in rule order that loads. */
    private Candidate ruleOneThread() {
        for (KernelProvider p : oneThread) {
            Candidate c = new Candidate(p, -1, null);
            if (instance(c) != null) {
                return c;
            }
        }
        throw new IllegalStateException("no one-thread class of " + kernelSet.getName() + " loads");
    }

    /** SCALAR's rule: fast from the first call, the Vector API not involved. */
    private Candidate coldOneThread() {
        for (KernelProvider p : oneThread) {
            Candidate c = new Candidate(p, -1, null);
            if (p.target() == Target.SCALAR && instance(c) != null) {
                return c;
            }
        }
        return ruleOneThread();
    }

    private boolean threaded(int i) {
        return threads != null && tunable.split(i) && instance(threadsCandidate()) != null;
    }

    // ------------------------------------------------------------------ routes

    /** One dispatcher's side: its initial routes, its first calls, and the hook that routes it. */
    private final class Routing implements TunableKernels.Routes {
        private final boolean best;
        private volatile BiConsumer<Integer, Object> install;

        Routing(boolean best) {
            this.best = best;
        }

        @Override
        public Object initial(int method) {
            State s = states[method];
            Candidate c = best ? s.best() : s.oneThread();
            return instance(c);
        }

        @Override
        public void used(int method) {
            if (settings.mode() == TuneMode.MEASURE) {
                request(method);
            }
        }

        @Override
        public void bind(BiConsumer<Integer, Object> install) {
            this.install = install;
        }

        void route(int method, Candidate c) {
            Object o = instance(c);
            if (o != null && install != null) {
                install.accept(method, o);
            }
        }
    }

    /** What one method runs now, and where that came from. */
    private final class State {
        final Wisdom.Entry wisdom;
        final AtomicBoolean requested = new AtomicBoolean();
        final CountDownLatch done = new CountDownLatch(1);
        volatile Candidate oneThread;
        volatile Candidate best;
        volatile String source;
        volatile List<Choice.Timing> oneThreadTimes = List.of();
        volatile List<Choice.Timing> bestTimes = List.of();
        volatile List<String> candidateWords = List.of();

        State(Wisdom.Entry wisdom) {
            this.wisdom = wisdom;
        }

        /** What the one-thread dispatcher starts on; never touches THREADS (whose constructor loads that dispatcher). */
        synchronized Candidate oneThread() {
            if (oneThread == null) {
                int i = indexOf(this);
                Candidate known = settings.mode() == TuneMode.WISDOM && wisdom != null ? byLabel(i, wisdom.oneThread()) : null;
                if (known != null && instance(known) != null) {
                    oneThread = known;
                    source = "the wisdom file";
                } else if (settings.mode() == TuneMode.WISDOM) {
                    oneThread = ruleOneThread();
                    source = wisdom == null ? "the rule (the wisdom file has no entry for it)"
                            : "the rule (the wisdom file names a class that does not load here)";
                } else {
                    oneThread = coldOneThread();
                    source = "cold start, not called yet"
                            + (wisdom != null ? " (the wisdom file knows its winner: warmed up on the first call)" : "");
                }
            }
            return oneThread;
        }

        /** What the best dispatcher starts on. */
        synchronized Candidate best() {
            if (best == null) {
                int i = indexOf(this);
                Candidate one = oneThread();
                Candidate known = settings.mode() == TuneMode.WISDOM && wisdom != null ? byLabel(i, wisdom.best()) : null;
                if (known != null && instance(known) != null) {
                    best = known;
                } else {
                    best = threaded(i) ? threadsCandidate() : one;
                }
            }
            return best;
        }
    }

    private int indexOf(State s) {
        for (int i = 0; i < states.length; i++) {
            if (states[i] == s) {
                return i;
            }
        }
        throw new AssertionError();
    }

    private void install(int i, Candidate one, Candidate all) {
        State s = states[i];
        s.oneThread = one;
        s.best = all;
        oneThreadRoutes.route(i, one);
        if (bestDispatcher.get() != null) {
            bestRoutes.route(i, all);
        }
    }

    // ------------------------------------------------------------------ tuning

    /** Routes method {@code i} to the rule's choice: its one-thread class, under THREADS where that splits it. */
    private void installRule(int i) {
        Candidate rule = ruleOneThread();
        install(i, rule, threaded(i) ? threadsCandidate() : rule);
    }

    /** Queues method {@code i} for the tuner thread, once. */
    void request(int i) {
        request(i, System.nanoTime() + START_DELAY_NANOS);
    }

    /**
     * A first call queues its method to start {@link #START_DELAY_NANOS} later: a program that is
     * over by then (a CLI, a test) pays nothing for tuning, where tuning at once made its first 100
     * calls of nchw to nChw16c take 138-306 ms against SCALAR's 67-87 (Zen 5, JDK 17), the JIT busy
     * compiling candidates the program never used.
     */
    static final long START_DELAY_NANOS = 300_000_000;

    private void request(int i, long notBefore) {
        State s = states[i];
        s.oneThread();
        if (s.requested.compareAndSet(false, true)) {
            s.source = "tuning: SCALAR serves calls until a faster candidate is compiled and measured";
            Worker.submit(new Task(i, notBefore)); // a class, not a lambda: this runs on the caller's first call
        }
    }

    /** Tuning one method, not before a given time. */
    private final class Task implements Runnable {
        private final int method;
        private final long notBefore;

        Task(int method, long notBefore) {
            this.method = method;
            this.notBefore = notBefore;
        }

        @Override
        public void run() {
            long wait = notBefore - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            tune(method);
        }
    }

    /** Tunes every method now (in measure mode) and waits; in the other modes, returns at once. */
    void tuneAll() throws InterruptedException {
        if (settings.mode() != TuneMode.MEASURE) {
            return;
        }
        for (int i = 0; i < states.length; i++) {
            request(i, 0);
        }
        for (State s : states) {
            s.done.await();
        }
    }

    /** Waits until every method called so far (in measure mode) is tuned. */
    void awaitCalled() throws InterruptedException {
        for (State s : states) {
            if (s.requested.get()) {
                s.done.await();
            }
        }
    }

    private void tune(int i) {
        State s = states[i];
        long start = System.nanoTime();
        try {
            if (SPENT_NANOS.get() >= settings.totalBudgetMillis() * 1_000_000) {
                installRule(i);
                s.source = "the rule: this JVM's tuning budget (" + TuneSettings.TOTAL_BUDGET + "="
                        + settings.totalBudgetMillis() + " ms) is spent";
                return;
            }
            TunableKernels.Workload workload = tunable.workload(i);
            long budget = settings.methodBudgetMillis() * 1_000_000;
            if (s.wisdom != null) {
                Candidate one = byLabel(i, s.wisdom.oneThread());
                Candidate all = byLabel(i, s.wisdom.best());
                if (one != null && all != null && instance(one) != null && instance(all) != null) {
                    warm(List.of(one), workload, start + budget);
                    if (!all.equals(one)) {
                        install(i, one, s.best());
                        warm(List.of(all), workload, start + budget);
                    }
                    install(i, one, all);
                    s.source = "the wisdom file (" + fmt(s.wisdom.oneThreadNanos()) + " one-thread, "
                            + fmt(s.wisdom.bestNanos()) + " overall when measured)";
                    return;
                }
            }
            List<Candidate> candidates = new ArrayList<>();
            List<String> words = new ArrayList<>();
            for (Candidate c : oneThreadCandidates(i)) {
                if (instance(c) != null) {
                    candidates.add(c);
                } else {
                    words.add(c.words() + ": does not load here");
                }
            }
            long oneThreadBudget = threaded(i) ? budget * 2 / 3 : budget;
            List<Choice.Timing> times = measure(candidates, workload, start + oneThreadBudget);
            Choice.Verdict verdict = Choice.choose(times);
            if (verdict.chosen() < 0) {
                throw new IllegalStateException("no candidate completed a call");
            }
            Candidate one = candidates.get(verdict.chosen());
            s.oneThreadTimes = times;
            Candidate all = one;
            double bestNanos = verdict.medians()[verdict.chosen()];
            if (threaded(i)) {
                install(i, one, s.best());
                List<Candidate> pair = List.of(one, threadsCandidate());
                List<Choice.Timing> both = measure(pair, workload, start + budget);
                Choice.Verdict v = Choice.choose(both);
                s.bestTimes = both;
                if (v.chosen() >= 0) {
                    all = pair.get(v.chosen());
                    bestNanos = v.medians()[v.chosen()];
                }
            }
            install(i, one, all);
            words.addAll(untimed(i));
            s.candidateWords = words;
            s.source = "measured here, " + (System.nanoTime() - start) / 1_000_000 + " ms";
            WisdomFile.of(settings.wisdom()).add(new Wisdom.Entry(Machine.current().key(), kernelSet.getName(),
                    fingerprint, methods.get(i), one.label(), all.label(), verdict.medians()[verdict.chosen()],
                    bestNanos, Machine.current().describe()));
        } catch (Throwable t) {
            try {
                installRule(i);
            } catch (RuntimeException e) {
                // nothing loads: the slots keep what they had
            }
            s.source = "the rule: tuning failed (" + Selection.describe(t) + ")";
            Warnings.once("tuning " + kernelSet.getName() + "." + methods.get(i) + " failed ("
                    + Selection.describe(t) + "); it runs the rule's choice");
            if (t instanceof Error && !(t instanceof OutOfMemoryError) && !(t instanceof LinkageError)) {
                throw (Error) t;
            }
        } finally {
            SPENT_NANOS.addAndGet(System.nanoTime() - start);
            s.done.countDown();
        }
    }

    /**
     * Calls each candidate alone until it is warm (its time per call stopped falling), then keeps
     * calling those still more than {@link #LAGGING} times slower than the fastest, sharing what is
     * left of the time to {@code deadline}: Vector API code runs boxed, on a plateau far above its
     * compiled speed, until C2 compiles it, which takes from a few milliseconds to a second and a
     * half. A lagging candidate stops once it is as fast as that, or once it has had the calls or
     * the time C2 needs ({@link #WARM_CALLS}, {@link #LATE_C2_NANOS}) and still plateaus: it is
     * compiled and slower, and calling it on would only spend the budget.
     */
    private static void warm(Object[] instances, TunableKernels.Workload w, long deadline) {
        int n = instances.length;
        double[] latest = new double[n];
        for (int c = 0; c < n; c++) {
            long share = Math.max(0, (deadline - System.nanoTime()) / (2L * (n - c)));
            latest[c] = warmOne(w, instances[c], System.nanoTime() + share, Double.POSITIVE_INFINITY, WARM_NANOS);
        }
        double fastest = Double.POSITIVE_INFINITY;
        for (double t : latest) {
            fastest = Math.min(fastest, t);
        }
        List<Integer> lagging = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (latest[c] > LAGGING * fastest) {
                lagging.add(c);
            }
        }
        for (int k = 0; k < lagging.size(); k++) {
            long share = Math.max(0, (deadline - System.nanoTime()) / (lagging.size() - k));
            warmOne(w, instances[lagging.get(k)], System.nanoTime() + share, LAGGING * fastest, LATE_C2_NANOS);
        }
    }

    /** Calls after which HotSpot's C2 has compiled a method even without loops (Tier4InvocationThreshold 5000). */
    static final long WARM_CALLS = 6000;
    /** Continuous calling after which a method with loops has normally reached C2 (issue 18 asks 200 ms at most). */
    static final long WARM_NANOS = 150_000_000;

    /** A candidate this many times slower than the fastest after warming up is probably not compiled yet. */
    static final double LAGGING = 1.5;

    /**
     * Continuous calling after which even the widest transposes in registers have reached C2: the
     * 8x8 and 16x16 float blocks of nchw to nChw16c 1x64x56x56 ran boxed for 0.9-1.5 s (JDK 17 and
     * 25, AMD EPYC Zen 4; the interpreter and C1 take 10-20 ms a call, and the loop's back-edge
     * counts set when C2 starts), the 4x4 blocks for 0.26-0.29 s.
     */
    static final long LATE_C2_NANOS = 2_000_000_000L;

    /**
     * Calls one candidate in slices until {@code end}, or until it is warm and no slower than
     * {@code enough}, or warm after {@code patience} of calling or {@link #WARM_CALLS} calls (it will
     * not get faster); its last time per call.
     */
    private static double warmOne(TunableKernels.Workload w, Object kernels, long end, double enough, long patience) {
        double[] slices = new double[64];
        int n = 0;
        double perCall = 0;
        long calls = 0;
        long start = System.nanoTime();
        boolean warm;
        boolean settled;
        do {
            perCall = slice(w, kernels, perCall);
            calls += Math.max(1, (long) (SLICE_NANOS / perCall));
            if (n == slices.length) {
                System.arraycopy(slices, 1, slices, 0, n - 1);
                n--;
            }
            slices[n++] = perCall;
            // C1's code plateaus too: a plateau counts once C2 has had its invocations or its time
            boolean plateau = Choice.warm(slices, n);
            long spent = System.nanoTime() - start;
            warm = plateau && (calls >= WARM_CALLS || spent >= WARM_NANOS);
            settled = plateau && (calls >= WARM_CALLS || spent >= patience);
        } while (System.nanoTime() < end && !(warm && perCall <= enough) && !settled);
        return perCall;
    }

    private void warm(List<Candidate> candidates, TunableKernels.Workload w, long deadline) {
        warm(candidates.stream().map(this::instance).toArray(), w, deadline);
    }

    /**
     * Warms each candidate up within {@link #WARM_SHARE} of the time to {@code deadline}, then
     * times them in interleaved rounds, the order rotated each round, until {@link #ROUNDS}
     * rounds or the deadline (at least one round).
     */
    private List<Choice.Timing> measure(List<Candidate> candidates, TunableKernels.Workload w, long deadline) {
        int n = candidates.size();
        Object[] inst = candidates.stream().map(this::instance).toArray();
        long now = System.nanoTime();
        warm(inst, w, now + (long) ((deadline - now) * WARM_SHARE));
        awaitQuietJit(deadline);
        double[][] rounds = new double[n][ROUNDS];
        double[] last = new double[n];
        int r = 0;
        while (r < ROUNDS && (r == 0 || System.nanoTime() < deadline)) {
            for (int k = 0; k < n; k++) {
                int c = (k + r) % n;
                last[c] = slice(w, inst[c], last[c]);
                rounds[c][r] = last[c];
            }
            r++;
        }
        List<Choice.Timing> times = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            times.add(new Choice.Timing(candidates.get(c).label(), java.util.Arrays.copyOf(rounds[c], r)));
        }
        return times;
    }

    /**
     * Waits, until {@code deadline} at most, for the JIT's compiler threads to go quiet (their total
     * compilation time unchanged over {@link #QUIET_NANOS}): on a machine of two cores a C2 thread
     * compiling a candidate took the core THREADS needed, and THREADS measured level with one
     * thread where it ran 1.7x faster once the JIT was done (NCHW to NHWC 1x64x256x256, Zen 5).
     * Returns at once where the JVM does not report compilation time.
     */
    private static void awaitQuietJit(long deadline) {
        java.lang.management.CompilationMXBean jit;
        try {
            jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        } catch (LinkageError | RuntimeException e) {
            return; // no java.management in this runtime
        }
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long last = jit.getTotalCompilationTime();
        long quietSince = System.nanoTime();
        while (System.nanoTime() < deadline && System.nanoTime() - quietSince < QUIET_NANOS) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = jit.getTotalCompilationTime();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            }
        }
    }

    static final long QUIET_NANOS = 50_000_000;

    /**
     * One slice: as many calls as take about {@link #SLICE_NANOS} at {@code perCall} (one call
     * when unknown), timed together; the time per call.
     */
    private static double slice(TunableKernels.Workload w, Object kernels, double perCall) {
        long calls = perCall <= 0 ? 1 : Math.max(1, Math.min(1_000_000, (long) (SLICE_NANOS / perCall)));
        long t0 = System.nanoTime();
        for (long k = 0; k < calls; k++) {
            w.call(kernels);
        }
        return (double) (System.nanoTime() - t0) / calls;
    }

    // ------------------------------------------------------------------ explain

    /** The tuning section of {@code explain}: the settings, then per method what runs, why, and every time measured. */
    String describe(boolean best) {
        StringBuilder sb = new StringBuilder();
        sb.append("  tuning      ").append(settings.describe());
        WisdomFile file = WisdomFile.of(settings.wisdom());
        if (settings.wisdom() != null) {
            sb.append(" (").append(file.describe()).append(')');
        }
        sb.append('\n');
        sb.append("  methods     what each runs now, and why\n");
        int width = 0;
        for (String m : methods) {
            width = Math.max(width, m.length());
        }
        for (int i = 0; i < states.length; i++) {
            State s = states[i];
            Candidate now = best ? s.best() : s.oneThread();
            sb.append(String.format(Locale.ROOT, "    %-" + width + "s  %s; from %s%n", methods.get(i), now.words(),
                    s.source));
            appendTimes(sb, s.oneThreadTimes, s.oneThread, i);
            if (best && !s.bestTimes.isEmpty()) {
                sb.append("      then the one-thread winner against THREADS:\n");
                appendTimes(sb, s.bestTimes, s.best, i);
            }
            for (String w : s.candidateWords) {
                sb.append("        ").append(w).append('\n');
            }
        }
        return sb.toString();
    }

    private void appendTimes(StringBuilder sb, List<Choice.Timing> times, Candidate chosen, int i) {
        for (Choice.Timing t : times) {
            Candidate c = byLabel(i, t.label());
            String words = c == null ? t.label() : c.words();
            sb.append(String.format(Locale.ROOT, "        %-60s %12s%s%n", words, fmt(t.median()),
                    chosen != null && chosen.label().equals(t.label()) ? "  chosen" : ""));
        }
    }

    /** {@code 41.2 us}, {@code 85 ns}, {@code 1.94 ms} per call. */
    static String fmt(double nanos) {
        if (Double.isInfinite(nanos) || Double.isNaN(nanos)) {
            return "no time";
        }
        if (nanos < 1_000) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.1f us", nanos / 1_000);
        }
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1_000_000);
    }

    // ------------------------------------------------------------------ the thread and the file

    /** The one tuner thread of the JVM: a daemon, started on the first request, so tuning never blocks a call. */
    static final class Worker {
        private static final LinkedBlockingQueue<Runnable> QUEUE = new LinkedBlockingQueue<>();
        private static final AtomicBoolean STARTED = new AtomicBoolean();

        private Worker() {
        }

        static void submit(Runnable task) {
            QUEUE.add(task);
            if (STARTED.compareAndSet(false, true)) {
                Thread t = new Thread(new Runnable() { // not a lambda: this runs on the caller's first call
                    @Override
                    public void run() {
                        Worker.run();
                    }
                }, "strider-tuner");
                t.setDaemon(true);
                t.start();
            }
        }

        private static void run() {
            while (true) {
                try {
                    QUEUE.take().run();
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException | Error e) {
                    Warnings.once("the tuner thread caught " + Selection.describe(e));
                }
            }
        }
    }

    /** The wisdom file of one path, read once per JVM and written after each method measured. */
    static final class WisdomFile {
        private static final Map<Path, WisdomFile> FILES = new ConcurrentHashMap<>();
        private static final WisdomFile NONE = new WisdomFile(null);

        private final Path path;
        private final AtomicReference<Wisdom> added = new AtomicReference<>(Wisdom.empty());
        private final Wisdom read;
        private final String problem;

        private WisdomFile(Path path) {
            this.path = path;
            Wisdom.Read r = Wisdom.read(path);
            this.read = r.wisdom();
            this.problem = r.problem();
            if (problem != null) {
                Warnings.once("the wisdom file " + path + " is ignored: " + problem);
            }
        }

        static WisdomFile of(Path path) {
            return path == null ? NONE : FILES.computeIfAbsent(path, WisdomFile::new);
        }

        Wisdom wisdom() {
            return read.merged(added.get());
        }

        void add(Wisdom.Entry entry) {
            Wisdom now = added.updateAndGet(w -> w.with(entry));
            if (path == null) {
                return;
            }
            try {
                now.write(path);
            } catch (IOException | RuntimeException e) {
                Warnings.once("the wisdom file " + path + " cannot be written (" + Selection.describe(e)
                        + "); measurements are kept for this JVM only");
            }
        }

        String describe() {
            if (path == null) {
                return "none";
            }
            return problem != null ? "ignored: " + problem
                    : read.size() + (read.size() == 1 ? " entry" : " entries") + " when read";
        }
    }

    /** One-line warnings on standard error, each text once per JVM. */
    static final class Warnings {
        private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

        private Warnings() {
        }

        static void once(String text) {
            if (SAID.add(text)) {
                System.err.println("[strider] warning: " + text);
            }
        }
    }
}

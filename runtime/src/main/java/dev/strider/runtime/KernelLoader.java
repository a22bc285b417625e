package dev.strider.runtime;

import dev.strider.TuneMode;

import dev.strider.Target;
import java.util.Objects;

/**
 * Finds the generated implementation of a {@code @Kernels} interface that fits this device: the
 * machinery behind {@link dev.strider.Strider}, which is what programs call. Generated THREADS
 * classes call {@link #loadOneThread} for the code each chunk runs.
 *
 * <p>The candidates are the {@link KernelProvider}s of the interface listed in
 * {@code META-INF/services/dev.strider.runtime.KernelProvider} (found by {@code ServiceLoader}
 * through the interface's class loader). One rule ranks them for the {@link Device}: THREADS on
 * a multi-core machine with a parallel pool, then VECTOR at the preferred shape or narrower,
 * then SCALAR (the package's {@code Policy} states it in full). The first that loads is chosen;
 * a class whose {@code create()} throws (it needs what this JVM lacks) is skipped with its
 * reason. {@link #explain} shows all of it.
 *
 * <p>The choice and the instance are made on first load and cached per kernel set and request,
 * so later calls cost a {@link ClassValue} lookup and an array read. Instances of generated
 * classes hold no state and may be shared between threads.
 *
 * <p>The system property {@code strider.target} ({@code scalar}, {@code vector} or
 * {@code threads}, any case; read once) forces the target of {@link #load(Class)}, for benchmark
 * comparisons.
 */
public final class KernelLoader {

    /** The system property that forces the target of {@link #load(Class)}. */
    public static final String TARGET_PROPERTY = "strider.target";

    private static final String TARGET_VALUE = System.getProperty(TARGET_PROPERTY);
    /** What {@link #load(Class)} asks for; null when {@code strider.target} is invalid. */
    private static final Request DEFAULT_REQUEST;
    private static final String TARGET_ERROR;

    static {
        Request request = null;
        String error = null;
        try {
            request = parseTarget(TARGET_VALUE);
        } catch (IllegalStateException e) {
            error = e.getMessage();
        }
        DEFAULT_REQUEST = request;
        TARGET_ERROR = error;
    }

    private static final ClassValue<Selection> SELECTIONS = new ClassValue<>() {
        @Override
        protected Selection computeValue(Class<?> kernelSet) {
            return Selection.discover(kernelSet);
        }
    };

    /** The mode {@link #setTuneMode} set, or null for {@code strider.tune}'s. */
    private static volatile TuneMode tuneMode;

    private KernelLoader() {
    }

    /** The system property ({@value}) that sets the tuner's mode: {@code rules}, {@code measure} or {@code wisdom}. */
    public static final String TUNE_PROPERTY = TuneSettings.MODE;

    /**
     * Sets the tuner's mode in code, over {@code strider.tune}, for every kernel set loaded after
     * this call (a set already loaded keeps its mode); null returns to the property.
     */
    public static void setTuneMode(TuneMode mode) {
        tuneMode = mode;
    }

    static TuneMode tuneModeInCode() {
        return tuneMode;
    }

    /**
     * Waits until the tuner has routed every method of {@code kernelSet} called so far (in measure
     * mode; in the others it returns at once), and returns what {@link #explain} says then. For
     * benchmarks, which should time the tuned choice, not the tuning, without tuning methods they
     * never call.
     *
     * @throws IllegalStateException as {@link #load(Class)} does
     */
    public static String awaitTuning(Class<?> kernelSet) {
        load(kernelSet);
        Tuner t = SELECTIONS.get(kernelSet).tuner();
        if (t != null) {
            try {
                t.awaitCalled();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return explain(kernelSet);
    }

    /**
     * In measure mode, times every method of {@code kernelSet} now (on the tuner thread, as the
     * first calls would), waits until all are routed to their fastest, and returns what
     * {@link #explain} says then; in the other modes it measures nothing and returns the same.
     * For programs that would rather pay for planning up front, as with FFTW's planner, and for
     * benchmarks, which should time the tuned choice, not the tuning.
     *
     * @throws IllegalStateException as {@link #load(Class)} does
     */
    public static String tune(Class<?> kernelSet) {
        load(kernelSet);
        Tuner t = SELECTIONS.get(kernelSet).tuner();
        if (t != null) {
            try {
                t.tuneAll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return explain(kernelSet);
    }

    /**
     * The best generated implementation of {@code kernelSet} this device can run, or the one
     * {@code strider.target} forces; one shared instance.
     *
     * @throws IllegalStateException when none can run (the message lists every candidate and
     *                               why), or when {@code strider.target} is not a target
     */
    public static <T> T load(Class<T> kernelSet) {
        Request request = DEFAULT_REQUEST;
        if (request == null) {
            throw new IllegalStateException(TARGET_ERROR);
        }
        return load(kernelSet, request);
    }

    /**
     * The generated implementation of {@code kernelSet} for {@code target}; for VECTOR the
     * widest shape that runs here, up to the device's preferred shape (before Java 25 at most 256
     * bits first: {@code Device.oneWidthBits()}).
     *
     * @throws IllegalStateException when {@code target} is not generated or cannot run here
     */
    public static <T> T load(Class<T> kernelSet, Target target) {
        return load(kernelSet, Request.forced(Objects.requireNonNull(target, "target")));
    }

    /**
     * The best implementation of {@code kernelSet} that runs in the calling thread: VECTOR or
     * SCALAR, never THREADS. Generated THREADS classes call it for the code each chunk runs.
     *
     * @throws IllegalStateException when none can run
     */
    public static <T> T loadOneThread(Class<T> kernelSet) {
        return load(kernelSet, Request.ONE_THREAD);
    }

    private static <T> T load(Class<T> kernelSet, Request request) {
        return kernelSet.cast(SELECTIONS.get(Objects.requireNonNull(kernelSet, "kernelSet")).instance(request));
    }

    /**
     * How {@link #load(Class)} chooses for {@code kernelSet}, several lines: the device, the
     * thread pool, the {@code strider.target} override, the rule, and each candidate (class,
     * target, vector bits) as chosen, skipped (with why it failed to load), not preferred, or
     * rejected (with the reason). Loads the kernels as {@code load} would, and never throws: when
     * nothing can run, it says why.
     */
    public static String explain(Class<?> kernelSet) {
        Objects.requireNonNull(kernelSet, "kernelSet");
        String requestLine;
        Request request;
        if (DEFAULT_REQUEST == null) {
            request = Request.BEST;
            requestLine = TARGET_ERROR + " (load throws until it is fixed; shown: " + request.description() + ")";
        } else if (TARGET_VALUE == null || TARGET_VALUE.isBlank()) {
            request = DEFAULT_REQUEST;
            requestLine = request.description() + " (" + TARGET_PROPERTY + " is not set)";
        } else {
            request = DEFAULT_REQUEST;
            requestLine = request.description() + " (" + TARGET_PROPERTY + "=" + TARGET_VALUE + ")";
        }
        try {
            return SELECTIONS.get(kernelSet).explain(request, requestLine);
        } catch (IllegalStateException e) { // an invalid strider.threads: no pool to rank THREADS with
            return kernelSet.getName() + "\n  device      " + Device.current().describe()
                    + "\n  cannot choose: " + e.getMessage() + "\n";
        }
    }

    /**
     * The request {@code strider.target} makes: unset or blank for the best target, else
     * {@code scalar}, {@code vector} or {@code threads} in any case.
     *
     * @throws IllegalStateException naming the value and the allowed ones
     */
    static Request parseTarget(String value) {
        if (value == null || value.isBlank()) {
            return Request.BEST;
        }
        for (Target target : Target.values()) {
            if (target.name().equalsIgnoreCase(value.trim())) {
                return Request.forced(target);
            }
        }
        throw new IllegalStateException(TARGET_PROPERTY + "=" + value + " is not a target: use scalar, vector or threads"
                + " (any case), or leave it unset for the best target");
    }
}

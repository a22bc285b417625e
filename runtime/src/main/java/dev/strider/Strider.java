package dev.strider;

import dev.strider.runtime.KernelLoader;

/**
 * Where a program gets the generated kernels of a {@link Kernels} interface: {@code ImageOps ops =
 * Strider.load(ImageOps.class);}, the way MapStruct's {@code Mappers.getMapper} pairs with
 * {@code @Mapper}. Everything a declaration or a call site needs is in this package, so
 * {@code import dev.strider.*;} is enough.
 *
 * <p>{@link #load(Class)} returns one shared instance of the best generated class this JVM can
 * run (THREADS on more than one core, then VECTOR at the preferred shape or narrower, before Java
 * 25 at most 256 bits first, then
 * SCALAR), chosen once and cached; {@link #explain} says why, candidate by candidate. The
 * machinery lives in {@link KernelLoader}.
 */
public final class Strider {

    /**
     * The system property ({@value}) that forces the target of {@link #load(Class)}:
     * {@code scalar}, {@code vector} or {@code threads}, any case; read once.
     */
    public static final String TARGET_PROPERTY = KernelLoader.TARGET_PROPERTY;

    /**
     * The system property ({@value}) that sets how methods are chosen: {@code measure} (the
     * default), {@code wisdom} or {@code rules}; see {@link TuneMode}.
     */
    public static final String TUNE_PROPERTY = KernelLoader.TUNE_PROPERTY;

    private Strider() {
    }

    /**
     * Sets the tuning mode in code, over {@code strider.tune}, for kernel sets loaded after this
     * call; null returns to the property.
     */
    public static void setTuneMode(TuneMode mode) {
        KernelLoader.setTuneMode(mode);
    }

    /**
     * Measures every method of {@code kernelSet} now (in measure mode), waits until each is routed
     * to its fastest candidate, and returns {@link #explain}'s text, with the times. Without it, a
     * method is measured in the background after its first call, which runs SCALAR meanwhile.
     *
     * @throws IllegalStateException as {@link #load(Class)} does
     */
    public static String tune(Class<?> kernelSet) {
        return KernelLoader.tune(kernelSet);
    }

    /**
     * Waits until every method of {@code kernelSet} called so far is routed to its fastest candidate
     * (in measure mode), and returns {@link #explain}'s text; for benchmarks, which should time the
     * tuned choice, not the tuning.
     *
     * @throws IllegalStateException as {@link #load(Class)} does
     */
    public static String awaitTuning(Class<?> kernelSet) {
        return KernelLoader.awaitTuning(kernelSet);
    }

    /**
     * The best generated implementation of {@code kernelSet} this JVM can run, or the one
     * {@code strider.target} forces; one shared instance, safe to use from any thread.
     *
     * @throws IllegalStateException when none can run (the message lists every candidate and
     *                               why: most often, the annotation processor did not run), or
     *                               when {@code strider.target} is not a target
     */
    public static <T> T load(Class<T> kernelSet) {
        return KernelLoader.load(kernelSet);
    }

    /**
     * The generated implementation of {@code kernelSet} for {@code target}; for VECTOR the widest
     * shape that runs here, up to the preferred one (before Java 25 at most 256 bits first).
     *
     * @throws IllegalStateException when {@code target} is not generated or cannot run here
     */
    public static <T> T load(Class<T> kernelSet, Target target) {
        return KernelLoader.load(kernelSet, target);
    }

    /**
     * The best implementation of {@code kernelSet} that runs in the calling thread: VECTOR or
     * SCALAR, never THREADS (what each chunk of a THREADS class runs).
     *
     * @throws IllegalStateException when none can run
     */
    public static <T> T loadOneThread(Class<T> kernelSet) {
        return KernelLoader.loadOneThread(kernelSet);
    }

    /**
     * How {@link #load(Class)} chooses for {@code kernelSet}, several lines: the device, the
     * rule, and every candidate class as chosen, skipped or rejected, with the reason. Never
     * throws.
     */
    public static String explain(Class<?> kernelSet) {
        return KernelLoader.explain(kernelSet);
    }
}

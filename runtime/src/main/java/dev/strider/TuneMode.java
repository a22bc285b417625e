package dev.strider;

/**
 * How {@link Strider#load(Class)} chooses, per method, among the generated classes and their
 * variants: the system property {@code strider.tune} ({@code rules}, {@code measure} or
 * {@code wisdom}, any case) or {@link Strider#setTuneMode} in code. After FFTW's planner flags.
 */
public enum TuneMode {
    /**
     * The rule alone, fixed per class: THREADS, then VECTOR of the preferred shape or narrower,
     * then SCALAR; no timing, nothing read or written. FFTW's {@code ESTIMATE}.
     */
    RULES,
    /**
     * The default. Each method runs SCALAR (fast from the first call) while a background thread
     * times every candidate on the tuner's own arrays, each once compiled, interleaved, and routes
     * the method to the fastest; the result goes to the wisdom file, so that the next JVM on this
     * machine, JDK and build only warms the known winner up before switching to it. FFTW's
     * {@code MEASURE} with wisdom.
     */
    MEASURE,
    /**
     * The wisdom file's choices, from the first call, with no timing; methods it does not know run
     * the rule's choice. FFTW's {@code WISDOM_ONLY}.
     */
    WISDOM
}

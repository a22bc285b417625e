package dev.strider;

/** The device targets a kernel set can be generated for. */
public enum Target {
    /** Plain Java loops with literal strides. */
    SCALAR,
    /** {@code jdk.incubator.vector}, one class per vector shape. */
    VECTOR,
    /** Outer loops split over a ForkJoinPool above a size threshold. */
    THREADS
}

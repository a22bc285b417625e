package dev.strider.examples.bench;

/**
 * An off-heap contender's slice whose memory the caller cannot name: {@code SegmentSlice}, compiled
 * for Java 22, holds its native segments itself. Besides the loop it says which class ran and what
 * it wrote, for the report and for the test that every off-heap contender computes what the array
 * kernel computes.
 */
public interface OffHeapSlice extends InterleavedBenchmark.Timed {

    /** The simple name of the kernel class the slice calls: {@code SegmentOps_Vector512}, {@code SegmentOps_Tuned}. */
    String kernel();

    /** A copy of the output memory as floats (the case's output is f32). */
    float[] output();
}

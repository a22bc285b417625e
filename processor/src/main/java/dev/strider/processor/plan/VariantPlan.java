package dev.strider.processor.plan;

import java.util.Optional;

/**
 * One way a generated class computes a method: the nest and its form, and everything decided
 * about it. Every variant of a method computes exactly what the generic kernels compute; they
 * differ only in speed, which depends on the machine.
 *
 * @param name           for people and the tuner: {@code "4x4 blocks in registers"}, {@code "scalar nest"}
 * @param suffix         what the private method of this variant is called after the method's name
 *                       ({@code toBlocked64_blocks4}), when the method has several
 * @param form           the nest and how its statements are formed
 * @param unrollLimit    the unroll limit the nest was planned with, after halving it to fit
 *                       {@link ClassPlanner#METHOD_BYTES_BUDGET}
 * @param splitNode      the node THREADS splits into chunks, or -1 (not split, or no node splits)
 * @param steps          0 when THREADS does not split the method, else the split node's extent (1 when
 *                       none splits: one chunk)
 * @param padVectors     the output's pad lanes zeroed in whole vectors before the nest, if so
 * @param estimatedBytes the estimated bytecode size of the method that runs this nest
 * @param fromJava25     the same vector form in value lanes ({@link VectorPlan#withValueLanes}), which the
 *                       class runs instead of {@code form} from Java 25 ({@code Device.valueLanes()}), in a
 *                       method of its own ({@link #fromJava25Suffix}); empty where {@code form} holds no
 *                       reinterpret or the value lanes would hold one too
 */
public record VariantPlan(String name, String suffix, Form form, int unrollLimit, int splitNode, int steps,
                          Optional<PadVectors> padVectors, int estimatedBytes, Optional<VectorPlan> fromJava25) {

    /** A variant with one form on every JDK. */
    public VariantPlan(String name, String suffix, Form form, int unrollLimit, int splitNode, int steps,
                       Optional<PadVectors> padVectors, int estimatedBytes) {
        this(name, suffix, form, unrollLimit, splitNode, steps, padVectors, estimatedBytes, Optional.empty());
    }

    /** The same variant, run in {@code plan}'s value lanes from Java 25. */
    public VariantPlan withFromJava25(VectorPlan plan) {
        if (!plan.valueLanes() || !(form instanceof Vectors)) {
            throw new IllegalArgumentException("a Java 25 form is a vector form in value lanes: " + plan.describe());
        }
        return new VariantPlan(name, suffix, form, unrollLimit, splitNode, steps, padVectors, estimatedBytes,
                Optional.of(plan));
    }

    /** {@code blocks4v}: what the private method of the Java 25 form is called after the method's name. */
    public String fromJava25Suffix() {
        return suffix + "v";
    }

    /** {@code scalarBytes}: what the private method of the nest in bytes ({@link MethodPlan#viewsInBytes}) is called after the method's name. */
    public String inBytesSuffix() {
        return suffix + "Bytes";
    }

    /** The same variant in its Java 25 form, as a variant of its own for the writers; empty where it has none. */
    public Optional<VariantPlan> java25() {
        return fromJava25.map(p -> new VariantPlan(name, fromJava25Suffix(), new Vectors(p), unrollLimit, splitNode,
                steps, padVectors, estimatedBytes));
    }

    /** How a variant's statements are formed; a writer renders each kind with one case. */
    public sealed interface Form {
        /** The nest in one line, for the Javadoc and the layout report. */
        String describe();
    }

    /** Scalar statements, one per element; {@code note} says why no vector form fits (VECTOR), or is null. */
    public record Scalar(LoopPlan loops, String note) implements Form {
        public String describe() {
            return loops.describe() + (note == null ? "" : "; " + note);
        }
    }

    /** Vector statements over the lane nodes ({@link VectorPlan}), scalar ones in the tails. */
    public record Vectors(VectorPlan plan) implements Form {
        public String describe() {
            return plan.describe();
        }
    }

    /**
     * THREADS: the one-thread class runs the method, {@code split} into chunks over the pool or
     * called directly: for fewer than {@code threadsAbove} elements, or for a destination of 4-bit
     * elements ({@code packed}), two of which share a byte that two threads must not write at once.
     */
    public record OneThreadClass(boolean split, long threadsAbove, boolean packed) implements Form {
        public String describe() {
            return split ? "the one-thread class's, its split node in chunks over Parallel.pool()"
                    : packed ? "the one-thread class's, called directly (4-bit elements share bytes, which one thread writes)"
                    : "the one-thread class's, called directly (fewer than " + threadsAbove + " elements)";
        }
    }

    /**
     * The width in bits of the vector registers this variant's statements use: a transpose's block
     * ({@code lanes} elements of {@code elementBytes}), {@code classBits} for the other vector forms,
     * 0 for scalar code. The tuner times in one JVM only variants of one width: Vector API code of
     * several widths spoils the JIT's profiles for all of them.
     */
    public int registerBits(int elementBytes, int classBits) {
        if (form instanceof Vectors v) {
            return v.plan().kind() == VectorPlan.Kind.TRANSPOSE ? v.plan().lanes() * elementBytes * 8 : classBits;
        }
        return 0;
    }

    /** The loop nest of a scalar or vector form, else null. */
    public LoopPlan loops() {
        if (form instanceof Scalar s) {
            return s.loops();
        }
        return form instanceof Vectors v ? v.plan().loops() : null;
    }

    public String describe() {
        return form.describe() + fromJava25.map(p -> "; from Java 25 in " + p.valueLanesNote()).orElse("");
    }
}

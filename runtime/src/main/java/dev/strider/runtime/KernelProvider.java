package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;
import java.util.Map;

/**
 * One generated kernel class, as the runtime finds it: the processor writes a provider per
 * generated class and lists it in {@code META-INF/services/dev.strider.runtime.KernelProvider},
 * so nothing scans the class path.
 *
 * <p>A provider must load and answer everything but {@link #create} on any JVM: only creating
 * the instance touches the generated class, which may need what this JVM lacks (a VECTOR class
 * needs the {@code jdk.incubator.vector} module at run time).
 */
public interface KernelProvider {

    /** The {@code @Kernels} interface the class implements. */
    Class<?> kernelSet();

    /** The target the class was generated for. */
    Target target();

    /** For VECTOR classes the vector shape in bits (128, 256 or 512); 0 for the other targets. */
    default int vectorBits() {
        return 0;
    }

    /** The generated class's binary name, known without loading the class. */
    String className();

    /**
     * A new instance of the generated class.
     *
     * @throws LinkageError when the class cannot load on this JVM (the vector module is absent)
     */
    Object create();

    /**
     * The methods of this class that carry more than one variant (one nest computing exactly
     * what the others compute, shaped differently: another block width, the scalar nest beside
     * blocks in registers), by method key (its name and parameter types as Java writes them:
     * {@code toBlocked64(float[], float[])}); each list names the variants in number order,
     * readably ({@code "4x4 blocks in registers"}). Methods with one nest are absent.
     */
    default Map<String, List<String>> variants() {
        return Map.of();
    }

    /**
     * Per method of {@link #variants()}, the width in bits of the vector registers each variant
     * uses (a transpose's blocks, else the class's vectors; 0 for scalar code). Before Java 25 the
     * tuner times in one JVM only the variants of {@link #timedWidth()}'s width (else variant 0's)
     * and the scalar ones (Vector API code of several widths in one JVM slows all of them down
     * there), from Java 25 all of them but where {@link #timedWidth()} names a width. Empty when
     * unknown.
     */
    default Map<String, List<Integer>> variantBits() {
        return Map.of();
    }

    /**
     * Per method of {@link #variants()}, the one width in bits the tuner times in a JVM beside the
     * scalar variants: the width of the variant the rule picks on this JVM (0: the scalar variants
     * alone). Generated classes name it for every method where {@code Device.widthsTogether()} does
     * not hold (before Java 25), and for the methods whose variants of several widths slow each
     * other down even where it holds (vectors through segments, Java 25). Methods absent are timed
     * as {@link #variantBits()} says.
     */
    default Map<String, Integer> timedWidth() {
        return Map.of();
    }

    /**
     * A new instance of the generated class whose methods run their variant number
     * {@code variant} where they have more than {@code variant} variants ({@link #variants()}),
     * and elsewhere what {@link #create()} runs (the rule's choice).
     *
     * @throws LinkageError              as {@link #create()}
     * @throws IllegalArgumentException  when {@code variant} is negative
     */
    default Object create(int variant) {
        if (variant < 0) {
            throw new IllegalArgumentException("variant " + variant + " < 0");
        }
        return create();
    }

    /**
     * What the run-time tuner needs of the whole kernel set: its methods, a workload per method and
     * the generated dispatcher. The SCALAR provider answers it (SCALAR is always generated), the
     * others answer null.
     */
    default TunableKernels tunable() {
        return null;
    }

    /**
     * The set's plain (same-type, unscaled) reorders with their layouts and parameter classes, for
     * {@link KernelRegistry}: each method once, those on arrays and those on off-heap memory
     * (buffers, segments) alike. The SCALAR provider lists them (SCALAR is always generated); the
     * other targets' providers list none, and the registry calls whichever class
     * {@code KernelLoader.load} picks.
     */
    default List<GeneratedReorder> reorders() {
        return List.of();
    }
}

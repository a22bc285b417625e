package dev.strider.processor.plan;

import dev.strider.Target;
import dev.strider.processor.model.KernelSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything decided about one generated class: a {@link MethodPlan} per method of the kernel
 * set, in the set's order. Writers render it; nothing is decided while writing.
 *
 * @param set       the kernel set as declared
 * @param target    the class's target
 * @param bits      for VECTOR the vector size in bits, else 0
 * @param className the generated class's simple name, {@code ImageOps_Vector256}
 * @param options   the option values it was planned with
 */
public record ClassPlan(KernelSet set, Target target, int bits, String className, PlanOptions options,
                        List<MethodPlan> methods) {

    public ClassPlan {
        methods = List.copyOf(methods);
    }

    /**
     * The variant names of each method that has several, by method key, in the set's order: what
     * the class's provider answers from {@code variants()}.
     */
    public Map<String, List<String>> variants() {
        Map<String, List<String>> variants = new LinkedHashMap<>();
        for (MethodPlan m : methods) {
            if (m.hasVariants()) {
                variants.put(m.key(), m.names());
            }
        }
        return variants;
    }

    /**
     * Per method with several variants, by method key, the width in bits of the vector registers
     * each variant uses (0: scalar code): what the provider answers from {@code variantBits()}.
     */
    public Map<String, List<Integer>> variantBits() {
        Map<String, List<Integer>> bits = new LinkedHashMap<>();
        for (MethodPlan m : methods) {
            if (m.hasVariants()) {
                List<Integer> widths = new java.util.ArrayList<>();
                int bytes = m.method().output().type().bytes();
                m.variants().forEach(v -> widths.add(v.registerBits(bytes, bits())));
                bits.put(m.key(), widths);
            }
        }
        return bits;
    }

    /** True when some method carries more than one variant. */
    public boolean hasVariants() {
        return methods.stream().anyMatch(MethodPlan::hasVariants);
    }

    /** True when THREADS is generated for the set: the one-thread classes then run its chunks. */
    public boolean chunked() {
        return set.targets().contains(Target.THREADS);
    }
}

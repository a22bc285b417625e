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

    /**
     * Per method with variants, by method key, the one register width the tuner times in a JVM
     * beside the scalar variants where it times one: that of the variant the rule picks on the
     * running JDK ({@link TimedWidth}), on every JDK for a method whose variants reach their memory
     * through segments (a {@code MemorySegment} parameter, or a buffer's segment view), and before
     * Java 25 for the others; what the provider answers from {@code timedWidth()}.
     *
     * <p>Why: on segments, vector code of several widths slows each other down even on Java 25, where
     * arrays' do not (their stores cast to their exact class): nchw to nChw16c 1x64x56x56 on native
     * segments, the 8x8 (256-bit), 16x16 (512-bit) and offset-load (256-bit) blocks each run at 19-26
     * us alone, and the 16x16 and offset-load blocks at 60-166 us once the other width has run in
     * the JVM; the two 256-bit forms run together at their own speeds, and with
     * {@code -XX:-UseTypeProfile} every order does (receiver type profiles in the Vector API's shared
     * code). AMD EPYC Zen 4, Temurin 25, two JVMs per order.
     */
    public Map<String, TimedWidth> timedWidth() {
        Map<String, TimedWidth> widths = new LinkedHashMap<>();
        if (target != Target.VECTOR) {
            return widths;
        }
        for (MethodPlan m : methods) {
            if (m.hasVariants()) {
                int bytes = m.method().output().type().bytes();
                MethodPlan.Rule rule = m.rule();
                boolean everyJdk = m.routes().stream().anyMatch(MemoryRoute::segment);
                // on arrays, where the rule runs the scalar nest, the tuner times variant 0's width too
                int first = m.variants().get(0).registerBits(bytes, bits());
                int cheap = m.variants().get(rule.cheapRearrange()).registerBits(bytes, bits());
                int otherwise = m.variants().get(rule.otherwise()).registerBits(bytes, bits());
                widths.put(m.key(), new TimedWidth(cheap == 0 && !everyJdk ? first : cheap,
                        otherwise == 0 && !everyJdk ? first : otherwise, rule, everyJdk));
            }
        }
        return widths;
    }

    /**
     * The register width of the variant a method's {@code rule} picks where rearranging is cheap
     * (Java 24 and later, and for an f16 rule where the JDK's conversion serves) and where not, as
     * the class's constructor picks it; 0 for scalar code, which then is all the tuner times (on
     * arrays variant 0's width then, beside the scalar nests, as without a width named). The
     * tuner times only that width (and scalar code) on every JDK where {@code everyJdk} (the method
     * goes through segments), and elsewhere where the JDK runs one register width at a time ({@code
     * Device.widthsTogether()} false: before Java 25), where the rule's width is the one the class's
     * other methods run in ({@code ClassPlanner.oneWidthBlocks}).
     */
    public record TimedWidth(int cheapRearrange, int otherwise, MethodPlan.Rule rule, boolean everyJdk) {
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

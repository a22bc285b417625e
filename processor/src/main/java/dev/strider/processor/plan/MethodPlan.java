package dev.strider.processor.plan;


import dev.strider.processor.model.KernelMethod;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything decided about one method in one generated class: its variants (at most
 * {@link ClassPlanner#MAX_VARIANTS}, each computing exactly what the others compute) and which
 * of them the rule takes. A writer renders it; the Javadoc, the layout report and the provider's
 * {@code variants()} read it.
 *
 * @param method   the method as declared
 * @param split    true when THREADS splits it into chunks (the one-thread classes then run chunks of it)
 * @param variants in number order; variant {@code k} is what {@code new X(k)} runs
 * @param rule     the variant the rule picks, which {@code new X()} runs
 * @param routes   how the method reaches each parameter's memory, in parameter order
 * @param compensation for a reorder that writes compensations, in the SCALAR class's plan: the nest
 *                 that sums the weights it wrote into them
 */
public record MethodPlan(KernelMethod method, boolean split, List<VariantPlan> variants, Rule rule,
                         List<MemoryRoute> routes, java.util.Optional<CompensationPlan> compensation) {

    /** A plan that reaches every parameter element by element ({@link MemoryRoute#scalar}). */
    public MethodPlan(KernelMethod method, boolean split, List<VariantPlan> variants, Rule rule) {
        this(method, split, variants, rule, method.params().stream().map(MemoryRoute::scalar).toList());
    }

    /** A plan without a compensation nest of its own. */
    public MethodPlan(KernelMethod method, boolean split, List<VariantPlan> variants, Rule rule,
                      List<MemoryRoute> routes) {
        this(method, split, variants, rule, routes, java.util.Optional.empty());
    }

    /**
     * The same plan with {@code nest}, the nest that sums a compensating reorder's weights into its
     * compensations ({@link Planner#compensation}): the SCALAR class's plan holds it, and every class
     * calls the SCALAR class's method that runs it.
     */
    public MethodPlan withCompensation(CompensationPlan nest) {
        return new MethodPlan(method, split, variants, rule, routes, java.util.Optional.of(nest));
    }

    public MethodPlan {
        variants = List.copyOf(variants);
        routes = List.copyOf(routes);
        if (routes.size() != method.params().size()) {
            throw new IllegalArgumentException(method.name() + " has " + method.params().size() + " parameters but "
                    + routes.size() + " routes");
        }
        if (variants.isEmpty() || variants.size() > ClassPlanner.MAX_VARIANTS) {
            throw new IllegalArgumentException(method.name() + " has " + variants.size() + " variants");
        }
        if (Math.max(rule.cheapRearrange(), rule.otherwise()) >= variants.size()) {
            throw new IllegalArgumentException(rule + " for " + variants.size() + " variants");
        }
    }

    /**
     * The variant the rule picks where {@code Device.current().cheapRearrange()} holds (Java 24 and
     * later), and where it does not.
     *
     * @param jdkF16 the {@code cheapRearrange} variant widens f16 through a tile by the JDK's
     *               conversion ({@link VectorPlan#withWidenedInTile}): it is picked only where that
     *               conversion serves ({@code HalfFloats.F16_TO_FLOAT_EXACT} is not null), else
     *               {@code otherwise}, since without it the tile is widened element by element
     */
    public record Rule(int cheapRearrange, int otherwise, boolean jdkF16) {
        public Rule(int cheapRearrange, int otherwise) {
            this(cheapRearrange, otherwise, false);
        }

        public static Rule always(int variant) {
            return new Rule(variant, variant);
        }

        /** True when the rule asks {@code Device.cheapRearrange()}. */
        public boolean dependsOnRearrange() {
            return cheapRearrange != otherwise;
        }
    }

    /** One variant: the rule's. */
    public static MethodPlan single(KernelMethod method, boolean split, VariantPlan variant) {
        return new MethodPlan(method, split, List.of(variant), Rule.always(0));
    }

    /**
     * True when the nest {@code loops} of this method counts its loops and offsets in {@code long}:
     * where every parameter it indexes is a {@code MemorySegment} (no array, buffer or 4-bit
     * operand, whose indices are ints) and no dim takes an offset table (indexed by the loop
     * variable). Why: a segment access takes a long index, and C2 removes the bounds checks of
     * accesses whose long index is linear in a long loop variable, not in an int one widened per
     * access. Measured (AMD EPYC Zen 4, JDK 25, nchw to nChw16c 1x64x56x56, the SCALAR nest on
     * native segments, one JVM, interleaved, scratch harness): 42.3-43.1 us with long offsets,
     * 71.4-71.7 with int ones, 55.2-55.3 for the same nest on arrays.
     */
    public boolean longOffsets(LoopPlan loops) {
        return throughSegments(MemoryRoute.SEGMENT, loops);
    }

    /**
     * True when every parameter is a value or reached by {@code SEGMENT} or {@code route} (none of
     * 4-bit elements, whose indices are ints), at least one by {@code route}, and no dim of
     * {@code loops} takes an offset table: what a nest in long offsets asks of its memory. (A
     * compilation whose buffers take {@code BUFFER} has no segments, so there it asks buffers only.)
     */
    private boolean throughSegments(MemoryRoute route, LoopPlan loops) {
        for (int i = 0; i < routes.size(); i++) {
            MemoryRoute r = routes.get(i);
            if (r != MemoryRoute.VALUE && r != MemoryRoute.SEGMENT && r != route || method.params().get(i).packed()) {
                return false;
            }
        }
        return routes.contains(route) && loops.nodes().stream().noneMatch(Node::isTable);
    }

    /**
     * True when variant {@code v}'s nest counts its offsets in bytes, not elements: where it counts
     * them in {@code long} ({@link #longOffsets}) and {@code v} is a scalar form, each operand's
     * strides and base scaled by its element size, so that an access reads
     * {@code src.get(JAVA_FLOAT_UNALIGNED, srcHw + 4L)}. Why: C2 removes a segment access's bounds
     * check only where its byte offset is a constant times the loop variable plus a constant;
     * {@code getAtIndex(layout, i)} scales the index itself ({@code i << 2} of {@code hw * 3}) and
     * hides that shape. Measured (AMD EPYC Zen 4, JDK 25, one JVM, interleaved, NCHW to NHWC
     * 1x3x224x224, one loop of three strided stores): 59.8-73.0 us with {@code getAtIndex},
     * 53.2-66.7 with {@code get(layout, 4L * (i + 1L))}, 35.7-40.4 with offsets counted in bytes,
     * 43.0-43.8 on arrays. Vector forms keep element offsets: their row and column steps are in
     * elements, and their segment loads already take {@code 4L * i + 12L}.
     */
    public boolean byteOffsets(VariantPlan v) {
        return v.form() instanceof VariantPlan.Scalar && longOffsets(v.loops());
    }

    /**
     * True when scalar variant {@code v} has a second nest that reaches the method's buffers through
     * their segment views ({@link MemoryRoute#BUFFER_SEGMENT}) and counts every operand's offsets in
     * bytes, in {@code long}, as {@link #byteOffsets} does for segments; the variant runs it where
     * every buffer of more than one byte an element is in native order, and its element-by-element
     * nest ({@code src.get(i)}, in the buffer's own order) otherwise. That is where every tensor is a
     * buffer or a segment (no array, and no 4-bit operand), at least one a buffer, no dim takes an
     * offset table, and no pad lanes are zeroed in vectors first. Why: {@code FloatBuffer.get(i)}
     * keeps a bounds check per access that C2 does not hoist, where a segment access in bytes loses
     * it. Measured before this nest (AMD EPYC Zen 4, JDK 25, the suite's mixed forks, NCHW to NHWC
     * 1x3x224x224, SCALAR): on direct buffers 0.90x the array kernel and 1.50x the copy-around path,
     * on segments in bytes 1.19x and 1.99x.
     */
    public boolean viewsInBytes(VariantPlan v) {
        return v.form() instanceof VariantPlan.Scalar && v.padVectors().isEmpty()
                && throughSegments(MemoryRoute.BUFFER_SEGMENT, v.loops());
    }

    /**
     * True when scalar variant {@code v} has a second nest that reaches the method's buffers by
     * address ({@code RawMemory}, on JDK 17 to 21) and counts every operand's offsets in bytes, in
     * {@code long}, as {@link #viewsInBytes} does through segment views: where the compilation has no
     * final FFM API (the buffers' route is {@link MemoryRoute#BUFFER}) and every tensor is a buffer
     * (no array, and no 4-bit operand), no dim takes an offset table, and no pad lanes are zeroed in
     * vectors first. The variant runs it where every buffer is direct, views no segment, is in
     * native order and aligned to its elements, and on a JDK before 22 ({@code RawMemory.usable}),
     * and its element-by-element nest otherwise. Why: JDK 17's C2 keeps the bounds check of every
     * {@code ByteBuffer.getFloat(i)} in the loop. Measured (AMD EPYC Zen 4, JDK 17, one JVM,
     * interleaved, nchw to nChw16c 1x64x56x56, the scalar nest): 155-165 us on direct buffers
     * element by element, 56-57 by address, 56-57 on arrays.
     */
    public boolean byAddress(VariantPlan v) {
        return v.form() instanceof VariantPlan.Scalar && v.padVectors().isEmpty()
                && throughSegments(MemoryRoute.BUFFER, v.loops());
    }

    /** True when scalar variant {@code v} has a nest in bytes: {@link #viewsInBytes} or {@link #byAddress}. */
    public boolean inBytes(VariantPlan v) {
        return viewsInBytes(v) || byAddress(v);
    }

    /** {@code toBlocked64(float[], float[])}: see {@link KernelMethod#key()}. */
    public String key() {
        return method.key();
    }

    /** The variant the rule picks where rearranging is cheap (and everywhere, unless the rule depends on it). */
    public VariantPlan chosen() {
        return variants.get(rule.cheapRearrange());
    }

    /** True when the method has more than one variant. */
    public boolean hasVariants() {
        return variants.size() > 1;
    }

    /** The variants' names in number order. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        variants.forEach(v -> names.add(v.name()));
        return names;
    }

    /**
     * The nest in one line, for the Javadoc and the layout report: the rule's variant's and, for
     * a method of several, which of them the rule picks.
     */
    public String describe() {
        String nest = chosen().describe();
        if (!hasVariants()) {
            return nest;
        }
        nest += "; variant " + rule.cheapRearrange() + " of " + variants.size();
        if (rule.dependsOnRearrange()) {
            nest += ", before Java 24" + (rule.jdkF16() ? " or without the JDK's f16 conversion" : "") + " variant "
                    + rule.otherwise() + ", the " + variants.get(rule.otherwise()).name();
        }
        return nest;
    }
}

package dev.strider.processor.plan;

import dev.strider.BinaryOp;
import dev.strider.Target;
import dev.strider.UnaryKind;
import dev.strider.kernel.ElementType;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The planning step: from a validated kernel set and the option values, a {@link ClassPlan} per
 * generated class that records every decision (the nest, the vector form or why there is none,
 * block widths, the unroll limit after the byte budget, the THREADS split, and the variants worth
 * measuring). The writers only render these plans.
 *
 * <p>Variants, where the choice is real:
 * <ul>
 * <li>SCALAR: a transpose the planner tiles when large gets both nests, untiled and in tiles; the
 *     rule tiles above {@link PlanOptions#tileAbove()} elements.</li>
 * <li>VECTOR: a transpose in registers gets blocks of the rule's width ({@link
 *     PlanOptions#transposeBits()}), of every wider width the class's vectors allow whose method
 *     stays within {@link #METHOD_BYTES_BUDGET}, the 256-bit blocks with their stages in the forms of
 *     {@link VectorPlan.Stages} ({@link #STAGED_BLOCK_BITS}), and the
 *     scalar nest. The rule takes the rule's
 *     width, or the scalar nest before Java 24 for an in-cache transpose that mostly rearranges
 *     ({@link #IN_CACHE_BYTES}).</li>
 * </ul>
 * A new kind of variant is a new {@link VariantPlan.Form} (or vector plan kind) offered here, and
 * one case in the writer that renders it.
 */
public final class ClassPlanner {

    /**
     * HotSpot compiles no method whose bytecode exceeds 8000 bytes ({@code -XX:HugeMethodLimit}).
     * The estimate is conservative; a test reads the real sizes of generated methods.
     */
    public static final int METHOD_BYTES_BUDGET = 6500;

    /** The most variants a method carries: each is a method the JIT compiles, and the tuner measures. */
    public static final int MAX_VARIANTS = 6;

    /** The blocks that get a variant of {@link VectorPlan.Stages} besides the plain one: 8x8 floats, 4x4 doubles. */
    public static final int STAGED_BLOCK_BITS = 256;

    /** The blocks the rule takes for a transpose of 32-bit lanes through segments ({@link #segmentBlocks}): 8x8. */
    public static final int SEGMENT_BLOCK_LANES = 8;

    /** Wider blocks than this would not fit the 16 or 32 vector registers. */
    public static final int MAX_TRANSPOSE_LANES = 16;

    /**
     * The fewest lanes a {@code rearrange} may have. C2 compiles no {@code rearrange} of 2 lanes
     * on x86 ({@code -XX:+PrintIntrinsics}: "failed to inline (intrinsic)" for {@code
     * VectorSupport::rearrangeOp}, JDK 17 and 25), so it runs as Java code: a double W flip
     * 1x64x56x56 took 1.3 ms in 128-bit vectors against the scalar loop's 80 us, nchw to nChw16c in
     * 2x2 double blocks 2.5 ms against 66 us. So 64-bit transposes take blocks of 4 lanes (256 bits),
     * and a 128-bit class reverses no 64-bit lanes and transposes none.
     */
    public static final int MIN_SHUFFLE_LANES = 4;

    /**
     * Before Java 24 every {@code rearrange} checks its shuffle again ({@link
     * dev.strider.runtime.Device#cheapRearrange()}), and an in-register transpose whose operands
     * stay in cache lost to the scalar nest on Java 17 while all its stages rearranged: 0.63-0.89x
     * its speed from 1.6 to 16.8 MB moved (NCHW to NHWC and nchw to nChw16c, 64 channels, 8x8
     * blocks); 4x4 blocks 81 us against 64 (nchw to nChw16c 1x64x56x56). From 25.7 MB on, or with a
     * block row stride a multiple of 4 KiB (NCHW to NHWC 1x64x128x128: 5.1x), the registers won.
     * Since the stages of pieces up to 32 bits shift instead ({@link #shifts}), a block with at
     * least as many shifting stages as rearranging ones wins on Java 17 in cache too. Each in its
     * own JVM, 4x4 float blocks against the scalar nest: nchw to nChw16c 1x64x56x56 55 us against
     * 65, back 47 against 78; 1x17 20 against 22 and 15 against 21; NCHW to NHWC 1x64x56x56 55
     * against 72 and back 58 against 194; nchw to nChw8c 1x17x5x4 87 against 117 ns; 8x8 short and
     * 16x16 byte blocks 24-34 us against 51-59. Blocks that still rearrange more often take the
     * scalar nest by rule before Java 24: 4x4 doubles (83 us against 66, NCHW to NHWC 124 against
     * 87) and 8x8 floats (the tiny nChw8c 4.8 us against 117 ns).
     */
    public static final long IN_CACHE_BYTES = 20_000_000;

    private ClassPlanner() {
    }

    /** The plan of {@code <Interface>_<target>} ({@code bits} for VECTOR, else ignored). */
    public static ClassPlan plan(KernelSet set, Target target, int bits, PlanOptions options) {
        switch (target) {
            case SCALAR:
                return scalar(set, options);
            case VECTOR:
                return vector(set, options, bits);
            default:
                return threads(set, options);
        }
    }

    /** {@code ImageOps_Scalar}, {@code ImageOps_Vector256}, {@code ImageOps_Threads}. */
    public static String className(KernelSet set, Target target, int bits) {
        return set.generatedName(target) + (target == Target.VECTOR ? String.valueOf(bits) : "");
    }

    /** True when THREADS is generated for {@code set} and splits {@code m}: it has at least {@code threadsAbove} elements. */
    public static boolean split(KernelSet set, KernelMethod m, long threadsAbove) {
        return set.targets().contains(Target.THREADS) && m.layoutOf(m.output()).layout().elementCount() >= threadsAbove
                && !m.output().packed();
    }


    // ------------------------------------------------------------------ SCALAR

    /**
     * Bytecode of a compensation's statement before its sums: the weight recomputed from the
     * source as the reorder computes it; each compensation adds {@link #COMPENSATION_SUM_BYTES}, and
     * call-time steps their {@link #quantizedStepBytes}. Fitted to javac's output for CompensationOps
     * (JDK 17): 77 to 119 bytes a statement measured, 100 to 160 estimated.
     */
    static final int COMPENSATION_STATEMENT_BYTES = 70;

    /** Bytecode each compensation adds to a compensation statement: its read, multiply and add. */
    static final int COMPENSATION_SUM_BYTES = 30;

    /**
     * The compensation nest of {@code r}, its unroll limit halved until its method fits the byte
     * budget as the kernels' nests do: unrolled at the option's limit, small weights (OIhw4i16o4i,
     * 20 channels) gave compensating helpers of 9.3 to 14.3 KB, which HotSpot never compiles.
     */
    static CompensationPlan compensation(KernelMethod.Reorder r, PlanOptions o) {
        int limit = o.unrollLimit();
        while (true) {
            CompensationPlan c = Planner.compensation(r, limit);
            NestWalk.Size size = NestWalk.size(c.nest(), -1, c.splitNode());
            int statement = COMPENSATION_STATEMENT_BYTES + COMPENSATION_SUM_BYTES * r.compensation().size()
                    + quantizedStepBytes(r);
            int estimate = 200 + size.scalarStatements() * statement + size.loops() * 40;
            if (estimate <= METHOD_BYTES_BUDGET || limit <= 1) {
                return c;
            }
            limit /= 2;
        }
    }

    public static ClassPlan scalar(KernelSet set, PlanOptions o) {
        List<MethodPlan> methods = new ArrayList<>();
        for (KernelMethod m : set.methods()) {
            MethodPlan plan = scalarMethod(m, o, split(set, m, o.threadsAbove()));
            if (m instanceof KernelMethod.Reorder r && r.compensates()) {
                plan = plan.withCompensation(compensation(r, o));
            }
            methods.add(plan);
        }
        return new ClassPlan(set, Target.SCALAR, 0, className(set, Target.SCALAR, 0), o, methods);
    }

    /**
     * The scalar nest, and for a transpose the planner tiles when large, the other of tiled and
     * untiled; buffers reached through their segment views where the compilation has them
     * ({@link MemoryRoute#viewed}).
     */
    static MethodPlan scalarMethod(KernelMethod m, PlanOptions o, boolean split) {
        Problem problem = Problem.of(m);
        List<MemoryRoute> routes = m.params().stream().map(p -> MemoryRoute.viewed(p, o.apis())).toList();
        if (!Planner.tiles(problem, Planner.TILE)) {
            return new MethodPlan(m, split, List.of(scalarVariant("scalar nest", "scalar", m, problem, o.unrollLimit(),
                    o.tileAbove(), split, null)), MethodPlan.Rule.always(0), routes);
        }
        VariantPlan untiled = scalarVariant("scalar nest", "untiled", m, problem, o.unrollLimit(), Long.MAX_VALUE,
                split, null);
        VariantPlan tiled = scalarVariant("scalar nest in " + Planner.TILE + "x" + Planner.TILE + " tiles", "tiled", m,
                problem, o.unrollLimit(), -1, split, null);
        return new MethodPlan(m, split, List.of(untiled, tiled), MethodPlan.Rule.always(elements(m) > o.tileAbove() ? 1 : 0),
                routes);
    }

    /** The scalar nest, its unroll limit halved until the method fits the byte budget. */
    static VariantPlan scalarVariant(String name, String suffix, KernelMethod m, Problem problem, int unrollLimit,
                                     long tileAbove, boolean split, String note) {
        int limit = unrollLimit;
        int perElement = bytesPerElement(m) + extraBytesPerElement(m);
        while (true) {
            LoopPlan plan = Planner.plan(problem, limit, Planner.TILE, tileAbove);
            int k = split ? plan.splitNode(plan.nodes().size()) : -1;
            NestWalk.Size size = NestWalk.size(plan, -1, k);
            int estimate = 200 + size.statements() * perElement + size.loops() * 40;
            if (estimate <= METHOD_BYTES_BUDGET || limit <= 1) {
                return new VariantPlan(name, suffix, new VariantPlan.Scalar(plan, note), limit, k, steps(split, k, plan),
                        Optional.empty(), estimate);
            }
            limit /= 2;
        }
    }

    /**
     * Bytecode a scalar statement's access to a buffer or segment adds over an array's
     * ({@code s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, offset + 12L)}: a static layout, a long local
     * and literal, an add and an interface call): reviews found nests over segments and buffers at
     * 8,008 to 10,834 bytes at unroll limits of 256 to 8192 (byte offsets, 4-bit elements, weights
     * with compensations), where the estimate without it said they fit.
     */
    static final int OFF_HEAP_ACCESS_BYTES = 9;

    /** Bytecode a reorder's sum adds to a statement: the destination read back, multiplied and added. */
    static final int SUM_READ_BYTES = 12;

    /**
     * What a statement of {@code m} adds to {@link #bytesPerElement}: {@link #OFF_HEAP_ACCESS_BYTES}
     * per operand in a buffer or segment, and a sum's read of the destination (an arrays-only
     * reorder with a sum reached 9,933 bytes at an unroll limit of 256 without it).
     */
    static int extraBytesPerElement(KernelMethod m) {
        int offHeap = m.output().offHeap() ? 1 : 0;
        for (Param p : Problem.inputs(m)) {
            offHeap += p.offHeap() ? 1 : 0;
        }
        boolean sums = m instanceof KernelMethod.Reorder r && r.sums();
        int sum = sums ? SUM_READ_BYTES + (m.output().offHeap() ? OFF_HEAP_ACCESS_BYTES : 0) : 0;
        return offHeap * OFF_HEAP_ACCESS_BYTES + sum;
    }

    /** Bytecode of one scalar element statement, roughly, for the method-size estimate. */
    static int bytesPerElement(KernelMethod m) {
        return m instanceof KernelMethod.Binary ? 24 : m instanceof KernelMethod.Reorder r && r.isCopy() ? 16 : 22;
    }

    private static int steps(boolean split, int k, LoopPlan plan) {
        return !split ? 0 : k < 0 ? 1 : plan.nodes().get(k).extent();
    }

    private static long elements(KernelMethod m) {
        return m.layoutOf(m.output()).layout().elementCount();
    }

    // ------------------------------------------------------------------ VECTOR

    public static ClassPlan vector(KernelSet set, PlanOptions o, int bits) {
        List<MethodPlan> methods = new ArrayList<>();
        for (KernelMethod m : set.methods()) {
            methods.add(vectorMethod(m, o, bits, split(set, m, o.threadsAbove())));
        }
        return new ClassPlan(set, Target.VECTOR, bits, className(set, Target.VECTOR, bits), o, methods);
    }

    /**
     * The vector form of {@code m} and, for a transpose in registers, its other variants; or the
     * scalar nest with the reason no vector form fits.
     */
    static MethodPlan vectorMethod(KernelMethod m, PlanOptions o, int bits, boolean split) {
        List<MemoryRoute> routes = new ArrayList<>();
        String unsupported = null;
        for (Param p : m.params()) {
            Optional<MemoryRoute> route = MemoryRoute.vector(p, o.apis());
            routes.add(route.orElse(MemoryRoute.scalar(p)));
            if (route.isEmpty() && p.tensor() && unsupported == null) {
                unsupported = "the Vector API of this compilation loads no " + p.javaType() + " (" + p.name()
                        + "): Java 22 and later load buffers and segments";
            }
        }
        if (unsupported != null) {
            // element by element, the pad lanes too: no vector stores at all
            VariantPlan scalar = scalarVariant("scalar nest", "scalar", m, Problem.of(m), o.unrollLimit(),
                    o.tileAbove(), split, "scalar (" + unsupported + ")");
            return new MethodPlan(m, split, List.of(scalar), MethodPlan.Rule.always(0));
        }
        // MemorySegment parameters, and buffers whose vectors go through MemorySegment.ofBuffer (its
        // views made in a method of their own: Access.handOff)
        boolean throughSegments = routes.stream().anyMatch(MemoryRoute::segment);
        MethodPlan planned = vectorMethod(m, o, bits, split, Problem.of(m), segmentLanes(m, routes), throughSegments);
        List<VariantPlan> variants = planned.variants().stream()
                .map(v -> selected(m, withValueLanesFromJava25(m, v), o.apis(), bits)).toList();
        return new MethodPlan(m, split, variants, planned.rule(), routes);
    }

    /**
     * Vector variant {@code v} with its form in value lanes from Java 25 ({@link
     * VectorPlan#withValueLanes}) where its form reinterprets and that one would not, and for blocks
     * of bf16 units ({@link VectorPlan#withUnits}), whose value-lane form still reinterprets but may
     * be {@link #selected}: then no vector
     * method the class runs on Java 25 reinterprets, but a bf16 widening into an array (whose
     * floats are its ints' bits; into a segment it stores the bits, {@link #segmentLanes}) and an
     * f16 widening into any memory (its multiply takes float lanes, {@link #widensF16}). An
     * and-or staged variant's value-lane form has no and-or shifts (its name keeps them): where it
     * has no offset loads either, it is the plain variant's value-lane form again.
     */
    static VariantPlan withValueLanesFromJava25(KernelMethod m, VariantPlan v) {
        if (!(v.form() instanceof VariantPlan.Vectors vectors) || !reinterprets(m, vectors.plan())) {
            return v;
        }
        VectorPlan values = vectors.plan().withValueLanes();
        // blocks of bf16 units reinterpret in either form (shorts read as ints, ints stored as
        // floats), as every bf16 widening into an array does: theirs moves the ints as they are
        return reinterprets(m, values) && !values.units() ? v : v.withFromJava25(values);
    }

    /**
     * Variant {@code v} whose Java 25 form selects each row of its transpose stages from two vectors
     * ({@link VectorPlan#withSelects}), where that form transposes rows of 32 or 64 bits in blocks
     * wider than 128 bits, the compilation's Vector API has {@code selectFrom(v1, v2)} ({@link
     * JavaApis#twoVectorSelects}) and the class's vectors are 512 bits wide: the registry loads
     * that class where the JVM prefers 512-bit vectors (AVX-512 on x86), whose C2 compiles a select
     * to one {@code vpermi2ps}. Classes of narrower vectors keep {@code rearrange} and {@code
     * blend}: on AVX2 C2 builds each select from two {@code vpermps} and a {@code vblendvps}, and 8x8
     * blocks of floats so selected ran 1.4-2.1x slower than the plain ones (AMD EPYC Zen 4 with
     * {@code -XX:UseAVX=2}, JDK 25).
     *
     * <p>Why: a row of a stage takes one instruction where it took a {@code vpermps} and a blend: 8x8
     * blocks selected at every stage take oneDNN's 24 shuffles per 64 floats. By hand (AMD EPYC Zen 4,
     * JDK 25, scratch harness, one JVM per pair beside oneDNN's reorder), nchw to nChw16c 1x64x56x56
     * in such blocks ran at 0.95-0.99x oneDNN, the plain 8x8 offset-load blocks at 0.86-0.92x. At 128
     * bits C2 moves a row by an in-lane {@code vpermilps} already, and selects were not measured there.
     */
    static VariantPlan selected(KernelMethod m, VariantPlan v, JavaApis apis, int bits) {
        if (!apis.twoVectorSelects() || bits < SELECTS_CLASS_BITS || v.fromJava25().isEmpty()) {
            return v;
        }
        VectorPlan values = v.fromJava25().get();
        ElementType moved = values.movedAs(laneType(m));
        boolean selectable = values.kind() == VectorPlan.Kind.TRANSPOSE && !values.widenedRows()
                && moved.bytes() >= 4 && values.lanes() * moved.bytes() * 8 > MIN_SELECT_BITS;
        return selectable ? v.withFromJava25(values.withSelects()) : v;
    }

    /** The class width from which transposes are {@link #selected}: AVX-512's, whose C2 has {@code vpermi2ps}. */
    static final int SELECTS_CLASS_BITS = 512;

    /** Blocks of this many bits or fewer are not {@link #selected}: C2 moves their rows in-lane. */
    static final int MIN_SELECT_BITS = 128;

    /**
     * True when {@code VectorWriter} renders {@code plan} of {@code m} with a {@code reinterpret}:
     * floats or doubles that move ({@link VectorPlan.Lanes#REINTERPRETED}: transposed, interleaved,
     * or loaded backwards), a transpose stage that shifts lanes of twice their width, an f16
     * widening, or a bf16 widening that is not stored as its bits into a segment ({@link
     * VectorPlan#segmentLanes}), or a
     * narrowing into bytes ({@link #narrows}) outside value lanes, on any memory: it takes the
     * rounding sum's int bits. Bytes widened to floats by an interleave move as ints and are
     * converted after, in any lanes.
     */
    public static boolean reinterprets(KernelMethod m, VectorPlan plan) {
        if (plan.widenedInTile()) {
            // the shorts move and are stored as they are; the JDK's loop widens them
            return stageShifts(plan, ElementType.SHORT);
        }
        if (widensHalf(m)) {
            return widensF16(m) || !plan.segmentLanes();
        }
        if (narrows(m)) {
            // it rounds by adding 1.5 * 2^23 and takes the low bits of the sum, reinterpreted: JDK 17
            // compiles no float-to-int lane conversion (F2I) to vector code; value lanes convert
            return plan.moves() != VectorPlan.Lanes.VALUES;
        }
        ElementType type = m.output().type();
        boolean floatBits = plan.reinterpretsMoves(type);
        switch (plan.kind()) {
            case TRANSPOSE:
                return stageShifts(plan, type) || floatBits;
            case CONTIGUOUS:
                return floatBits && reverses(plan);
            default:
                return floatBits && !(m instanceof KernelMethod.Reorder r && r.src().type() != type);
        }
    }

    /** True when a stage of transpose {@code plan}'s blocks of {@code type} shifts lanes of twice their width. */
    private static boolean stageShifts(VectorPlan plan, ElementType type) {
        for (int k = plan.lanes() / 2; k >= 1; k /= 2) {
            if (plan.shifts(type, k)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when {@code m}'s output takes vectors from segment memory, and so does its input, or the
     * input is bf16 widened (its shorts load from any memory and the floats' int bits store into the
     * segment), so that its plans keep to lanes that are never reinterpreted; never for an f16
     * widening, whose multiply takes float lanes ({@link
     * VectorPlan#withSegmentLanes}).
     */
    static boolean segmentLanes(KernelMethod m, List<MemoryRoute> routes) {
        MemoryRoute in = routes.get(0);
        MemoryRoute out = routes.get(m.params().indexOf(m.output()));
        return out.segment() && !widensF16(m) && (in.segment() || widensBf16(m));
    }

    private static MethodPlan vectorMethod(KernelMethod m, PlanOptions o, int bits, boolean split, Problem problem,
                                           boolean segmentLanes, boolean throughSegments) {
        String unsupported = unsupported(m, bits);
        if (unsupported != null) {
            return MethodPlan.single(m, split, scalarFallback(m, problem, o, bits, split, "scalar (" + unsupported + ")"));
        }
        ElementType type = m.output().type();
        int lanes = bits / 8 / laneType(m).bytes();
        // bf16 or f16 widened to f32 transposes its 16-bit elements where each widened row fits the class's
        // vectors, and the f32 bits elsewhere (a 128-bit class: 4x4 blocks of widened rows)
        boolean widenedRows = widenedRows(m, o, bits);
        ElementType blockType = widenedRows ? ElementType.SHORT : laneType(m);
        // rows of bytes, loaded or stored, take 8 lanes at least (a 64-bit byte vector)
        boolean byteRows = narrows(m) || convertsInBlocks(m) && m.params().get(0).type() == ElementType.BYTE;
        int blockLanes = Math.max(byteRows ? MIN_BYTE_ROW_LANES : MIN_SHUFFLE_LANES,
                Math.min(bits, o.transposeBits()) / 8 / blockType.bytes());
        int widest = Math.min(widenedRows ? bits / 32 : lanes, MAX_TRANSPOSE_LANES);
        int transposeLanes = transposes(m) && blockLanes <= widest ? blockLanes : 0;
        // Converting reorders interleave too: each vector is converted as it is loaded, and scaled before it is stored.
        // (an interleave widens bytes or scales floats; ints into floats take the other forms)
        boolean interleavable = (isCopy(m) || m instanceof KernelMethod.Reorder r && !r.quantized()
                && !r.src().isNarrow() && !narrows(m) && r.src().type() != ElementType.INT) && lanes <= MAX_TRANSPOSE_LANES;
        VariantPlan rule = vectorVariant(m, problem, o, bits, lanes, transposeLanes, interleavable, split, true,
                segmentLanes);
        // bf16 into arrays: blocks of units where they fit, which the rule takes
        List<VariantPlan> units = throughSegments ? List.of() : unitsVariants(m, problem, o, bits, lanes, split);
        if (!(rule.form() instanceof VariantPlan.Vectors v) || v.plan().kind() != VectorPlan.Kind.TRANSPOSE) {
            if (units.isEmpty()) {
                return MethodPlan.single(m, split, rule);
            }
            // no 16-bit block fits where units do (nChw4c's 4 channels at 256 or 512 bits): the units,
            // then what the rule would run without them (a scalar nest no longer says why no vector form fits)
            List<VariantPlan> withUnits = new ArrayList<>(units);
            withUnits.add(rule.form() instanceof VariantPlan.Scalar ? scalarFallback(m, problem, o, bits, split, null) : rule);
            return new MethodPlan(m, split, withUnits,
                    unitsRule(withUnits, 0, units.size(), MethodPlan.Rule.always(units.size()), bits));
        }
        List<VariantPlan> variants = new ArrayList<>(List.of(rule));
        for (int t = 2 * transposeLanes; t <= widest && variants.size() < MAX_VARIANTS - 1; t *= 2) {
            VariantPlan wider = vectorVariant(m, problem, o, bits, lanes, t, interleavable, split, false, segmentLanes);
            if (wider.form() instanceof VariantPlan.Vectors w && w.plan().kind() == VectorPlan.Kind.TRANSPOSE
                    && wider.estimatedBytes() <= METHOD_BYTES_BUDGET) {
                variants.add(wider);
            }
        }
        // The 256-bit blocks again with the first stage from offset loads and the shifting stages by
        // and/or. Measured one variant per JVM on an AMD EPYC Zen 5, nchw<->nChw16c 1x64x56x56: 8x8
        // floats so 16.1/16.2 us against 24.1/23.2 for 4x4 on JDK 17 (Vector256), 15.8/15.8 against
        // 16.6/17.5 on JDK 25; 4x4 floats so lost to plain 4x4 on both (27.7 against 24.1 us, 23.4
        // against 16.6), so 128-bit blocks get no such variant; wider ones are unmeasured.
        for (VariantPlan b : new ArrayList<>(variants)) {
            if (variants.size() >= MAX_VARIANTS - 1 || blockBits(b, laneType(m)) != STAGED_BLOCK_BITS) {
                continue;
            }
            VariantPlan staged = staged(m, b);
            if (staged != null && staged.estimatedBytes() <= METHOD_BYTES_BUDGET) {
                variants.add(staged);
            }
        }
        // room for the units, the f32 bits' blocks and the scalar nest is made by dropping the last
        // 16-bit blocks (the staged ones come last: on JDK 17 the 4x4 units beat them, 20-25 us
        // against 25-29 alone in a JVM), never the first
        while (!units.isEmpty() && variants.size() > 1
                && variants.size() + units.size() + (widenedRows ? 2 : 1) > MAX_VARIANTS) {
            variants.remove(variants.size() - 1);
        }
        int firstUnits = variants.size();
        variants.addAll(units);
        if (widenedRows) {
            // Before Java 24 the rule takes the f32 bits: each row widened as it is loaded, the
            // block transposed as ints, in the rule's float blocks. There the transposes of 16-bit
            // lanes whose stages blend ran at a third of the f32 reorder's speed, those whose stages
            // shift by and/or ran as fast, but beside an f32 transpose in one JVM both fell to the
            // Vector API's Java code (nchw to nChw16c 1x64x56x56, AMD EPYC Zen 4, JDK 17: 8x8 blends
            // 104 us, 16x16 blends 151-160, 16x16 and/or 25-29, the f32 bits in 4x4 blocks 61, the
            // scalar nest 131, each alone in a JVM; 16x16 and/or beside the f32 reorder's 4x4 blocks
            // 721 us, and they 821 instead of 38). The tuner may still measure the others. f16 the
            // same (AMD EPYC Zen 4, JDK 17, one JVM each, beside the f32 reorder's 4x4 blocks: its
            // 8x8 16-bit blocks 53 us but the f32 reorder then 828 instead of 38; the f32 bits in
            // 4x4 blocks 80 us beside 38; the scalar nest 347).
            int floatLanes = Math.max(MIN_SHUFFLE_LANES, Math.min(bits, o.transposeBits()) / 8 / type.bytes());
            VariantPlan floats = vectorVariant(m, problem, o, bits, lanes, Math.min(floatLanes, lanes), interleavable,
                    split, false, false, segmentLanes);
            if (floats.form() instanceof VariantPlan.Vectors f && f.plan().kind() == VectorPlan.Kind.TRANSPOSE
                    && floats.estimatedBytes() <= METHOD_BYTES_BUDGET && variants.size() < MAX_VARIANTS - 1) {
                // From Java 24 the rule takes f16's blocks through a tile where they are planned
                // (arrays only): the JDK's conversion widens them (VectorPlan.withWidenedInTile)
                VariantPlan tile = throughSegments ? null : widenedInTile(m, problem, o, bits, lanes, interleavable, split);
                int fromJava24 = 0;
                boolean tiled = tile != null && variants.size() < MAX_VARIANTS - 2;
                if (tiled) {
                    variants.add(tile);
                    fromJava24 = variants.size() - 1;
                }
                variants.add(floats);
                variants.add(scalarFallback(m, problem, o, bits, split, null));
                return new MethodPlan(m, split, variants, unitsRule(variants, firstUnits, units.size(),
                        new MethodPlan.Rule(fromJava24, variants.size() - 2, tiled), bits));
            }
        }
        variants.add(scalarFallback(m, problem, o, bits, split, null));
        int scalar = variants.size() - 1;
        int before24 = inCacheTranspose(m, v.plan()) ? scalar : 0;
        // (a rule's vector variant already of the class's width keeps it: unmeasured otherwise)
        int oneWidth = throughSegments || variants.get(before24).registerBits(type.bytes(), bits) == bits ? -1
                : oneWidthBlocks(variants, bits, laneType(m));
        return new MethodPlan(m, split, variants, unitsRule(variants, firstUnits, units.size(),
                new MethodPlan.Rule(throughSegments ? segmentBlocks(m, variants) : 0,
                        oneWidth >= 0 ? oneWidth : before24), bits));
    }

    /**
     * The variant the rule takes before Java 24 in a class of {@code Device.ONE_WIDTH_BITS} (256)
     * bits, the widest the registry loads before Java 25 (one register width per JVM, {@code
     * Device.oneWidthBits()}): its staged blocks of {@code type} (offset loads, and-or shifts, which
     * rearrange nothing that JDK 17 checks at every call: both offset loads and and-or shifts) as wide
     * as the class, so that the class's transposes run in the width of its other methods; -1 where
     * it has none or is of another width.
     * Why (AMD EPYC Zen 4, JDK 17, nchw to nChw16c 1x64x56x56, one JVM, interleaved): the 4x4 blocks
     * took 25.6 us alone and 363-604 us beside a 512-bit relu or u8 normalize; the 256-bit class's
     * 8x8 staged blocks 19.9 alone and 21.3-21.8 beside its relu, normalize, flip and the other
     * blocked reorders; measured one variant per JVM on an AMD EPYC Zen 5, 16.1/16.2 us against
     * 24.1/23.2 for its 4x4 blocks.
     */
    static int oneWidthBlocks(List<VariantPlan> variants, int bits, ElementType type) {
        if (bits != dev.strider.runtime.Device.ONE_WIDTH_BITS) {
            return -1;
        }
        for (int k = 0; k < variants.size(); k++) {
            VariantPlan v = variants.get(k);
            // (blocks of units take no offset loads: VectorPlan.withUnits)
            if (v.form() instanceof VariantPlan.Vectors vectors && vectors.plan().kind() == VectorPlan.Kind.TRANSPOSE
                    && vectors.plan().stages().offsetLoads() && vectors.plan().stages().andOr()
                    && blockBits(v, type) == bits) {
                return k;
            }
        }
        return -1;
    }

    /**
     * The rule where {@code count} blocks of bf16 units ({@link #unitsVariants}) stand at {@code
     * first} of {@code variants}: from Java 24 the widest units wider than 4x4, else the 4x4 units
     * where {@code rule} picks the same variant on every JDK (a 128-bit class, whose widest units
     * are 4x4), else {@code rule}'s choice there; before Java 24 the 4x4 units, else {@code rule}'s.
     *
     * <p>Why (AMD EPYC Zen 4, nchw to nChw16c 1x64x56x56, each pair in a JVM of its own,
     * interleaved, scratch harness against the generated classes, beside the f32 reorder's rule of
     * the same class): on JDK 17 the 512-bit class's 4x4 units ran 21.6-24.7 us against the f32
     * reorder's 26.0-27.8 (0.84-0.93x its GB/s for 3/4 of its bytes), where the rule before them
     * (the f32 bits in 4x4 blocks) ran 37.6-46.4; its 16x16 units ran 30.1 alone but 237 beside the
     * f32 reorder's 4x4 blocks (vectors of two widths in one JVM, as {@link VectorPlan#exactStores}
     * tells). The 128-bit class's 4x4 units 24.1-24.7 against its f32 bits' 38.3; the 256-bit
     * class's 4x4 units 20.8-25.4 against its f32 bits' 38.5, its 8x8 units 281 beside the f32
     * reorder's 4x4 blocks. On JDK 25 the
     * 512-bit class's 16x16 units ran 17.4-18.9 us against 19.1-21.5 for its 8x8 16-bit blocks (the
     * rule before them) and its 4x4 units 24.7-27.5; the 256-bit class's 8x8 units 16.4, its 8x8
     * 16-bit blocks 19.5, 4x4 units 22.8, f32 bits 29.0; the 128-bit class's 4x4 units 22.5-22.7,
     * its f32 bits 30.4. Not measured on AVX2, where the 256-bit class is the one loaded.
     */
    private static MethodPlan.Rule unitsRule(List<VariantPlan> variants, int first, int count, MethodPlan.Rule rule,
                                             int bits) {
        if (count == 0) {
            return rule;
        }
        int wide = -1;
        int narrow = -1;
        for (int k = first; k < first + count; k++) {
            int t = ((VariantPlan.Vectors) variants.get(k).form()).plan().lanes();
            if (t == MIN_SHUFFLE_LANES) {
                narrow = k;
            } else {
                wide = k;
            }
        }
        int cheap = wide >= 0 ? wide : narrow >= 0 && !rule.dependsOnRearrange() ? narrow : rule.cheapRearrange();
        // before Java 24 the 4x4 units, but in a class of the one width (256 bits: 8x8 units) its own
        // width's (AMD EPYC Zen 4, JDK 17: 21.3 us beside the f32 reorder's 8x8 staged blocks and a u8
        // dequantize, where the 4x4 units beside 4x4 f32 blocks and the dequantize took 216-225)
        boolean oneWidth = wide >= 0 && bits == dev.strider.runtime.Device.ONE_WIDTH_BITS
                && ((VariantPlan.Vectors) variants.get(wide).form()).plan().lanes() * 32 == bits;
        int otherwise = oneWidth ? wide : narrow >= 0 ? narrow : rule.otherwise();
        return new MethodPlan.Rule(cheap, otherwise, rule.jdkF16() && cheap == rule.cheapRearrange());
    }

    /**
     * The variant the rule takes for a transpose of 32-bit lanes whose loads or stores go through a
     * segment (a {@code MemorySegment}, or a buffer's view): the plain 8x8 blocks where the class has
     * them, else the narrowest (0). Every vector
     * access to a segment keeps a bounds check that an array access loses in a counted loop, and a
     * t x t block makes t loads and t stores for t * t elements, so 8x8 blocks make half the checked
     * accesses per element of 4x4 ones. Measured (AMD EPYC Zen 4, JDK 25, nchw to nChw16c 1x64x56x56,
     * native segments against arrays, one pair per JVM, interleaved): 4x4 blocks 35.9 us on segments
     * against 28.0 on arrays (0.78x); 8x8 blocks 21.6 against the arrays' 4x4 26.7 (1.24x), and 21.2
     * against their 8x8 22.1 (1.04x) in another JVM; 16x16 blocks 19.5, but twice the bytecode and
     * later to C2. Other lanes keep
     * their narrowest blocks (16-bit ones would take 16x16 for the same access count: not measured),
     * and so do 128-bit classes. Where rearranging is not cheap (before Java 24) the rule is the
     * scalar nest's or the narrowest blocks' as elsewhere. On any JDK the tuner times only the width
     * of the variant this rule picks there, beside the scalar nests ({@link ClassPlan#timedWidth}):
     * on segments, variants of several widths slow each other down.
     */
    private static int segmentBlocks(KernelMethod m, List<VariantPlan> variants) {
        if (laneType(m).bytes() != 4) {
            return 0;
        }
        for (int k = 0; k < variants.size(); k++) {
            VariantPlan v = variants.get(k);
            if (v.form() instanceof VariantPlan.Vectors vectors && !vectors.plan().widenedRows()
                    && vectors.plan().lanes() == SEGMENT_BLOCK_LANES && !vectors.plan().stages().offsetLoads()) {
                return k;
            }
        }
        return 0;
    }

    /**
     * The vector variant of {@code m} with transposes in blocks of {@code transposeLanes}, its
     * unroll limit halved until the method fits the byte budget; when {@code fallBack}, the scalar
     * nest (with the reason) where no vector form fits, else that scalar variant is returned too
     * and the caller drops it.
     */
    private static VariantPlan vectorVariant(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                             int transposeLanes, boolean interleavable, boolean split,
                                             boolean fallBack, boolean segmentLanes) {
        return vectorVariant(m, problem, o, bits, lanes, transposeLanes, interleavable, split, fallBack,
                widenedRows(m, o, bits), segmentLanes);
    }

    /**
     * The same, a bf16 or f16 widening's transposes moving 16-bit lanes when {@code widenRows}, and lanes
     * that only move never reinterpreted when {@code segmentLanes} ({@link VectorPlan#withSegmentLanes}).
     */
    private static VariantPlan vectorVariant(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                             int transposeLanes, boolean interleavable, boolean split,
                                             boolean fallBack, boolean widenRows, boolean segmentLanes) {
        return vectorVariant(m, problem, o, bits, lanes, transposeLanes, interleavable, split, fallBack, widenRows,
                segmentLanes, false, false);
    }

    /**
     * The f16 widening of {@code m} in 16x16 blocks of 16-bit lanes through a tile ({@link
     * VectorPlan#withWidenedInTile}), or null where it has none: not f16, a class narrower than 16
     * shorts, or blocks whose output is not one run of elements.
     */
    static VariantPlan widenedInTile(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                     boolean interleavable, boolean split) {
        if (!widensF16(m) || bits < TILE_BLOCK_LANES * 16) {
            return null;
        }
        VariantPlan v = vectorVariant(m, problem, o, bits, lanes, TILE_BLOCK_LANES, interleavable, split, false, true,
                false, true, false);
        // and only where it moves whole blocks: a tile's partial blocks go element by element
        return v.form() instanceof VariantPlan.Vectors vectors && vectors.plan().widenedInTile()
                && NestWalk.size(vectors.plan().loops(), vectors.plan().leaf(), v.splitNode(), vectors.plan().tails())
                        .vectorStatements() > 0
                && v.estimatedBytes() <= METHOD_BYTES_BUDGET ? v : null;
    }

    /**
     * The bf16 widening of {@code m} in blocks of 32-bit units ({@link VectorPlan#withUnits}): the
     * widest that fit, up to the class's int vectors (16x16 units, 32 pixels of 16 channels, at 512
     * bits), and 4x4 units, where each fits: none where {@code m} is not bf16, or no such block fits the nest
     * (its pixels not sequential in the input, or fewer than two rows of them), or the method
     * would hold only partial blocks or exceed the byte budget. Arrays only: into a segment the
     * rule's blocks store the floats' bits as they are ({@link #segmentLanes}), and the units'
     * loads and stores reinterpret.
     */
    static List<VariantPlan> unitsVariants(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                           boolean split) {
        List<VariantPlan> units = new ArrayList<>();
        if (!widensBf16(m)) {
            return units;
        }
        // the widest units that fit: a pixel run that ends in a partial pair of 16x16 blocks (28x28
        // = 784 pixels, 24 pairs and 16 left) may be whole pairs of 8x8 ones (49)
        for (int t = Math.min(bits / 32, MAX_TRANSPOSE_LANES); t > MIN_SHUFFLE_LANES && units.isEmpty(); t /= 2) {
            VariantPlan v = unitsVariant(m, problem, o, bits, lanes, split, t);
            if (v != null) {
                units.add(v);
            }
        }
        VariantPlan narrow = unitsVariant(m, problem, o, bits, lanes, split, MIN_SHUFFLE_LANES);
        if (narrow != null) {
            units.add(narrow);
        }
        return units;
    }

    /** The same in blocks of {@code t x t} units, or null. */
    private static VariantPlan unitsVariant(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                            boolean split, int t) {
        VariantPlan v = vectorVariant(m, problem, o, bits, lanes, t, false, split, false, false, false, false, true);
        return v.form() instanceof VariantPlan.Vectors vectors && vectors.plan().units()
                && NestWalk.size(vectors.plan().loops(), vectors.plan().leaf(), v.splitNode(), vectors.plan().tails())
                        .vectorStatements() > 0
                && v.estimatedBytes() <= METHOD_BYTES_BUDGET ? v : null;
    }

    /**
     * Bytecode a block of units ({@link VectorPlan#withUnits}) adds to each row it stores: a second
     * store, the shift and the and, the reinterprets, the local.
     */
    static final int UNIT_STORED_BYTES = 30;

    /** The blocks of {@link #widenedInTile}: 16x16, a 256-bit row of 16-bit lanes. */
    static final int TILE_BLOCK_LANES = 16;

    /**
     * The most bytes of f16 a tile holds ({@link VectorPlan#withWidenedInTile}): 8 blocks of 16x16,
     * an eighth of the smallest L1 data cache of the machines measured (32 KB); a tile of 28 blocks
     * was slower than one of 1.
     */
    static final int TILE_BYTES = 4096;

    /**
     * True when each block of transpose {@code plan} writes one run of {@code lanes * lanes}
     * output elements: its output rows (the Y node) {@code lanes} apart and their elements (X)
     * next to each other, as nChw16c's 16 channels of 16 pixels are.
     */
    static boolean denseBlocks(VectorPlan plan) {
        Node y = plan.loops().nodes().get(plan.leaf());
        Node x = plan.loops().nodes().get(plan.leaf() + 1);
        return x.strides()[0] == 1 && y.strides()[0] == plan.lanes();
    }

    /**
     * How many iterations of a loop right above whole blocks the nest of {@code plan} writes out
     * ({@link LoopPlan#writtenOutBlocks}): {@link NestWalk#WRITTEN_OUT_BLOCKS} for a transpose that
     * copies or widens bf16, planned with an unroll limit that covers the copies' elements (a
     * method over the byte budget is planned again with half the limit, and so with loops of two),
     * else {@link NestWalk#SHORT_VECTOR_LOOP}. Only those, as measured (nchw to nChw16c 1x64x56x56,
     * AMD EPYC Zen 4, interleaved in one JVM): bf16 rows, widened by a shift, 1.18-1.26x faster
     * written out on JDK 17 and as fast on JDK 25; f16 rows widened as they are loaded (ten lane
     * operations a row) 139 us against 76 on JDK 17.
     */
    static int writtenOutBlocks(KernelMethod m, VectorPlan plan, int unrollLimit) {
        boolean fours = plan.kind() == VectorPlan.Kind.TRANSPOSE && unrollLimit >= NestWalk.WRITTEN_OUT_ELEMENTS
                && (isCopy(m) || widensBf16(m));
        return fours ? NestWalk.WRITTEN_OUT_BLOCKS : NestWalk.SHORT_VECTOR_LOOP;
    }

    /**
     * The same, through a tile ({@link #widenedInTile}) when {@code inTile} and the blocks are dense,
     * without tail blocks; in blocks of bf16 units ({@link #unitsVariant}) when {@code units}.
     */
    private static VariantPlan vectorVariant(KernelMethod m, Problem problem, PlanOptions o, int bits, int lanes,
                                             int transposeLanes, boolean interleavable, boolean split,
                                             boolean fallBack, boolean widenRows, boolean segmentLanes, boolean inTile,
                                             boolean units) {
        int limit = o.unrollLimit();
        while (true) {
            Optional<VectorPlan> planned = Planner.planVector(problem, limit, lanes, transposeLanes, interleavable,
                    o.tileAbove(), units ? 2 : 1);
            if (units && planned.filter(p -> p.kind() == VectorPlan.Kind.TRANSPOSE).isEmpty()) {
                return scalarFallback(m, problem, o, bits, split, "scalar (no blocks of bf16 units fit this nest)");
            }
            if (planned.isEmpty() && isCopy(m) && lanes < MIN_SHUFFLE_LANES && Planner.planVector(problem, limit,
                    MIN_SHUFFLE_LANES, MIN_SHUFFLE_LANES, false, o.tileAbove())
                    .filter(p -> p.kind() == VectorPlan.Kind.TRANSPOSE).isPresent()) {
                return scalarFallback(m, problem, o, bits, split, "scalar (a transpose in registers takes blocks of "
                        + MIN_SHUFFLE_LANES + " lanes; " + bits + " bits hold " + lanes + ")");
            }
            if (planned.isEmpty() || !widensSequentially(m, planned.get())) {
                return scalarFallback(m, problem, o, bits, split, "scalar (no vector form fits this nest)");
            }
            if (!quantizedLanes(m, planned.get())) {
                return scalarFallback(m, problem, o, bits, split,
                        "scalar (a scale or zero point changes along the lanes other than one per lane)");
            }
            VectorPlan plan = planned.get();
            plan = plan.withLoops(plan.loops().withWrittenOutBlocks(writtenOutBlocks(m, plan, limit)));
            boolean tile = inTile && plan.kind() == VectorPlan.Kind.TRANSPOSE && denseBlocks(plan);
            // a tile's partial blocks go element by element, and so do those of units
            plan = plan.withTails(tile || units ? VectorPlan.TailBlocks.NONE : tailBlocks(m, plan, split));
            if (units) {
                plan = plan.withUnits();
            } else if (plan.kind() == VectorPlan.Kind.TRANSPOSE && widenRows) {
                plan = tile ? plan.withWidenedInTile(Math.max(1, TILE_BYTES / (plan.lanes() * plan.lanes() * 2)))
                        : plan.withWidenedRows();
            }
            if (segmentLanes && movesWithoutReinterpret(m, plan)) {
                plan = plan.withSegmentLanes();
            }
            if (lanes < MIN_SHUFFLE_LANES && reverses(plan)) {
                return scalarFallback(m, problem, o, bits, split,
                        "scalar (a reversed input: no rearrange of " + lanes + " lanes compiles to vector code)");
            }
            int k = split ? plan.loops().splitNode(plan.leaf()) : -1;
            NestWalk.Size size = NestWalk.size(plan.loops(), plan.leaf(), k, plan.tails());
            int estimate = estimatedBytes(m, plan, size);
            if (estimate > METHOD_BYTES_BUDGET && limit <= 1 && plan.kind() == VectorPlan.Kind.TRANSPOSE
                    && quantizedStepBytes(m) > 0) {
                // call-time steps in every row, unrolled as little as it goes and still too big for C2:
                // the scalar nest is faster than interpreted blocks (MethodSizeTest measured 9.0-12.5 KB)
                return scalarFallback(m, problem, o, bits, split, "scalar (its converting blocks would exceed "
                        + METHOD_BYTES_BUDGET + " bytes of bytecode, past what HotSpot compiles)");
            }
            if (estimate <= METHOD_BYTES_BUDGET || limit <= 1) {
                return new VariantPlan(name(plan), suffix(plan), new VariantPlan.Vectors(plan), limit, k,
                        steps(split, k, plan.loops()), padVectors(m, plan, bits, split), estimate);
            }
            limit /= 2;
        }
    }

    /**
     * True when {@code plan}'s lanes can move without a reinterpret ({@link VectorPlan#withSegmentLanes}):
     * a transpose (a copy's, or bf16 widened as its int bits), any copy, bf16 widened to f32
     * (stored as the int bits it widens to), or an interleave that widens bytes, whose ints move
     * before they are converted to floats. Not a converting interleave of floats, whose values
     * must move as their bits.
     */
    static boolean movesWithoutReinterpret(KernelMethod m, VectorPlan plan) {
        // a conversion in float lanes loads its values as floats or bytes, never as bits
        return !narrows(m) && !(convertsInBlocks(m) && plan.kind() == VectorPlan.Kind.TRANSPOSE)
                && (plan.kind() == VectorPlan.Kind.TRANSPOSE || isCopy(m) || widensBf16(m)
                || plan.kind() != VectorPlan.Kind.CONTIGUOUS && m instanceof KernelMethod.Reorder r
                && r.src().type() == ElementType.BYTE);
    }

    /** The bits of a transpose variant's blocks: 16-bit lanes where it widens its rows. */
    private static int blockBits(VariantPlan v, ElementType type) {
        VectorPlan plan = ((VariantPlan.Vectors) v.form()).plan();
        return plan.lanes() * 8 * (plan.widenedRows() ? 2 : type.bytes());
    }

    /**
     * True when {@code m}'s transposes at {@code bits} move bf16 or f16 elements and widen each row
     * as it is stored: a widening to f32 ({@link #widensHalf}) whose rule's block of 16-bit lanes,
     * widened, still fits one vector of the class.
     */
    static boolean widenedRows(KernelMethod m, PlanOptions o, int bits) {
        int blockLanes = Math.max(MIN_SHUFFLE_LANES, Math.min(bits, o.transposeBits()) / 8 / 2);
        return widensHalf(m) && blockLanes * 32 <= bits;
    }

    /**
     * Transpose variant {@code v} with its stages in the and/or form and, where every offset load
     * is provably in the array, the first stage from offset loads; null when neither applies (no
     * stage shifts and the loads are not provable).
     */
    static VariantPlan staged(KernelMethod m, VariantPlan v) {
        VectorPlan plan = ((VariantPlan.Vectors) v.form()).plan();
        // an offset load's lanes are its row's shifted by half a block: values loaded beside the
        // row, one per lane, would have to shift too, and past the array's ends
        boolean offsetLoads = offsetLoadsInBounds(plan) && !valuesPerLane(plan);
        boolean andOr = plan.shifts(laneType(m), 1);
        if (!offsetLoads && !andOr) {
            return null;
        }
        VectorPlan staged = plan.withStages(new VectorPlan.Stages(offsetLoads, andOr));
        // per row, an offset load is ~6 bytes more than a rearrange, and-or ~10 more than a blend
        int extra = plan.lanes() * ((offsetLoads ? 6 : 0) + (andOr ? 10 : 0));
        int vectors = NestWalk.size(plan.loops(), plan.leaf(), v.splitNode(), plan.tails()).vectorStatements();
        int estimate = v.estimatedBytes() + extra * vectors;
        if (estimate > METHOD_BYTES_BUDGET && plan.loops().writtenOutBlocks() > NestWalk.SHORT_VECTOR_LOOP) {
            // the same stages over loops of at most 2 blocks written out, as the base would be planned
            // with half its unroll limit
            VectorPlan fewer = plan.withLoops(plan.loops().withWrittenOutBlocks(NestWalk.SHORT_VECTOR_LOOP));
            NestWalk.Size size = NestWalk.size(fewer.loops(), fewer.leaf(), v.splitNode(), fewer.tails());
            estimate = estimatedBytes(m, fewer, size) + extra * size.vectorStatements();
            staged = fewer.withStages(staged.stages());
        }
        return new VariantPlan(name(staged), suffix(staged), new VariantPlan.Vectors(staged), v.unrollLimit(),
                v.splitNode(), v.steps(), v.padVectors(), estimate);
    }

    /** True when a call-time value of the plan's method is loaded one per lane (stride 1 along the lane node). */
    private static boolean valuesPerLane(VectorPlan plan) {
        int[] strides = plan.loops().nodes().get(plan.leaf()).strides();
        for (int k = 2; k < strides.length; k++) {
            if (strides[k] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the offset loads of a block's first stage stay between its first and last row
     * loads, and so in the array: with {@code L} lanes, {@code h = L / 2} and input rows {@code
     * rs} apart, the loads at {@code s + j * rs - h} ({@code h <= j < L}) and {@code s + i * rs + h}
     * ({@code i < h}) read {@code L} elements each, within {@code [s, s + (L - 1) * rs + L)} exactly
     * when {@code rs >= 1}. Descending or broadcast rows (a slice, stride 0) keep the rearranges.
     */
    static boolean offsetLoadsInBounds(VectorPlan plan) {
        if (plan.kind() != VectorPlan.Kind.TRANSPOSE) {
            return false;
        }
        Node x = plan.loops().nodes().get(plan.leaf() + 1);
        Node y = plan.loops().nodes().get(plan.leaf());
        long rs = x.strides()[1];
        int l = plan.lanes();
        int h = l / 2;
        if (y.strides()[1] != 1 || rs < 1) {
            return false;
        }
        for (int j = h; j < l; j++) {
            if (j * rs - h < 0 || j * rs - h + l > (l - 1) * rs + l) {
                return false;
            }
        }
        for (int i = 0; i < h; i++) {
            if (i * rs + h + l > (l - 1) * rs + l) {
                return false;
            }
        }
        return true;
    }

    /**
     * The partial blocks of transpose {@code plan} that go through registers ({@link
     * VectorPlan.TailBlocks}): X partial (zero rows) where the output's lanes of X's dim past its
     * size, up to the block's end, are pad lanes continuing the output's X stride (so in the array,
     * and zero after the call), nchw to nChw16c with 17 channels; with zero columns where the
     * blocks can write the rest of those rows' pad lanes too. A virtual dim (coalesced pieces) has
     * no pad lanes.
     */
    static VectorPlan.TailBlocks tailBlocks(KernelMethod m, VectorPlan plan, boolean split) {
        if (plan.kind() != VectorPlan.Kind.TRANSPOSE || !transposes(m)) {
            return VectorPlan.TailBlocks.NONE;
        }
        int t = plan.lanes();
        Node x = plan.loops().nodes().get(plan.leaf() + 1);
        int rank = plan.loops().problem().rank();
        dev.strider.layout.TensorLayout out = m.layoutOf(m.output()).layout();
        if (x.dim() >= rank || out.size(x.dim()) % t == 0 || !oneBlockOf(out, x.dim(), t)
                || m.params().stream().anyMatch(p -> p.tensor() && p != m.output()
                        && m.layoutOf(p).layout().blocks().stream().anyMatch(b -> b.dim() == x.dim()))
                || !continuesIntoPad(out, x.dim(), roundUp(out.size(x.dim()), t), x.strides()[0])) {
            return VectorPlan.TailBlocks.NONE;
        }
        VectorPlan.TailBlocks tails = new VectorPlan.TailBlocks(true, 0);
        // The rest of the pad lanes on the rows of the zero-row blocks, where pad vectors would zero
        // them (not in THREADS chunks, nor in place) and the blocks are the only writers of the tails.
        int padded = out.paddedSize(x.dim());
        int end = roundUp(out.size(x.dim()), t);
        if (!split && !m.inPlace() && padded > end && (padded - end) % t == 0
                && continuesIntoPad(out, x.dim(), padded, x.strides()[0])
                && NestWalk.zeroRowsCoverXTails(plan.withTails(tails))) {
            tails = tails.withZeroColumns((padded - end) / t);
        }
        return tails;
    }

    /**
     * True when dim {@code d} of {@code layout} is blocked once, by a multiple of {@code t} (the
     * channels of nChw16c or nChw8c), so that a node over that dim covers its whole inner block.
     * Nested blocks ({@code Ba2b3b}), or an input blocking the same dim, split it into pieces whose
     * ends are not the dim's size, where zero rows were planned past real elements and overwrote
     * them (found by the differential test: {@code Ab4a8a} to {@code Ba2b3b}).
     */
    static boolean oneBlockOf(dev.strider.layout.TensorLayout layout, int d, int t) {
        List<dev.strider.layout.Block> blocks = layout.blocks().stream().filter(b -> b.dim() == d).toList();
        return blocks.size() == 1 && blocks.get(0).size() % t == 0;
    }

    private static int roundUp(int n, int t) {
        return (n + t - 1) / t * t;
    }

    /**
     * True when the indices of dim {@code d} of {@code layout} from its size up to {@code end}
     * are pad lanes, each {@code stride} elements on from the one before, the first {@code stride}
     * past the last real index.
     */
    static boolean continuesIntoPad(dev.strider.layout.TensorLayout layout, int d, int end, int stride) {
        int size = layout.size(d);
        if (end > layout.paddedSize(d)) {
            return false;
        }
        long last = layout.offsetAlong(d, size - 1);
        for (int i = size; i < end; i++) {
            if (layout.offsetAlong(d, i) != last + (long) (i - size + 1) * stride) {
                return false;
            }
        }
        return true;
    }

    /**
     * Bytecode a conversion adds to each row a transpose loads ({@link #convertsInBlocks}): the
     * bytes or ints widened to float lanes, the scale and shift.
     */
    static final int CONVERTED_ROW_BYTES = 5;

    /**
     * Bytecode a narrowing adds to each row a transpose stores: a row of a block is narrower than
     * a contiguous vector's statement, whose store and offsets {@link #NARROWING_BYTES} includes.
     */
    static final int NARROWED_ROW_BYTES = 20;

    /** Bytecode of a pad nest's statement: a zero stored. */
    static final int PAD_STATEMENT_BYTES = 10;

    /**
     * The bytecode {@code plan}'s method will have, roughly: 32 bytes a scalar statement, more with
     * call-time steps (whose reads and arithmetic each statement repeats), {@link
     * #PAD_STATEMENT_BYTES} a pad lane's zero, {@link #vectorStatementBytes} a vector statement, 40 a
     * loop. A transpose converts and computes its call-time steps once per row it loads and narrows
     * once per row it stores, its partial blocks' rows too; a contiguous statement once. Fitted to
     * javac's output (JDK 17) for the call-time conversions of {@code MethodSizeTest} and {@code
     * QuantOps}: 4,945 bytes against 5,064 estimated for whole 8x8 blocks of f32 into u8 with a
     * scale and a zero point per channel, 5,596 against 6,124 for 20x6x3x3 weights into
     * OIhw16i16o with a scale per output channel; 9,019 to 12,514 against 9,448 to 12,768 with
     * partial blocks and scalar tails, which the rule then declines.
     */
    static int estimatedBytes(KernelMethod m, VectorPlan plan, NestWalk.Size size) {
        int steps = quantizedStepBytes(m);
        int logical = size.scalarStatements() - size.padStatements();
        int scalar = logical * (32 + steps / 10) + size.padStatements() * PAD_STATEMENT_BYTES;
        if (plan.kind() != VectorPlan.Kind.TRANSPOSE) {
            return 200 + scalar + size.vectorStatements() * (vectorStatementBytes(plan)
                    + (narrows(m) ? NARROWING_BYTES : 0) + (widensF16(m) ? F16_LOADED_BYTES : 0) + steps)
                    + size.tailBlockBytes() + size.loops() * 40;
        }
        boolean f16 = widensF16(m);
        int perLoad = steps / 3 + (convertsInBlocks(m) ? CONVERTED_ROW_BYTES : 0)
                + (f16 && !plan.widenedRows() ? F16_LOADED_BYTES : 0);
        int perStore = (narrows(m) ? NARROWED_ROW_BYTES : 0)
                + (f16 && plan.widenedRows() && !plan.widenedInTile() ? F16_STORED_BYTES : 0)
                + (plan.units() ? UNIT_STORED_BYTES : 0);
        return 200 + scalar + size.vectorStatements() * (vectorStatementBytes(plan) + (perLoad + perStore) * plan.lanes()
                        + (plan.widenedInTile() ? TILE_WIDENING_BYTES : 0))
                + size.tailBlockBytes() + size.tailRowsLoaded() * perLoad + size.tailRowsStored() * perStore
                + size.loops() * 40;
    }

    /**
     * Bytecode an f16 widening adds to a row it stores: the placed lanes into a local, then the
     * exponent fix and the multiply (about 75 bytes, against bf16's 20 that a row's estimate holds).
     */
    static final int F16_STORED_BYTES = 60;

    /**
     * Bytecode a block through a tile adds ({@link VectorPlan#withWidenedInTile}): the test whether
     * the tile is full or the block's output does not continue it, and the widening loops.
     */
    static final int TILE_WIDENING_BYTES = 130;

    /** The same where a row is widened as it is loaded (or a contiguous vector): the placed lanes twice. */
    static final int F16_LOADED_BYTES = 100;

    /** Bytecode a narrowing adds to a vector (each row of a block): convert, round, clamp, narrow. */
    static final int NARROWING_BYTES = 60;

    /**
     * Bytecode a call-time step adds to a vector statement, and as much again where its value is
     * an array (loaded per lane, or read per row): a review measured the steps at up to twice the
     * 32 bytes of a plain statement, which took a narrowing with four of them past HotSpot's 8000
     * bytes at an unroll limit of 1024 while the estimate said 6280.
     */
    static final int QUANTIZED_STEP_BYTES = 15;

    /** The fewest lanes of a transpose that loads or stores rows of bytes: 8, the narrowest byte vector. */
    static final int MIN_BYTE_ROW_LANES = 8;

    /** What {@code m}'s call-time steps add to a vector statement ({@link #QUANTIZED_STEP_BYTES}). */
    static int quantizedStepBytes(KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || !r.quantized()) {
            return 0;
        }
        int bytes = Conversion.of(m).orElseThrow().steps().size() * QUANTIZED_STEP_BYTES;
        for (dev.strider.processor.model.QuantParam q : r.quantization()) {
            bytes += q.array() ? QUANTIZED_STEP_BYTES : 0;
        }
        return bytes;
    }

    /**
     * Bytecode of one vector statement, roughly: a contiguous vector is a load, an operation and a
     * store; a {@code t x t} transpose loads {@code t} rows, moves and blends each row once per
     * stage (log2 t stages) and stores {@code t} rows; an interleave loads, rearranges and blends
     * each channel's vector.
     */
    static int vectorStatementBytes(VectorPlan plan) {
        switch (plan.kind()) {
            case TRANSPOSE: {
                int t = plan.lanes();
                return t * (22 + 25 * Integer.numberOfTrailingZeros(t));
            }
            case INTERLEAVE:
            case DEINTERLEAVE:
                return plan.channels() * (40 + 8 * plan.channels());
            default:
                return 32;
        }
    }

    /**
     * Bytecode of a partial {@code t x t} block ({@link VectorPlan.TailBlocks}) with {@code xRows}
     * input rows real, at the rates of {@link #vectorStatementBytes} (a load or store ~11, a stage's
     * move and blend ~25, a zero vector stored ~15): a pair of zero rows costs nothing, as the
     * writer renders it.
     */
    static int tailBlockBytes(int t, int xRows, int zeroColumns) {
        int bytes = 11 * xRows;
        boolean[] zero = new boolean[t];
        for (int i = 0; i < t; i++) {
            zero[i] = i >= xRows;
        }
        for (int k = t / 2; k >= 1; k /= 2) {
            boolean[] next = new boolean[t];
            for (int i = 0; i < t; i++) {
                next[i] = zero[i] && zero[i ^ k];
                bytes += (next[i] ? 0 : 25) + (k == 1 ? 11 : 0);
            }
            zero = next;
        }
        return bytes + 15 * t * zeroColumns;
    }

    /** The scalar nest of a VECTOR class, its pad lanes in vectors where they may be. */
    private static VariantPlan scalarFallback(KernelMethod m, Problem problem, PlanOptions o, int bits, boolean split,
                                              String note) {
        VariantPlan v = scalarVariant("scalar nest", "scalar", m, problem, o.unrollLimit(), o.tileAbove(), split, note);
        return new VariantPlan(v.name(), v.suffix(), v.form(), v.unrollLimit(), v.splitNode(), v.steps(),
                padVectors(m, v.loops(), null, bits, split), v.estimatedBytes());
    }

    /**
     * The pad lanes zeroed in vectors before the nest ({@link PadVectors}), as wide as the class's
     * vectors or down to 128 bits for the lane node of a narrower transpose block; not in THREADS
     * chunks, where the chunk zeroing the pad lanes runs beside the chunks writing the real lanes,
     * and not when an input may be the output's array ({@code relu(x, x)}), whose real lanes the
     * zeros would overwrite before they are read.
     */
    private static Optional<PadVectors> padVectors(KernelMethod m, VectorPlan plan, int bits, boolean split) {
        return padVectors(m, plan.loops(), plan, bits, split);
    }

    /**
     * The same for the nest {@code loops}, of vector plan {@code plan} (or null): where the plan's
     * zero-row tail blocks write the output rows of every partial X range whole, their lanes past
     * the dim's size are theirs, and the pad vectors start at the next multiple of the lanes.
     */
    private static Optional<PadVectors> padVectors(KernelMethod m, LoopPlan loops, VectorPlan plan, int bits,
                                                   boolean split) {
        Optional<PadVectors> pad = padVectors(m, loops, bits, split);
        if (pad.isEmpty() || plan == null || plan.kind() != VectorPlan.Kind.TRANSPOSE
                || loops.nodes().get(plan.leaf() + 1).dim() != pad.get().dim() || !NestWalk.zeroRowsCoverXTails(plan)) {
            return pad;
        }
        PadVectors p = pad.get();
        int size = loops.problem().sizes()[p.dim()];
        int from = roundUp(size, plan.lanes()) + plan.tails().zeroColumns() * plan.lanes();
        return Optional.of(new PadVectors(p.dim(), Math.max(p.from(), from), p.lanes(), p.extent()));
    }

    private static Optional<PadVectors> padVectors(KernelMethod m, LoopPlan loops, int bits, boolean split) {
        Problem p = loops.problem();
        boolean padded = false;
        for (int d = 0; d < p.rank(); d++) {
            padded |= p.padded()[d] != p.sizes()[d];
        }
        if (split || !padded || m.readsOutput() || m.output().packed()) {
            // (4-bit elements have no vectors: two share a byte)
            return Optional.empty();
        }
        int bytes = m.output().type().bytes();
        return PadVectors.of(loops, bits / 8 / bytes, 16 / bytes);
    }

    /** {@code "4x4 blocks in registers"}, {@code "vectors of 8"}: a vector variant's name. */
    static String name(VectorPlan plan) {
        switch (plan.kind()) {
            case TRANSPOSE:
                return plan.lanes() + "x" + plan.lanes() + " blocks in registers"
                        + (plan.widenedInTile() ? " as 16-bit lanes through a tile" : plan.widenedRows() ? " as 16-bit lanes"
                                : plan.units() ? " as 32-bit units of two bf16" : "")
                        + plan.stages().describe();
            case INTERLEAVE:
                return "interleaved in registers";
            case DEINTERLEAVE:
                return "deinterleaved in registers";
            default:
                return "vectors of " + plan.lanes();
        }
    }

    private static String suffix(VectorPlan plan) {
        switch (plan.kind()) {
            case TRANSPOSE:
                return "blocks" + plan.lanes() + (plan.widenedInTile() ? "t" : plan.widenedRows() ? "h" : plan.units() ? "u" : "")
                        + (plan.stages().offsetLoads() ? "o" : "")
                        + (plan.stages().andOr() ? "m" : "");
            case INTERLEAVE:
                return "interleaved";
            case DEINTERLEAVE:
                return "deinterleaved";
            default:
                return "vectors";
        }
    }

    /**
     * A transpose in registers moving at most {@link #IN_CACHE_BYTES}, its block rows not 4 KiB
     * apart, whose blocks rearrange in more stages than they shift; never one that converts
     * ({@link #convertsInBlocks}), whose scalar nest computes each element where the blocks compute
     * lanes (AMD EPYC Zen 4, JDK 17, 1x64x56x56: u8 nChw16c to f32 nchw in 8x8 blocks 35 us against
     * 75 for the scalar nest, each alone in a JVM; f32 nchw to u8 nChw16c 60 against 250 for the
     * SCALAR class in {@code ConversionGoalsBenchmark}).
     */
    static boolean inCacheTranspose(KernelMethod m, VectorPlan plan) {
        if (plan.kind() != VectorPlan.Kind.TRANSPOSE || convertsInBlocks(m)) {
            return false;
        }
        int shifting = 0;
        int rearranging = 0;
        for (int k = plan.lanes() / 2; k >= 1; k /= 2) {
            if (plan.shifts(m.output().type(), k)) {
                shifting++;
            } else {
                rearranging++;
            }
        }
        if (rearranging <= shifting) {
            return false;
        }
        long bytes = 0;
        for (Param p : m.params()) {
            if (p.tensor()) {
                bytes += (long) m.layoutOf(p).layout().bufferSize() * p.type().bytes();
            }
        }
        Node y = plan.loops().nodes().get(plan.leaf());
        Node x = plan.loops().nodes().get(plan.leaf() + 1);
        long inRow = (long) x.strides()[1] * m.params().get(0).type().bytes();
        long outRow = (long) y.strides()[0] * m.output().type().bytes();
        return bytes <= IN_CACHE_BYTES && inRow % 4096 != 0 && outRow % 4096 != 0;
    }

    /**
     * True when a transpose stage moving groups of {@code k} lanes of {@code type} shifts (pieces
     * of 32 bits or fewer, as lanes of twice their width) rather than rearranges.
     */
    public static boolean shifts(ElementType type, int k) {
        return k * 8 * type.bytes() <= 32;
    }

    /** True when a contiguous plan loads an input backwards (a -1 slice): one rearrange per vector. */
    private static boolean reverses(VectorPlan plan) {
        if (plan.kind() != VectorPlan.Kind.CONTIGUOUS) {
            return false;
        }
        int[] strides = plan.loops().nodes().get(plan.leaf()).strides();
        for (int k = 1; k < strides.length; k++) {
            if (strides[k] == -1) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why no vector statement applies {@code r}'s call-time scales and zero points, or null: vectors
     * compute them into float lanes only, in f32, from float scales and int zero points (a half
     * scale or a byte zero point is read element by element).
     */
    private static String quantizedUnsupported(KernelMethod.Reorder r, int bits) {
        if ((r.dst().type() != ElementType.FLOAT || r.dst().isNarrow()) && !narrows(r) || r.src().isNarrow() || r.sums()) {
            return "scales and zero points given at call time are applied in vectors into f32, or into s8 and u8 "
                    + "from f32, s32 or bytes, without a sum";
        }
        for (dev.strider.processor.model.QuantParam q : r.quantization()) {
            if (q.array() && (q.param().isNarrow() || q.param().type() == ElementType.BYTE)) {
                return "a " + q.param().numberName() + " " + q.kind().label() + " is read element by element";
            }
        }
        return null;
    }

    /**
     * Vectors read a call-time scale or zero point of {@code m} only where it is the same for every
     * lane (stride 0 along the lanes: one broadcast) or sequential with them (stride 1: one load).
     * In a transpose the lanes are an input row's (Y): a value per channel of nchw to nChw16c, or
     * per output channel of OIhw to OIhw16i16o, is read once per row; one per channel of nChw16c
     * to nchw is loaded as a vector beside each row.
     */
    private static boolean quantizedLanes(KernelMethod m, VectorPlan plan) {
        if (!(m instanceof KernelMethod.Reorder r) || !r.quantized()
                || r.quantization().stream().noneMatch(dev.strider.processor.model.QuantParam::array)) {
            return true;
        }
        if (plan.kind() != VectorPlan.Kind.CONTIGUOUS && plan.kind() != VectorPlan.Kind.TRANSPOSE) {
            return false;
        }
        int[] strides = plan.loops().nodes().get(plan.leaf()).strides();
        for (int k = 2; k < strides.length; k++) {
            if (strides[k] != 0 && strides[k] != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when a transpose in registers computes {@code m}: a copy, or bf16 or f16 widened to f32 with
     * nothing to compute, each row converted as it is loaded ({@link #widensHalf}), the block then
     * transposed as floats.
     */
    static boolean transposes(KernelMethod m) {
        return isCopy(m) || widensHalf(m) || convertsInBlocks(m);
    }

    /**
     * A conversion in float lanes (no sum) whose transposes in registers convert each row to scaled
     * float lanes as they load it, move the floats, and store each transposed row as floats or, for
     * a narrowing ({@link #narrows}), narrowed into bytes: f32, s32 or bytes into s8 or u8, and f32,
     * s32 or bytes into f32. A zero row (a partial block's pad lanes) skips the conversion, so pad
     * lanes get 0 whatever the shift. Call-time values given per index go into a block only where
     * {@link #quantizedLanes} allows: one per input row, or one per lane.
     */
    public static boolean convertsInBlocks(KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || r.isCopy() || r.sums() || widensHalf(m)) {
            return false;
        }
        return narrows(m) || r.dst().type() == ElementType.FLOAT && !r.dst().isNarrow() && !r.src().isNarrow()
                && (r.src().type() == ElementType.FLOAT || r.src().type() == ElementType.INT
                || r.src().type() == ElementType.BYTE);
    }

    /**
     * bf16 or f16 to f32 with no scale, shift, sum or parameter: each 16-bit element is widened in
     * int lanes to the float it stands for, exactly. bf16 is its 16 bits shifted up ({@code
     * HalfFloats.bf16ToFloat}), so a vector of shorts widened to ints and shifted left by 16 is the
     * vector of floats, NaN payloads included; f16 takes a few more lane operations ({@link
     * #widensF16}).
     */
    public static boolean widensHalf(KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || r.src().narrow() != dev.strider.kernel.NarrowFormat.BF16
                && r.src().narrow() != dev.strider.kernel.NarrowFormat.F16
                || r.dst().type() != ElementType.FLOAT || r.dst().isNarrow() || r.quantized() || r.sums()) {
            return false;
        }
        Conversion c = Conversion.of(m).orElseThrow();
        return !c.multiplies() && !c.adds();
    }

    /** {@link #widensHalf} of bf16: the floats are the shorts' bits shifted up, stored as ints where need be. */
    public static boolean widensBf16(KernelMethod m) {
        return widensHalf(m) && ((KernelMethod.Reorder) m).src().narrow() == dev.strider.kernel.NarrowFormat.BF16;
    }

    /**
     * {@link #widensHalf} of f16: sign, exponent and fraction moved into a float's places in int
     * lanes, infinities and NaNs given the float's top exponent, then one multiply by 2^112 rebiases
     * the exponent, exact for every code, subnormals included ({@code HalfFloats.f16ToFloat}): the
     * multiply takes float lanes, so its vectors are always reinterpreted and never kept as segment
     * lanes ({@link #segmentLanes}).
     */
    public static boolean widensF16(KernelMethod m) {
        return widensHalf(m) && ((KernelMethod.Reorder) m).src().narrow() == dev.strider.kernel.NarrowFormat.F16;
    }

    /**
     * A conversion into a byte (signed or unsigned) computed in float lanes: f32, s32 or bytes,
     * read as floats, through the scale, shift and call-time steps in f32, then narrowed as oneDNN
     * narrows f32 ({@code ByteKernels.fromFloat}, {@code fromFloatUnsigned}): NaN to the least
     * value, saturated in float, rounded half to even, so the vector lanes hold exactly what the
     * scalar statement writes. No sum post-op (it reads the destination) and no narrow float.
     */
    public static boolean narrows(KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || r.isCopy() || r.sums() || r.src().isNarrow() || r.dst().isNarrow()
                || r.dst().type() != ElementType.BYTE) {
            return false;
        }
        ElementType in = r.src().type();
        return (in == ElementType.FLOAT || in == ElementType.INT || in == ElementType.BYTE)
                && Conversion.of(m).orElseThrow().arithmetic() == dev.strider.kernel.Arithmetic.FLOAT;
    }

    /** The lanes a vector of {@code m} computes in: float lanes for a narrowing ({@link #narrows}), else the output's. */
    public static ElementType laneType(KernelMethod m) {
        return narrows(m) ? ElementType.FLOAT : m.output().type();
    }

    /** Bytes widen to floats only from sequential runs: one along the lanes, or one per channel or vector. */
    private static boolean widensSequentially(KernelMethod m, VectorPlan plan) {
        if (plan.kind() == VectorPlan.Kind.TRANSPOSE) {
            return true; // planned only where a transpose in registers computes m (transposes)
        }
        if (widensHalf(m) || narrows(m)) {
            return plan.kind() == VectorPlan.Kind.CONTIGUOUS && plan.loops().nodes().get(plan.leaf()).strides()[1] == 1;
        }
        return !(m instanceof KernelMethod.Reorder r && r.src().type() != r.dst().type())
                || plan.kind() == VectorPlan.Kind.CONTIGUOUS && plan.loops().nodes().get(plan.leaf()).strides()[1] == 1
                || plan.kind() == VectorPlan.Kind.INTERLEAVE || plan.kind() == VectorPlan.Kind.DEINTERLEAVE;
    }

    private static boolean isCopy(KernelMethod m) {
        return m instanceof KernelMethod.Slice || m instanceof KernelMethod.Reorder r && r.isCopy();
    }

    /** Why no vector statement computes {@code m} exactly as the generic kernels do at {@code bits}, or null. */
    static String unsupported(KernelMethod m, int bits) {
        for (Param p : m.params()) {
            if (p.packed()) {
                return "4-bit " + p.narrow().label() + " elements (" + p.name() + ") sit two to a byte, read and written"
                        + " one at a time";
            }
        }
        ElementType out = m.output().type();
        boolean floating = out.isFloatingPoint();
        if (m instanceof KernelMethod.Reorder r && !r.isCopy()) {
            if (r.quantized()) {
                String why = quantizedUnsupported(r, bits);
                if (why != null) {
                    return why;
                }
            }
            if (r.sums()) {
                return "the sum post-op reads the destination";
            }
            if (widensHalf(m)) {
                return null;
            }
            if (narrows(m)) {
                // float lanes of bits / 32 narrowed into bytes: a byte vector of a quarter of the bits
                return bits / 4 >= 64 ? null : "no vector of " + bits / 32 + " bytes to narrow " + bits
                        + "-bit float lanes into";
            }
            if (r.src().isNarrow() || r.dst().isNarrow()) {
                return "no vector conversion to or from " + (r.src().isNarrow() ? r.src() : r.dst()).narrow().label()
                        + (r.src().narrow() == dev.strider.kernel.NarrowFormat.BF16
                        || r.src().narrow() == dev.strider.kernel.NarrowFormat.F16
                        ? " other than " + r.src().narrow().label() + " widened to f32 as it is" : "");
            }
            if (r.unsignedDestination()) {
                return "an unsigned destination rounds and saturates";
            }
            if (!floating) {
                return "an integer scale-shift rounds and saturates";
            }
            ElementType in = r.src().type();
            // (call-time steps reach here into f32 only: quantizedUnsupported)
            // s32 converts to f32 lane by lane (I2F rounds as (float) does); bytes widen from 64-bit vectors
            if (in != out && !(out == ElementType.FLOAT && (in == ElementType.INT
                    || in == ElementType.BYTE && bits / 32 * 8 >= 64))) {
                return "no vector conversion from " + in.javaName() + " to " + out.javaName() + " at " + bits + " bits";
            }
        }
        if (m instanceof KernelMethod.Unary u && u.op().kind() == UnaryKind.SCALE_SHIFT && !floating) {
            return "an integer scale-shift rounds and saturates";
        }
        if (m instanceof KernelMethod.Binary b && b.op() == BinaryOp.DIV && !floating) {
            return "integer division by zero throws";
        }
        return null;
    }

    // ------------------------------------------------------------------ THREADS

    public static ClassPlan threads(KernelSet set, PlanOptions o) {
        List<MethodPlan> methods = new ArrayList<>();
        for (KernelMethod m : set.methods()) {
            boolean split = split(set, m, o.threadsAbove());
            MethodPlan plan = MethodPlan.single(m, split, new VariantPlan("one-thread class", "oneThread",
                    new VariantPlan.OneThreadClass(split, o.threadsAbove(), m.output().packed()), o.unrollLimit(), -1, 0, Optional.empty(),
                    0));
            if (split && m instanceof KernelMethod.Reorder r && r.compensates()) {
                // THREADS runs the SCALAR class's compensation nest in chunks where it splits
                plan = plan.withCompensation(compensation(r, o));
            }
            methods.add(plan);
        }
        return new ClassPlan(set, Target.THREADS, 0, className(set, Target.THREADS, 0), o, methods);
    }
}

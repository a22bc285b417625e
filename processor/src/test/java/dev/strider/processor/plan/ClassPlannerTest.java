package dev.strider.processor.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.BinaryOp;
import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.UnaryKind;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.NamedLayout;
import dev.strider.processor.model.Param;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Plans are pure values: which variants each method gets, which the rule picks, and what the
 * THREADS split and the byte budget decide, worked out by hand from the layouts.
 */
class ClassPlannerTest {

    private static final int[] ACT = {1, 64, 56, 56};
    private static final PlanOptions DEFAULTS = new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, 1L << 20, 128);

    private static KernelMethod reorder(String name, ElementType type, TensorLayout from, TensorLayout to) {
        return new KernelMethod.Reorder(name, Param.array("src", type), new NamedLayout("From", from),
                Param.array("dst", type), new NamedLayout("To", to), false, false, 1, 0);
    }

    private static KernelMethod toBlocked(ElementType type, int[] sizes) {
        return reorder("toBlocked64", type, TensorLayout.packed("NCHW", sizes), TensorLayout.of("NCHW", sizes, "nChw16c"));
    }

    /** Options of a compilation for Java 22, whose segments and vectors through them are final. */
    private static final PlanOptions FROM_JAVA_22 = new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, 1L << 20, 128,
            new dev.strider.processor.model.JavaApis(dev.strider.processor.model.JavaApis.FFM_RELEASE, true, true));

    private static MethodPlan vector(KernelMethod m, int bits, PlanOptions o) {
        KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(m));
        return ClassPlanner.vector(set, o, bits).methods().get(0);
    }

    @Test
    void aTransposeCarriesEveryBlockWidthAndTheScalarNest() {
        MethodPlan plan = vector(toBlocked(ElementType.FLOAT, ACT), 512, DEFAULTS);
        // then the 256-bit blocks with the first stage from offset loads and the shifting stage by and/or
        assertEquals(List.of("4x4 blocks in registers", "8x8 blocks in registers", "16x16 blocks in registers",
                "8x8 blocks in registers, offset loads, and-or shifts", "scalar nest"), plan.names());
        // 4x4 floats shift as often as they rearrange: registers by rule on every Java
        assertEquals(MethodPlan.Rule.always(0), plan.rule());
        assertEquals("toBlocked64(float[], float[])", plan.key());
        for (VariantPlan v : plan.variants()) {
            assertTrue(v.estimatedBytes() <= ClassPlanner.METHOD_BYTES_BUDGET, v.name() + ": " + v.estimatedBytes());
            assertEquals(0, v.steps(), "no THREADS");
        }
        assertEquals(List.of("blocks4", "blocks8", "blocks16", "blocks8om", "scalar"),
                plan.variants().stream().map(VariantPlan::suffix).toList());
        assertTrue(plan.describe().endsWith("4x4 blocks of hw x c transposed in registers; from Java 25 in value lanes,"
                + " never reinterpreted; variant 0 of 5"), plan.describe());
        // on arrays every transpose moves floats as int bits before Java 25, and as floats from 25
        for (VariantPlan v : plan.variants().subList(0, 4)) {
            VectorPlan values = v.fromJava25().orElseThrow();
            assertTrue(values.valueLanes() && !ClassPlanner.reinterprets(plan.method(), values), v.name());
            assertTrue(ClassPlanner.reinterprets(plan.method(), ((VariantPlan.Vectors) v.form()).plan()), v.name());
            assertEquals(((VariantPlan.Vectors) v.form()).plan().stages().offsetLoads(), values.stages().offsetLoads());
            assertFalse(values.stages().andOr(), "value lanes never shift: " + v.name());
        }
        assertTrue(plan.variants().get(4).fromJava25().isEmpty(), "the scalar nest");
    }

    @Test
    void aCompilationForJava24AndLaterSelectsTheRowsOfTheJava25FormsOf512BitClasses() {
        PlanOptions selects = new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, 1L << 20, 128,
                new dev.strider.processor.model.JavaApis(25, true, true, true));
        MethodPlan plan = vector(toBlocked(ElementType.FLOAT, ACT), 512, selects);
        List<List<Integer>> stages = new java.util.ArrayList<>();
        for (VariantPlan v : plan.variants().subList(0, 4)) {
            VectorPlan values = v.fromJava25().orElseThrow();
            VectorPlan before = ((VariantPlan.Vectors) v.form()).plan();
            assertFalse(before.stages().selects(), "before Java 25 the rows rearrange and blend: " + v.name());
            assertEquals(values.stages().offsetLoads(), before.stages().offsetLoads(), v.name());
            stages.add(values.selectStages());
        }
        // 4x4 floats (128 bits) keep their in-lane moves; the 8x8 offset loads form their first stage
        assertEquals(List.of(List.of(), List.of(4, 2, 1), List.of(8, 4, 2, 1), List.of(2, 1)), stages);
        assertEquals(plan.names(), vector(toBlocked(ElementType.FLOAT, ACT), 512, DEFAULTS).names(),
                "the same variants, named as before: only their Java 25 forms differ");
        // 64-bit rows too: 4x4 doubles are 256 bits
        VectorPlan doubles = vector(toBlocked(ElementType.DOUBLE, ACT), 512, selects).variants().get(0).fromJava25().orElseThrow();
        assertEquals(List.of(2, 1), doubles.selectStages(), doubles.describe());
        // not in classes of narrower vectors (they run where C2 has no two-source permute), nor
        // where the compilation's Vector API has no two-vector select
        for (VariantPlan v : vector(toBlocked(ElementType.FLOAT, ACT), 256, selects).variants()) {
            assertTrue(v.fromJava25().map(p -> p.selectStages().isEmpty()).orElse(true), "256 bits: " + v.name());
        }
        for (VariantPlan v : vector(toBlocked(ElementType.FLOAT, ACT), 512, FROM_JAVA_22).variants()) {
            assertTrue(v.fromJava25().map(p -> p.selectStages().isEmpty()).orElse(true), "Java 22: " + v.name());
        }
    }

    @Test
    void loopsOfFourBlocksOverTheByteBudgetAreWrittenOutInTwos() {
        // 4x4 doubles of weights with partial o and i blocks: their loops of four blocks written out
        // pass the budget, so the rule's variant is planned again with half the unroll limit (loops of
        // up to two blocks), and so is its offset-load variant, which is kept
        int[] w = {33, 35, 5, 5};
        MethodPlan plan = vector(reorder("weights", ElementType.DOUBLE, TensorLayout.packed("OIHW", w),
                TensorLayout.of("OIHW", w, "OIhw16o16i")), 256, DEFAULTS);
        assertTrue(plan.names().contains("4x4 blocks in registers, offset loads"), plan.names().toString());
        for (VariantPlan v : plan.variants()) {
            assertTrue(v.estimatedBytes() <= ClassPlanner.METHOD_BYTES_BUDGET, v.name() + ": " + v.estimatedBytes());
            if (v.form() instanceof VariantPlan.Vectors vectors && vectors.plan().kind() == VectorPlan.Kind.TRANSPOSE) {
                assertEquals(NestWalk.SHORT_VECTOR_LOOP, vectors.plan().loops().writtenOutBlocks(), v.name());
            }
        }
        // a base that fits with loops of four whose offset-load variant would not: that one takes loops of two
        int[] w2 = {25, 17, 5, 5};
        MethodPlan both = vector(reorder("weights", ElementType.DOUBLE, TensorLayout.packed("OIHW", w2),
                TensorLayout.of("OIHW", w2, "OIhw16i16o")), 256, DEFAULTS);
        assertEquals(List.of("4x4 blocks in registers", "4x4 blocks in registers, offset loads", "scalar nest"), both.names());
        assertEquals(NestWalk.WRITTEN_OUT_BLOCKS, ((VariantPlan.Vectors) both.variants().get(0).form()).plan().loops().writtenOutBlocks());
        assertEquals(NestWalk.SHORT_VECTOR_LOOP, ((VariantPlan.Vectors) both.variants().get(1).form()).plan().loops().writtenOutBlocks());
        assertTrue(both.variants().get(1).estimatedBytes() <= ClassPlanner.METHOD_BYTES_BUDGET);
        // f16 widened as loaded keeps its loops of four (1.8x slower written out); bf16 (a shift a row) not
        VectorPlan bf16 = ((VariantPlan.Vectors) vector(widenToBlocked(dev.strider.kernel.NarrowFormat.BF16, ACT), 512, DEFAULTS)
                .variants().get(0).form()).plan();
        assertEquals(NestWalk.WRITTEN_OUT_BLOCKS, bf16.loops().writtenOutBlocks(), bf16.describe());
        VectorPlan f16 = ((VariantPlan.Vectors) vector(widenToBlocked(dev.strider.kernel.NarrowFormat.F16, ACT), 512, DEFAULTS)
                .variants().get(0).form()).plan();
        assertEquals(VectorPlan.Kind.TRANSPOSE, f16.kind());
        assertEquals(NestWalk.SHORT_VECTOR_LOOP, f16.loops().writtenOutBlocks());
        // where they fit, copying transposes write out loops of up to four blocks
        VectorPlan act = ((VariantPlan.Vectors) vector(toBlocked(ElementType.FLOAT, ACT), 512, DEFAULTS).variants()
                .get(0).form()).plan();
        assertEquals(NestWalk.WRITTEN_OUT_BLOCKS, act.loops().writtenOutBlocks());
    }

    @Test
    void aTransposeThroughSegmentsTakesTheHalfAsManyAccessesOf256BitBlocks() {
        PlanOptions segments = FROM_JAVA_22;
        KernelMethod onArrays = toBlocked(ElementType.FLOAT, ACT);
        for (dev.strider.processor.model.Memory in : List.of(dev.strider.processor.model.Memory.SEGMENT,
                dev.strider.processor.model.Memory.ARRAY)) {
            KernelMethod m = onArrays.withParams(p -> p.tensor() && (p == onArrays.output()
                    || in == dev.strider.processor.model.Memory.SEGMENT) ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
            MethodPlan plan = vector(m, 512, segments);
            assertEquals(List.of("4x4 blocks in registers", "8x8 blocks in registers", "16x16 blocks in registers"),
                    plan.names().subList(0, 3), in + " in");
            assertEquals("scalar nest", plan.names().get(4), in + " in");
            // 8x8 floats from Java 24 (before, what the rule took before: the scalar nest in cache
            // through segment lanes, the 4x4 blocks from an array)
            assertEquals(1, plan.rule().cheapRearrange(), in + " in");
            assertEquals(in == dev.strider.processor.model.Memory.SEGMENT ? 4 : 0, plan.rule().otherwise(), in + " in");
        }
        // on arrays the narrowest blocks everywhere; a 128-bit class has no 8x8 float blocks
        assertEquals(MethodPlan.Rule.always(0), vector(onArrays, 512, segments).rule());
        KernelMethod narrow = onArrays.withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
        assertEquals(0, vector(narrow, 128, segments).rule().cheapRearrange());
        // buffers read and written through MemorySegment.ofBuffer, alone or beside a segment, take them too
        KernelMethod mixed = onArrays.withParams(p -> !p.tensor() ? p : p == onArrays.output()
                ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p.in(dev.strider.processor.model.Memory.BUFFER));
        assertEquals(1, vector(mixed, 512, segments).rule().cheapRearrange());
        KernelMethod buffers = onArrays.withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.BUFFER) : p);
        assertEquals(1, vector(buffers, 512, segments).rule().cheapRearrange());
        // compiled for Java 17, buffers have no vector route: no rule through segments
        assertEquals(0, vector(buffers, 512, DEFAULTS).rule().cheapRearrange());
        // 16-bit lanes keep theirs too (8x8 shorts are the narrowest; 16x16 unmeasured), as do doubles
        for (ElementType type : List.of(ElementType.SHORT, ElementType.DOUBLE)) {
            KernelMethod other = toBlocked(type, ACT).withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
            MethodPlan plan = vector(other, 512, segments);
            assertTrue(plan.names().size() > 2, type + ": " + plan.names());
            assertEquals(0, plan.rule().cheapRearrange(), type + ": " + plan.names());
        }
    }

    /**
     * Through segments the tuner times one register width per method, that of the rule's variant on
     * the running JDK (variants of several widths slow each other down there even on Java 25): the
     * 8x8 blocks' 256 bits from Java 24 on segments and buffers' views, the scalar nest's before;
     * nothing named on arrays.
     */
    @Test
    void throughSegmentsTheTunerTimesTheRulesWidthAlone() {
        PlanOptions segments = FROM_JAVA_22;
        KernelMethod onArrays = toBlocked(ElementType.FLOAT, ACT);
        for (dev.strider.processor.model.Memory memory : List.of(dev.strider.processor.model.Memory.SEGMENT,
                dev.strider.processor.model.Memory.BUFFER)) {
            KernelMethod m = onArrays.withParams(p -> p.tensor() ? p.in(memory) : p);
            KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(m));
            ClassPlan plan = ClassPlanner.vector(set, segments, 512);
            // 8x8 blocks (256 bits) from Java 24, the scalar nest before (0: the tuner times it alone there)
            assertEquals(Map.of(m.key(), new ClassPlan.TimedWidth(256, 0, plan.methods().get(0).rule(), true)),
                    plan.timedWidth(), memory + ": " + plan.methods().get(0).names());
            assertEquals(List.of(128, 256, 512, 256, 0), plan.variantBits().get(m.key()), memory.toString());
            assertEquals(Map.of(), ClassPlanner.scalar(set, segments).timedWidth(), "SCALAR times no widths");
        }
        KernelSet arrays = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(onArrays));
        ClassPlan onArraysPlan = ClassPlanner.vector(arrays, segments, 512);
        assertEquals(Map.of(onArrays.key(), new ClassPlan.TimedWidth(128, 128, onArraysPlan.methods().get(0).rule(), false)),
                onArraysPlan.timedWidth(), "arrays: the rule's width before Java 25 only");
    }

    /**
     * In a class of the one width the registry loads before Java 25 (256 bits, {@code
     * Device.ONE_WIDTH_BITS}), the rule takes its staged 8x8 blocks (256 bits) before Java 24 where
     * it has them, and bf16's 8x8 units, so that its transposes run in its other methods' width; the
     * tuner times that width before Java 25. Other widths keep their rules: 4x4 blocks in a 512-bit
     * class, 4x4 units before Java 24.
     */
    @Test
    void theOneWidthClassTakesItsOwnWidthsBlocksBeforeJava24() {
        KernelMethod f32 = toBlocked(ElementType.FLOAT, ACT);
        MethodPlan at256 = vector(f32, 256, DEFAULTS);
        assertEquals("8x8 blocks in registers, offset loads, and-or shifts", at256.variants().get(at256.rule().otherwise()).name(),
                at256.names().toString());
        assertEquals("4x4 blocks in registers", at256.chosen().name(), "from Java 24 as before");
        MethodPlan at512 = vector(f32, 512, DEFAULTS);
        assertEquals(MethodPlan.Rule.always(0), at512.rule(), at512.names().toString());
        KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(f32));
        ClassPlan plan = ClassPlanner.vector(set, DEFAULTS, 256);
        assertEquals(Map.of(f32.key(), new ClassPlan.TimedWidth(128, 256, plan.methods().get(0).rule(), false)), plan.timedWidth());

        KernelMethod bf16 = widenToBlocked(dev.strider.kernel.NarrowFormat.BF16, ACT);
        MethodPlan units256 = vector(bf16, 256, DEFAULTS);
        assertEquals("8x8 blocks in registers as 32-bit units of two bf16", units256.variants().get(units256.rule().otherwise()).name(),
                units256.names().toString());
        MethodPlan units512 = vector(bf16, 512, DEFAULTS);
        assertEquals("4x4 blocks in registers as 32-bit units of two bf16", units512.variants().get(units512.rule().otherwise()).name(),
                units512.names().toString());
    }

    private static KernelMethod widenToBlocked(dev.strider.kernel.NarrowFormat format, int[] sizes) {
        return new KernelMethod.Reorder("widen", Param.array("src", ElementType.SHORT).holding(format),
                new NamedLayout("From", TensorLayout.packed("NCHW", sizes)), Param.array("dst", ElementType.FLOAT),
                new NamedLayout("To", TensorLayout.of("NCHW", sizes, "nChw16c")), false, false, 1, 0);
    }

    @Test
    void f16IntoWholeBlocksOfNChw16cTakesTheTileFromJava24OnArraysOnly() {
        KernelMethod f16 = widenToBlocked(dev.strider.kernel.NarrowFormat.F16, ACT);
        MethodPlan plan = vector(f16, 512, DEFAULTS);
        assertEquals(List.of("8x8 blocks in registers as 16-bit lanes", "16x16 blocks in registers as 16-bit lanes",
                "16x16 blocks in registers as 16-bit lanes, offset loads, and-or shifts",
                "16x16 blocks in registers as 16-bit lanes through a tile", "4x4 blocks in registers", "scalar nest"),
                plan.names());
        // from Java 24 where the JDK's f16 conversion serves; the f32 bits in 4x4 blocks elsewhere
        assertEquals(new MethodPlan.Rule(3, 4, true), plan.rule());
        VectorPlan tile = ((VariantPlan.Vectors) plan.variants().get(3).form()).plan();
        assertTrue(tile.widenedInTile() && tile.widenedRows() && !tile.tails().any());
        assertEquals(8, tile.tileBlocks(), "4 KB of 16x16 blocks of shorts");
        assertEquals("blocks16t", plan.variants().get(3).suffix());
        // its 16-bit stages shift as ints before Java 25 and rearrange shorts from it: no reinterpret at all
        assertTrue(ClassPlanner.reinterprets(f16, tile));
        VectorPlan values = plan.variants().get(3).fromJava25().orElseThrow();
        assertFalse(ClassPlanner.reinterprets(f16, values));
        // a 256-bit class holds 16 shorts too: its tile beside its 8x8 blocks widened in lanes
        MethodPlan narrower = vector(f16, 256, DEFAULTS);
        assertEquals("16x16 blocks in registers as 16-bit lanes through a tile", narrower.names().get(1));
        assertEquals(new MethodPlan.Rule(1, 2, true), narrower.rule());
        // no tile: a 128-bit class (8 shorts), bf16 (two lane operations a row), nChw8c (a block's
        // output is not one run), fewer than 16 channels (no whole block), a segment output
        assertTrue(vector(f16, 128, DEFAULTS).names().stream().noneMatch(n -> n.contains("tile")));
        assertTrue(vector(widenToBlocked(dev.strider.kernel.NarrowFormat.BF16, ACT), 512, DEFAULTS).names().stream()
                .noneMatch(n -> n.contains("tile")));
        KernelMethod eight = new KernelMethod.Reorder("widen", Param.array("src", ElementType.SHORT)
                .holding(dev.strider.kernel.NarrowFormat.F16), new NamedLayout("From", TensorLayout.packed("NCHW", ACT)),
                Param.array("dst", ElementType.FLOAT), new NamedLayout("To", TensorLayout.of("NCHW", ACT, "nChw8c")),
                false, false, 1, 0);
        assertTrue(vector(eight, 512, DEFAULTS).names().stream().noneMatch(n -> n.contains("tile")));
        assertTrue(vector(widenToBlocked(dev.strider.kernel.NarrowFormat.F16, new int[] {1, 12, 8, 8}), 512, DEFAULTS)
                .names().stream().noneMatch(n -> n.contains("tile")));
        PlanOptions segments = FROM_JAVA_22;
        KernelMethod intoSegment = f16.withParams(p -> p == f16.output() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
        assertTrue(vector(intoSegment, 512, segments).names().stream().noneMatch(n -> n.contains("tile")));
        assertTrue(vector(f16, 512, segments).names().stream().anyMatch(n -> n.contains("tile")), "arrays, Java 22");
    }

    @Test
    void nestsOverSegmentsAloneCountInLongs() {
        PlanOptions segments = FROM_JAVA_22;
        KernelMethod arrays = toBlocked(ElementType.FLOAT, ACT);
        KernelMethod onSegments = arrays.withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
        KernelMethod mixed = arrays.withParams(p -> p == arrays.output() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
        KernelMethod buffers = arrays.withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.BUFFER) : p);
        for (int bits : List.of(128, 512)) {
            MethodPlan plan = vector(onSegments, bits, segments);
            for (VariantPlan v : plan.variants()) {
                assertTrue(plan.longOffsets(v.loops()), bits + " " + v.name());
            }
            // an array or a buffer (int indices) anywhere keeps int offsets
            for (KernelMethod other : List.of(arrays, mixed, buffers)) {
                MethodPlan p = vector(other, bits, segments);
                assertFalse(p.longOffsets(p.variants().get(0).loops()), bits + " " + other.params());
            }
        }
        // a dim whose offsets come from a table (every third channel of nCw8c from 3) is indexed by its loop variable
        int[] sizes = {1, 24, 9};
        TensorLayout blocked = TensorLayout.of("NCW", sizes, "nCw8c");
        KernelMethod slice = new KernelMethod.Slice("everyThird", Param.array("src", ElementType.FLOAT),
                new NamedLayout("From", blocked),
                dev.strider.layout.SliceWindow.of(blocked, new int[] {0, 3, 0}, new int[] {1, 21, 9}, new int[] {1, 3, 1}),
                Param.array("dst", ElementType.FLOAT), new NamedLayout("To", TensorLayout.packed("NCW", 1, 7, 9)));
        KernelMethod tableOnSegments = slice.withParams(p -> p.tensor() ? p.in(dev.strider.processor.model.Memory.SEGMENT) : p);
        MethodPlan tabled = vector(tableOnSegments, 512, segments);
        assertTrue(tabled.variants().stream().anyMatch(v -> v.loops().nodes().stream().anyMatch(Node::isTable)), tabled.names().toString());
        for (VariantPlan v : tabled.variants()) {
            assertEquals(v.loops().nodes().stream().noneMatch(Node::isTable), tabled.longOffsets(v.loops()), v.name());
        }
    }

    @Test
    void transposeBitsSetsOnlyTheRulesWidth() {
        MethodPlan plan = vector(toBlocked(ElementType.FLOAT, ACT), 512,
                new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, 1L << 20, 256));
        assertEquals(List.of("8x8 blocks in registers", "16x16 blocks in registers",
                "8x8 blocks in registers, offset loads, and-or shifts", "scalar nest"), plan.names());
        // 8x8 floats rearrange in two stages of three, 1.6 MB in cache: the scalar nest before Java 24
        assertEquals(new MethodPlan.Rule(0, 3), plan.rule());
        assertTrue(plan.describe().endsWith("; variant 0 of 4, before Java 24 variant 3, the scalar nest"),
                plan.describe());
    }

    @Test
    void doublesInCacheTakeTheScalarNestBeforeJava24() {
        MethodPlan plan = vector(toBlocked(ElementType.DOUBLE, ACT), 256, DEFAULTS);
        // doubles: no stage shifts, so only the offset loads make another form
        assertEquals(List.of("4x4 blocks in registers", "4x4 blocks in registers, offset loads", "scalar nest"),
                plan.names());
        assertEquals(new MethodPlan.Rule(0, 2), plan.rule());
        // the tuner times before Java 25 the rule's width, here the scalar nest's: so variant 0's
        // 4x4 blocks (256 bits) beside it, as without a width named
        KernelMethod doubles = toBlocked(ElementType.DOUBLE, ACT);
        ClassPlan classPlan = ClassPlanner.vector(new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR),
                List.of(doubles)), DEFAULTS, 256);
        assertEquals(new ClassPlan.TimedWidth(256, 256, plan.rule(), false), classPlan.timedWidth().get(doubles.key()));
        // a 128-bit class holds 2 doubles: no block of 4, so no variants
        MethodPlan narrow = vector(toBlocked(ElementType.DOUBLE, ACT), 128, DEFAULTS);
        assertEquals(List.of("scalar nest"), narrow.names());
        assertTrue(narrow.describe().endsWith("scalar (a transpose in registers takes blocks of 4 lanes; 128 bits hold 2)"),
                narrow.describe());
    }

    @Test
    void contiguousAndUnsupportedMethodsHaveOneVariant() {
        TensorLayout blocked = TensorLayout.of("NCHW", ACT, "nChw16c");
        KernelMethod relu = new KernelMethod.Unary("relu", UnaryOp.of(UnaryKind.RELU, 1, 0),
                Param.array("in", ElementType.FLOAT), new NamedLayout("In", blocked),
                Param.array("out", ElementType.FLOAT), new NamedLayout("Out", blocked));
        MethodPlan vectors = vector(relu, 512, DEFAULTS);
        assertEquals(List.of("vectors of 16"), vectors.names());
        assertFalse(vectors.hasVariants());
        TensorLayout plain = TensorLayout.packed("NCHW", ACT);
        KernelMethod div = new KernelMethod.Binary("div", BinaryOp.DIV, Param.array("a", ElementType.INT),
                new NamedLayout("A", plain), Param.array("b", ElementType.INT), new NamedLayout("B", plain),
                Param.array("out", ElementType.INT), new NamedLayout("Out", plain));
        MethodPlan scalar = vector(div, 256, DEFAULTS);
        assertEquals(List.of("scalar nest"), scalar.names());
        assertTrue(scalar.describe().endsWith("; scalar (integer division by zero throws)"), scalar.describe());
        assertEquals("div(int[], int[], int[])", scalar.key());
    }

    @Test
    void scalarTransposesCarryTiledAndUntiledNests() {
        KernelMethod small = reorder("toNhwc", ElementType.FLOAT, TensorLayout.packed("NCHW", ACT),
                TensorLayout.of("NCHW", ACT, "nhwc"));
        int[] big = {1, 64, 256, 256};
        KernelMethod large = reorder("toNhwcLarge", ElementType.FLOAT, TensorLayout.packed("NCHW", big),
                TensorLayout.of("NCHW", big, "nhwc"));
        KernelMethod copy = reorder("copy", ElementType.FLOAT, TensorLayout.packed("NCHW", ACT),
                TensorLayout.packed("NCHW", ACT));
        KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR), List.of(small, large, copy));
        ClassPlan plan = ClassPlanner.scalar(set, DEFAULTS);
        // below 2^20 elements untiled by rule, above tiled; a copy transposes nothing
        assertEquals(List.of("scalar nest", "scalar nest in 16x16 tiles"), plan.methods().get(0).names());
        assertEquals(MethodPlan.Rule.always(0), plan.methods().get(0).rule());
        assertEquals(MethodPlan.Rule.always(1), plan.methods().get(1).rule());
        assertTrue(plan.methods().get(1).chosen().describe().contains("Block"), plan.methods().get(1).describe());
        assertFalse(plan.methods().get(0).chosen().describe().contains("Block"), plan.methods().get(0).describe());
        assertEquals(List.of("scalar nest"), plan.methods().get(2).names());
        assertEquals(Map.of("toNhwc(float[], float[])", List.of("scalar nest", "scalar nest in 16x16 tiles"),
                "toNhwcLarge(float[], float[])", List.of("scalar nest", "scalar nest in 16x16 tiles")), plan.variants());
    }

    @Test
    void threadsSplitEachVariantAtItsOwnNode() {
        // nchw -> nChw16c with 16 double channels: the blocks split hw in 4x4 steps (784), the scalar nest hw (3136)
        int[] sizes = {1, 16, 56, 56};
        KernelMethod m = toBlocked(ElementType.DOUBLE, sizes);
        KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                List.of(m));
        PlanOptions everything = new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, 1, 128);
        MethodPlan plan = ClassPlanner.vector(set, everything, 256).methods().get(0);
        assertTrue(plan.split());
        assertEquals(List.of(784, 784, 3136), plan.variants().stream().map(VariantPlan::steps).toList());
        MethodPlan threads = ClassPlanner.threads(set, everything).methods().get(0);
        assertEquals("the one-thread class's, its split node in chunks over Parallel.pool()", threads.describe());
        MethodPlan direct = ClassPlanner.threads(set, DEFAULTS).methods().get(0);
        assertEquals("the one-thread class's, called directly (fewer than 1048576 elements)", direct.describe());
    }

    @Test
    void theByteBudgetHalvesTheUnrollLimit() {
        // a fill of 4096 floats fully unrolled would be 4096 statements: halved until it fits
        TensorLayout row = TensorLayout.packed("W", 4096);
        KernelMethod fill = new KernelMethod.Fill("fill", Param.array("dst", ElementType.FLOAT),
                new NamedLayout("Row", row), Param.scalar("value", ElementType.FLOAT));
        KernelSet set = new KernelSet("p", List.of("Ops"), List.of(Target.SCALAR), List.of(fill));
        VariantPlan v = ClassPlanner.scalar(set, new PlanOptions(4096, Planner.TILE_ABOVE_ELEMENTS, 1L << 20, 128))
                .methods().get(0).chosen();
        assertTrue(v.unrollLimit() < 4096 && v.unrollLimit() >= 64, "unroll limit " + v.unrollLimit());
        assertTrue(v.estimatedBytes() <= ClassPlanner.METHOD_BYTES_BUDGET, v.estimatedBytes() + " bytes");
        assertEquals("fill(float[], float)", fill.key());
    }
}

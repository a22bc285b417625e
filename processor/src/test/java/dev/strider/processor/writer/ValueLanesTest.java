package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Memory;
import dev.strider.processor.plan.ClassPlan;
import dev.strider.processor.plan.ClassPlanner;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.PlanOptions;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.VariantPlan;
import dev.strider.processor.plan.VectorPlan;
import dev.strider.runtime.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Variants that reinterpret on arrays carry a second form in value lanes ({@code
 * VectorPlan.withValueLanes}), which the class runs from Java 25: then no vector method the JVM
 * runs warms up through the Vector API's reinterpret, whose Java code pollutes the JDK's segment
 * store profiles for every segment kernel of the JVM. The planner's {@code reinterprets} must say
 * exactly what the writer renders, the value-lane forms hold no reinterpret and cast every vector
 * they store to its exact class ({@code VectorPlan.exactStores}), and every form keeps
 * every bit (NaN payloads included) on the JDK running the test: the value-lane forms on JDK 25,
 * the reinterpreting ones before.
 */
class ValueLanesTest {

    private static final JavaApis SEGMENTS = new JavaApis(JavaApis.FFM_RELEASE, true, true);

    private static final int[] IMAGE = {1, 3, 8, 24};

    /** The declarations of {@link SegmentLanesTest#moves}, a scaled f32 deinterleave, all on arrays; named apart. */
    private static List<KernelMethod> onArrays() {
        List<KernelMethod> methods = new ArrayList<>();
        for (KernelMethod m : SegmentLanesTest.moves()) {
            methods.add(SegmentLanesTest.in(m, Memory.ARRAY, Memory.ARRAY));
        }
        methods.add(Samples.convert("scaled", ElementType.FLOAT, TensorLayout.of("NCHW", IMAGE, "nhwc"), ElementType.FLOAT,
                TensorLayout.of("NCHW", IMAGE, "nchw"), false, 0.5, 0));
        // f32 narrowed into s8 and u8 in float lanes: the rounding sum's bits, or whole floats converted
        TensorLayout planar = TensorLayout.of("NCHW", IMAGE, "nchw");
        methods.add(Samples.convert("toS8", ElementType.FLOAT, planar, false, ElementType.BYTE, planar, false, 0.5, 0));
        methods.add(Samples.convert("toU8", ElementType.FLOAT, planar, false, ElementType.BYTE, planar, true, 3, 127.5));
        // f16 widened to f32, transposed into blocks and in place: its multiply takes float lanes
        methods.add(Samples.widen("f16Blocked", NarrowFormat.F16, planar, TensorLayout.of("NCHW", IMAGE, "nChw16c")));
        methods.add(Samples.widen("f16InPlace", NarrowFormat.F16, planar, planar));
        return methods;
    }

    /** The same declarations on arrays, and with an array on one side and a segment on the other, a set each. */
    private static List<KernelSet> sets(boolean segments) {
        List<KernelSet> sets = new ArrayList<>(List.of(SegmentLanesTest.set("arrays", onArrays())));
        if (segments) {
            sets.add(SegmentLanesTest.set("toSegment",
                    onArrays().stream().map(m -> SegmentLanesTest.in(m, Memory.ARRAY, Memory.SEGMENT)).toList()));
            sets.add(SegmentLanesTest.set("fromSegment",
                    onArrays().stream().map(m -> SegmentLanesTest.in(m, Memory.SEGMENT, Memory.ARRAY)).toList()));
        }
        return sets;
    }

    @Test
    void thePlannerSaysWhichFormsReinterpretAndTheValueLanesHoldNone() {
        int twins = 0;
        int plain = 0;
        for (KernelSet set : sets(true)) {
        for (int bits : VectorWriter.SHAPES) {
            for (int transposeBits : List.of(128, 256, 512)) {
                PlanOptions o = new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT, Planner.TILE_ABOVE_ELEMENTS,
                        ProcessorOptions.DEFAULT_THREADS_ABOVE, transposeBits, SEGMENTS);
                ClassPlan plan = ClassPlanner.vector(set, o, bits);
                String source = SegmentLanesTest.code(VectorWriter.write(plan).toString());
                for (MethodPlan mp : plan.methods()) {
                    KernelMethod m = mp.method();
                    for (VariantPlan v : mp.variants()) {
                        if (!(v.form() instanceof VariantPlan.Vectors vectors)) {
                            continue;
                        }
                        String where = bits + "/" + transposeBits + " " + m.name() + " " + v.name();
                        String body = body(source, m, v.suffix(), mp.hasVariants() || v.fromJava25().isPresent());
                        boolean reinterprets = ClassPlanner.reinterprets(m, vectors.plan());
                        assertEquals(reinterprets, body.contains("reinterpretAs"), where + ":\n" + body);
                        assertFalse(body.contains("_CLASS.cast("), "casts to the exact class only from Java 25: " + where);
                        if (v.fromJava25().isEmpty()) {
                            // only a bf16 widening into an array, and an f16 widening into any memory (its
                            // multiply takes float lanes), keep a reinterpret in their lanes
                            assertTrue(!reinterprets || ClassPlanner.widensBf16(m) && m.output().memory() == Memory.ARRAY
                                    || ClassPlanner.widensF16(m), where);
                            plain++;
                            continue;
                        }
                        VectorPlan values = v.fromJava25().get();
                        String twin = body(source, m, v.fromJava25Suffix(), true);
                        // blocks of bf16 units reinterpret in both forms (shorts read as ints, ints
                        // stored as floats), as every bf16 widening into an array does
                        boolean units = values.units() && ClassPlanner.widensBf16(m) && m.output().memory() == Memory.ARRAY;
                        assertEquals(units, twin.contains("reinterpretAs"), where + ":\n" + twin);
                        assertFalse(twin.contains("LSHR"), "no stage shifts: " + where);
                        assertEquals(units, ClassPlanner.reinterprets(m, values), where);
                        // every store names its vector's exact class (VectorPlan.exactStores)
                        assertTrue(values.exactStores(), where);
                        int stores = SegmentLanesTest.count(twin, ".intoArray(") + SegmentLanesTest.count(twin, ".intoMemorySegment(");
                        assertTrue(stores > 0, where);
                        assertEquals(stores, SegmentLanesTest.count(twin, "_CLASS.cast("), where + ":\n" + twin);
                        twins++;
                    }
                }
            }
        }
        }
        assertTrue(twins > 100 && plain > 10, twins + " value-lane forms, " + plain + " vector forms without one");
    }

    @Test
    void everyFormKeepsEveryBitOnArraysAndBesideSegments() {
        Random r = new Random(20261127L);
        int checked = 0;
        for (KernelSet set : sets(OffHeapKernelsTest.SEGMENTS)) {
        for (int transposeBits : List.of(128, 512)) {
            List<JavaFile> files = Writers.everyTarget(set, ProcessorOptions.DEFAULT_UNROLL_LIMIT, 1 << 30,
                    transposeBits, OffHeapKernelsTest.APIS);
            String vector = files.stream().filter(f -> f.typeSpec().name().endsWith("_Vector512")).findFirst()
                    .orElseThrow().toString();
            assertTrue(vector.contains("VALUE_LANES"), "the classes carry value-lane forms");
            List<Object> targets = GeneratedVersusGenericTest.instances(set,
                    CompiledKernels.compile(set, files, OffHeapKernelsTest.RELEASE));
            for (KernelMethod m : set.methods()) {
                for (Object target : targets) {
                    SegmentLanesTest.check(target, m, r);
                    checked++;
                }
            }
        }
        }
        System.out.println("[value lanes] " + checked + " calls bit for bit, NaN payloads included, in the "
                + (Device.current().valueLanes() ? "value-lane" : "reinterpreting") + " forms (" + Device.current() + ")");
        assertTrue(checked > 100, "cases: " + checked);
    }

    @Test
    void theJava25FormsOf512BitClassesSelectEachRowFromTwoVectors() {
        // a compilation for Java 24 or later (JavaApis.twoVectorSelects); the code is checked on any
        // JDK, and everyFormKeepsEveryBitOnArraysAndBesideSegments runs it on JDK 25
        JavaApis selects = new JavaApis(25, true, true, true);
        int selected = 0;
        for (int transposeBits : List.of(256, 512)) {
            PlanOptions o = new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT, Planner.TILE_ABOVE_ELEMENTS,
                    ProcessorOptions.DEFAULT_THREADS_ABOVE, transposeBits, selects);
            ClassPlan plan = ClassPlanner.vector(SegmentLanesTest.set("arrays", onArrays()), o, 512);
            String source = SegmentLanesTest.code(VectorWriter.write(plan).toString());
            for (MethodPlan mp : plan.methods()) {
                for (VariantPlan v : mp.variants()) {
                    if (v.fromJava25().isEmpty()) {
                        continue;
                    }
                    VectorPlan values = v.fromJava25().get();
                    String where = transposeBits + " " + mp.method().name() + " " + v.name();
                    String twin = body(source, mp.method(), v.fromJava25Suffix(), true);
                    List<Integer> stages = values.selectStages();
                    if (stages.isEmpty()) {
                        assertFalse(twin.contains("selectFrom"), where);
                        continue;
                    }
                    // one select per row and selected stage of every whole block (each stores its rows
                    // straight from the last stage's selects), no rearrange left there
                    int storedSelects = SegmentLanesTest.count(twin, "_CLASS.cast(selectLo1.selectFrom(") + SegmentLanesTest.count(twin, "_CLASS.cast(selectHi1.selectFrom(");
                    int blocks = storedSelects / values.lanes();
                    assertTrue(blocks > 0 && storedSelects % values.lanes() == 0, where + "\n" + twin);
                    // every block declares its index vectors, from integers (no float[] for the nest's
                    // stores to alias), and no vector lives across a loop from before it (OSR)
                    if (twin.contains("for (")) {
                        assertFalse(twin.substring(0, twin.indexOf("for (")).contains("select"), where + "\n" + twin);
                    }
                    for (int k : stages) {
                        // whole blocks select at every stage but the offset loads' (a partial block
                        // blends where its pairs have a zero row); a block declares only what it
                        // selects with
                        boolean everyBlockSelects = !(k == values.lanes() / 2 && values.stages().offsetLoads())
                                && !values.tails().any();
                        for (String local : List.of("selectLo" + k, "selectHi" + k)) {
                            int declarations = SegmentLanesTest.count(twin, " " + local + " = ");
                            assertTrue(!everyBlockSelects || declarations >= blocks, where + ": " + local + " declared "
                                    + declarations + " times for " + blocks + " whole blocks\n" + twin);
                            assertTrue(SegmentLanesTest.count(twin, local + ".selectFrom(") >= declarations,
                                    where + ": " + local + " declared where no select uses it\n" + twin);
                            assertEquals(declarations, SegmentLanesTest.count(twin, " " + local + " = (FloatVector) IntVector.fromArray(")
                                    + SegmentLanesTest.count(twin, " " + local + " = (DoubleVector) LongVector.fromArray(")
                                    + SegmentLanesTest.count(twin, " " + local + " = IntVector.fromArray(")
                                    + SegmentLanesTest.count(twin, " " + local + " = LongVector.fromArray("), where + ": " + local);
                        }
                    }
                    if (!values.tails().any()) {
                        assertEquals(blocks * stages.size() * values.lanes(), SegmentLanesTest.count(twin, ".selectFrom("), where + "\n" + twin);
                        assertEquals(0, SegmentLanesTest.count(twin, ".rearrange("), where);
                    }
                    selected++;
                }
            }
        }
        assertTrue(selected >= 6, selected + " selected forms");
    }

    /**
     * The code of variant {@code suffix} of {@code m}: its private method where it has one, else
     * the method that holds its nest ({@code m_range} for THREADS, or {@code m}).
     */
    private static String body(String source, KernelMethod m, String suffix, boolean ownMethod) {
        List<String> names = ownMethod ? List.of(m.name() + "_" + suffix) : List.of(m.name() + "_range", m.name());
        for (String name : names) {
            int at = source.indexOf(" void " + name + "(");
            if (at >= 0) {
                return source.substring(at, source.indexOf("\n    }\n", at));
            }
        }
        throw new AssertionError("no method " + names + " in\n" + source);
    }
}

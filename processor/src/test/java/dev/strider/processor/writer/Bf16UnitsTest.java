package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.ClassPlanner;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.PlanOptions;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.VariantPlan;
import dev.strider.processor.plan.VectorPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * bf16 widened to f32 in blocks of 32-bit units ({@code VectorPlan.withUnits}): each input row read
 * as ints of two neighbouring pixels, transposed as ints, each unit stored as two f32 rows. Every
 * VECTOR class and variant runs against the generic kernel, bit for bit (NaN payloads, infinities,
 * signed zeros and subnormal codes among random 16-bit patterns), over shapes whose pixel runs end in
 * a partial pair of blocks, odd pixel counts, partial channel blocks, the other directions the
 * units serve (planar into interleaved, blocked into planar, weights), views with gaps and offsets,
 * under THREADS, tiled, and compiled by the JIT.
 */
class Bf16UnitsTest {

    private static final int[] SPECIAL = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0xFFFF, 0x0001, 0x807F, 0x3F80};

    private static KernelMethod widen(String name, int[] sizes, String from, String to) {
        return widen(name, TensorLayout.of("NCHW", sizes, from), TensorLayout.of("NCHW", sizes, to));
    }

    static List<KernelMethod> methods() {
        return List.of(
                // 3136 pixels: whole pairs of 16x16 blocks, and the goal's shape at 16 channels
                widen("toBlocked", new int[] {1, 16, 56, 56}, "nchw", "nChw16c"),
                // 144 pixels: 4 pairs of 16x16 blocks and 16 left over; 17 channels: a block of one
                widen("toBlockedTail", new int[] {1, 17, 12, 12}, "nchw", "nChw16c"),
                // 63 pixels, two images: an odd pixel left after every width's pairs
                widen("toBlockedOdd", new int[] {2, 32, 7, 9}, "nchw", "nChw16c"),
                // 784 pixels: whole pairs of 8x8 blocks, not of 16x16 ones
                widen("toBlockedHalf", new int[] {1, 16, 28, 28}, "nchw", "nChw16c"),
                // 96 pixels of 48 channels: three pairs of 16x16 blocks per channel block, in two images
                widen("toBlockedWide", new int[] {2, 48, 4, 24}, "nchw", "nChw16c"),
                widen("toBlocked8", new int[] {1, 20, 6, 6}, "nchw", "nChw8c"),
                widen("toInterleavedWide", new int[] {1, 32, 6, 16}, "nchw", "nhwc"),
                widen("toInterleaved", new int[] {1, 24, 5, 13}, "nchw", "nhwc"),
                // pairs of channels: the input's sequential node is the block's 16 channels
                widen("fromBlocked", new int[] {1, 19, 5, 7}, "nChw16c", "nchw"),
                // 4 channels a block: no 16-bit block fits at 256 or 512 bits, 4x4 units do
                widen("toBlocked4", new int[] {1, 16, 8, 16}, "nchw", "nChw4c"),
                widen("weights", TensorLayout.of("OIHW", new int[] {20, 18, 3, 3}, "oihw"),
                        TensorLayout.of("OIHW", new int[] {20, 18, 3, 3}, "OIhw16i16o")),
                // views: an input with gaps between its rows, an output with gaps and base offsets
                widen("gapIn", TensorLayout.strided("NCHW", new int[] {1, 20, 6, 10}, new int[] {20 * 6 * 13, 6 * 13, 13, 1}),
                        TensorLayout.of("NCHW", new int[] {1, 20, 6, 10}, "nChw8c")),
                widen("gapOut", TensorLayout.of("NCHW", new int[] {1, 16, 10, 20}, "nchw").withOffset(3),
                        TensorLayout.strided("NCHW", new int[] {1, 16, 10, 20}, new int[] {4000, 1, 20 * 20 + 7, 20})
                                .withOffset(5)),
                widen("hw", TensorLayout.of("HW", new int[] {37, 35}, "hw"), TensorLayout.of("HW", new int[] {37, 35}, "wh")));
    }

    private static KernelMethod widen(String name, TensorLayout from, TensorLayout to) {
        return Samples.widen(name, NarrowFormat.BF16, from, to);
    }

    @Test
    void everyClassAndVariantWidensAsTheGenericKernelDoes() {
        KernelSet set = new KernelSet("units", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods());
        Map<String, Integer> unitsRan = run(set, vectorClasses(set, JavaApis.JAVA_17, Long.MAX_VALUE), 17, false);
        System.out.println("[bf16 units] variants run: " + unitsRan);
        // every class ran units of its own width and the 4x4 ones, on most of the shapes
        for (String expected : List.of("Vector128 4x4", "Vector256 8x8", "Vector256 4x4", "Vector512 16x16",
                "Vector512 4x4")) {
            int runs = unitsRan.getOrDefault(expected + " blocks in registers as 32-bit units of two bf16", 0);
            assertTrue(runs >= 3, expected + " units ran on " + runs + " shapes: " + unitsRan);
        }
    }

    /**
     * The forms a class compiled for Java 25 runs from Java 25 ({@code Device.valueLanes()}): the
     * units' ints in value lanes, selected from two vectors at 512 bits. The code is checked on any
     * JDK; on JDK 25 and later every class and variant runs against the generic kernel too.
     */
    @Test
    void theJava25FormsSelectTheUnitsAndWidenAsTheGenericKernelDoes() {
        KernelSet set = new KernelSet("units25", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods());
        List<JavaFile> files = vectorClasses(set, new JavaApis(25, true, true, true), Long.MAX_VALUE);
        String vector512 = files.get(2).toString();
        String twin = vector512.substring(vector512.indexOf("private void toBlocked_blocks16uv("));
        twin = twin.substring(0, twin.indexOf("\n    }\n"));
        // 16x16 units: 4 stages of 16 selects a block, from int index vectors, and no rearrange
        assertEquals(64, SegmentLanesTest.count(twin, ".selectFrom("), twin);
        assertEquals(0, SegmentLanesTest.count(twin, ".rearrange("), twin);
        assertTrue(twin.contains("IntVector selectLo8 = IntVector.fromArray(INT_512, "), twin);
        if (Runtime.version().feature() < 25) {
            return;
        }
        Map<String, Integer> unitsRan = run(set, files, 25, false);
        System.out.println("[bf16 units] Java 25 forms run: " + unitsRan);
        assertTrue(unitsRan.getOrDefault("Vector512 16x16 blocks in registers as 32-bit units of two bf16", 0) >= 3,
                unitsRan.toString());
    }

    /**
     * THREADS over every class and variant, every method split (at least one element), and a nest
     * above the tile threshold (Y tiled by {@code Planner.VECTOR_TILE}).
     */
    @Test
    void inChunksAndTiledAsTheGenericKernelDoes() {
        KernelSet set = new KernelSet("unitsThreads", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                methods());
        List<JavaFile> files = vectorClasses(set, JavaApis.JAVA_17, 1);
        files.add(Writers.threads(set, 1));
        Map<String, Integer> unitsRan = run(set, files, 17, true);
        assertTrue(unitsRan.getOrDefault("Vector512 16x16 blocks in registers as 32-bit units of two bf16", 0) >= 3,
                unitsRan.toString());
        KernelSet tiled = new KernelSet("unitsTiled", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR),
                List.of(widen("tiled", new int[] {1, 64, 130, 130}, "nchw", "nChw16c")));
        List<JavaFile> tiledFiles = vectorClasses(tiled, JavaApis.JAVA_17, Long.MAX_VALUE);
        String tiledSource = tiledFiles.get(2).toString();
        // 16,900 pixels: 264 tiles of 64 and one of 4
        assertTrue(tiledSource.contains("hwBlock[265] > c8[2] > hw16[4] > unrolled: hw[16] > c[8]"),
                "Y tiled by 64 in pairs of 8x8 blocks of units:\n"
                + tiledSource.lines().filter(l -> l.contains("32-bit units") && l.contains("Loop nest")).toList());
        unitsRan = run(tiled, tiledFiles, 17, false);
        // each class's units of its width that fit, and its 4x4 ones
        assertEquals(5, unitsRan.size(), unitsRan.toString());
    }

    /**
     * The units variants once the JIT has compiled them: each of every class called 20,000 times on a
     * small tensor, its output checked every 5,000 calls (the tests above call each kernel once, so
     * the Vector API runs as Java code there).
     */
    @Test
    void compiledUnitsWidenAsTheGenericKernelDoes() throws ReflectiveOperationException {
        int release = Runtime.version().feature() >= 25 ? 25 : 17;
        JavaApis apis = release >= 25 ? new JavaApis(25, true, true, true) : JavaApis.JAVA_17;
        List<KernelMethod> ms = List.of(widen("toBlocked", new int[] {1, 16, 12, 16}, "nchw", "nChw16c"),
                widen("hw", TensorLayout.of("HW", new int[] {40, 64}, "hw"), TensorLayout.of("HW", new int[] {40, 64}, "wh")));
        KernelSet set = new KernelSet("unitsCompiled", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), ms);
        List<JavaFile> files = vectorClasses(set, apis, Long.MAX_VALUE);
        CompiledKernels compiled = CompiledKernels.compile(set, files, release);
        Random r = new Random(3);
        List<String> mismatches = new ArrayList<>();
        int runs = 0;
        for (JavaFile f : files) {
            String name = f.typeSpec().name();
            for (KernelMethod m : ms) {
                List<String> names = compiled.variants(name).get(m.key());
                for (int k = 0; names != null && k < names.size(); k++) {
                    if (!names.get(k).contains("32-bit units")) {
                        continue;
                    }
                    Object kernels = compiled.create(name, k);
                    short[] src = input(m.layoutOf(m.params().get(0)).layout(), r);
                    float[] expected = garbage(m.layoutOf(m.output()).layout().bufferSize());
                    GeneratedVersusGenericTest.generic(m, List.of(src.clone(), expected));
                    float[] actual = garbage(expected.length);
                    for (int call = 1; call <= 20_000; call++) {
                        GeneratedVersusGenericTest.call(kernels.getClass(), kernels, m.name(), new Object[] {src, actual});
                        if (call % 5_000 == 0 && !bitsEqual(expected, actual)) {
                            mismatches.add(name + "." + m.name() + " " + names.get(k) + " after " + call + " calls");
                            break;
                        }
                    }
                    runs++;
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n", mismatches));
        }
        assertTrue(runs >= 5, runs + " units variants run");
    }

    private static boolean bitsEqual(float[] expected, float[] actual) {
        for (int i = 0; i < actual.length; i++) {
            if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(expected[i])) {
                return false;
            }
        }
        return true;
    }

    /** The VECTOR classes of {@code set} at every shape; methods of at least {@code threadsAbove} elements split. */
    private static List<JavaFile> vectorClasses(KernelSet set, JavaApis apis, long threadsAbove) {
        PlanOptions o = new PlanOptions(64, Planner.TILE_ABOVE_ELEMENTS, threadsAbove,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS, apis);
        List<JavaFile> files = new ArrayList<>();
        for (int bits : VectorWriter.SHAPES) {
            files.add(VectorWriter.write(ClassPlanner.vector(set, o, bits)));
        }
        return files;
    }

    /**
     * Every class of {@code files} (compiled for {@code release}) and each of its variants against the
     * generic kernel, bit for bit; how many shapes each class's units variants ran.
     */
    private static Map<String, Integer> run(KernelSet set, List<JavaFile> files, int release, boolean threads) {
        Random r = new Random(32);
        Map<String, Integer> unitsRan = new TreeMap<>();
        CompiledKernels compiled = CompiledKernels.compile(set, files, release);
        List<String> mismatches = new ArrayList<>();
        for (JavaFile f : files) {
            String name = f.typeSpec().name();
            if (!name.contains("_Vector")) {
                continue;
            }
            Map<String, List<String>> variants = compiled.variants(name);
            List<Object> instances = new ArrayList<>(List.of(compiled.create(name)));
            instances.addAll(compiled.everyVariant(name));
            for (KernelMethod m : set.methods()) {
                TensorLayout in = m.layoutOf(m.params().get(0)).layout();
                TensorLayout out = m.layoutOf(m.output()).layout();
                short[] src = input(in, r);
                float[] expected = garbage(out.bufferSize());
                GeneratedVersusGenericTest.generic(m, List.of(src.clone(), expected));
                List<String> names = variants.get(m.key());
                for (int k = 0; k < instances.size(); k++) {
                    String variant = k == 0 ? "rule" : names != null && k - 1 < names.size() ? names.get(k - 1) : "rule";
                    float[] actual = garbage(out.bufferSize());
                    Object kernels = threads ? compiled.threadsOver(set.generatedName(Target.THREADS), instances.get(k))
                            : instances.get(k);
                    GeneratedVersusGenericTest.call(kernels.getClass(), kernels, m.name(), new Object[] {src.clone(), actual});
                    for (int i = 0; i < actual.length; i++) {
                        if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(expected[i])) {
                            mismatches.add(name + "." + m.name() + " " + variant + " at " + i + ": "
                                    + Integer.toHexString(Float.floatToRawIntBits(actual[i])) + " for "
                                    + Integer.toHexString(Float.floatToRawIntBits(expected[i])));
                            break;
                        }
                    }
                    if (k > 0 && variant.contains("32-bit units")) {
                        unitsRan.merge(name.substring(name.lastIndexOf('_') + 1) + " " + variant, 1, Integer::sum);
                    }
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " kernels differ from the generic one:\n" + String.join("\n", mismatches));
        }
        return unitsRan;
    }

    /**
     * The plan of the goal's reorder (bf16 nchw to nChw16c 1x64x56x56) at 512 bits: 16x16 and 4x4
     * units beside the 16-bit blocks and the f32 bits' blocks, the rule taking the 16x16 units
     * from Java 24 and the 4x4 ones before (the measurements are at {@code ClassPlanner.unitsRule}).
     */
    @Test
    void theRuleTakesTheWideUnitsFromJava24AndTheNarrowOnesBefore() {
        KernelMethod m = widen("goal", new int[] {1, 64, 56, 56}, "nchw", "nChw16c");
        KernelSet set = new KernelSet("goal", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(m));
        MethodPlan plan = ClassPlanner.plan(set, Target.VECTOR, 512, new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT,
                Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS)).methods().get(0);
        List<String> names = plan.variants().stream().map(VariantPlan::name).toList();
        assertEquals(List.of("8x8 blocks in registers as 16-bit lanes", "16x16 blocks in registers as 16-bit lanes",
                "16x16 blocks in registers as 32-bit units of two bf16", "4x4 blocks in registers as 32-bit units of two bf16",
                "4x4 blocks in registers", "scalar nest"), names);
        assertEquals(new MethodPlan.Rule(2, 3), plan.rule());
        VectorPlan wide = ((VariantPlan.Vectors) plan.variants().get(2).form()).plan();
        assertTrue(wide.units() && !wide.widenedRows() && !wide.tails().any());
        // 32 pixels of 16 channels a block: the Y node holds two rows a lane
        assertEquals(32, wide.loops().nodes().get(wide.leaf()).extent());
        assertEquals(16, wide.loops().nodes().get(wide.leaf() + 1).extent());
        // 28x28 = 784 pixels: 24 pairs of 16x16 blocks and 16 pixels left, too many to go element by
        // element within the byte budget; 49 whole pairs of 8x8 blocks
        KernelMethod half = widen("half", new int[] {1, 64, 28, 28}, "nchw", "nChw16c");
        MethodPlan halfPlan = ClassPlanner.plan(new KernelSet("half", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR),
                List.of(half)), Target.VECTOR, 512, new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT,
                Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS)).methods().get(0);
        List<String> halfNames = halfPlan.variants().stream().map(VariantPlan::name).toList();
        int eight = halfNames.indexOf("8x8 blocks in registers as 32-bit units of two bf16");
        assertTrue(eight > 0 && !halfNames.contains("16x16 blocks in registers as 32-bit units of two bf16"), halfNames.toString());
        assertEquals(new MethodPlan.Rule(eight, halfNames.indexOf("4x4 blocks in registers as 32-bit units of two bf16")),
                halfPlan.rule());
        // nChw4c: 4 channels a block, where no 8x8 block of 16-bit lanes fits; 4x4 units do, before the rule's own form
        KernelMethod four = widen("four", new int[] {1, 64, 56, 56}, "nchw", "nChw4c");
        MethodPlan fourPlan = ClassPlanner.plan(new KernelSet("four", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR),
                List.of(four)), Target.VECTOR, 512, new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT,
                Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS)).methods().get(0);
        assertEquals(List.of("4x4 blocks in registers as 32-bit units of two bf16", "scalar nest"),
                fourPlan.variants().stream().map(VariantPlan::name).toList());
        assertEquals(MethodPlan.Rule.always(0), fourPlan.rule());
    }

    /** Random 16-bit patterns (NaNs and infinities among them) with the special codes sprinkled in, pad lanes zero. */
    private static short[] input(TensorLayout layout, Random r) {
        short[] a = new short[layout.bufferSize()];
        int[] index = new int[layout.rank()];
        do {
            int code = r.nextInt(8) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : r.nextInt(1 << 16);
            a[layout.offsetOf(index)] = (short) code;
        } while (TensorLayout.increment(index, layout.sizes()));
        return a;
    }

    private static float[] garbage(int n) {
        float[] a = new float[n];
        java.util.Arrays.fill(a, Float.intBitsToFloat(0x7FBADBAD));
        return a;
    }
}

package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.BinaryOp;
import dev.strider.kernel.Convert;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.RandomLayouts;
import dev.strider.UnaryKind;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import dev.strider.Target;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import com.palantir.javapoet.JavaFile;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.plan.Planner;
import dev.strider.runtime.Parallel;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Differential test: random declarations (plain, strided, padded, broadcast, blocked with tails,
 * slices with negative strides, conversions; all six element types) are generated for every
 * target — SCALAR, VECTOR at 128, 256 and 512 bits, THREADS over SCALAR and over VECTOR —
 * compiled in memory, run, and compared element for element — gaps and pad lanes included —
 * with the generic kernels on the same inputs.
 */
class GeneratedVersusGenericTest {

    private static final int BATCHES = 10;
    private static final int METHODS_PER_BATCH = 40;
    private static final ForkJoinPool POOL = new ForkJoinPool(4);

    @BeforeAll
    static void fourWorkers() {
        // Chunks really run in parallel, even on a machine of one or two cores.
        Parallel.usePool(POOL);
    }

    @Test
    void generatedKernelsComputeWhatTheGenericOnesCompute() {
        long seed = Long.getLong("strider.seed", 20261121L);
        Random r = new Random(seed);
        int cases = 0;
        Map<String, Integer> forms = new TreeMap<>();
        for (int batch = 0; batch < BATCHES; batch++) {
            List<KernelMethod> methods = new ArrayList<>();
            for (int i = 0; i < METHODS_PER_BATCH; i++) {
                methods.add(randomMethod(r, "m" + i));
            }
            KernelSet set = new KernelSet("diff" + batch, List.of("Ops"),
                    List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods);
            // A small unroll limit in odd batches exercises loops where even batches unroll; THREADS
            // splits every method in even batches and only the larger ones in odd batches. Every
            // other pair of batches transposes in blocks as wide as each class's vectors.
            int unroll = batch % 2 == 0 ? 64 : 2;
            long threadsAbove = batch % 2 == 0 ? 1 : 200;
            int transposeBits = batch / 2 % 2 == 0 ? ProcessorOptions.DEFAULT_TRANSPOSE_BITS : 512;
            List<JavaFile> files = everyTarget(set, unroll, Planner.TILE_ABOVE_ELEMENTS, threadsAbove, transposeBits);
            countForms(files, forms);
            List<Object> targets = instances(set, CompiledKernels.compile(set, files));
            for (KernelMethod m : methods) {
                for (Object target : targets) {
                    check(target, m, r);
                    cases++;
                }
            }
        }
        System.out.println("[differential] " + cases + " generated-vs-generic cases passed (seed " + seed
                + "); vector forms in the generated methods: " + forms);
        // The random declarations must reach every vector form, or this test checks less than it claims.
        for (String form : FORMS) {
            org.junit.jupiter.api.Assertions.assertTrue(forms.getOrDefault(form, 0) > 0, form + ": " + forms);
        }
    }

    /** The classes of every target for {@code set}: SCALAR first, VECTOR at each shape, THREADS last. */
    static List<JavaFile> everyTarget(KernelSet set, int unroll, long tileAbove, long threadsAbove, int transposeBits) {
        List<JavaFile> files = new ArrayList<>();
        files.add(Writers.scalar(set, unroll, tileAbove, threadsAbove));
        for (int bits : VectorWriter.SHAPES) {
            files.add(Writers.vector(set, unroll, tileAbove, threadsAbove, bits, transposeBits));
        }
        files.add(Writers.threads(set, threadsAbove));
        return files;
    }

    /**
     * An instance of every compiled class: SCALAR, each VECTOR shape, THREADS over SCALAR and over
     * Vector256, each as the rule picks its variants; then each one-thread class once per variant
     * number ({@code new X(k)}), and THREADS over every variant of SCALAR and Vector256.
     */
    static List<Object> instances(KernelSet set, CompiledKernels compiled) {
        List<Object> targets = new ArrayList<>();
        targets.add(compiled.instance);
        for (int bits : VectorWriter.SHAPES) {
            targets.add(compiled.create(VectorWriter.className(set, bits)));
        }
        String threads = set.generatedName(Target.THREADS);
        targets.add(compiled.threadsOver(threads, compiled.instance));
        targets.add(compiled.threadsOver(threads, targets.get(2)));
        String scalar = set.generatedName(Target.SCALAR);
        for (Object variant : compiled.everyVariant(scalar)) {
            targets.add(variant);
            targets.add(compiled.threadsOver(threads, variant));
        }
        for (int bits : VectorWriter.SHAPES) {
            for (Object variant : compiled.everyVariant(VectorWriter.className(set, bits))) {
                targets.add(variant);
                if (bits == 256) {
                    targets.add(compiled.threadsOver(threads, variant));
                }
            }
        }
        return targets;
    }

    /** What the VECTOR classes' Javadoc and comments say of each method's form, and of its pad lanes. */
    private static final List<String> FORMS = List.of("vectors of", "4x4 blocks", "8x8 blocks",
            "transposed in registers", "scalar (", "zeroed a whole vector at a time");

    /** Counts the vector forms the VECTOR classes' Javadoc reports per method. */
    private static void countForms(List<JavaFile> files, Map<String, Integer> forms) {
        for (JavaFile f : files) {
            if (!f.typeSpec().name().contains("_Vector")) {
                continue;
            }
            String source = f.toString();
            assertEquals(List.of(), ShuffleLanesTest.twoLaneShuffles(source), f.typeSpec().name());
            for (String form : FORMS) {
                int count = source.split(java.util.regex.Pattern.quote(form), -1).length - 1;
                forms.merge(form, count, Integer::sum);
            }
        }
    }

    /** Transposes big enough to be tiled, with partial tiles in both directions, in every element type. */
    @Test
    void tiledTransposesComputeWhatTheGenericOnesCompute() {
        int[][] shapes = {{1, 64, 56, 56}, {1, 20, 37, 35}, {2, 17, 9, 40}, {1, 3, 50, 50}};
        String[][] formats = {{"nchw", "nhwc"}, {"nhwc", "nchw"}, {"nChw16c", "nhwc"}, {"nhwc", "nChw8c"}, {"chwn", "nhwc"}};
        List<KernelMethod> methods = new ArrayList<>();
        Random r = new Random(3);
        int tiled = 0;
        for (int[] shape : shapes) {
            for (String[] f : formats) {
                KernelMethod.Reorder m = Samples.reorder("t" + methods.size(), ElementType.values()[r.nextInt(6)],
                        TensorLayout.of("NCHW", shape, f[0]), TensorLayout.of("NCHW", shape, f[1]));
                methods.add(m);
                // a real transpose: channels innermost on one side only, and enough of them for a tile
                boolean transpose = shape[1] >= 16 && (f[1].equals("nhwc") ^ f[0].equals("nhwc"))
                        && !f[0].startsWith("nC") && !f[1].startsWith("nC");
                boolean isTiled = dev.strider.processor.plan.Planner.plan(dev.strider.processor.plan.Problem.of(m), 64, 16, 0).describe()
                        .contains("Block");
                org.junit.jupiter.api.Assertions.assertEquals(transpose, isTiled, Arrays.toString(shape) + " " + f[0]
                        + " -> " + f[1]);
                tiled += isTiled ? 1 : 0;
            }
        }
        KernelSet set = new KernelSet("tiles", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        // in 128-bit blocks (the default), and in blocks as wide as each class's vectors
        Map<String, Integer> variants = new TreeMap<>();
        for (int transposeBits : List.of(ProcessorOptions.DEFAULT_TRANSPOSE_BITS, 512)) {
            checkScalarAndVectors(set, 0, transposeBits, r).forEach(v -> variants.merge(v, 1, Integer::sum));
        }
        System.out.println("[differential] " + methods.size() + " transposes passed, " + tiled + " of them tiled;"
                + " variants run, each by its number: " + variants);
        // Transposes carry blocks of every width and the scalar nest, tiled and untiled, and each ran here.
        for (String variant : List.of("4x4 blocks in registers", "8x8 blocks in registers", "16x16 blocks in registers",
                "scalar nest", "scalar nest in 16x16 tiles")) {
            org.junit.jupiter.api.Assertions.assertTrue(variants.getOrDefault(variant, 0) > 0, variant + ": " + variants);
        }
    }

    /**
     * Conversions into f32 with compile-time constants (bytes, signed and unsigned, s32 and scaled
     * floats): across the lanes transposed in registers, each row converted to scaled float lanes as
     * it is loaded, a partial block's zero rows storing zeros into the pad lanes whatever the shift;
     * along them in vectors (s32 through I2F); every variant of every class against the generic
     * kernels, at both block widths.
     */
    @Test
    void conversionsIntoFloatsRunInVectors() {
        int[] sizes = {1, 19, 6, 16};
        String[][] formats = {{"nchw", "nChw16c"}, {"nChw16c", "nchw"}, {"nchw", "nhwc"}, {"nhwc", "nChw8c"},
            {"nchw", "nchw"}, {"nChw16c", "nChw16c"}};
        double[][] scaleShifts = {{0.5, 0}, {1 / 127.5, -1}, {3, 7.5}};
        List<KernelMethod> methods = new ArrayList<>();
        for (String[] f : formats) {
            for (ElementType from : List.of(ElementType.BYTE, ElementType.FLOAT, ElementType.INT)) {
                double[] ss = scaleShifts[methods.size() % scaleShifts.length];
                methods.add(Samples.convert("w" + methods.size(), from, TensorLayout.of("NCHW", sizes, f[0]),
                        from == ElementType.BYTE && methods.size() % 4 == 0, ElementType.FLOAT,
                        TensorLayout.of("NCHW", sizes, f[1]), false, ss[0], ss[1]));
            }
        }
        KernelSet set = new KernelSet("widening", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        Random r = new Random(29);
        Map<String, Integer> variants = new TreeMap<>();
        for (int transposeBits : List.of(ProcessorOptions.DEFAULT_TRANSPOSE_BITS, 512)) {
            checkScalarAndVectors(set, 0, transposeBits, r).forEach(v -> variants.merge(v, 1, Integer::sum));
        }
        System.out.println("[differential] " + methods.size() + " conversions into f32 passed;"
                + " variants run: " + variants);
        for (String variant : List.of("8x8 blocks in registers", "16x16 blocks in registers", "scalar nest")) {
            org.junit.jupiter.api.Assertions.assertTrue(variants.getOrDefault(variant, 0) > 0, variant + ": " + variants);
        }
        // s32 along the lanes: I2F in vectors at every shape
        String vector = Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE, 128,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS).toString();
        org.junit.jupiter.api.Assertions.assertTrue(vector.contains("IntVector.fromArray(INT_128, src, ")
                && vector.contains(".convert(VectorOperators.I2F, 0)"), "s32 converted in lanes");
    }

    /**
     * Transposes in registers in every element type, both ways, plain and blocked, with tails, at
     * both block widths: 4x4 to 16x16 blocks whose narrow stages shift lanes as shorts, ints and
     * longs, and 64-bit blocks that rearrange in every stage.
     */
    @Test
    void transposesInEveryTypeComputeWhatTheGenericOnesCompute() {
        int[][] shapes = {{1, 16, 8, 8}, {1, 32, 6, 20}, {1, 17, 5, 4}, {2, 19, 3, 17}};
        String[][] formats = {{"nchw", "nhwc"}, {"nhwc", "nchw"}, {"nchw", "nChw16c"}, {"nChw16c", "nchw"},
                {"nchw", "nChw8c"}, {"nChw8c", "nhwc"}};
        List<KernelMethod> methods = new ArrayList<>();
        for (ElementType type : ElementType.values()) {
            for (int[] shape : shapes) {
                for (String[] f : formats) {
                    methods.add(Samples.reorder("t" + methods.size(), type, TensorLayout.of("NCHW", shape, f[0]),
                            TensorLayout.of("NCHW", shape, f[1])));
                }
            }
        }
        KernelSet set = new KernelSet("types", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        Random r = new Random(17);
        Map<String, Integer> forms = new TreeMap<>();
        // ... and the channel tails' partial blocks in registers (to blocked: the missing rows zero)
        List<String> expected = List.of("4x4 blocks", "8x8 blocks", "16x16 blocks", "reinterpretAsShorts().lanewise",
                "reinterpretAsInts().lanewise", "reinterpretAsLongs().lanewise", "rearrange(SWAP", " zero rows: columns ");
        for (int transposeBits : List.of(ProcessorOptions.DEFAULT_TRANSPOSE_BITS, 512)) {
            List<JavaFile> files = new ArrayList<>();
            checkScalarAndVectors(set, Planner.TILE_ABOVE_ELEMENTS, transposeBits, r, files);
            for (JavaFile file : files.subList(1, files.size())) {
                String source = file.toString();
                for (String form : expected) {
                    forms.merge(form, source.split(java.util.regex.Pattern.quote(form), -1).length - 1, Integer::sum);
                }
            }
        }
        System.out.println("[differential] " + methods.size() + " transposes in every type passed, twice; forms: " + forms);
        for (String form : expected) {
            assertTrue(forms.get(form) > 0, form + ": " + forms);
        }
    }

    /**
     * Colour planes interleaved and deinterleaved (3, 5 and 7 channels; 4 stays a plain nest),
     * with pixel counts that leave tails at every vector width, padded rows, a channel-reversing
     * slice, every element type, and converting reorders (bytes widened to scaled floats, floats
     * and doubles scaled), against the generic kernels.
     */
    @Test
    void interleavesComputeWhatTheGenericOnesCompute() {
        int[][] shapes = {{1, 3, 224, 224}, {2, 3, 5, 7}, {1, 5, 8, 8}, {1, 7, 3, 11}, {1, 4, 6, 6}, {3, 3, 1, 9}};
        List<KernelMethod> methods = new ArrayList<>();
        Random r = new Random(11);
        for (int[] shape : shapes) {
            ElementType type = ElementType.values()[methods.size() % 6];
            TensorLayout planar = TensorLayout.packed("NCHW", shape);
            TensorLayout interleaved = TensorLayout.of("NCHW", shape, "nhwc");
            methods.add(Samples.reorder("i" + methods.size(), type, planar, interleaved));
            methods.add(Samples.reorder("d" + methods.size(), type, interleaved, planar));
            // rows padded to an odd stride on the planar side
            int[] strides = {shape[1] * shape[2] * (shape[3] + 3), shape[2] * (shape[3] + 3), shape[3] + 3, 1};
            TensorLayout padded = TensorLayout.strided("NCHW", shape, strides);
            methods.add(Samples.reorder("p" + methods.size(), type, padded, interleaved));
            methods.add(Samples.reorder("q" + methods.size(), type, interleaved, padded));
            // BGR to RGB while interleaving: the channel stride is negative
            SliceWindow flip = SliceWindow.of(planar, new int[4], shape, new int[] {1, -1, 1, 1});
            methods.add(Samples.slice("s" + methods.size(), type, planar, flip, interleaved));
            // converting: bytes (unsigned, then signed) to scaled floats, and floats scaled, both ways
            boolean unsigned = methods.size() % 2 == 0;
            methods.add(Samples.convert("u" + methods.size(), ElementType.BYTE, interleaved, ElementType.FLOAT, planar,
                    unsigned, 1 / 127.5, -1));
            methods.add(Samples.convert("v" + methods.size(), ElementType.BYTE, planar, ElementType.FLOAT, interleaved,
                    !unsigned, 0.25, 3));
            methods.add(Samples.convert("f" + methods.size(), ElementType.FLOAT, interleaved, ElementType.FLOAT, planar,
                    false, 1 / 58.4, -0.45));
            methods.add(Samples.convert("g" + methods.size(), ElementType.DOUBLE, padded, ElementType.DOUBLE, interleaved,
                    false, 3, 0.5));
        }
        KernelSet set = new KernelSet("channels", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        List<JavaFile> files = new ArrayList<>();
        checkScalarAndVectors(set, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_TRANSPOSE_BITS, r, files);
        Map<String, Integer> forms = new TreeMap<>();
        for (JavaFile file : files.subList(1, files.size())) {
            String bits = file.typeSpec().name().replaceAll(".*_Vector", "");
            for (String form : List.of(" interleaved in registers", " deinterleaved in registers")) {
                forms.merge(bits + form, file.toString().split(form, -1).length - 1, Integer::sum);
            }
        }
        System.out.println("[differential] " + methods.size() + " channel moves passed; register forms: " + forms);
        for (String form : List.of("interleaved", "deinterleaved")) {
            for (int bits : VectorWriter.SHAPES) {
                assertTrue(forms.get(bits + " " + form + " in registers") > 0, bits + " " + form + ": " + forms);
            }
        }
    }

    /**
     * Slices across the blocks of a dim too long for a literal offset table (more than 256
     * channels): no mixed radix fits, so the generated loop computes each offset from the index,
     * block and lane, for positive and negative strides, offsets inside a block and doubly blocked
     * channels, in SCALAR and every VECTOR class.
     */
    @Test
    void longNonLinearDimsComputeTheirOffsets() {
        List<KernelMethod> methods = new ArrayList<>();
        int[] shape = {2, 700, 3};
        int[][] windows = {{3, 690, 1}, {0, 700, 3}, {5, 601, -1}, {1, 699, -3}, {2, 650, 2}};
        for (String format : List.of("nCw8c", "nCw4c2c", "Ncw4n")) {
            TensorLayout in = TensorLayout.of("NCW", shape, format);
            for (int[] w : windows) {
                SliceWindow window = SliceWindow.of(in, new int[] {0, w[0], 0}, new int[] {2, w[1], 3},
                        new int[] {1, w[2], 1});
                ElementType type = ElementType.values()[methods.size() % 6];
                methods.add(Samples.slice("s" + methods.size(), type, in, window, window.packedOutput()));
            }
        }
        int computed = 0;
        int tables = 0;
        for (KernelMethod m : methods) {
            String nest = Planner.plan(dev.strider.processor.plan.Problem.of(m), 64).describe();
            computed += nest.contains("c computed") ? 1 : 0;
            tables += nest.contains("c table") ? 1 : 0;
        }
        // Of the blocked channels (two formats, five windows each), those of stride ±3 yield 234 and
        // 233 channels, short enough for a table; the other three are computed. Ncw4n's are plain.
        assertEquals(6, computed);
        assertEquals(4, tables);
        KernelSet set = new KernelSet("computed", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        checkScalarAndVectors(set, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_TRANSPOSE_BITS, new Random(23));
    }

    /**
     * Narrowing conversions — floats and doubles to signed and unsigned bytes and shorts, wider
     * integers to narrower ones, bytes through their 256-entry table — on inputs full of halves
     * (ties), values past both ends of every range, NaN and infinities, in every target: SCALAR,
     * VECTOR at every shape, THREADS over both, split into chunks.
     */
    @Test
    void narrowingConversionsComputeWhatTheGenericOnesCompute() {
        int[] sizes = {1, 19, 5, 7};
        TensorLayout planar = TensorLayout.packed("NCHW", sizes);
        TensorLayout interleaved = TensorLayout.of("NCHW", sizes, "nhwc");
        TensorLayout blocked = TensorLayout.of("NCHW", sizes, "nChw8c");
        List<KernelMethod> methods = new ArrayList<>();
        ElementType[] sources = {ElementType.FLOAT, ElementType.DOUBLE, ElementType.INT, ElementType.SHORT,
                ElementType.BYTE, ElementType.LONG};
        double[][] scaleShifts = {{1, 0}, {127.5, 127.5}, {127.5, -0.5}, {0.5, 0}, {3, -7.5}};
        for (ElementType from : sources) {
            for (ElementType to : List.of(ElementType.BYTE, ElementType.SHORT, ElementType.INT)) {
                for (boolean unsignedDestination : List.of(false, true)) {
                    if (unsignedDestination && !to.hasUnsignedWriting()) {
                        continue;
                    }
                    double[] ss = scaleShifts[methods.size() % scaleShifts.length];
                    boolean unsignedSource = from.hasUnsignedReading() && methods.size() % 3 == 0;
                    TensorLayout in = methods.size() % 2 == 0 ? planar : interleaved;
                    TensorLayout out = methods.size() % 3 == 0 ? blocked : methods.size() % 3 == 1 ? interleaved : planar;
                    methods.add(Samples.convert("n" + methods.size(), from, in, unsignedSource, to, out,
                            unsignedDestination, ss[0], ss[1]));
                }
            }
        }
        // the same layout on both sides: f32, s32 and bytes narrowed into bytes in float lanes
        int contiguous = 0;
        for (ElementType from : List.of(ElementType.FLOAT, ElementType.INT, ElementType.BYTE)) {
            for (boolean unsignedDestination : List.of(false, true)) {
                for (TensorLayout layout : List.of(planar, interleaved, blocked)) {
                    double[] ss = scaleShifts[1 + contiguous % (scaleShifts.length - 1)];
                    boolean unsignedSource = from == ElementType.BYTE && contiguous % 2 == 0;
                    methods.add(Samples.convert("c" + methods.size(), from, layout, unsignedSource, ElementType.BYTE,
                            layout, unsignedDestination, ss[0], ss[1]));
                    contiguous++;
                }
            }
        }
        // across the lanes with compile-time constants: transposed in registers, each row narrowed as
        // it is stored, partial blocks' zero rows into pad lanes (which must stay 0 with a shift too)
        TensorLayout wide = TensorLayout.packed("NCHW", new int[] {1, 19, 6, 16});
        TensorLayout wideBlocked = TensorLayout.of("NCHW", new int[] {1, 19, 6, 16}, "nChw16c");
        TensorLayout wideInterleaved = TensorLayout.of("NCHW", new int[] {1, 19, 6, 16}, "nhwc");
        int across = 0;
        for (ElementType from : List.of(ElementType.FLOAT, ElementType.INT, ElementType.BYTE)) {
            for (boolean unsignedDestination : List.of(false, true)) {
                for (TensorLayout[] pair : List.of(new TensorLayout[] {wide, wideBlocked},
                        new TensorLayout[] {wideBlocked, wide}, new TensorLayout[] {wide, wideInterleaved})) {
                    double[] ss = scaleShifts[1 + across % (scaleShifts.length - 1)];
                    methods.add(Samples.convert("t" + methods.size(), from, pair[0], from == ElementType.BYTE
                            && across % 2 == 1, ElementType.BYTE, pair[1], unsignedDestination, ss[0], ss[1]));
                    across++;
                }
            }
        }
        KernelSet set = new KernelSet("narrowing", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                methods);
        List<JavaFile> files = new ArrayList<>();
        files.add(Writers.scalar(set, 64, Planner.TILE_ABOVE_ELEMENTS, 1));
        for (int bits : VectorWriter.SHAPES) {
            files.add(Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, 1, bits, ProcessorOptions.DEFAULT_TRANSPOSE_BITS));
        }
        files.add(Writers.threads(set, 1));
        CompiledKernels compiled = CompiledKernels.compile(set, files);
        List<Object> targets = new ArrayList<>(List.of(compiled.instance));
        for (int bits : VectorWriter.SHAPES) {
            targets.add(compiled.create(VectorWriter.className(set, bits)));
        }
        String threads = set.generatedName(Target.THREADS);
        targets.add(compiled.threadsOver(threads, compiled.instance));
        targets.add(compiled.threadsOver(threads, targets.get(2)));
        // every variant, not only the rule's (which keeps in-cache transposes scalar before Java 24)
        for (int bits : List.of(256, 512)) {
            targets.addAll(compiled.everyVariant(VectorWriter.className(set, bits)));
        }
        Random r = new Random(23);
        int unsigned = 0;
        for (KernelMethod m : methods) {
            KernelMethod.Reorder reorder = (KernelMethod.Reorder) m;
            unsigned += reorder.unsignedDestination() ? 1 : 0;
            Object src = edgeValues(reorder.src().type(), r, reorder.from().layout());
            for (Object target : targets) {
                Object expected = randomArray(reorder.dst().type(), r, reorder.to().layout().bufferSize(), null, false);
                Object actual = copy(expected);
                generic(m, List.of(src, expected));
                call(target.getClass(), target, m.name(), new Object[] {copy(src), actual});
                String what = target.getClass().getSimpleName() + "." + m.name() + " " + m.summary(n -> n);
                for (int i = 0; i < Array.getLength(expected); i++) {
                    assertEquals(Array.get(expected, i), Array.get(actual, i), what + " at " + i);
                }
            }
        }
        assertTrue(unsigned >= 6, unsigned + " unsigned destinations");
        // Into bytes from sequential f32, s32 or bytes, 256 and 512 bits narrow float lanes into
        // bytes, signed and unsigned; 128 bits have no 32-bit byte vector and say so. Other
        // destinations still round and saturate element by element.
        for (JavaFile f : files.subList(1, 1 + VectorWriter.SHAPES.size())) {
            String code = f.toString();
            String name = f.typeSpec().name();
            assertTrue(code.contains("scalar (an unsigned destination rounds and saturates)"), name);
            boolean narrowsInVectors = !name.endsWith("128");
            // the rounding sum's bits before Java 25; from it F2I, signed by way of + 128
            assertEquals(narrowsInVectors, code.contains(".add(0x1.8p23f).reinterpretAsInts().add(0x7FFFFF)"), name);
            assertEquals(narrowsInVectors, code.contains(".add(0x1.8p23f + 128).sub(0x1.8p23f).convert(VectorOperators.F2I, 0)"), name);
            assertEquals(narrowsInVectors, code.contains(".add(0x1.8p23f).sub(0x1.8p23f).convert(VectorOperators.F2I, 0)"), name);
            assertEquals(!narrowsInVectors, code.contains("no vector of 4 bytes to narrow 128-bit float lanes into"), name);
            assertEquals(narrowsInVectors, code.contains("Variant 0 of {@link #t"), name);
        }
    }

    /**
     * Values a narrowing conversion must get right, cycled through a source buffer: ties of
     * every parity, each end of the byte, unsigned byte, short and unsigned short ranges and one
     * past, NaN and infinities (floating types); a blocked layout's pad lanes stay zero.
     */
    private static Object edgeValues(ElementType type, Random r, TensorLayout layout) {
        double[] edges = {-0.5, 0.5, 1.5, 2.5, -1.5, 127.5, 128.5, -128.5, -129, 254.5, 255.5, 256, -1, -3, 300,
                32767.5, 32768.5, -32768.5, 65535.5, 65536, -1e6, 1e6, 1e10, -1e10, 0.49999997, -0.0,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        Object a = randomArray(type, r, layout.bufferSize(), layout, false);
        int[] idx = new int[layout.rank()];
        int k = 0;
        do {
            double v = edges[k++ % edges.length];
            int at = layout.offsetOf(idx);
            switch (type) {
                case DOUBLE: Array.setDouble(a, at, v); break;
                case FLOAT: Array.setFloat(a, at, (float) v); break;
                case LONG: Array.setLong(a, at, (long) v); break;
                case INT: Array.setInt(a, at, (int) v); break;
                case SHORT: Array.setShort(a, at, (short) (int) v); break;
                default: Array.setByte(a, at, (byte) (int) v); break;
            }
        } while (TensorLayout.increment(idx, layout.sizes()));
        return a;
    }

    /**
     * In place on padded blocked layouts: the output's array passed as the first input too, as the
     * checks allow when the layouts are equal. Every element must be read before it is written,
     * whatever the pad nests do; the expectation is the generic kernels' on separate arrays.
     */
    @Test
    void inPlaceKernelsReadEachElementBeforeWritingIt() {
        List<KernelMethod> methods = new ArrayList<>();
        for (String format : List.of("nChw8c", "nChw16c")) {
            TensorLayout l = TensorLayout.of("NCHW", new int[] {1, 17, 3, 5}, format);
            for (ElementType type : List.of(ElementType.FLOAT, ElementType.DOUBLE, ElementType.INT)) {
                methods.add(Samples.unary("r" + methods.size(), type, UnaryOp.of(UnaryKind.NEG, 1, 0), l, l));
                methods.add(Samples.binary("a" + methods.size(), type, BinaryOp.ADD, l, l, l));
                methods.add(Samples.reorder("c" + methods.size(), type, l, l));
            }
        }
        KernelSet set = new KernelSet("inPlace", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods);
        List<JavaFile> files = new ArrayList<>();
        List<Object> targets = scalarAndVectorInstances(set, Planner.TILE_ABOVE_ELEMENTS,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS, files);
        Random r = new Random(5);
        for (KernelMethod m : methods) {
            TensorLayout l = m.layoutOf(m.output()).layout();
            for (Object target : targets) {
                Object shared = randomArray(m.output().type(), r, l.bufferSize(), l, false);
                List<Object> generated = new ArrayList<>();
                List<Object> generic = new ArrayList<>();
                for (Param p : m.params()) {
                    boolean first = p == m.params().get(0);
                    Object own = p == m.output() || first ? null : randomArray(p.type(), r, l.bufferSize(), l, false);
                    generated.add(p == m.output() || first ? shared : own);
                    generic.add(p == m.output() ? copy(shared) : first ? copy(shared) : own);
                }
                generic(m, generic);
                Object expected = generic.get(m.params().indexOf(m.output()));
                call(target.getClass(), target, m.name(), generated.toArray());
                String what = target.getClass().getSimpleName() + "." + m.name() + " in place on " + l;
                for (int i = 0; i < l.bufferSize(); i++) {
                    assertEquals(Array.get(expected, i), Array.get(shared, i), what + " at " + i);
                }
            }
        }
    }

    /**
     * Generates {@code set} for SCALAR and VECTOR at every shape (default options, transposes tiled
     * above {@code tileAbove} elements, in blocks of at most {@code transposeBits} by the rule),
     * runs every method of every class, and of every variant of each, against the generic
     * kernels, and returns the names of the variants that ran (by the number the constructor took).
     */
    private static List<String> checkScalarAndVectors(KernelSet set, long tileAbove, int transposeBits, Random r) {
        return checkScalarAndVectors(set, tileAbove, transposeBits, r, new ArrayList<>());
    }

    /** The same; the files go to {@code files}, SCALAR's first. */
    private static List<String> checkScalarAndVectors(KernelSet set, long tileAbove, int transposeBits, Random r,
                                                      List<JavaFile> files) {
        CompiledKernels compiled = CompiledKernels.compile(set, scalarAndVectors(set, tileAbove, transposeBits, files));
        List<String> ran = new ArrayList<>();
        for (String name : classNames(set)) {
            Map<String, List<String>> variants = compiled.variants(name);
            List<Object> instances = new ArrayList<>(List.of(compiled.create(name)));
            instances.addAll(compiled.everyVariant(name));
            for (KernelMethod m : set.methods()) {
                for (int k = 0; k < instances.size(); k++) {
                    check(instances.get(k), m, r);
                    List<String> names = variants.get(m.key());
                    if (k > 0 && names != null && k - 1 < names.size()) {
                        ran.add(names.get(k - 1));
                    }
                }
            }
        }
        return ran;
    }

    /** SCALAR's name and each VECTOR class's. */
    private static List<String> classNames(KernelSet set) {
        List<String> names = new ArrayList<>(List.of(set.generatedName(Target.SCALAR)));
        for (int bits : VectorWriter.SHAPES) {
            names.add(VectorWriter.className(set, bits));
        }
        return names;
    }

    /** Instances of {@code set} generated for SCALAR and VECTOR at every shape, as the rule picks; the files go to {@code files}. */
    private static List<Object> scalarAndVectorInstances(KernelSet set, long tileAbove, int transposeBits,
                                                         List<JavaFile> files) {
        CompiledKernels compiled = CompiledKernels.compile(set, scalarAndVectors(set, tileAbove, transposeBits, files));
        List<Object> targets = new ArrayList<>();
        for (String name : classNames(set)) {
            targets.add(compiled.create(name));
            targets.addAll(compiled.everyVariant(name));
        }
        return targets;
    }

    /** {@code set} generated for SCALAR and VECTOR at every shape, added to {@code files}. */
    private static List<JavaFile> scalarAndVectors(KernelSet set, long tileAbove, int transposeBits,
                                                   List<JavaFile> files) {
        files.add(Writers.scalar(set, 64, tileAbove, ProcessorOptions.DEFAULT_THREADS_ABOVE));
        for (int bits : VectorWriter.SHAPES) {
            files.add(Writers.vector(set, 64, tileAbove, ProcessorOptions.DEFAULT_THREADS_ABOVE, bits, transposeBits));
        }
        return files;
    }

    /**
     * Runs {@code m} of {@code kernels} on random data, and compares every element of the output,
     * gaps and pad lanes included, with the generic kernels'.
     */
    static void check(Object kernels, KernelMethod m, Random r) {
        check(kernels, m, r, false);
    }

    /** The same; when {@code nanOutput}, a floating-point output starts as NaN everywhere instead of garbage. */
    static void check(Object kernels, KernelMethod m, Random r, boolean nanOutput) {
        List<Object> args = new ArrayList<>();
        Param out = m.output();
        for (Param p : m.params()) {
            TensorLayout l = m.layoutOf(p).layout();
            // Inputs are zero-padded by contract; the output starts with garbage everywhere, pad lanes included.
            args.add(p.tensor() ? randomArray(p.type(), r, l.bufferSize() + r.nextInt(3), p == out ? null : l, nonZero(m, p))
                    : Array.get(randomArray(p.type(), r, 1, null, false), 0));
        }
        int outIndex = m.params().indexOf(out);
        if (nanOutput && out.type().isFloatingPoint()) {
            Object o = args.get(outIndex);
            for (int i = 0; i < Array.getLength(o); i++) {
                Array.set(o, i, out.type() == ElementType.FLOAT ? (Object) Float.NaN : (Object) Double.NaN);
            }
        }
        Object expected = copy(args.get(outIndex));
        List<Object> genericArgs = new ArrayList<>(args);
        genericArgs.set(outIndex, expected);
        generic(m, genericArgs);
        Object actual = copy(args.get(outIndex));
        List<Object> generatedArgs = new ArrayList<>(args);
        generatedArgs.set(outIndex, actual);
        String what = kernels.getClass().getSimpleName() + "." + m.name() + " " + m;
        try {
            call(kernels.getClass(), kernels, m.name(), generatedArgs.toArray());
        } catch (AssertionError e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e);
        }
        int n = Array.getLength(expected);
        for (int i = 0; i < n; i++) {
            assertEquals(Array.get(expected, i), Array.get(actual, i), what + " at " + i);
        }
    }

    static boolean nonZero(KernelMethod m, Param p) {
        return m instanceof KernelMethod.Binary b && b.op() == BinaryOp.DIV && p == b.b();
    }

    // ------------------------------------------------------------------ random declarations

    static KernelMethod randomMethod(Random r, String name) {
        ElementType type = ElementType.values()[r.nextInt(6)];
        int[] sizes = r.nextInt(4) == 0 ? RandomLayouts.sizes(r, 2, 40) : RandomLayouts.sizes(r, 5, 6);
        switch (r.nextInt(7)) {
            case 0:
            case 1:
                return Samples.reorder(name, type, RandomLayouts.readable(r, sizes), RandomLayouts.writable(r, sizes));
            case 2: {
                // one conversion in three reads a narrow type (bf16, f16, f8, s4, u4, f4), one in three writes one
                NarrowFormat fromNarrow = r.nextInt(3) == 0 ? NarrowFormat.values()[r.nextInt(NarrowFormat.values().length)] : null;
                NarrowFormat toNarrow = r.nextInt(3) == 0 ? NarrowFormat.values()[r.nextInt(NarrowFormat.values().length)] : null;
                ElementType from = fromNarrow != null ? fromNarrow.storage() : type;
                ElementType to = toNarrow != null ? toNarrow.storage() : ElementType.values()[r.nextInt(6)];
                boolean unsigned = fromNarrow == null && from.hasUnsignedReading() && r.nextBoolean();
                boolean unsignedDestination = toNarrow == null && to.hasUnsignedWriting() && r.nextBoolean();
                double scale = r.nextInt(4) == 0 ? 1 : r.nextInt(5) / 4.0 + 0.1;
                double shift = r.nextInt(4) == 0 ? 0 : r.nextInt(7) - 3.5;
                KernelMethod.Reorder c = (KernelMethod.Reorder) Samples.convert(name, from,
                        RandomLayouts.readable(r, sizes), unsigned, to, RandomLayouts.writable(r, sizes),
                        unsignedDestination, scale, shift);
                double sum = r.nextInt(4) == 0 ? new double[] {1, 0.5, -1.75}[r.nextInt(3)] : 0; // oneDNN's sum post-op
                return new KernelMethod.Reorder(c.name(), c.src().holding(fromNarrow), c.from(), c.dst().holding(toNarrow),
                        c.to(), c.unsignedSource(), c.unsignedDestination(), c.scale(), c.shift(), sum);
            }
            case 3: {
                TensorLayout in = RandomLayouts.readable(r, sizes);
                SliceWindow w = RandomLayouts.window(r, in);
                return Samples.slice(name, type, in, w, RandomLayouts.writable(r, w.outputSizes()));
            }
            case 4:
                return Samples.fill(name, type, RandomLayouts.writable(r, sizes));
            case 5: {
                UnaryKind kind = UnaryKind.values()[r.nextInt(UnaryKind.values().length)];
                UnaryOp op = UnaryOp.of(kind, r.nextInt(5) / 2.0 - 1, r.nextInt(5) - 2);
                return Samples.unary(name, type, op, RandomLayouts.readable(r, sizes), RandomLayouts.writable(r, sizes));
            }
            default: {
                int[] aSizes = RandomLayouts.broadcastFrom(r, sizes);
                int[] bSizes = RandomLayouts.broadcastFrom(r, sizes);
                BinaryOp op = BinaryOp.values()[r.nextInt(BinaryOp.values().length)];
                return Samples.binary(name, type, op, RandomLayouts.readable(r, aSizes),
                        RandomLayouts.readable(r, bSizes), RandomLayouts.writable(r, sizes));
            }
        }
    }

    // ------------------------------------------------------------------ the generic oracle

    static void generic(KernelMethod m, List<Object> a) {
        if (m instanceof KernelMethod.Reorder r) {
            if (r.isCopy() && !r.src().packed()) {
                // (a copy of 4-bit elements moves nibbles: Convert's)
                kernels(r.src().type(), "reorder", a.get(0), r.from().layout(), a.get(1), r.to().layout());
            } else {
                Convert.reorder(a.get(0), r.from().layout(), r.src().narrow(), r.unsignedSource(), a.get(1),
                        r.to().layout(), r.dst().narrow(), r.unsignedDestination(), r.scale(), r.shift(), r.sum());
            }
        } else if (m instanceof KernelMethod.Slice s) {
            kernels(s.src().type(), "slice", a.get(0), s.from().layout(), s.window(), a.get(1), s.to().layout());
        } else if (m instanceof KernelMethod.Fill f) {
            kernels(f.dst().type(), "fill", a.get(0), f.layout().layout(), a.get(1));
        } else if (m instanceof KernelMethod.Unary u) {
            kernels(u.in().type(), "unary", u.op(), a.get(0), u.inLayout().layout(), a.get(1), u.outLayout().layout());
        } else {
            KernelMethod.Binary b = (KernelMethod.Binary) m;
            kernels(b.a().type(), "binary", b.op(), a.get(0), b.aLayout().layout(), a.get(1), b.bLayout().layout(),
                    a.get(2), b.outLayout().layout());
        }
    }

    private static void kernels(ElementType type, String name, Object... args) {
        String n = type.javaName();
        try {
            invokeStatic(Class.forName("dev.strider.kernel." + Character.toUpperCase(n.charAt(0)) + n.substring(1)
                    + "Kernels"), name, args);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static void invokeStatic(Class<?> c, String name, Object[] args) {
        call(c, null, name, args);
    }

    private static void invoke(Object target, String name, Object[] args) {
        call(target.getClass(), target, name, args);
    }

    static void call(Class<?> c, Object target, String name, Object[] args) {
        List<Method> candidates = new ArrayList<>(List.of(c.getMethods()));
        candidates.addAll(List.of(c.getDeclaredMethods()));
        for (Method m : candidates) {
            if (m.getName().equals(name) && accepts(m, args)) {
                m.setAccessible(true);
                try {
                    m.invoke(target, args);
                    return;
                } catch (InvocationTargetException e) {
                    throw new AssertionError(name + Arrays.toString(args), e.getCause());
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
        throw new AssertionError("no " + c.getName() + "." + name);
    }

    /** True when {@code m} takes {@code args}: an overload of another element type does not. */
    private static boolean accepts(Method m, Object[] args) {
        Class<?>[] types = m.getParameterTypes();
        if (types.length != args.length) {
            return false;
        }
        for (int i = 0; i < args.length; i++) {
            Class<?> t = types[i].isPrimitive()
                    ? java.lang.invoke.MethodType.methodType(types[i]).wrap().returnType() : types[i];
            if (args[i] != null && !t.isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ data

    /** Random values; a blocked layout's pad lanes are zero, as inputs must be. */
    static Object randomArray(ElementType type, Random r, int length, TensorLayout layout, boolean nonZero) {
        Object a = Array.newInstance(type.arrayClass().getComponentType(), length);
        for (int i = 0; i < length; i++) {
            int v = r.nextInt(400) - 200;
            if (nonZero && v == 0) {
                v = 7;
            }
            switch (type) {
                case DOUBLE: Array.setDouble(a, i, v + (nonZero ? 0.5 : r.nextDouble())); break;
                case FLOAT: Array.setFloat(a, i, v + (nonZero ? 0.5f : r.nextFloat())); break;
                case LONG: Array.setLong(a, i, (long) v << 20 | (nonZero ? 1 : r.nextInt(1000))); break;
                case INT: Array.setInt(a, i, v * 1000 + (nonZero ? 1 : r.nextInt(1000))); break;
                case SHORT: Array.setShort(a, i, (short) (v * 100 + (nonZero ? 1 : 0))); break;
                default: Array.setByte(a, i, (byte) (nonZero && (byte) v == 0 ? 1 : v)); break;
            }
        }
        if (layout != null && layout.isBlocked()) {
            int[] idx = new int[layout.rank()];
            do {
                for (int d = 0; d < idx.length; d++) {
                    if (idx[d] >= layout.size(d)) {
                        Array.set(a, layout.paddedOffsetOf(idx), Array.get(Array.newInstance(
                                type.arrayClass().getComponentType(), 1), 0));
                        break;
                    }
                }
            } while (TensorLayout.increment(idx, layout.paddedSizes()));
        }
        return a;
    }

    static Object copy(Object array) {
        int n = Array.getLength(array);
        Object c = Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, 0, c, 0, n);
        return c;
    }
}

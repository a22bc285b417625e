package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The blocked reorders of issue 18 in every transpose form the VECTOR classes carry (4x4 to 16x16
 * blocks; the first stage by offset loads and the shifting stages by and/or), against the generic
 * kernels: nChw16c, nChw8c and OIhw16i16o, both directions, with a channel tail of every length
 * from 1 to 15 (C = 16k + t), H x W from 1 x 1 up, at 128, 256 and 512 bits, every variant by its
 * number, the destination NaN everywhere before the call (so a pad lane left unwritten fails).
 */
class BlockedTransposeFormsTest {

    private static final List<String> NEW_FORMS = List.of("8x8 blocks in registers, offset loads, and-or shifts");

    /**
     * The tail blocks in registers: alone (the pad nest zeroes the rest of the tail block), and
     * with their rows' other pad lanes (no pad nest over those lines).
     */
    private static final List<String> TAIL_FORMS = List.of(" alone", " with pad columns");

    /** Per block width and tail form, how many tail blocks the generated classes hold. */
    private static final Map<String, Integer> tailForms = new TreeMap<>();

    @Test
    void channelTailsOfEveryLengthInEveryForm() {
        Random r = new Random(Long.getLong("strider.seed", 18L));
        Map<String, Integer> ran = new TreeMap<>();
        int cases = 0;
        // two kernel sets (odd and even tails), so each compiles in reasonable time
        for (int parity = 0; parity < 2; parity++) {
            List<KernelMethod> methods = new ArrayList<>();
            for (int t = 1 + parity; t <= 15; t += 2) {
                int c = 16 * r.nextInt(3) + t;
                int[] shape = {1 + r.nextInt(2), c, 1 + r.nextInt(t < 4 ? 2 : 7), 1 + r.nextInt(t < 4 ? 3 : 9)};
                for (String[] f : new String[][] {{"nchw", "nChw16c"}, {"nChw16c", "nchw"}, {"nchw", "nChw8c"},
                        {"nChw8c", "nchw"}}) {
                    methods.add(Samples.reorder("m" + methods.size(), ElementType.FLOAT,
                            TensorLayout.of("NCHW", shape, f[0]), TensorLayout.of("NCHW", shape, f[1])));
                }
            }
            // the shape every benchmark measures, and its 17-channel tail
            if (parity == 0) {
                for (int c : new int[] {64, 17}) {
                    int[] shape = {1, c, 56, 56};
                    methods.add(Samples.reorder("big" + c, ElementType.FLOAT, TensorLayout.of("NCHW", shape, "nchw"),
                            TensorLayout.of("NCHW", shape, "nChw16c")));
                    methods.add(Samples.reorder("back" + c, ElementType.FLOAT, TensorLayout.of("NCHW", shape, "nChw16c"),
                            TensorLayout.of("NCHW", shape, "nchw")));
                }
            }
            cases += run(new KernelSet("tails" + parity, List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods),
                    r, ran);
        }
        System.out.println("[blocked forms] " + cases + " cases of channel tails 1-15 passed; variants run: " + ran);
        for (String form : NEW_FORMS) {
            assertTrue(ran.getOrDefault(form, 0) > 0, form + ": " + ran);
        }
        // the tail blocks in registers, in blocks of every width: alone, and writing the rest of their rows' pad lanes
        for (String form : TAIL_FORMS) {
            // a 16x16 block of nChw16c leaves no pad columns after a partial block
            for (int lanes : form.equals(" alone") ? new int[] {4, 8, 16} : new int[] {4, 8}) {
                String block = "the " + lanes + "x" + lanes + " block";
                assertTrue(tailForms.getOrDefault(block + form, 0) > 0, block + form + ": " + tailForms);
            }
        }
        System.out.println("[blocked forms] tail blocks in registers: " + tailForms);
    }

    @Test
    void weightsInEveryForm() {
        Random r = new Random(Long.getLong("strider.seed", 1816L));
        List<KernelMethod> methods = new ArrayList<>();
        for (int[] shape : new int[][] {{16, 16, 3, 3}, {17, 33, 1, 1}, {32, 5, 3, 3}, {64, 64, 3, 3}, {3, 19, 2, 1}}) {
            for (ElementType type : List.of(ElementType.FLOAT, ElementType.SHORT, ElementType.BYTE)) {
                TensorLayout plain = TensorLayout.of("OIHW", shape, "oihw");
                TensorLayout blocked = TensorLayout.of("OIHW", shape, "OIhw16i16o");
                methods.add(Samples.reorder("w" + methods.size(), type, plain, blocked));
                methods.add(Samples.reorder("w" + methods.size(), type, blocked, plain));
            }
        }
        Map<String, Integer> ran = new TreeMap<>();
        int cases = run(new KernelSet("weights", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), methods), r, ran);
        System.out.println("[blocked forms] " + cases + " OIhw16i16o cases passed; variants run: " + ran);
        assertTrue(ran.keySet().stream().anyMatch(v -> v.contains("offset loads")), ran.toString());
    }

    /** Every class and variant of {@code set} against the generic kernels, at both block-width options. */
    private static int run(KernelSet set, Random r, Map<String, Integer> ran) {
        int cases = 0;
        for (int transposeBits : List.of(ProcessorOptions.DEFAULT_TRANSPOSE_BITS, 512)) {
            List<JavaFile> files = new ArrayList<>();
            files.add(Writers.scalar(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE));
            for (int bits : VectorWriter.SHAPES) {
                files.add(Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE, bits,
                        transposeBits));
            }
            for (JavaFile f : files) {
                assertOneWidthPerVariant(f.toString());
                Matcher tail = TAIL_BLOCK.matcher(f.toString());
                while (tail.find()) {
                    tailForms.merge(tail.group(1) + (tail.group(2).endsWith("\n") ? " alone" : " with pad columns"), 1,
                            Integer::sum);
                }
            }
            CompiledKernels compiled = CompiledKernels.compile(set, files);
            for (JavaFile f : files) {
                String name = f.typeSpec().name();
                Map<String, List<String>> variants = compiled.variants(name);
                List<Object> instances = new ArrayList<>(List.of(compiled.create(name)));
                instances.addAll(compiled.everyVariant(name));
                for (KernelMethod m : set.methods()) {
                    for (int k = 0; k < instances.size(); k++) {
                        GeneratedVersusGenericTest.check(instances.get(k), m, r, true);
                        cases++;
                        List<String> names = variants.get(m.key());
                        if (k > 0 && names != null && k - 1 < names.size()) {
                            ran.merge(names.get(k - 1), 1, Integer::sum);
                        }
                    }
                }
            }
        }
        return cases;
    }

    private static final Pattern TAIL_BLOCK = Pattern.compile("// (the \\d+x\\d+ block)[^\n]*?( zero rows: columns \\d+ apart in \\w+(?:\n|, each followed by))");

    private static final Pattern VARIANT = Pattern.compile("\n    private void (\\w+_blocks\\w*)\\(");
    private static final Pattern SPECIES = Pattern.compile("\\b(FLOAT|DOUBLE|LONG|INT|SHORT|BYTE)_(128|256|512)\\b");

    /**
     * Each transpose variant's body uses vectors of one width only, pad lanes included: on JDK 17
     * a kernel mixing shapes (256-bit blocks and a 512-bit fill of the pad lanes) lost the exact
     * vector types and boxed (132 us against 15).
     */
    static void assertOneWidthPerVariant(String source) {
        Matcher c = Pattern.compile("class \\w+_Vector(\\d+)").matcher(source);
        if (!c.find()) {
            return;
        }
        String classBits = c.group(1);
        Matcher m = VARIANT.matcher(source);
        List<Integer> starts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (m.find()) {
            starts.add(m.start());
            names.add(m.group(1));
        }
        for (int i = 0; i < starts.size(); i++) {
            int end = source.indexOf("\n    }\n", starts.get(i));
            String body = source.substring(starts.get(i), end);
            Set<String> widths = new TreeSet<>();
            Matcher s = SPECIES.matcher(body);
            while (s.find()) {
                widths.add(s.group(2));
            }
            // fields named without a width are the class's own: count them as its width
            if (Pattern.compile("\\b(HIGH|SWAP)\\d+_(FLOAT|DOUBLE|LONG|INT|SHORT|BYTE)\\b(?!_)").matcher(body).find()) {
                widths.add(classBits);
            }
            assertTrue(widths.size() <= 1, names.get(i) + " uses vectors of " + widths);
        }
    }

    @Test
    void theVector512ClassOfThe8x8FormUses256BitVectorsOnly() {
        int[] shape = {1, 17, 56, 56};
        KernelSet set = new KernelSet("w", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR), List.of(
                Samples.reorder("m", ElementType.FLOAT, TensorLayout.of("NCHW", shape, "nchw"),
                        TensorLayout.of("NCHW", shape, "nChw16c"))));
        String source = Writers.vector(set, 64, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE, 512,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS).toString();
        String body = source.substring(source.indexOf("private void m_blocks8om("));
        body = body.substring(0, body.indexOf("\n    }\n"));
        assertTrue(body.contains("IntVector.zero(INT_256)"), body);
        assertTrue(body.contains("FloatVector.fromArray(FLOAT_256"), body);
        assertEquals(-1, body.indexOf("FLOAT_512"), body);
        assertEquals(-1, body.indexOf("FLOAT_128"), body);
        assertEquals(-1, body.indexOf("INT_512"), body);
        assertEquals(-1, body.indexOf("INT_128"), body);
    }
}

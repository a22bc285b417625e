package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.Planner;
import dev.strider.runtime.Parallel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random declarations whose parameter names, method names and member types are the identifiers
 * the writers use themselves (locals {@code r0}, {@code a1}, {@code c0}, {@code v0}, {@code hw},
 * the THREADS field {@code body}, the chunk bounds, the fields {@code FLOAT_256} and
 * {@code U8_VALUES}, the types {@code Checks} and {@code FloatKernels}, package roots), with
 * overloads across element types and names that differ only in case: every target must compile,
 * and compute what the generic kernels compute.
 */
class HostileNamesTest {

    /** Every identifier the writers emitted before {@link Identifiers}, and then some. */
    static final List<String> HOSTILE = Stream.of(
            IntStream.range(0, 16).mapToObj(i -> "r" + i),
            IntStream.range(0, 8).mapToObj(i -> "a" + i),
            IntStream.range(0, 8).mapToObj(i -> "b" + i),
            IntStream.range(0, 8).mapToObj(i -> "c" + i),
            IntStream.range(0, 8).mapToObj(i -> "v" + i),
            Stream.of("r", "a", "c", "v", "r_0", "c_1", "body", "body_", "lo", "hi", "src", "dst", "in", "out",
                    "value", "i", "n", "h", "w", "hw", "c16", "c8", "cBlock", "srcHw", "dstC", "from", "to", "from_",
                    "Checks", "FloatKernels", "ByteKernels", "IntKernels", "DoubleKernels", "Parallel", "KernelLoader",
                    "Math", "Object", "String", "Double", "Float", "List", "Override", "FloatVector", "ByteVector",
                    "IntVector", "VectorMask", "VectorShuffle", "VectorSpecies", "VectorOperators", "ElementType",
                    "TensorLayout", "Target", "Device", "Generated", "Provider", "Chunks", "Checks_", "dev", "java",
                    "javax", "jdk", "Ops", "Ops_Scalar", "CHEAP_REARRANGE", "FLOAT_256", "FLOAT_128", "BYTE_64",
                    "INT_256", "SWAP1_FLOAT_128", "HIGH1_FLOAT_128", "REVERSE_FLOAT", "U8_VALUES", "M0_VALUES",
                    "kernels", "variant", "mVariant", "stepsVariant", "Map", "IllegalArgumentException"))
            .flatMap(s -> s).collect(Collectors.toList());

    /** Method names: helper-like, type-like, and pairs that differ only in case. */
    static final List<String> METHODS = List.of("steps", "steps_steps", "steps_range", "m", "m_range", "m_steps",
            "m_inRegisters", "m_scalar", "m_blocks4", "m_untiled", "mVariant", "m_scalar_", "u8", "U8", "flip", "FLIP", "body", "Checks", "values", "from", "r0");

    /** Member types of the interface, which the generated classes inherit. */
    static final List<String> MEMBER_TYPES = List.of("Checks", "FloatKernels", "ByteKernels", "FloatVector",
            "VectorMask", "VectorOperators", "List", "Double", "Parallel", "KernelLoader", "ElementType", "Provider");

    private static final ForkJoinPool POOL = new ForkJoinPool(3);

    @BeforeAll
    static void threeWorkers() {
        Parallel.usePool(POOL);
    }

    @Test
    void hostileNamesCompileAndComputeWhatTheGenericKernelsCompute() {
        long seed = Long.getLong("strider.seed", 20261125L);
        Random r = new Random(seed);
        int cases = 0;
        int renamed = 0;
        int overloads = 0;
        for (int batch = 0; batch < 6; batch++) {
            List<KernelMethod> methods = new ArrayList<>();
            Set<String> signatures = new HashSet<>();
            Set<String> names = new HashSet<>();
            while (methods.size() < 24) {
                KernelMethod m = GeneratedVersusGenericTest.randomMethod(r, METHODS.get(r.nextInt(METHODS.size())));
                List<String> taken = new ArrayList<>(); // distinct within the method
                KernelMethod hostile = m.withParams(p -> {
                    String name;
                    do {
                        name = HOSTILE.get(r.nextInt(HOSTILE.size()));
                    } while (taken.contains(name));
                    taken.add(name);
                    return new Param(name, p.type(), p.memory());
                });
                String signature = hostile.name() + hostile.params().stream()
                        .map(p -> p.type() + (p.tensor() ? "[]" : "")).collect(Collectors.joining(",", "(", ")"));
                if (!signatures.add(signature)) {
                    continue; // the same name and parameter types twice would not be an overload
                }
                overloads += names.add(hostile.name()) ? 0 : 1;
                methods.add(hostile);
            }
            String iface = batch % 2 == 0 ? "Ops" : "Checks";
            List<String> members = new ArrayList<>();
            for (String t : MEMBER_TYPES) {
                if (r.nextBoolean() && !t.equals(iface)) { // a member type may not share its interface's name
                    members.add(t);
                }
            }
            KernelSet set = new KernelSet("hostile" + batch, List.of(iface),
                    List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods, members);
            Identifiers ids = Identifiers.of(set);
            for (KernelMethod m : ids.set().methods()) {
                for (Param p : m.params()) {
                    renamed += p.name().equals(p.declared()) ? 0 : 1;
                }
            }
            // THREADS splits every method in even batches, in odd ones none; unrolled, then looped.
            long threadsAbove = batch % 2 == 0 ? 1 : Long.MAX_VALUE;
            int unroll = batch % 3 == 0 ? 64 : 2;
            List<JavaFile> files = GeneratedVersusGenericTest.everyTarget(set, unroll,
                    batch < 2 ? 0 : Planner.TILE_ABOVE_ELEMENTS, threadsAbove, batch % 4 < 2 ? 128 : 512);
            List<Object> targets = GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, files));
            // Identifiers keeps parameters clear of the types generated code names: it must know them all.
            for (JavaFile file : files) {
                for (String line : file.toString().lines().filter(l -> l.startsWith("import ")).toList()) {
                    String simple = line.substring(line.lastIndexOf('.') + 1, line.length() - 1);
                    assertTrue(Identifiers.TYPES.contains(simple), simple + " is not in Identifiers.TYPES");
                }
            }
            // The generated classes are called by the declared names; the model's methods are the declared ones.
            for (int k = 0; k < methods.size(); k++) {
                KernelMethod declared = methods.get(k);
                KernelMethod generated = ids.set().methods().get(k);
                for (Object target : targets) {
                    GeneratedVersusGenericTest.check(target, declared, r);
                    cases++;
                }
            }
        }
        System.out.println("[hostile names] " + cases + " cases passed (seed " + seed + "), " + renamed
                + " parameters renamed, " + overloads + " overloads");
        assertTrue(renamed > 0 && overloads > 0, renamed + " renamed, " + overloads + " overloads");
    }

    /** {@code p} as if the user had declared it {@code name}. */
    private static Param as(Param p, String name) {
        return new Param(name, p.type(), p.memory());
    }

    /** The names the issue found broken, each in a declaration of its own kind, on every target. */
    @Test
    void theReportedClashesCompile() {
        List<KernelMethod> methods = List.of(
                Samples.reorder("toNhwc", ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NCHW", 1, 16, 8, 8),
                        dev.strider.layout.TensorLayout.of("NCHW", new int[] {1, 16, 8, 8}, "nhwc"))
                        .withParams(p -> as(p, p.name().equals("src") ? "r0" : "a1")),
                Samples.reorder("copy", ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        dev.strider.layout.TensorLayout.packed("NC", 4, 8))
                        .withParams(p -> as(p, p.name().equals("src") ? "Checks" : "FloatKernels")),
                Samples.reorder("split", ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        dev.strider.layout.TensorLayout.of("NC", new int[] {4, 8}, "cn"))
                        .withParams(p -> as(p, p.name().equals("src") ? "body" : "dst")),
                Samples.reorder("steps", ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        dev.strider.layout.TensorLayout.of("NC", new int[] {4, 8}, "cn")),
                Samples.reorder("steps", ElementType.INT, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        dev.strider.layout.TensorLayout.of("NC", new int[] {4, 8}, "cn")),
                Samples.convert("u8", ElementType.BYTE, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NC", 4, 8), true, 0.5, 1),
                Samples.convert("U8", ElementType.BYTE, dev.strider.layout.TensorLayout.packed("NC", 4, 8),
                        ElementType.FLOAT, dev.strider.layout.TensorLayout.packed("NC", 4, 8), false, 2, 0)
                        .withParams(p -> as(p, p.name().equals("src") ? "src" : "U8_VALUES")),
                // f16 through a tile: a dim E (its loop variable e), parameters named like the tile's
                // locals; then blocks unrolled into one scope (hw16[2])
                Samples.widen("tiles", dev.strider.kernel.NarrowFormat.F16,
                        dev.strider.layout.TensorLayout.packed("ECHW", 9, 32, 8, 8),
                        dev.strider.layout.TensorLayout.of("ECHW", new int[] {9, 32, 8, 8}, "eChw16c"))
                        .withParams(p -> as(p, p.name().equals("src") ? "halfTile" : "tileIndex").holding(p.narrow())),
                Samples.widen("unrolledTiles", dev.strider.kernel.NarrowFormat.F16,
                        dev.strider.layout.TensorLayout.packed("NCHW", 1, 16, 4, 8),
                        dev.strider.layout.TensorLayout.of("NCHW", new int[] {1, 16, 4, 8}, "nChw16c")),
                // (and one whose tile's run breaks: each image's 81 pixels are 5 whole blocks and one
                // pixel in scalar code, so the next image's first block does not continue the tile)
                Samples.widen("brokenRuns", dev.strider.kernel.NarrowFormat.F16,
                        dev.strider.layout.TensorLayout.packed("NCHW", 4, 16, 9, 9),
                        dev.strider.layout.TensorLayout.of("NCHW", new int[] {4, 16, 9, 9}, "nChw16c")));
        KernelSet set = new KernelSet("reported", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                methods);
        List<JavaFile> files = GeneratedVersusGenericTest.everyTarget(set, 64, Planner.TILE_ABOVE_ELEMENTS, 1, 128);
        CompiledKernels compiled = CompiledKernels.compile(set, files);
        Random r = new Random(5);
        for (int k = 0; k < methods.size(); k++) {
            for (Object target : GeneratedVersusGenericTest.instances(set, compiled)) {
                GeneratedVersusGenericTest.check(target, methods.get(k), r);
            }
        }
        // The overloads' chunk counts are two methods; the case-only pair gets two tables, and neither
        // is called U8_VALUES, which a parameter of U8 is: the parameter would hide the table.
        String scalar = files.get(0).toString();
        assertTrue(scalar.contains("int steps1_steps()") && scalar.contains("int steps2_steps()"), scalar);
        assertTrue(scalar.contains("U8_VALUES_ =") && scalar.contains("U8_VALUES__ =")
                && !scalar.contains("U8_VALUES ="), scalar);
        // A parameter named like a runtime type is renamed; the messages still name it as declared.
        assertTrue(scalar.contains("float[] Checks_") && scalar.contains("capacity(\"Checks\", Checks_.length"), scalar);
        // the f16 tile was planned where the reorder's class has 256-bit vectors
        assertTrue(files.stream().anyMatch(f -> f.toString().contains(" tiles_blocks16t(")), "no tile planned");
        assertTrue(files.stream().anyMatch(f -> f.toString().contains(" unrolledTiles_blocks16t(")), "no unrolled tile planned");
        assertTrue(files.stream().anyMatch(f -> f.toString().contains(" brokenRuns_blocks16t(")), "no broken tile planned");
        // The chunk methods skip the checks: never public.
        assertEquals(List.of(), scalar.lines().filter(l -> l.contains("public") && l.contains("_range(")).toList());
    }
}

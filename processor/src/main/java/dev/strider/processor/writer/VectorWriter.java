package dev.strider.processor.writer;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.strider.kernel.ElementType;
import dev.strider.UnaryKind;
import dev.strider.BinaryOp;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.Node;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.Problem;
import dev.strider.processor.plan.VectorPlan;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntPredicate;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Interface>_Vector<bits>} with {@code jdk.incubator.vector}, the species fixed at
 * {@code bits}. Per method, the planner's {@link VectorPlan} decides the form: contiguous runs
 * become vector loads, operations and stores (a -1 slice loads and reverses, a broadcast input
 * becomes a broadcast vector); transposes move square blocks through registers (128 bits wide
 * unless {@link ProcessorOptions#transposeBits()} says more),
 * and 3, 5 or 7 colour planes are interleaved (or split) a vector of pixels at a time, one
 * rearrange and a few blends per vector.
 * Tails, and methods no vector form computes bit for bit like the generic kernels (integer
 * scale-shift rounds and saturates, integer division can throw), are scalar code. A transpose
 * whose operands fit in cache and whose blocks rearrange in more stages than they shift (64-bit
 * lanes, 8x8 floats) also carries the scalar nest, which Java 17-23 run instead
 * ({@link #IN_CACHE_BYTES}).
 */
public final class VectorWriter {

    /** The vector shapes the processor generates by default, in bits. */
    public static final List<Integer> SHAPES = List.of(128, 256, 512);

    private static final String VECTOR_PACKAGE = "jdk.incubator.vector";
    private static final ClassName VECTOR_SPECIES = ClassName.get(VECTOR_PACKAGE, "VectorSpecies");
    private static final ClassName VECTOR_SHUFFLE = ClassName.get(VECTOR_PACKAGE, "VectorShuffle");
    private static final ClassName VECTOR_MASK = ClassName.get(VECTOR_PACKAGE, "VectorMask");
    private static final ClassName VECTOR_OPERATORS = ClassName.get(VECTOR_PACKAGE, "VectorOperators");
    private static final ClassName DEVICE = ClassName.get(dev.strider.runtime.Device.class);
    /** Wider blocks than this would not fit the 16 or 32 vector registers. */
    private static final int MAX_TRANSPOSE_LANES = 16;
    /**
     * The fewest lanes a {@code rearrange} may have. C2 compiles no {@code rearrange} of 2 lanes
     * on x86 ({@code -XX:+PrintIntrinsics}: "failed to inline (intrinsic)" for {@code
     * VectorSupport::rearrangeOp}, JDK 17 and 25), so it runs as Java code: a double W flip
     * 1x64x56x56 took 1.3 ms in 128-bit vectors against the scalar loop's 80 us, nchw to nChw16c in
     * 2x2 double blocks 2.5 ms against 66 us. So 64-bit transposes take blocks of 4 lanes (256 bits),
     * and a 128-bit class reverses no 64-bit lanes and transposes none.
     */
    static final int MIN_SHUFFLE_LANES = 4;

    private final int bits;
    private final int transposeBits;
    private final int unrollLimit;
    private final long tileAbove;
    private final long threadsAbove;
    private final ScalarWriter scalar;

    public VectorWriter(ProcessorOptions options, int bits) {
        this(options.unrollLimit(), Planner.TILE_ABOVE_ELEMENTS, options.threadsAbove(), bits, options.transposeBits());
    }

    /**
     * @param transposeBits the width of the square blocks transposes move through registers: the
     *                      class's {@code bits} or fewer ({@link ProcessorOptions#transposeBits()})
     */
    VectorWriter(int unrollLimit, long tileAbove, long threadsAbove, int bits, int transposeBits) {
        this.bits = bits;
        this.transposeBits = Math.min(bits, transposeBits);
        this.unrollLimit = unrollLimit;
        this.tileAbove = tileAbove;
        this.threadsAbove = threadsAbove;
        this.scalar = new ScalarWriter(unrollLimit, tileAbove, threadsAbove);
    }

    /** {@code ImageOps_Vector256}. */
    public static String className(KernelSet set, int bits) {
        return set.generatedName(Target.VECTOR) + bits;
    }

    public JavaFile write(KernelSet set) {
        return generate(set).file();
    }

    /** The class and the loop nest (and vector form) of each method, as its Javadoc states it. */
    public GeneratedClass generate(KernelSet declared) {
        Identifiers ids = Identifiers.of(declared);
        KernelSet set = ids.set();
        String name = className(set, bits);
        ClassName self = ClassName.get(set.packageName(), name);
        Constants constants = new Constants(bits, ids);
        TypeSpec.Builder type = KernelClass.header(ids, name)
                .addJavadoc("VECTOR kernels ($L-bit {@code jdk.incubator.vector}) for {@link $T}, generated by Strider:\n",
                        bits, KernelClass.iface(set))
                .addJavadoc("contiguous runs are vector loads and stores, transposes and colour-plane interleaves go\n")
                .addJavadoc("through registers, and tails are scalar code. Every size, stride and offset is a literal;\n")
                .addJavadoc("each method checks its arrays before it writes anything and computes exactly what the\n")
                .addJavadoc("generic kernels compute.\n")
                .addJavadoc("Needs {@code --add-modules jdk.incubator.vector} at run time; without it the registry skips\n")
                .addJavadoc("this class and says why.\n");
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).build());
        if (set.targets().contains(Target.THREADS)) {
            type.superclass(KernelClass.chunks(set));
        }
        List<String> nests = new ArrayList<>();
        for (KernelMethod m : set.methods()) {
            boolean chunked = KernelClass.chunked(set, m, threadsAbove);
            Written written = method(ids, m, constants, chunked);
            ScalarWriter.Body body = padInVectors(written.body(), m, constants, chunked);
            // Offset tables are named by method, operand and dim, and built from the dim alone: a
            // table both nests use is one field.
            Map<String, FieldSpec> tables = new LinkedHashMap<>();
            body.nest().tables().forEach(t -> tables.put(t.name(), t));
            if (written.inCacheTranspose()) {
                ScalarWriter.Body before24 = padInVectors(scalar.body(ids, m, chunked), m, constants, chunked);
                String nest = body.describe() + "; before Java 24, the scalar nest " + before24.describe();
                KernelClass.addMethod(ids, type, m, nest, constants.cheapRearrange(),
                        new KernelClass.Variant("inRegisters", body.describe(), body.logical(), body.pad(), body.steps()),
                        new KernelClass.Variant("scalar", before24.describe(), before24.logical(), before24.pad(),
                                before24.steps()));
                before24.nest().tables().forEach(t -> tables.putIfAbsent(t.name(), t));
                nests.add(nest);
            } else {
                KernelClass.addMethod(ids, type, m, body.describe(), body.logical(), body.pad(), body.steps());
                nests.add(body.describe());
            }
            tables.values().forEach(type::addField);
            KernelClass.byteTable(ids, m).ifPresent(type::addField);
        }
        constants.fields().forEach(type::addField);
        type.addType(KernelClass.provider(set, self, Target.VECTOR, bits));
        return new GeneratedClass(KernelClass.file(set, type), nests);
    }

    // ------------------------------------------------------------------ one method

    /**
     * Before Java 24 every {@code rearrange} checks its shuffle again ({@link
     * dev.strider.runtime.Device#cheapRearrange()}), and an in-register transpose whose operands
     * stay in cache lost to the scalar nest on Java 17 while all its stages rearranged: 0.63-0.89x
     * its speed from 1.6 to 16.8 MB moved (NCHW to NHWC and nchw to nChw16c, 64 channels, 8x8
     * blocks); 4x4 blocks 81 us against 64 (nchw to nChw16c 1x64x56x56). From 25.7 MB on, or with a
     * block row stride a multiple of 4 KiB (NCHW to NHWC 1x64x128x128: 5.1x), the registers won.
     * Since the stages of pieces up to 32 bits shift instead ({@link Constants#transpose}), a
     * block with at least as many shifting stages as rearranging ones wins on Java 17 in cache
     * too. Each in its own JVM, 4x4 float blocks against the scalar nest: nchw to nChw16c
     * 1x64x56x56 55 us against 65, back 47 against 78; 1x17 20 against 22 and 15 against 21;
     * NCHW to NHWC 1x64x56x56 55 against 72 and back 58 against 194; nchw to nChw8c 1x17x5x4 87
     * against 117 ns; 8x8 short and 16x16 byte blocks 24-34 us against 51-59. Blocks that still
     * rearrange more often keep the scalar nest for Java 17-23: 4x4 doubles (83 us against 66,
     * NCHW to NHWC 124 against 87) and 8x8 floats (the tiny nChw8c 4.8 us against 117 ns).
     */
    static final long IN_CACHE_BYTES = 20_000_000;

    /** A method's vector (or scalar) body; {@code inCacheTranspose} when Java 17-23 want the scalar nest. */
    private record Written(ScalarWriter.Body body, boolean inCacheTranspose) {}

    /** The vector body of {@code m}, or its scalar body with the reason no vector form fits. */
    private Written method(Identifiers ids, KernelMethod m, Constants constants, boolean chunked) {
        String unsupported = unsupported(m);
        if (unsupported != null) {
            return new Written(scalar.body(ids, m, chunked).noting("scalar (" + unsupported + ")"), false);
        }
        ElementType type = m.output().type();
        int lanes = bits / 8 / type.bytes();
        int blockLanes = Math.max(MIN_SHUFFLE_LANES, transposeBits / 8 / type.bytes());
        int transposeLanes = isCopy(m) && blockLanes <= Math.min(lanes, MAX_TRANSPOSE_LANES) ? blockLanes : 0;
        // Converting reorders interleave too: each vector is converted as it is loaded, and scaled before it is stored.
        boolean interleavable = (isCopy(m) || m instanceof KernelMethod.Reorder) && lanes <= MAX_TRANSPOSE_LANES;
        Problem problem = Problem.of(m);
        int limit = unrollLimit;
        while (true) {
            Optional<VectorPlan> planned = Planner.planVector(problem, limit, lanes, transposeLanes, interleavable,
                    tileAbove);
            if (planned.isEmpty() && isCopy(m) && lanes < MIN_SHUFFLE_LANES && Planner.planVector(problem, limit,
                    MIN_SHUFFLE_LANES, MIN_SHUFFLE_LANES, false, tileAbove)
                    .filter(p -> p.kind() == VectorPlan.Kind.TRANSPOSE).isPresent()) {
                return new Written(scalar.body(ids, m, chunked).noting("scalar (a transpose in registers takes blocks of "
                        + MIN_SHUFFLE_LANES + " lanes; " + bits + " bits hold " + lanes + ")"), false);
            }
            if (planned.isEmpty() || !widensSequentially(m, planned.get())) {
                return new Written(scalar.body(ids, m, chunked).noting("scalar (no vector form fits this nest)"), false);
            }
            VectorPlan plan = planned.get();
            if (lanes < MIN_SHUFFLE_LANES && reverses(plan)) {
                return new Written(scalar.body(ids, m, chunked).noting(
                        "scalar (a reversed input: no rearrange of " + lanes + " lanes compiles to vector code)"), false);
            }
            NestWriter nest = new NestWriter(plan.loops(), ids, m, ids.scope(m));
            int steps = chunked ? ScalarWriter.split(ids, m, nest, plan.loops(), plan.leaf()) : 0;
            Node lane = plan.loops().nodes().get(plan.leaf());
            Function<List<CodeBlock>, CodeBlock> vector = switch (plan.kind()) {
                case CONTIGUOUS -> offsets -> contiguous(m, lane, lanes, offsets, constants);
                case TRANSPOSE -> offsets -> transpose(m, plan, offsets, constants, nest.scope());
                case INTERLEAVE, DEINTERLEAVE -> offsets -> interleave(m, plan, offsets, constants, nest.scope());
            };
            CodeBlock logical = nest.logical(offsets -> KernelClass.element(ids, m, offsets), plan.leaf(), vector);
            CodeBlock pad = ScalarWriter.padLanes(m, nest);
            int estimate = 200 + nest.statements() * 32 + nest.loops() * 40;
            if (estimate <= ScalarWriter.METHOD_BYTES_BUDGET || limit <= 1) {
                return new Written(new ScalarWriter.Body(plan.describe(), nest, logical, pad, steps),
                        inCacheTranspose(m, plan));
            }
            limit /= 2;
        }
    }

    /**
     * {@code body} with its pad lanes zeroed before the nest, the innermost padded dim's tail
     * blocks as whole zero vectors ({@link NestWriter#padLanesInVectors}); unchanged when that
     * does not apply, in THREADS chunks, where the chunk zeroing the pad lanes runs beside the
     * chunks writing the real lanes, and when an input may be the output's array ({@code
     * relu(x, x)}), whose real lanes the zeros would overwrite before they are read.
     */
    private ScalarWriter.Body padInVectors(ScalarWriter.Body body, KernelMethod m, Constants c, boolean chunked) {
        if (chunked || body.pad().isEmpty() || KernelClass.inPlace(m)) {
            return body;
        }
        Param out = m.output();
        ElementType type = out.type();
        // as wide as the class's vectors, or down to 128 bits for the lane node of a narrower transpose block
        Optional<CodeBlock> pad = body.nest().padLanesInVectors(bits / 8 / type.bytes(), 16 / type.bytes(),
                lanes -> offset -> CodeBlock.of("$T.zero($N).intoArray($N, $L);\n", vectorClass(type),
                        c.species(type, lanes * 8 * type.bytes()), out.name(), offset),
                offset -> CodeBlock.of("$N[$L] = 0;\n", out.name(), offset));
        return pad.map(zeros -> new ScalarWriter.Body(body.describe(), body.nest(),
                CodeBlock.builder().add(zeros).add(body.logical()).build(), CodeBlock.of(""), body.steps()))
                .orElse(body);
    }

    /**
     * A transpose in registers moving at most {@link #IN_CACHE_BYTES}, its block rows not 4 KiB
     * apart, whose blocks rearrange in more stages than they shift.
     */
    private static boolean inCacheTranspose(KernelMethod m, VectorPlan plan) {
        if (plan.kind() != VectorPlan.Kind.TRANSPOSE) {
            return false;
        }
        int shifting = 0;
        int rearranging = 0;
        for (int k = plan.lanes() / 2; k >= 1; k /= 2) {
            if (shifts(m.output().type(), k)) {
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
            if (p.array()) {
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
    static boolean shifts(ElementType type, int k) {
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

    /** Bytes widen to floats only from sequential runs: one along the lanes, or one per channel or vector. */
    private static boolean widensSequentially(KernelMethod m, VectorPlan plan) {
        return !(m instanceof KernelMethod.Reorder r && r.src().type() != r.dst().type())
                || plan.kind() == VectorPlan.Kind.CONTIGUOUS && plan.loops().nodes().get(plan.leaf()).strides()[1] == 1
                || plan.kind() == VectorPlan.Kind.INTERLEAVE || plan.kind() == VectorPlan.Kind.DEINTERLEAVE;
    }

    private static boolean isCopy(KernelMethod m) {
        return m instanceof KernelMethod.Slice || m instanceof KernelMethod.Reorder r && r.isCopy();
    }

    /** Why no vector statement computes {@code m} exactly as the generic kernels do, or null. */
    private String unsupported(KernelMethod m) {
        ElementType out = m.output().type();
        boolean floating = out.isFloatingPoint();
        if (m instanceof KernelMethod.Reorder r && !r.isCopy()) {
            if (r.unsignedDestination()) {
                return "an unsigned destination rounds and saturates";
            }
            if (!floating) {
                return "an integer scale-shift rounds and saturates";
            }
            ElementType in = r.src().type();
            if (in != out && !(in == ElementType.BYTE && out == ElementType.FLOAT && bits / 32 * 8 >= 64)) {
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

    // ------------------------------------------------------------------ contiguous statements

    /** One vector of the lane node: load (or broadcast, or reverse) the inputs, compute, store. */
    private CodeBlock contiguous(KernelMethod m, Node lane, int lanes, List<CodeBlock> offsets, Constants c) {
        Param out = m.output();
        ElementType type = out.type();
        CodeBlock value;
        if (m instanceof KernelMethod.Reorder r) {
            CodeBlock in = r.src().type() == type
                    ? load(r.src(), offsets.get(1), lane.strides()[1], lanes, c)
                    : widenBytes(r, offsets.get(1), lanes, c);
            value = r.isCopy() ? in : CodeBlock.of("$L.mul($L).add($L)", in, literal(type, r.scale()), literal(type, r.shift()));
        } else if (m instanceof KernelMethod.Slice s) {
            value = load(s.src(), offsets.get(1), lane.strides()[1], lanes, c);
        } else if (m instanceof KernelMethod.Fill f) {
            value = CodeBlock.of("$T.broadcast($N, $N)", vectorClass(type), c.species(type, bits), f.value().name());
        } else if (m instanceof KernelMethod.Unary u) {
            CodeBlock in = load(u.in(), offsets.get(1), lane.strides()[1], lanes, c);
            switch (u.op().kind()) {
                case RELU:
                    value = CodeBlock.of("$L.max($L)", in, zero(type));
                    break;
                case ABS:
                    value = CodeBlock.of("$L.abs()", in);
                    break;
                case NEG:
                    value = CodeBlock.of("$L.neg()", in);
                    break;
                default:
                    value = CodeBlock.of("$L.mul($L).add($L)", in, literal(type, u.op().scale()), literal(type, u.op().shift()));
            }
        } else {
            KernelMethod.Binary b = (KernelMethod.Binary) m;
            value = CodeBlock.of("$L.$L($L)", load(b.a(), offsets.get(1), lane.strides()[1], lanes, c),
                    b.op().name().toLowerCase(Locale.ROOT), load(b.b(), offsets.get(2), lane.strides()[2], lanes, c));
        }
        return CodeBlock.of("$L.intoArray($N, $L);\n", value, out.name(), offsets.get(0));
    }

    /** The input's vector at {@code offset} with lane stride 1, 0 (broadcast) or -1 (reversed). */
    private CodeBlock load(Param in, CodeBlock offset, int stride, int lanes, Constants c) {
        ClassName vector = vectorClass(in.type());
        String species = c.species(in.type(), bits);
        if (stride == 0) {
            return CodeBlock.of("$T.broadcast($N, $N[$L])", vector, species, in.name(), offset);
        }
        if (stride == -1) {
            return CodeBlock.of("$T.fromArray($N, $N, $L).rearrange($N)", vector, species, in.name(),
                    NestWriter.plus(offset, -(lanes - 1)), c.reverse(in.type()));
        }
        return CodeBlock.of("$T.fromArray($N, $N, $L)", vector, species, in.name(), offset);
    }

    /** Sequential bytes widened to float lanes ({@code & 0xFF} for an unsigned reading). */
    private CodeBlock widenBytes(KernelMethod.Reorder r, CodeBlock offset, int lanes, Constants c) {
        ClassName intVector = vectorClass(ElementType.INT);
        CodeBlock ints = CodeBlock.of("(($T) $T.fromArray($N, $N, $L).convertShape($T.B2I, $N, 0))", intVector,
                vectorClass(ElementType.BYTE), c.species(ElementType.BYTE, lanes * 8), r.src().name(), offset,
                VECTOR_OPERATORS, c.species(ElementType.INT, bits));
        if (r.unsignedSource()) {
            ints = CodeBlock.of("$L.and(0xFF)", ints);
        }
        return CodeBlock.of("(($T) $L.convert($T.I2F, 0))", vectorClass(ElementType.FLOAT), ints, VECTOR_OPERATORS);
    }

    // ------------------------------------------------------------------ transposes

    /**
     * The {@code lanes x lanes} block at the lane nodes, transposed in registers, written out
     * where it is used: as a helper method of 600 bytecodes it was too big for C2 to inline
     * ({@code FreqInlineSize} 325), and the call kept JDK 25 from hoisting the shuffles and masks
     * out of the loop (nchw to nChw16c 1x64x56x56: 132 us as a call, 49 us inlined by hand).
     */
    private CodeBlock transpose(KernelMethod m, VectorPlan plan, List<CodeBlock> offsets, Constants c,
                                Identifiers.Scope scope) {
        Node y = plan.loops().nodes().get(plan.leaf());
        Node x = plan.loops().nodes().get(plan.leaf() + 1);
        Param in = m.params().get(0);
        Param out = m.output();
        return c.transpose(scope, out.type(), plan.lanes(), in.name(), offsets.get(1), x.strides()[1],
                out.name(), offsets.get(0), y.strides()[0]);
    }

    /**
     * {@code lanes} pixels of a few channels, moved between planar and interleaved order in
     * registers (see {@link Constants#interleave} and {@link Constants#deinterleave}).
     */
    private CodeBlock interleave(KernelMethod m, VectorPlan plan, List<CodeBlock> offsets, Constants c,
                                 Identifiers.Scope scope) {
        List<Node> nodes = plan.loops().nodes();
        Param in = m.params().get(0);
        Param out = m.output();
        int lanes = plan.lanes();
        // A converting reorder widens bytes as it loads them and scales each vector before it stores it.
        Function<CodeBlock, CodeBlock> load = offset -> load(in, offset, 1, lanes, c);
        Function<CodeBlock, CodeBlock> compute = value -> value;
        if (m instanceof KernelMethod.Reorder r && !r.isCopy()) {
            ElementType type = out.type();
            if (r.src().type() != type) {
                load = offset -> widenBytes(r, offset, lanes, c);
            }
            compute = value -> CodeBlock.of("$L.mul($L).add($L)", value, literal(type, r.scale()), literal(type, r.shift()));
        }
        if (plan.kind() == VectorPlan.Kind.INTERLEAVE) {
            return c.interleave(scope, out.type(), lanes, plan.channels(), load, offsets.get(1),
                    nodes.get(plan.leaf() + 1).strides()[1], in.name(), compute, out.name(), offsets.get(0));
        }
        return c.deinterleave(scope, out.type(), lanes, plan.channels(), load, offsets.get(1), in.name(), compute, out.name(),
                offsets.get(0), nodes.get(plan.leaf()).strides()[0]);
    }

    // ------------------------------------------------------------------ names and literals

    static ClassName vectorClass(ElementType type) {
        return ClassName.get(VECTOR_PACKAGE, KernelClass.titled(type) + "Vector");
    }

    private static TypeName boxed(ElementType type) {
        return KernelClass.primitive(type).box();
    }

    private static CodeBlock zero(ElementType type) {
        switch (type) {
            case DOUBLE: return CodeBlock.of("0.0");
            case FLOAT: return CodeBlock.of("0f");
            case LONG: return CodeBlock.of("0L");
            case INT: return CodeBlock.of("0");
            case SHORT: return CodeBlock.of("(short) 0");
            default: return CodeBlock.of("(byte) 0");
        }
    }

    /** {@code v} in the lane type's arithmetic: rounded to float for float lanes, as the generic kernels do. */
    private static CodeBlock literal(ElementType type, double v) {
        if (type == ElementType.DOUBLE) {
            return KernelClass.literal(v);
        }
        float f = (float) v;
        if (Float.isNaN(f)) {
            return CodeBlock.of("$T.NaN", Float.class);
        }
        if (Float.isInfinite(f)) {
            return CodeBlock.of(f > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Float.class);
        }
        return CodeBlock.of("$Lf", Float.toString(f));
    }

    // ------------------------------------------------------------------ class constants

    /** The species, shuffles and masks the methods use, each once, in name order. */
    private static final class Constants {
        private final int bits;
        private final Identifiers ids;
        /** Species first: the shuffles and masks are built from them. */
        private final Map<String, FieldSpec> species = new TreeMap<>();
        private final Map<String, FieldSpec> fields = new TreeMap<>();

        Constants(int bits, Identifiers ids) {
            this.bits = bits;
            this.ids = ids;
        }

        List<FieldSpec> fields() {
            List<FieldSpec> all = new java.util.ArrayList<>(species.values());
            all.addAll(fields.values());
            return all;
        }

        /** {@code CHEAP_REARRANGE = Device.current().cheapRearrange()}: in-cache transposes use registers. */
        String cheapRearrange() {
            String name = ids.field("CHEAP_REARRANGE");
            fields.computeIfAbsent(name, n -> FieldSpec.builder(TypeName.BOOLEAN, n,
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Java 24 and later: in-cache transposes go through registers, else the scalar nest.\n")
                    .initializer("$T.current().cheapRearrange()", DEVICE).build());
            return name;
        }

        /** {@code FLOAT_256 = FloatVector.SPECIES_256}. */
        String species(ElementType type, int speciesBits) {
            String name = ids.field(type.name() + "_" + speciesBits);
            species.computeIfAbsent(name, n -> FieldSpec.builder(ParameterizedTypeName.get(VECTOR_SPECIES, boxed(type)), n,
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.SPECIES_$L", vectorClass(type), speciesBits).build());
            return name;
        }

        /** Lane {@code i} takes lane {@code lanes - 1 - i}. */
        String reverse(ElementType type) {
            String species = species(type, bits);
            String name = ids.field("REVERSE_" + type.name());
            int count = bits / 8 / type.bytes();
            fields.computeIfAbsent(name, n -> FieldSpec.builder(ParameterizedTypeName.get(VECTOR_SHUFFLE, boxed(type)), n,
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.fromOp($N, i -> $L - i)", VECTOR_SHUFFLE, species, count - 1).build());
            return name;
        }

        /**
         * The {@code lanes x lanes} block whose element {@code (i, j)} is at
         * {@code src[s + i * sStride + j]}, written to {@code dst[d + j * dStride + i]}, as one
         * Java block: log2(lanes) stages, stage {@code k} swapping the off-diagonal {@code k x k}
         * sub-blocks of rows {@code i} and {@code i + k}: per row, one move of the other row's
         * {@code k}-lane groups by {@code k} lanes, and one blend. A move of pieces of 32 bits or fewer
         * (the last stage of a float block) shifts the row as lanes of twice their width: a shift by a
         * constant is one instruction on every x86 vector ISA and, unlike {@code rearrange}, checks no
         * shuffle before Java 24. Wider pieces are moved by {@code rearrange}.
         */
        CodeBlock transpose(Identifiers.Scope scope, ElementType type, int lanes, String src, CodeBlock s, int sStride,
                String dst, CodeBlock d, int dStride) {
            int blockBits = lanes * 8 * type.bytes();
            String species = species(type, blockBits);
            ClassName vector = vectorClass(type);
            CodeBlock.Builder b = CodeBlock.builder()
                    .add("// the $Lx$L block: rows $L apart in $N, columns $L apart in $N\n", lanes, lanes, sStride, src, dStride, dst)
                    .add("{\n").indent();
            String rows = scope.numbered("r");
            for (int i = 0; i < lanes; i++) {
                b.addStatement("$T $N = $T.fromArray($N, $N, $L)", vector, rows + i, vector, species, src,
                        NestWriter.plus(s, i * sStride));
            }
            String[] stageNames = {"a", "b", "c"};
            String from = rows;
            int stage = 0;
            for (int k = lanes / 2; k >= 1; k /= 2, stage++) {
                String high = high(type, blockBits, k);
                boolean last = k == 1;
                String to = last ? null : scope.numbered(stageNames[stage]);
                int pieceBits = k * 8 * type.bytes();
                Function<String, CodeBlock> up;
                Function<String, CodeBlock> down;
                if (shifts(type, k)) {
                    String wide = laneTypes(2 * pieceBits);
                    String back = KernelClass.titled(type) + "s";
                    up = v -> CodeBlock.of("$L.reinterpretAs$L().lanewise($T.LSHL, $L).reinterpretAs$L()",
                            v, wide, VECTOR_OPERATORS, pieceBits, back);
                    down = v -> CodeBlock.of("$L.reinterpretAs$L().lanewise($T.LSHR, $L).reinterpretAs$L()",
                            v, wide, VECTOR_OPERATORS, pieceBits, back);
                } else {
                    String swap = swap(type, blockBits, k);
                    up = v -> CodeBlock.of("$L.rearrange($N)", v, swap);
                    down = up;
                }
                for (int i = 0; i < lanes; i++) {
                    if ((i & k) != 0) {
                        continue;
                    }
                    int j = i + k;
                    CodeBlock lo = CodeBlock.of("$N.blend($L, $N)", from + i, up.apply(from + j), high);
                    CodeBlock hi = CodeBlock.of("$L.blend($N, $N)", down.apply(from + i), from + j, high);
                    if (last) {
                        b.addStatement("$L.intoArray($N, $L)", lo, dst, NestWriter.plus(d, i * dStride));
                        b.addStatement("$L.intoArray($N, $L)", hi, dst, NestWriter.plus(d, j * dStride));
                    } else {
                        b.addStatement("$T $N = $L", vector, to + i, lo);
                        b.addStatement("$T $N = $L", vector, to + j, hi);
                    }
                }
                from = to;
            }
            return b.unindent().add("}\n").build();
        }

        /**
         * {@code lanes} pixels of {@code channels} channels, channel {@code j}'s pixels sequential
         * at {@code src[s + j * sStride]}, written interleaved to {@code channels * lanes}
         * sequential elements at {@code dst[d]}. Pixel {@code k} of channel {@code j} goes to
         * element {@code channels * k + j}, that is to lane {@code (channels * k + j) % lanes}
         * of some output vector; for an odd channel count those lanes differ for every
         * {@code k}, so one rearrange per channel puts all its pixels in place, and each output
         * vector blends the channels' rearranged vectors together.
         */
        CodeBlock interleave(Identifiers.Scope scope, ElementType type, int lanes, int channels, Function<CodeBlock, CodeBlock> load, CodeBlock s,
                int sStride, String src, Function<CodeBlock, CodeBlock> compute, String dst, CodeBlock d) {
            ClassName vector = vectorClass(type);
            CodeBlock.Builder b = CodeBlock.builder()
                    .add("// $L pixels x $L channels: channels $L apart in $N, interleaved in $N\n", lanes, channels,
                            sStride, src, dst)
                    .add("{\n").indent();
            String c = scope.numbered("c");
            for (int j = 0; j < channels; j++) {
                b.addStatement("$T $N = $L.rearrange($N)", vector, c + j, load.apply(NestWriter.plus(s, j * sStride)),
                        spread(type, lanes, channels, j));
            }
            for (int v = 0; v < channels; v++) {
                CodeBlock.Builder value = CodeBlock.builder().add("$N", c + 0);
                for (int j = 1; j < channels; j++) {
                    value.add(".blend($N, $N)", c + j, lanesOf(type, lanes, channels, v, j));
                }
                b.addStatement("$L.intoArray($N, $L)", compute.apply(value.build()), dst, NestWriter.plus(d, v * lanes));
            }
            return b.unindent().add("}\n").build();
        }

        /**
         * The inverse of {@link #interleave}: {@code channels * lanes} sequential elements at
         * {@code src[s]}, channel {@code j}'s {@code lanes} pixels written sequentially to
         * {@code dst[d + j * dStride]}. Each channel blends its lanes out of the input vectors and
         * one rearrange puts them in pixel order.
         */
        CodeBlock deinterleave(Identifiers.Scope scope, ElementType type, int lanes, int channels, Function<CodeBlock, CodeBlock> load,
                CodeBlock s, String src, Function<CodeBlock, CodeBlock> compute, String dst, CodeBlock d, int dStride) {
            ClassName vector = vectorClass(type);
            CodeBlock.Builder b = CodeBlock.builder()
                    .add("// $L pixels x $L channels: interleaved in $N, channels $L apart in $N\n", lanes, channels,
                            src, dStride, dst)
                    .add("{\n").indent();
            String vs = scope.numbered("v");
            for (int v = 0; v < channels; v++) {
                b.addStatement("$T $N = $L", vector, vs + v, load.apply(NestWriter.plus(s, v * lanes)));
            }
            for (int j = 0; j < channels; j++) {
                CodeBlock.Builder value = CodeBlock.builder().add("$N", vs + 0);
                for (int v = 1; v < channels; v++) {
                    value.add(".blend($N, $N)", vs + v, lanesOf(type, lanes, channels, v, j));
                }
                value.add(".rearrange($N)", pick(type, lanes, channels, j));
                b.addStatement("$L.intoArray($N, $L)", compute.apply(value.build()), dst, NestWriter.plus(d, j * dStride));
            }
            return b.unindent().add("}\n").build();
        }

        /** Lane {@code p} takes pixel {@code k} of the lanes with {@code (channels * k + j) % lanes == p}. */
        private String spread(ElementType type, int lanes, int channels, int j) {
            int[] from = new int[lanes];
            for (int k = 0; k < lanes; k++) {
                from[(channels * k + j) % lanes] = k;
            }
            return shuffle("SPREAD" + channels + "_C" + j + "_" + type.name(), type, from,
                    "Interleaving " + channels + " channels: lane p takes the pixel k with (" + channels + " * k + " + j
                            + ") % " + lanes + " == p, for channel " + j + ".\n");
        }

        /** Lane {@code k} takes lane {@code (channels * k + j) % lanes}. */
        private String pick(ElementType type, int lanes, int channels, int j) {
            int[] from = new int[lanes];
            for (int k = 0; k < lanes; k++) {
                from[k] = (channels * k + j) % lanes;
            }
            return shuffle("PICK" + channels + "_C" + j + "_" + type.name(), type, from,
                    "Deinterleaving " + channels + " channels: lane k takes lane (" + channels + " * k + " + j + ") % "
                            + lanes + ", pixel k of channel " + j + ".\n");
        }

        private String shuffle(String base, ElementType type, int[] from, String doc) {
            String name = ids.field(base);
            String species = species(type, bits);
            CodeBlock.Builder values = CodeBlock.builder();
            for (int i : from) {
                values.add(", $L", i);
            }
            fields.computeIfAbsent(name, n -> FieldSpec.builder(ParameterizedTypeName.get(VECTOR_SHUFFLE, boxed(type)), n,
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("$L", doc)
                    .initializer("$T.fromValues($N$L)", VECTOR_SHUFFLE, species, values.build()).build());
            return name;
        }

        /** The lanes of interleaved vector {@code v} that hold channel {@code j}. */
        private String lanesOf(ElementType type, int lanes, int channels, int v, int j) {
            return mask("INTERLEAVED" + channels + "_V" + v + "_C" + j + "_" + type.name(), type, bits,
                    p -> (v * lanes + p) % channels == j,
                    "The lanes of interleaved vector " + v + " that hold channel " + j + " of " + channels + ".\n");
        }



        /** {@code "Longs"}: what {@code reinterpretAs...} calls the integral lanes of 16, 32 or 64 bits. */
        private static String laneTypes(int bits) {
            return bits == 16 ? "Shorts" : bits == 32 ? "Ints" : "Longs";
        }

        /**
         * Lane {@code i} takes lane {@code i ^ k}: swaps neighbouring groups of {@code k} lanes. Named
         * with the width of its species when that is not the class's ({@code SWAP1_FLOAT_128}).
         */
        private String swap(ElementType type, int speciesBits, int k) {
            String species = species(type, speciesBits);
            String name = ids.field("SWAP" + k + "_" + type.name() + width(speciesBits));
            fields.computeIfAbsent(name, n -> FieldSpec.builder(ParameterizedTypeName.get(VECTOR_SHUFFLE, boxed(type)), n,
                            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.fromOp($N, i -> i ^ $L)", VECTOR_SHUFFLE, species, k).build());
            return name;
        }

        /** The lanes {@code i} with {@code i & k != 0}. */
        private String high(ElementType type, int speciesBits, int k) {
            return mask("HIGH" + k + "_" + type.name() + width(speciesBits), type, speciesBits, i -> (i & k) != 0, null);
        }

        /** {@code "_128"} for a species narrower than the class's vectors, else nothing. */
        private String width(int speciesBits) {
            return speciesBits == bits ? "" : "_" + speciesBits;
        }

        /** A mask field of the lanes {@code i} for which {@code lane} holds, with its Javadoc if any. */
        private String mask(String base, ElementType type, int speciesBits, IntPredicate lane, String doc) {
            String name = ids.field(base);
            String species = species(type, speciesBits);
            long mask = 0;
            for (int i = 0; i < speciesBits / 8 / type.bytes(); i++) {
                if (lane.test(i)) {
                    mask |= 1L << i;
                }
            }
            String literal = "0x" + Long.toHexString(mask) + "L";
            FieldSpec.Builder field = FieldSpec.builder(ParameterizedTypeName.get(VECTOR_MASK, boxed(type)), name,
                    Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL);
            if (doc != null) {
                field.addJavadoc("$L", doc);
            }
            fields.computeIfAbsent(name, n -> field.initializer("$T.fromLong($N, $L)", VECTOR_MASK, species, literal).build());
            return name;
        }
    }
}

package dev.strider.processor.writer;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import dev.strider.Side;
import dev.strider.kernel.Arithmetic;
import dev.strider.kernel.Checks;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.Nibbles;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.Memory;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.NamedLayout;
import dev.strider.processor.model.Param;
import dev.strider.processor.model.CompParam;
import dev.strider.processor.model.QuantParam;
import dev.strider.processor.plan.ClassPlan;
import dev.strider.processor.plan.Conversion;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.Problem;
import dev.strider.processor.plan.VariantPlan;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * What every generated class shares, whatever its target: the class header, each method's
 * signature, Javadoc and argument checks, the scalar statement per element, and the nested
 * {@code Provider} that registers the class with the runtime.
 */
final class KernelClass {

    static final ClassName CHECKS = ClassName.get("dev.strider.kernel", "Checks");
    /** {@code dev.strider.kernel.HalfFloats}: the f16 handle the tiles and the rule read. */
    static final ClassName HALF_FLOATS = ClassName.get("dev.strider.kernel", "HalfFloats");
    static final ClassName DEVICE = ClassName.get("dev.strider.runtime", "Device");
    private static final ClassName NARROW_FORMAT = ClassName.get("dev.strider.kernel", "NarrowFormat");
    private static final ClassName QUANTIZATION = ClassName.get("dev.strider.kernel", "Quantization");
    private static final ClassName COMPENSATIONS = ClassName.get("dev.strider.kernel", "Compensations");
    private static final ClassName KERNEL_PROVIDER = ClassName.get("dev.strider.runtime", "KernelProvider");
    private static final ClassName GENERATED_REORDER = ClassName.get("dev.strider.runtime", "GeneratedReorder");
    private static final ClassName ELEMENT_TYPE = ClassName.get("dev.strider.kernel", "ElementType");
    private static final ClassName LAYOUT = ClassName.get("dev.strider.layout", "TensorLayout");
    private static final ClassName TARGET = ClassName.get("dev.strider", "Target");
    private static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

    private KernelClass() {
    }

    static ClassName iface(KernelSet set) {
        List<String> names = set.simpleNames();
        return ClassName.get(set.packageName(), names.get(0), names.subList(1, names.size()).toArray(new String[0]));
    }

    /**
     * {@code public final class <name> implements <Interface>}, {@code @Generated}, writing fully
     * qualified the types whose simple names the interface's member types hide.
     */
    static TypeSpec.Builder header(Identifiers ids, String name) {
        KernelSet set = ids.set();
        return TypeSpec.classBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .alwaysQualify(ids.qualified().toArray(new String[0]))
                .addSuperinterface(iface(set))
                .addAnnotation(AnnotationSpec.builder(GENERATED)
                        .addMember("value", "$S", "dev.strider.processor.StriderProcessor").build());
    }

    /** The file of a generated class: in the set's package, four-space indents, no {@code java.lang} imports. */
    static JavaFile file(KernelSet set, TypeSpec.Builder type) {
        return JavaFile.builder(set.packageName(), type.build())
                .skipJavaLangImports(true)
                .indent("    ")
                .build();
    }

    /** The overriding method's signature and Javadoc; {@code nest} describes the loop nest. */
    static MethodSpec.Builder signature(KernelMethod m, String nest) {
        MethodSpec.Builder b = MethodSpec.methodBuilder(m.name())
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC);
        for (Param p : m.params()) {
            b.addParameter(Access.type(p), p.name());
        }
        return b.addJavadoc(javadoc(m, nest));
    }

    /**
     * Capacity of every array, buffer and segment; that a segment's arena is open and this thread
     * may use it; that an off-heap output is writable; and, between operands of one type, that the
     * output is not an input (the same array, or memory that overlaps). All before anything is written.
     */
    static CodeBlock checks(KernelMethod m) {
        CodeBlock.Builder b = CodeBlock.builder();
        Param out = m.output();
        List<QuantParam> quantization = m instanceof KernelMethod.Reorder r ? r.quantization() : List.of();
        for (QuantParam q : quantization) {
            checks(b, q, m.layoutOf(out).layout());
        }
        compensationChecks(b, m);
        for (Param p : m.params()) {
            if (!p.tensor() || quantization.stream().anyMatch(q -> q.param() == p) || m.outputsBesides().contains(p)) {
                continue;
            }
            TensorLayout l = m.layoutOf(p).layout();
            if (p.packed()) {
                // 4-bit elements, two to a byte: an array, a byte buffer or a segment (ModelBuilder takes no other)
                if (p.memory() == Memory.SEGMENT) {
                    b.addStatement("$T.usable($S, $N.scope().isAlive(), $N.isAccessibleBy($T.currentThread()))",
                            CHECKS, p.declared(), p.name(), p.name(), Thread.class);
                }
                b.addStatement("$T.capacityPacked($S, $N.$L, $L, $S)", CHECKS, p.declared(), p.name(),
                        p.memory() == Memory.ARRAY ? "length" : p.memory() == Memory.SEGMENT ? "byteSize()" : "remaining()",
                        l.bufferSize(), l.toString());
                if (p == out && p.offHeap()) {
                    b.addStatement("$T.notReadOnly($S, $N.isReadOnly())", CHECKS, p.declared(), p.name());
                }
                continue;
            }
            switch (p.memory()) {
                case ARRAY -> b.addStatement("$T.capacity($S, $N.length, $L, $S)", CHECKS, p.declared(), p.name(),
                        l.bufferSize(), l.toString());
                case BUFFER -> b.addStatement("$T.capacity($S, $N.remaining(), $L, $S)", CHECKS, p.declared(), p.name(),
                        l.bufferSize(), l.toString());
                case BYTE_BUFFER -> b.addStatement("$T.capacityBytes($S, $N.remaining(), $L, $L, $S)", CHECKS,
                        p.declared(), p.name(), p.type().bytes(), l.bufferSize(), l.toString());
                case SEGMENT -> b.addStatement("$T.usable($S, $N.scope().isAlive(), $N.isAccessibleBy($T.currentThread()))",
                                CHECKS, p.declared(), p.name(), p.name(), Thread.class)
                        .addStatement("$T.capacityBytes($S, $N.byteSize(), $L, $L, $S)", CHECKS, p.declared(), p.name(),
                                p.type().bytes(), l.bufferSize(), l.toString());
                default -> throw new IllegalStateException(p.memory().toString());
            }
            if (p == out && p.offHeap()) {
                b.addStatement("$T.notReadOnly($S, $N.isReadOnly())", CHECKS, p.declared(), p.name());
            }
        }
        TensorLayout outLayout = m.layoutOf(out).layout();
        for (Param p : m.params()) {
            if (!p.tensor() || p == out || p.type() != out.type()) {
                continue;
            }
            TensorLayout in = m.layoutOf(p).layout();
            if (p.packed() || out.packed()) {
                // in bytes: an element of one and an element of the other may share a byte
                int[] inBytes = Checks.byteRange(in, p.packed());
                int[] outBytes = Checks.byteRange(outLayout, out.packed());
                if (p.offHeap() || out.offHeap()) {
                    b.addStatement("$T.disjoint($S, $N, $L, $L, $S, $N, $L, $L, 1, false)", CHECKS, p.declared(), p.name(),
                            inBytes[0], inBytes[1], out.declared(), out.name(), outBytes[0], outBytes[1]);
                } else if (Math.max(inBytes[0], outBytes[0]) < Math.min(inBytes[1], outBytes[1])) {
                    b.addStatement("$T.notSameArray($S, $N, $S, $N, $L, $L)", CHECKS, p.declared(), p.name(),
                            out.declared(), out.name(), Math.max(inBytes[0], outBytes[0]), Math.min(inBytes[1], outBytes[1]));
                }
                continue;
            }
            if (p.offHeap() || out.offHeap()) {
                // memory, whatever holds it, may start anywhere: each operand's elements against the
                // other's, the very same place allowed only where in place is
                b.addStatement("$T.disjoint($S, $N, $L, $L, $S, $N, $L, $L, $L, $L)", CHECKS, p.declared(), p.name(),
                        in.offset(), in.bufferSize(), out.declared(), out.name(), outLayout.offset(),
                        outLayout.bufferSize(), out.type().bytes(), m.inPlace(p));
                continue;
            }
            int lo = Math.max(in.offset(), outLayout.offset());
            int hi = Math.min(in.bufferSize(), outLayout.bufferSize());
            if (lo < hi && !m.inPlace(p)) {
                b.addStatement("$T.notSameArray($S, $N, $S, $N, $L, $L)", CHECKS, p.declared(), p.name(),
                        out.declared(), out.name(), lo, hi);
            }
        }
        return b.build();
    }

    /**
     * A compensation's checks: it holds exactly one value per index of its dims, and it is no other
     * int array of the method (an s32 source, a zero point's values, the other compensation).
     */
    private static void compensationChecks(CodeBlock.Builder b, KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r)) {
            return;
        }
        TensorLayout shape = r.to().layout();
        List<Param> ints = new ArrayList<>();
        for (Param p : r.params()) {
            if (p.tensor() && p.memory() == dev.strider.processor.model.Memory.ARRAY && p.type() == ElementType.INT
                    && !r.outputsBesides().contains(p)) {
                ints.add(p);
            }
        }
        for (CompParam c : r.compensation()) {
            Param p = c.param();
            b.addStatement("$T.length($S, $N.length, $L, $S, $S)", QUANTIZATION, p.declared(), p.name(), c.count(shape),
                    c.per(), Quantization.sizes(shape, c.per()));
            for (Param in : ints) {
                b.addStatement("$T.distinct($S, $N, $S, $N)", COMPENSATIONS, in.declared(), in.name(), p.declared(),
                        p.name());
            }
            ints.add(p);
        }
    }

    /**
     * A quantization parameter's checks: an array holds exactly one value per index of its dims, and
     * a scale is finite (a destination's not 0).
     */
    private static void checks(CodeBlock.Builder b, QuantParam q, TensorLayout shape) {
        Param p = q.param();
        boolean destination = q.side() == Side.DST;
        if (q.array()) {
            b.addStatement("$T.$L($S, $N.length, $L, $S, $S)", QUANTIZATION, p.packed() ? "lengthPacked" : "length",
                    p.declared(), p.name(), Quantization.count(shape, q.per(), q.groups()), q.per(),
                    Quantization.sizes(shape, q.per(), q.groups()));
            if (q.kind() == Quantization.Kind.SCALE) {
                if (p.isNarrow()) {
                    b.addStatement("$T.scales($S, $N, $T.$L, $L)", QUANTIZATION, p.declared(), p.name(), NARROW_FORMAT,
                            p.narrow().name(), destination);
                } else {
                    b.addStatement("$T.scales($S, $N, $L)", QUANTIZATION, p.declared(), p.name(), destination);
                }
            }
        } else if (q.kind() == Quantization.Kind.SCALE) {
            b.addStatement("$T.scale($S, $N, $L)", QUANTIZATION, p.declared(), p.name(), destination);
        }
    }

    private static CodeBlock javadoc(KernelMethod m, String nest) {
        CodeBlock.Builder doc = CodeBlock.builder().add("$L.\n<ul>\n", m.summary(name -> "{@code " + name + "}"));
        for (Param p : m.params()) {
            if (p.tensor()) {
                NamedLayout l = m.layoutOf(p);
                doc.add("<li>{@code $L} $L: {@code $L}$L</li>\n", p.name(), l.name(), l.layout().toString(),
                        p.packed() ? ", " + p.narrow().label() + " two to a byte: "
                                + Nibbles.bytes(l.layout().bufferSize()) + " bytes" : "");
            }
        }
        return doc.add("</ul>\nLoop nest: $L.\n", nest).build();
    }

    // ------------------------------------------------------------------ methods, whole or in chunks

    /** The name of {@code X_Threads.Chunks}, which one-thread classes implement when THREADS is generated. */
    static ClassName chunks(KernelSet set) {
        return ClassName.get(set.packageName(), set.generatedName(Target.THREADS), "Chunks");
    }

    /**
     * The constructors: {@code X()} runs the rule's variant of every method, {@code X(int variant)}
     * variant {@code variant} of each method that has more than {@code variant}, and the rule's
     * elsewhere. Each method of several variants keeps its choice in a final field, which its
     * public (and chunk) method switches on. {@code cheapRearrange} names the static field that
     * holds {@code Device.current().cheapRearrange()}, when some rule asks it.
     */
    static void constructors(Identifiers ids, TypeSpec.Builder type, ClassPlan plan, String cheapRearrange) {
        KernelSet set = ids.set();
        if (!plan.hasVariants()) {
            type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).build());
            type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                    .addJavadoc("The same as {@link #$N()}: each method of this class has one variant.\n", plan.className())
                    .addParameter(TypeName.INT, Identifiers.VARIANT)
                    .build());
            return;
        }
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addJavadoc("Runs the variant the rule picks for each method.\n")
                .addStatement("this(-1)").build());
        MethodSpec.Builder choose = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addJavadoc("Runs variant {@code $N} of each method that has more than {@code $N} (see\n",
                        Identifiers.VARIANT, Identifiers.VARIANT)
                .addJavadoc("{@code Provider.variants()}), and elsewhere the variant the rule picks.\n")
                .addParameter(TypeName.INT, Identifiers.VARIANT);
        for (int i = 0; i < set.methods().size(); i++) {
            MethodPlan mp = plan.methods().get(i);
            if (!mp.hasVariants()) {
                continue;
            }
            KernelMethod m = set.methods().get(i);
            String field = ids.choice(m);
            type.addField(FieldSpec.builder(TypeName.INT, field, Modifier.PRIVATE, Modifier.FINAL)
                    .addJavadoc("The variant {@link #$N} runs.\n", m.name()).build());
            MethodPlan.Rule rule = mp.rule();
            CodeBlock byRule = byRule(rule, cheapRearrange == null ? null : CodeBlock.of("$N", cheapRearrange),
                    rule.cheapRearrange(), rule.otherwise());
            choose.addStatement("$N = $N >= 0 && $N < $L ? $N : $L", field, Identifiers.VARIANT, Identifiers.VARIANT,
                    mp.variants().size(), Identifiers.VARIANT, byRule);
        }
        type.addMethod(choose.build());
    }

    /**
     * Adds {@code m} as {@code plan} says: checks, then the nest, then the pad lanes. When THREADS
     * splits it, the nest lives in {@code m_range(..., from, to)}, which runs iterations
     * {@code [from, to)} of the split node (the chunk from 0 also zeroes the pad lanes),
     * {@code m_steps()} answers how many there are, and {@code m} calls {@code m_range} over all.
     * A method of several variants has a private method per variant ({@code m_blocks4}, of the
     * chunk's parameters when split), and {@code m} (or {@code m_range}) and {@code m_steps}
     * switch on the variant the constructor chose. A variant with a form from Java 25 has a second
     * private method ({@code m_blocks4v}), which runs where the static final field named by
     * {@code valueLanes} ({@code VALUE_LANES = Device.current().valueLanes()}) holds.
     */
    static void addMethod(Identifiers ids, TypeSpec.Builder type, KernelMethod m, MethodPlan plan,
                          List<Bodies.Body> bodies, String valueLanes) {
        boolean twins = bodies.stream().anyMatch(b -> b.fromJava25().isPresent());
        if (!plan.hasVariants() && !twins) {
            Bodies.Body b = bodies.get(0);
            int steps = b.plan().steps();
            addMethod(ids, type, m, signature(m, plan.describe()), plan.split(), steps,
                    work(ids, type, m, b, plan.split(), steps));
            return;
        }
        boolean split = plan.split();
        CodeBlock call = arguments(ids, m, split);
        if (!plan.hasVariants()) {
            Bodies.Body b = bodies.get(0);
            addVariantMethods(ids, type, m, b, split, "The nest of {@link #" + m.name() + "}");
            addMethod(ids, type, m, signature(m, plan.describe()), split, b.plan().steps(),
                    run(ids, m, b.plan(), call, valueLanes));
            return;
        }
        String field = ids.choice(m);
        CodeBlock.Builder dispatch = CodeBlock.builder().beginControlFlow("switch ($N)", field);
        CodeBlock.Builder steps = CodeBlock.builder().add("return switch ($N) {\n$>", field);
        boolean sameSteps = true;
        for (int k = 0; k < bodies.size(); k++) {
            Bodies.Body b = bodies.get(k);
            VariantPlan v = b.plan();
            String label = k == bodies.size() - 1 ? "default" : "case " + k;
            if (v.fromJava25().isEmpty()) {
                dispatch.addStatement("$L -> $N($L)", label, ids.variant(m, v.suffix()), call);
            } else {
                dispatch.add("$L -> {\n$>", label).add(run(ids, m, v, call, valueLanes)).add("$<}\n");
            }
            steps.add("$L -> $L;\n", label, v.steps());
            sameSteps &= v.steps() == bodies.get(0).plan().steps();
            addVariantMethods(ids, type, m, b, split, "Variant " + k + " of {@link #" + m.name() + "}, the " + v.name());
        }
        MethodSpec.Builder signature = signature(m, plan.describe()).addJavadoc(variants(plan));
        CodeBlock work = dispatch.endControlFlow().build();
        if (sameSteps) {
            addMethod(ids, type, m, signature, split, bodies.get(0).plan().steps(), work);
        } else {
            addMethod(ids, type, m, signature, split, CodeBlock.of("$N()", ids.steps(m)),
                    CodeBlock.of("{@link #$N}", ids.steps(m)), work, steps.add("$<};\n").build());
        }
    }

    /**
     * Calls the private method of variant {@code v}: where it has a form from Java 25, that form's
     * method if {@code valueLanes} holds, else the variant's.
     */
    private static CodeBlock run(Identifiers ids, KernelMethod m, VariantPlan v, CodeBlock call, String valueLanes) {
        if (v.fromJava25().isEmpty()) {
            return CodeBlock.builder().addStatement("$N($L)", ids.variant(m, v.suffix()), call).build();
        }
        return CodeBlock.builder().beginControlFlow("if ($N)", valueLanes)
                .addStatement("$N($L)", ids.variant(m, v.fromJava25Suffix()), call)
                .nextControlFlow("else")
                .addStatement("$N($L)", ids.variant(m, v.suffix()), call)
                .endControlFlow().build();
    }

    /** The private method of body {@code b} ({@code what}, for its Javadoc) and of its form from Java 25, if any. */
    private static void addVariantMethods(Identifiers ids, TypeSpec.Builder type, KernelMethod m, Bodies.Body b,
                                          boolean split, String what) {
        VariantPlan v = b.plan();
        MethodSpec.Builder method = MethodSpec.methodBuilder(ids.variant(m, v.suffix()))
                .addModifiers(Modifier.PRIVATE)
                .addJavadoc("$L$L. Loop nest: $L.\n", what, v.fromJava25().isPresent() ? ", before Java 25" : "",
                        v.form().describe());
        parameters(ids, method, m, split);
        addWork(ids, type, m, method, b, v.suffix(), split, v.steps());
        if (b.fromJava25().isPresent()) {
            Bodies.Body values = b.fromJava25().get();
            MethodSpec.Builder twin = MethodSpec.methodBuilder(ids.variant(m, v.fromJava25Suffix()))
                    .addModifiers(Modifier.PRIVATE)
                    .addJavadoc("$L, from Java 25 ({@code Device.valueLanes()}). Loop nest: $L.\n", what,
                            values.plan().describe());
            parameters(ids, twin, m, split);
            addWork(ids, type, m, twin, values, v.fromJava25Suffix(), split, v.steps());
        }
    }

    /**
     * {@code method} with the work of body {@code b}; where the body hands locals of its prologue
     * to its nest ({@link Access#handOff}), {@code method} runs the prologue and calls {@code
     * m_<suffix>Nest}, which takes them after the method's parameters (and chunk bounds) and runs the rest.
     */
    private static void addWork(Identifiers ids, TypeSpec.Builder type, KernelMethod m, MethodSpec.Builder method,
                                Bodies.Body b, String suffix, boolean split, int steps) {
        if (b.handOff().isEmpty()) {
            type.addMethod(method.addCode(work(ids, type, m, b, split, steps)).build());
            return;
        }
        String nestName = ids.variant(m, suffix + "Nest");
        CodeBlock.Builder args = CodeBlock.builder().add(arguments(ids, m, split));
        MethodSpec.Builder nest = MethodSpec.methodBuilder(nestName).addModifiers(Modifier.PRIVATE)
                .addJavadoc("The nest of {@link #$N}, given the views its prologue made.\n", ids.variant(m, suffix));
        parameters(ids, nest, m, split);
        for (com.palantir.javapoet.ParameterSpec local : b.handOff()) {
            nest.addParameter(local);
            args.add(", $N", local.name());
        }
        type.addMethod(method.addCode(b.prologue()).addStatement("$N($L)", nestName, args.build()).build());
        Bodies.Body rest = new Bodies.Body(b.plan(), CodeBlock.of(""), b.logical(), b.pad(), b.tables());
        type.addMethod(nest.addCode(work(ids, m, rest, steps)).build());
    }

    /**
     * {@code a} where {@code rule} takes its variant for cheap rearranges ({@code cheapRearrange}
     * holds, and for an f16 rule the JDK's conversion serves), else {@code b}; {@code a} alone when
     * the rule asks nothing: the constructor's choice of a variant, and the provider's of a width.
     */
    private static CodeBlock byRule(MethodPlan.Rule rule, CodeBlock cheapRearrange, int a, int b) {
        if (!rule.dependsOnRearrange() || a == b) {
            return CodeBlock.of("$L", a);
        }
        return rule.jdkF16() ? CodeBlock.of("$L && $T.F16_TO_FLOAT_EXACT != null ? $L : $L", cheapRearrange, HALF_FLOATS, a, b)
                : CodeBlock.of("$L ? $L : $L", cheapRearrange, a, b);
    }

    /** The variants of a method, listed in its Javadoc. */
    private static CodeBlock variants(MethodPlan plan) {
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("<p>Variants, by the number the constructor takes; the rule picks variant $L", plan.rule().cheapRearrange());
        if (plan.rule().dependsOnRearrange()) {
            doc.add(", or variant $L before Java 24 ({@code Device.cheapRearrange()})$L", plan.rule().otherwise(),
                    plan.rule().jdkF16() ? " or where the JDK's f16 conversion does not serve ({@code HalfFloats.F16_TO_FLOAT_EXACT})" : "");
        }
        doc.add(":\n<ol start=\"0\">\n");
        for (VariantPlan v : plan.variants()) {
            doc.add("<li>$L: $L</li>\n", v.name(), v.describe());
        }
        return doc.add("</ol>\n").build();
    }

    /**
     * The work of body {@code b} ({@link #work(Identifiers, KernelMethod, Bodies.Body, int)}); where it
     * has a nest in bytes ({@link Bodies.InBytes}), that nest is {@code m_scalarBytes}, added to
     * {@code type}, taking the method's parameters (and chunk bounds) and the buffers' segment views,
     * and the work runs it where its condition holds (the buffers in native order), else the element
     * nest.
     */
    private static CodeBlock work(Identifiers ids, TypeSpec.Builder type, KernelMethod m, Bodies.Body b, boolean split,
                                  int steps) {
        if (b.inBytes().isEmpty()) {
            return work(ids, m, b, steps);
        }
        Bodies.InBytes bytes = b.inBytes().get();
        String name = ids.variant(m, b.plan().inBytesSuffix());
        MethodSpec.Builder nest = MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE)
                .addJavadoc("The $L of {@link #$N} in bytes, $L. Loop nest: $L.\n", b.plan().name(), m.name(),
                        bytes.how(), b.plan().describe());
        parameters(ids, nest, m, split);
        bytes.body().handOff().forEach(nest::addParameter);
        type.addMethod(nest.addCode(work(ids, m, bytes.body(), steps)).build());
        CodeBlock call = CodeBlock.builder()
                .addStatement("$N($L, $L)", name, arguments(ids, m, split), bytes.views()).add(bytes.after()).build();
        CodeBlock.Builder work = CodeBlock.builder().add(b.prologue());
        if (bytes.when().isEmpty()) {
            return work.add(call).build();
        }
        Bodies.Body elements = new Bodies.Body(b.plan(), CodeBlock.of(""), b.logical(), b.pad(), b.tables());
        return work.beginControlFlow("if ($L)", bytes.when().get())
                .add(call)
                .nextControlFlow("else")
                .add("// $L\n", bytes.otherwise())
                .add(work(ids, m, elements, steps))
                .endControlFlow()
                .build();
    }

    /**
     * The prologue, the nest and the pad lanes; split for THREADS, only the chunk from 0 zeroes the
     * pad lanes.
     */
    private static CodeBlock work(Identifiers ids, KernelMethod m, Bodies.Body body, int steps) {
        CodeBlock pad = body.pad();
        CodeBlock.Builder b = CodeBlock.builder().add(body.prologue()).add(body.logical());
        if (steps <= 0) {
            return b.add(pad).build();
        }
        if (!pad.isEmpty()) {
            b.beginControlFlow("if ($N == 0)", ids.bounds(m)[0]).add(pad).endControlFlow();
        }
        return b.build();
    }

    /** The method's parameters, then the chunk bounds when {@code chunked}. */
    static void parameters(Identifiers ids, MethodSpec.Builder b, KernelMethod m, boolean chunked) {
        for (Param p : m.params()) {
            b.addParameter(Access.type(p), p.name());
        }
        if (chunked) {
            String[] bounds = ids.bounds(m);
            b.addParameter(TypeName.INT, bounds[0]).addParameter(TypeName.INT, bounds[1]);
        }
    }

    /** {@code src, dst} and, when {@code chunked}, {@code from, to}: the arguments passing the parameters on. */
    static CodeBlock arguments(Identifiers ids, KernelMethod m, boolean chunked) {
        CodeBlock.Builder args = CodeBlock.builder();
        for (Param p : m.params()) {
            args.add(args.isEmpty() ? "$N" : ", $N", p.name());
        }
        if (chunked) {
            String[] bounds = ids.bounds(m);
            args.add(", $N, $N", bounds[0], bounds[1]);
        }
        return args.build();
    }

    /**
     * {@code m} with its checks and {@code work}, or, split for THREADS, the chunk methods around
     * {@code work}: {@code m_range} runs it, {@code m_steps()} answers {@code steps}, a literal.
     */
    private static void addMethod(Identifiers ids, TypeSpec.Builder type, KernelMethod m, MethodSpec.Builder signature,
                                  boolean chunked, int steps, CodeBlock work) {
        addMethod(ids, type, m, signature, chunked, CodeBlock.of("$L", steps), CodeBlock.of("{@code $L}", steps), work,
                CodeBlock.of("return $L;\n", steps));
    }

    /**
     * The same with the steps computed: {@code m} passes {@code total} to {@code m_range},
     * whose Javadoc calls them {@code stepsDoc}, and {@code m_steps()} runs {@code stepsBody}.
     */
    private static void addMethod(Identifiers ids, TypeSpec.Builder type, KernelMethod m, MethodSpec.Builder signature,
                                  boolean chunked, CodeBlock total, CodeBlock stepsDoc, CodeBlock work,
                                  CodeBlock stepsBody) {
        MethodSpec.Builder whole = signature.addCode(checks(m));
        if (!chunked) {
            type.addMethod(whole.addCode(work).addCode(compensate(ids, m)).build());
            return;
        }
        type.addMethod(whole.addStatement("$N($L, 0, $L)", ids.range(m), arguments(ids, m, false), total)
                .addCode(compensate(ids, m)).build());
        String[] bounds = ids.bounds(m);
        MethodSpec.Builder range = MethodSpec.methodBuilder(ids.range(m))
                .addAnnotation(Override.class)
                .addJavadoc("Iterations {@code [$N, $N)} of the $L steps of {@link #$N}, for THREADS; no checks\n",
                        bounds[0], bounds[1], stepsDoc, m.name())
                .addJavadoc("(the caller has checked the arrays). The chunk from 0 also zeroes the pad lanes.\n");
        parameters(ids, range, m, true);
        type.addMethod(range.addCode(work).build());
        type.addMethod(MethodSpec.methodBuilder(ids.steps(m))
                .addAnnotation(Override.class)
                .returns(TypeName.INT)
                .addCode(stepsBody)
                .build());
    }

    // ------------------------------------------------------------------ compensation

    /** A compensation run of at most this many weights is summed in one expression, longer ones in a loop. */
    static final int RUN_WRITTEN_OUT = 16;

    /**
     * {@code Ops_Scalar.m_compensate(src, dst, ...);} after the weights are written, for a reorder
     * that writes compensations, else nothing: every class runs the SCALAR class's nest.
     */
    static CodeBlock compensate(Identifiers ids, KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || !r.compensates()) {
            return CodeBlock.of("");
        }
        KernelSet set = ids.set();
        ClassName scalar = ClassName.get(set.packageName(), set.generatedName(dev.strider.Target.SCALAR));
        return CodeBlock.builder().addStatement("$T.$N($L)", scalar, ids.compensate(m), arguments(ids, m, false))
                .build();
    }

    /**
     * The SCALAR class's {@code static void m_compensate(...)}, for a reorder that writes
     * compensations: the weights summed along {@code plan}'s compensation nest into each, which is
     * then multiplied by its kind's factor (-128 for s8s8, -1 for a zero point), in int arithmetic.
     * No checks: the method that calls it checked every array before it wrote anything.
     */
    static void addCompensation(Identifiers ids, TypeSpec.Builder type, KernelMethod m, MethodPlan plan) {
        if (!(m instanceof KernelMethod.Reorder r) || plan.compensation().isEmpty()) {
            return;
        }
        dev.strider.processor.plan.CompensationPlan compensation = plan.compensation().get();
        List<CompParam> comps = r.compensation();
        boolean chunked = plan.split() && compensation.splitNode() >= 0;
        MethodSpec.Builder method = MethodSpec.methodBuilder(ids.compensate(m))
                .addModifiers(Modifier.STATIC)
                .addJavadoc("The compensations of {@link #$N}, from the weights it wrote: $L. Called by every\n",
                        m.name(), comps.stream().map(c -> c.role() + " into {@code " + c.param().name() + "}")
                                .collect(java.util.stream.Collectors.joining(", ")))
                .addJavadoc("class after its nest; no checks (the caller made them). Loop nest: $L.\n",
                        compensation.describe());
        parameters(ids, method, m, false);
        Identifiers.Scope scope = ids.scope(m);
        CodeBlock.Builder body = CodeBlock.builder().add(compensationStart(r));
        if (chunked) {
            body.addStatement("$N($L, 0, $L)", ids.compensateChunk(m), arguments(ids, m, false), compensation.steps());
        } else {
            body.add(compensationSums(ids, r, plan, compensation, scope, type, false));
        }
        type.addMethod(method.addCode(body.add(compensationFinish(ids, r, scope)).build()).build());
        if (chunked) {
            String[] bounds = ids.bounds(m);
            MethodSpec.Builder chunk = MethodSpec.methodBuilder(ids.compensateChunk(m))
                    .addModifiers(Modifier.STATIC)
                    .addJavadoc("Iterations {@code [$N, $N)} of the $L steps of {@link #$N}'s split node: the sums only,\n",
                            bounds[0], bounds[1], compensation.steps(), ids.compensate(m))
                    .addJavadoc("into values no other chunk adds into, for THREADS.\n");
            parameters(ids, chunk, m, true);
            type.addMethod(chunk.addCode(compensationSums(ids, r, plan, compensation, ids.scope(m), type, true)).build());
        }
    }

    /** Every compensation set to 0, before any sum. */
    static CodeBlock compensationStart(KernelMethod.Reorder r) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (CompParam c : r.compensation()) {
            b.addStatement("$T.fill($N, 0)", java.util.Arrays.class, c.param().name());
        }
        return b.build();
    }

    /** Every compensation times its kind's factor, once every sum is in. */
    static CodeBlock compensationFinish(Identifiers ids, KernelMethod.Reorder r, Identifiers.Scope scope) {
        String i = scope.local("i");
        CodeBlock.Builder b = CodeBlock.builder();
        for (CompParam c : r.compensation()) {
            b.beginControlFlow("for (int $N = 0; $N < $N.length; $N++)", i, i, c.param().name(), i)
                    .addStatement("$N[$N] *= $L", c.param().name(), i, c.kind().factor())
                    .endControlFlow();
        }
        return b.build();
    }

    /**
     * The sums of the compensation nest, after the prologue its memory needs: over the whole nest,
     * or, {@code chunked}, over the chunk {@code [from, to)} of its split node.
     */
    private static CodeBlock compensationSums(Identifiers ids, KernelMethod.Reorder r, MethodPlan plan,
                                              dev.strider.processor.plan.CompensationPlan compensation,
                                              Identifiers.Scope scope, TypeSpec.Builder type, boolean chunked) {
        NestWriter nest = new NestWriter(compensation.nest(), ids, r, scope);
        if (chunked) {
            String[] bounds = ids.bounds(r);
            nest.splitAt(compensation.splitNode(), bounds[0], bounds[1]);
        }
        Access access = new Access(r, plan, nest.scope());
        List<CompParam> comps = r.compensation();
        String sum = nest.scope().local("sum");
        String k = nest.scope().local("k");
        CodeBlock sums = nest.logical(offsets -> {
            CodeBlock.Builder b = CodeBlock.builder();
            CodeBlock weights = access.read(r.dst(), offsets.get(0));
            if (compensation.run().isPresent()) {
                dev.strider.processor.plan.Node run = compensation.run().get();
                int stride = run.strides()[0];
                if (run.extent() <= RUN_WRITTEN_OUT) {
                    List<CodeBlock> terms = new ArrayList<>();
                    for (int q = 0; q < run.extent(); q++) {
                        terms.add(access.read(r.dst(), NestWriter.plus(offsets.get(0), (long) q * stride)));
                    }
                    weights = CodeBlock.join(terms, " + ");
                } else {
                    // a longer run as a loop into a local, in a block of its own
                    b.add("{\n$>").addStatement("int $N = 0", sum)
                            .beginControlFlow("for (int $N = 0; $N < $L; $N++)", k, k, run.extent(), k)
                            .addStatement("$N += $L", sum, access.read(r.dst(),
                                    CodeBlock.of("$L + $N * $L", offsets.get(0), k, stride)))
                            .endControlFlow();
                    for (int c = 0; c < comps.size(); c++) {
                        b.addStatement("$N[$L] += $N", comps.get(c).param().name(), offsets.get(c + 1), sum);
                    }
                    return b.add("$<}\n").build();
                }
            }
            for (int c = 0; c < comps.size(); c++) {
                b.addStatement("$N[$L] += $L", comps.get(c).param().name(), offsets.get(c + 1), weights);
            }
            return b.build();
        });
        // one compensation nest is rendered per method (the whole pass calls the chunk method when there is one)
        nest.tables().forEach(type::addField);
        return CodeBlock.builder().add(access.prologue()).add(sums).build();
    }

    // ------------------------------------------------------------------ the scalar statement

    /**
     * {@code dst[D] = src[S];} and the like, through {@code access} (an array, a buffer or a
     * segment); {@code offsets} are the output's first, then the inputs'.
     */
    static CodeBlock element(Identifiers ids, KernelMethod m, Access access, NestWriter nest, List<CodeBlock> offsets) {
        Param out = m.output();
        return access.write(out, offsets.get(0), value(ids, m, access, nest, offsets));
    }

    /**
     * Has {@code nest} read each array of scales or zero points once per loop where its value stops
     * changing ({@link NestWriter#hoist}): a scale as the float it is, a zero point as an int.
     */
    static void hoistQuantization(NestWriter nest, KernelMethod m, Access access) {
        if (!(m instanceof KernelMethod.Reorder r)) {
            return;
        }
        for (QuantParam q : r.quantization()) {
            if (!q.array()) {
                continue;
            }
            Param p = q.param();
            // a scale, and an s4 or u4 zero point, as the float it stands for; other zero points as they are
            boolean asFloat = q.kind() == Quantization.Kind.SCALE || p.isNarrow();
            nest.hoist(Problem.operand(m, p), asFloat ? TypeName.FLOAT : TypeName.INT,
                    offset -> asFloat ? asFloat(p, access.read(p, offset)) : access.read(p, offset));
        }
    }

    /** The value {@link #element} writes. */
    private static CodeBlock value(Identifiers ids, KernelMethod m, Access access, NestWriter nest,
                                   List<CodeBlock> offsets) {
        Param out = m.output();
        ClassName ops = kernels(out.type());
        if (m instanceof KernelMethod.Reorder r) {
            CodeBlock read = access.read(r.src(), offsets.get(1));
            if (r.isCopy()) {
                return read;
            }
            if (r.quantized()) {
                return quantized(r, Conversion.of(m).orElseThrow(), access, nest, offsets);
            }
            if (readsByteTable(r)) {
                return CodeBlock.of("$N[$L & 0xFF]", ids.byteTable(m), read);
            }
            CodeBlock value = r.unsignedSource() ? CodeBlock.of("$T.toDoubleUnsigned($L)", kernels(r.src().type()), read)
                    : asFloat(r.src(), read);
            Conversion c = Conversion.of(m).orElseThrow();
            if (r.src().isNarrow() && r.dst().type() == ElementType.FLOAT && !r.dst().isNarrow() && !c.multiplies()
                    && !c.adds() && !r.sums()) {
                return value; // the float itself, bit for bit: through a double a signalling NaN comes out quiet
            }
            // a narrow float destination is computed as a float one is, then rounded into its bits
            ClassName computes = r.dst().isNarrow() ? kernels(ElementType.FLOAT) : ops;
            CodeBlock computed;
            if (r.sums()) {
                // the destination's old value, read as it is written, joins the sum before narrowing
                CodeBlock before = access.read(r.dst(), offsets.get(0));
                CodeBlock old = r.unsignedDestination() ? CodeBlock.of("$T.toDoubleUnsigned($L)", ops, before)
                        : asFloat(r.dst(), before);
                computed = CodeBlock.of("$T.$L($L, $L, $L, $L, $L)", computes, c.kernelFunction(), value,
                        literal(r.scale()), literal(r.shift()), literal(r.sum()), old);
            } else {
                computed = CodeBlock.of("$T.$L($L, $L, $L)", computes, c.kernelFunction(), value, literal(r.scale()),
                        literal(r.shift()));
            }
            return r.dst().isNarrow()
                    ? fromFloat(r.dst(), computed)
                    : computed;
        }
        if (m instanceof KernelMethod.Slice s) {
            return access.read(s.src(), offsets.get(1));
        }
        if (m instanceof KernelMethod.Fill f) {
            return CodeBlock.of("$N", f.value().name());
        }
        if (m instanceof KernelMethod.Unary u) {
            CodeBlock read = access.read(u.in(), offsets.get(1));
            switch (u.op().kind()) {
                case SCALE_SHIFT:
                    return CodeBlock.of("$T.$L($L, $L, $L)", ops, Conversion.of(m).orElseThrow().kernelFunction(), read,
                            literal(u.op().scale()), literal(u.op().shift()));
                default:
                    return CodeBlock.of("$T.$L($L)", ops, u.op().kind().name().toLowerCase(Locale.ROOT), read);
            }
        }
        KernelMethod.Binary b = (KernelMethod.Binary) m;
        return CodeBlock.of("$T.$L($L, $L)", ops, b.op().name().toLowerCase(Locale.ROOT),
                access.read(b.a(), offsets.get(1)), access.read(b.b(), offsets.get(2)));
    }

    /**
     * The value of a reorder with quantization parameters given at call time: the source as a float
     * (a double in double arithmetic), each of the plan's steps as one operation left to right, the
     * way {@code dev.strider.kernel.Quantization} orders them ({@code ((float) src[i] - zp[k]) *
     * scales[j]}), then narrowed into the destination. Java evaluates float operations in float
     * with no fused multiply-add, as oneDNN's f32 arithmetic does. {@code offsets} are the output's,
     * the source's, then each array parameter's in order.
     */
    private static CodeBlock quantized(KernelMethod.Reorder r, Conversion c, Access access, NestWriter nest,
                                       List<CodeBlock> offsets) {
        boolean inFloat = c.arithmetic() == Arithmetic.FLOAT;
        CodeBlock read = access.read(r.src(), offsets.get(1));
        CodeBlock v = r.unsignedSource()
                ? CodeBlock.of("($L) $T.toDoubleUnsigned($L)", inFloat ? "float" : "double", kernels(r.src().type()), read)
                : r.src().isNarrow() ? (inFloat ? asFloat(r.src(), read) : CodeBlock.of("(double) $L", asFloat(r.src(), read)))
                : CodeBlock.of("($L) $L", inFloat ? "float" : "double", read);
        for (Conversion.Step step : c.steps()) {
            CodeBlock operand;
            if (step.param() == null) {
                operand = inFloat ? floatLiteral((float) step.constant()) : literal(step.constant());
            } else if (!step.param().array()) {
                operand = CodeBlock.of("$N", step.param().param().name());
            } else {
                Param p = step.param().param();
                int k = Problem.operand(r, p);
                operand = nest.value(offsets.get(k)).map(local -> CodeBlock.of("$N", local))
                        .orElseGet(() -> asFloat(p, access.read(p, offsets.get(k))));
            }
            switch (step.step()) {
                case SUBTRACT_SRC_ZERO_POINT -> v = CodeBlock.of("($L - $L)", v, operand);
                case MULTIPLY_SRC_SCALE -> v = CodeBlock.of("$L * $L", v, operand);
                case ADD_SUM -> {
                    CodeBlock before = access.read(r.dst(), offsets.get(0));
                    CodeBlock old = r.unsignedDestination()
                            ? CodeBlock.of("($L) $T.toDoubleUnsigned($L)", inFloat ? "float" : "double",
                                    kernels(r.dst().type()), before)
                            : r.dst().isNarrow() ? asFloat(r.dst(), before)
                            : CodeBlock.of("($L) $L", inFloat ? "float" : "double", before);
                    v = step.constant() == 1 ? CodeBlock.of("($L + $L)", v, old)
                            : CodeBlock.of("($L + $L * $L)", v, operand, old);
                }
                case MULTIPLY_DST_SCALE_INVERSE -> v = CodeBlock.of("$L * ($L / $L)", v, inFloat ? "1f" : "1.0", operand);
                case ADD_DST_ZERO_POINT -> v = CodeBlock.of("($L + $L)", v, operand);
                default -> throw new AssertionError(step);
            }
        }
        ElementType out = r.dst().type();
        if (r.dst().isNarrow()) {
            // in double arithmetic (a double source) narrowed to float first, as the generic kernel does
            return fromFloat(r.dst(), inFloat ? v : CodeBlock.of("(float) ($L)", v));
        }
        if (out == ElementType.FLOAT || out == ElementType.DOUBLE) {
            return out == ElementType.FLOAT && !inFloat ? CodeBlock.of("(float) ($L)", v) : v;
        }
        return CodeBlock.of("$T.$L$L($L)", kernels(out), inFloat ? "fromFloat" : "fromDouble",
                r.unsignedDestination() ? "Unsigned" : "", v);
    }

    /** A float as Java source ({@code 0.1f}), exact, valid for NaN and infinities. */
    static CodeBlock floatLiteral(float v) {
        if (Float.isNaN(v) || Float.isInfinite(v)) {
            return CodeBlock.of("(float) $L", literal(v));
        }
        return CodeBlock.of("$Lf", Float.toString(v));
    }

    /**
     * The 256 values a converting reorder from bytes writes, looked up by {@link #element}
     * ({@code NORMALIZE_VALUES = FloatKernels.byteTable(true, scale, shift)}, or
     * {@code byteTable(unsignedSource, true, scale, shift)} for an unsigned destination); empty
     * for every other method.
     */
    static Optional<FieldSpec> byteTable(Identifiers ids, KernelMethod m) {
        if (!(m instanceof KernelMethod.Reorder r) || !readsByteTable(r)) {
            return Optional.empty();
        }
        ElementType out = r.dst().type();
        return Optional.of(FieldSpec.builder(ArrayTypeName.of(primitive(out)), ids.byteTable(m),
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(r.unsignedDestination() ? "$T.byteTable($L, true, $L, $L)" : "$T.byteTable($L, $L, $L)",
                        kernels(out), r.unsignedSource(), literal(r.scale()), literal(r.shift()))
                .build());
    }

    /** A converting reorder from bytes: its 256 possible values are tabulated once (not into a narrow float, nor from f8). */
    private static boolean readsByteTable(KernelMethod.Reorder r) {
        return !r.isCopy() && r.src().type() == ElementType.BYTE && !r.src().isNarrow() && !r.dst().isNarrow()
                && !r.sums() && !r.quantized();
    }

    /** {@code read} itself, or for a narrow float parameter the float it stands for ({@code HalfFloats.bf16ToFloat(read)}). */
    private static CodeBlock asFloat(Param p, CodeBlock read) {
        return p.isNarrow() ? CodeBlock.of("$T.$L($L)", converter(p), p.narrow().toFloatName(), read) : read;
    }

    /** {@code HalfFloats.floatToBf16(value)}: a float rounded into the bits of {@code p}'s narrow float format. */
    private static CodeBlock fromFloat(Param p, CodeBlock value) {
        return CodeBlock.of("$T.$L($L)", converter(p), p.narrow().fromFloatName(), value);
    }

    /** {@code HalfFloats} or {@code Float8s}: the class that converts {@code p}'s narrow floats. */
    private static ClassName converter(Param p) {
        return ClassName.get(NARROW_FORMAT.packageName(), p.narrow().converter());
    }

    static ClassName kernels(ElementType type) {
        return ClassName.get("dev.strider.kernel", titled(type) + "Kernels");
    }

    /**
     * {@code "Float"}: the type's Java keyword capitalised, as {@code FloatKernels}, {@code
     * FloatVector} and {@code reinterpretAsFloats} spell it.
     */
    static String titled(ElementType type) {
        String n = type.javaName();
        return Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }

    static TypeName primitive(ElementType type) {
        switch (type) {
            case DOUBLE: return TypeName.DOUBLE;
            case FLOAT: return TypeName.FLOAT;
            case LONG: return TypeName.LONG;
            case INT: return TypeName.INT;
            case SHORT: return TypeName.SHORT;
            default: return TypeName.BYTE;
        }
    }

    /** A double as Java source, exact (Double.toString round-trips) and valid for NaN and infinities. */
    static CodeBlock literal(double v) {
        if (Double.isNaN(v)) {
            return CodeBlock.of("$T.NaN", Double.class);
        }
        if (Double.isInfinite(v)) {
            return CodeBlock.of(v > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Double.class);
        }
        return CodeBlock.of("$L", Double.toString(v));
    }

    // ------------------------------------------------------------------ registration

    /**
     * The nested {@code Provider} that {@code META-INF/services} lists. It names the generated class
     * as a string and touches it only in {@code create()}, so it loads on any JVM even when the
     * class itself cannot (a VECTOR class without the vector module).
     */
    static TypeSpec provider(KernelSet set, ClassName self, Target target, int vectorBits) {
        return provider(set, self, target, vectorBits, null);
    }

    /**
     * The same, for a one-thread class planned by {@code plan}: {@code create(int)} makes an
     * instance running a variant, and {@code variants()} names the variants of the methods that
     * have several.
     */
    static TypeSpec provider(KernelSet set, ClassName self, Target target, int vectorBits, ClassPlan plan) {
        ClassName iface = iface(set);
        TypeName classOfAny = ParameterizedTypeName.get(ClassName.get(Class.class), WildcardTypeName.subtypeOf(Object.class));
        TypeSpec.Builder b = TypeSpec.classBuilder("Provider")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(KERNEL_PROVIDER)
                .addJavadoc("Lists {@link $T} for {@code dev.strider.Strider}, through META-INF/services.\n", self)
                .addMethod(MethodSpec.methodBuilder("kernelSet").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(classOfAny)
                        .addStatement("return $T.class", iface).build())
                .addMethod(MethodSpec.methodBuilder("target").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(TARGET)
                        .addStatement("return $T.$L", TARGET, target.name()).build());
        if (vectorBits > 0) {
            b.addMethod(MethodSpec.methodBuilder("vectorBits").addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC).returns(TypeName.INT)
                    .addStatement("return $L", vectorBits).build());
        }
        b.addMethod(MethodSpec.methodBuilder("className").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(String.class)
                .addStatement("return $S", self.reflectionName()).build());
        b.addMethod(MethodSpec.methodBuilder("create").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(Object.class)
                .addStatement("return new $T()", self).build());
        if (plan != null) {
            variants(b, self, plan);
        }
        if (target == Target.SCALAR) { // always generated: it alone hands the tuner the set
            b.addMethod(TunedWriter.tunableMethod(set));
        }
        // The SCALAR class is always generated, so its provider alone lists the set's reorders.
        CodeBlock reorders = target == Target.SCALAR ? reorders(set) : CodeBlock.of("");
        if (!reorders.isEmpty()) {
            b.addMethod(MethodSpec.methodBuilder("reorders").addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(List.class), GENERATED_REORDER))
                    .addCode(reorders).build());
        }
        return b.build();
    }

    /** The provider's {@code create(int)} and, when some method has several variants, {@code variants()}. */
    private static void variants(TypeSpec.Builder provider, ClassName self, ClassPlan plan) {
        provider.addMethod(MethodSpec.methodBuilder("create").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(Object.class)
                .addParameter(TypeName.INT, "variant")
                .beginControlFlow("if (variant < 0)")
                .addStatement("throw new $T($S + variant + $S)", IllegalArgumentException.class, "variant ", " < 0")
                .endControlFlow()
                .addStatement("return new $T(variant)", self).build());
        Map<String, List<String>> variants = plan.variants();
        if (variants.isEmpty()) {
            return;
        }
        List<CodeBlock> entries = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : variants.entrySet()) {
            CodeBlock.Builder names = CodeBlock.builder();
            for (String name : e.getValue()) {
                names.add(names.isEmpty() ? "$S" : ", $S", name);
            }
            entries.add(CodeBlock.of("$T.entry($S, $T.of($L))", Map.class, e.getKey(), List.class, names.build()));
        }
        List<CodeBlock> widths = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : plan.variantBits().entrySet()) {
            CodeBlock.Builder list = CodeBlock.builder();
            for (int bits : e.getValue()) {
                list.add(list.isEmpty() ? "$L" : ", $L", bits);
            }
            widths.add(CodeBlock.of("$T.entry($S, $T.of($L))", Map.class, e.getKey(), List.class, list.build()));
        }
        provider.addMethod(MethodSpec.methodBuilder("variantBits").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
                        ParameterizedTypeName.get(List.class, Integer.class)))
                .addCode(CodeBlock.builder().add("return $T.ofEntries(\n$>", Map.class).add(CodeBlock.join(widths, ",\n"))
                        .add(");\n$<").build())
                .build());
        Map<String, ClassPlan.TimedWidth> timed = plan.timedWidth();
        if (!timed.isEmpty()) {
            List<CodeBlock> always = new ArrayList<>();
            List<CodeBlock> all = new ArrayList<>();
            CodeBlock cheap = CodeBlock.of("$T.current().cheapRearrange()", DEVICE);
            timed.forEach((key, w) -> {
                CodeBlock entry = CodeBlock.of("$T.entry($S, $L)", Map.class, key,
                        byRule(w.rule(), cheap, w.cheapRearrange(), w.otherwise()));
                all.add(entry);
                if (w.everyJdk()) {
                    always.add(entry);
                }
            });
            // segment methods on every JDK; the others where one register width runs at a time
            CodeBlock body = always.size() == all.size() ? entries(all)
                    : CodeBlock.builder().add("return $T.current().widthsTogether()\n$>$>? ", DEVICE).add(ofEntries(always))
                            .add("\n: ").add(ofEntries(all)).add(";\n$<$<").build();
            provider.addMethod(MethodSpec.methodBuilder("timedWidth").addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(Map.class, String.class, Integer.class))
                    .addCode(body)
                    .build());
        }
        provider.addMethod(MethodSpec.methodBuilder("variants").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class),
                        ParameterizedTypeName.get(List.class, String.class)))
                .addCode(CodeBlock.builder().add("return $T.ofEntries(\n$>", Map.class).add(CodeBlock.join(entries, ",\n"))
                        .add(");\n$<").build())
                .build());
    }

    /** {@code return Map.ofEntries(...);} of {@code entries}. */
    private static CodeBlock entries(List<CodeBlock> entries) {
        return CodeBlock.builder().add("return ").add(ofEntries(entries)).add(";\n").build();
    }

    /** {@code Map.ofEntries(e1, e2)}, one entry a line. */
    private static CodeBlock ofEntries(List<CodeBlock> entries) {
        return entries.isEmpty() ? CodeBlock.of("$T.of()", Map.class)
                : CodeBlock.builder().add("$T.ofEntries(\n$>", Map.class).add(CodeBlock.join(entries, ",\n")).add(")$<").build();
    }

    /**
     * {@code return List.of(new GeneratedReorder(...), ...)} for the set's plain reorders, or empty:
     * array methods by element type, methods on buffers or segments with their parameter classes,
     * so that the registry calls each only with arguments it takes.
     */
    private static CodeBlock reorders(KernelSet set) {
        List<CodeBlock> entries = new ArrayList<>();
        ClassName iface = iface(set);
        for (KernelMethod m : set.methods()) {
            // (a copy of 4-bit elements is no byte reorder: the registry's byte callers count bytes)
            if (m instanceof KernelMethod.Reorder r && r.isCopy() && !r.src().packed()) {
                TypeName src = Access.type(r.src());
                TypeName dst = Access.type(r.dst());
                CodeBlock classes = r.src().offHeap() || r.dst().offHeap()
                        ? CodeBlock.of(" $T.class, $T.class,", src, dst) : CodeBlock.of("");
                entries.add(CodeBlock.of("new $T($S, $T.$L,$L\n$>$L,\n$L,\n(kernels, src, dst) -> (($T) kernels).$N(($T) src, ($T) dst))$<",
                        GENERATED_REORDER, r.name(), ELEMENT_TYPE, r.src().type().name(), classes,
                        layout(r.from().layout()), layout(r.to().layout()), iface, r.name(), src, dst));
            }
        }
        if (entries.isEmpty()) {
            return CodeBlock.of("");
        }
        return CodeBlock.builder().add("return $T.of(\n$>", List.class).add(CodeBlock.join(entries, ",\n"))
                .add(");\n$<").build();
    }

    /** Source that rebuilds {@code l}: from its blocked tag, else from its strides, plus its offset. */
    private static CodeBlock layout(TensorLayout l) {
        CodeBlock sizes = ints(l.sizes());
        CodeBlock made = l.isBlocked()
                ? CodeBlock.of("$T.of($S, $L, $S)", LAYOUT, l.dims(), sizes, l.format())
                : CodeBlock.of("$T.strided($S, $L, $L)", LAYOUT, l.dims(), sizes, ints(l.strides()));
        return l.offset() == 0 ? made : CodeBlock.of("$L.withOffset($L)", made, l.offset());
    }

    private static CodeBlock ints(int[] values) {
        CodeBlock.Builder b = CodeBlock.builder().add("new int[] {");
        for (int i = 0; i < values.length; i++) {
            b.add(i == 0 ? "$L" : ", $L", values[i]);
        }
        return b.add("}").build();
    }
}

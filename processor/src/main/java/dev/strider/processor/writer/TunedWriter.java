package dev.strider.processor.writer;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.strider.Target;
import dev.strider.kernel.Nibbles;
import dev.strider.processor.plan.ClassPlan;
import com.palantir.javapoet.JavaFile;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Interface>_Tuned}, the dispatcher the run-time tuner switches: each method calls
 * the implementation in its own slot (a plain field the tuner replaces while calls go on, never
 * under a lock), and tells the tuner of its first call. Not volatile: on the tiny kernels a
 * volatile slot cost 2.0-2.6 ns a call over a direct call, a plain one nothing measurable
 * (DispatchBenchmark, Zen 5, JDK 17). A call reads the slot once, so it runs one candidate whole;
 * the candidates are immutable, their fields final, so a racy read sees a whole one; and since all
 * compute the same, a stale read costs speed, never a result (a compiled loop that inlines a tiny
 * kernel may keep the old route until the loop ends). Beside it, the nested {@code Tuning} that
 * the SCALAR class's provider hands the tuner: the method keys, which methods THREADS splits, a
 * workload per method (arrays of the declared sizes, allocated by the tuner, never the user's),
 * and a fingerprint of every class generated for the set, which keys the wisdom file.
 */
public final class TunedWriter {

    private static final ClassName TUNABLE = ClassName.get("dev.strider.runtime", "TunableKernels");
    private static final ClassName ROUTES = TUNABLE.nestedClass("Routes");
    private static final ClassName WORKLOAD = TUNABLE.nestedClass("Workload");
    private static final ClassName WORKLOADS = ClassName.get("dev.strider.runtime", "Workloads");
    private static final ClassName METHOD_HANDLE = ClassName.get("java.lang.invoke", "MethodHandle");
    private static final ClassName METHOD_HANDLES = ClassName.get("java.lang.invoke", "MethodHandles");
    static final String TUNING = "Tuning";

    private TunedWriter() {
    }

    /** {@code ImageOps_Tuned}. */
    public static String className(KernelSet set) {
        return set.generatedName(Target.SCALAR).replaceFirst("_Scalar$", "_Tuned");
    }

    /** The provider method of the SCALAR class that hands the tuner the set: {@code ImageOps_Tuned.Tuning}, found by name. */
    static MethodSpec tunableMethod(KernelSet set) {
        ClassName tuning = ClassName.get(set.packageName(), className(set), TUNING);
        // By name: a SCALAR class compiles, and loads, without the dispatcher beside it. Reflection from
        // here has the generated code's own access, and costs a cold start less than a method handle.
        return MethodSpec.methodBuilder("tunable").addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC).returns(TUNABLE)
                .beginControlFlow("try")
                .addStatement("return ($T) $T.forName($S).getDeclaredConstructor().newInstance()", TUNABLE,
                        Class.class, tuning.reflectionName())
                .nextControlFlow("catch ($T | $T e)", ReflectiveOperationException.class, LinkageError.class)
                .addStatement("return null")
                .endControlFlow()
                .build();
    }

    /**
     * The dispatcher of the kernel set whose generated classes are {@code others} (their sources
     * make the fingerprint; the SCALAR class's plan says which methods THREADS splits).
     */
    public static JavaFile generate(List<GeneratedClass> others) {
        ClassPlan scalar = others.stream().map(GeneratedClass::plan).filter(p -> p.target() == Target.SCALAR)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no SCALAR class among them"));
        KernelSet declared = scalar.set();
        List<Boolean> split = new ArrayList<>();
        scalar.methods().forEach(m -> split.add(m.split()));
        Identifiers ids = Identifiers.of(declared);
        KernelSet set = ids.set();
        String name = className(set);
        ClassName self = ClassName.get(set.packageName(), name);
        ClassName iface = KernelClass.iface(set);
        boolean threads = set.targets().contains(Target.THREADS);
        ClassName chunks = KernelClass.chunks(set);
        TypeSpec.Builder type = KernelClass.header(ids, name)
                .addJavadoc("The dispatcher of {@link $T}, generated by Strider: each method runs the generated class\n", iface)
                .addJavadoc("that the run-time tuner of {@code dev.strider.runtime} routes it to (SCALAR until a faster\n")
                .addJavadoc("variant is compiled and measured, or what the wisdom file says). Every candidate computes\n")
                .addJavadoc("exactly what the generic kernels compute; only the speed differs. The fields are upper case\n")
                .addJavadoc("so that no parameter can hide them.\n");
        if (threads) {
            type.superclass(chunks);
        }
        String fingerprint = ids.field("FINGERPRINT");
        type.addField(FieldSpec.builder(String.class, fingerprint, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("SHA-256 of the sources of every class generated for {@link $T}, for the wisdom file.\n", iface)
                .initializer("$S", fingerprint(others)).build());
        String routes = ids.field("ROUTES");
        type.addField(ROUTES, routes, Modifier.PRIVATE, Modifier.FINAL);
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Routes each method where {@code routes} says, now and whenever the tuner installs another.\n")
                .addParameter(ROUTES, "routes")
                .addStatement("this.$N = routes", routes);
        String method = "method";
        String kernels = "kernels";
        CodeBlock.Builder install = CodeBlock.builder().beginControlFlow("switch ($N)", method);
        List<KernelMethod> methods = set.methods();
        for (int i = 0; i < methods.size(); i++) {
            KernelMethod m = methods.get(i);
            String base = upperSnake(m.name()) + (overloaded(set, m) ? "_" + i : "");
            String slot = ids.field("slot " + i, base);
            String used = ids.field("used " + i, base + "_USED");
            type.addField(FieldSpec.builder(iface, slot, Modifier.PRIVATE)
                    .addJavadoc("What {@link #$N} runs now: a plain field, read once per call. A volatile one cost\n",
                            m.name())
                    .addJavadoc("2-2.6 ns a call; a race can only delay a switch, and every candidate computes the same.\n")
                    .build());
            type.addField(FieldSpec.builder(TypeName.BOOLEAN, used, Modifier.PRIVATE)
                    .addJavadoc("Set by the first call of {@link #$N}, or of its chunks by a THREADS call.\n", m.name())
                    .build());
            constructor.addStatement("$N = ($T) routes.initial($L)", slot, iface, i);
            install.add("case $L:\n$>", i).addStatement("$N = ($T) $N", slot, iface, kernels).addStatement("break").add("$<");
            // The first call, through the method or as a THREADS call's chunks, asks the tuner to measure it.
            CodeBlock firstCall = CodeBlock.builder()
                    .beginControlFlow("if (!$N)", used)
                    .addStatement("$N = true", used)
                    .addStatement("$N.used($L)", routes, i)
                    .endControlFlow()
                    .build();
            type.addMethod(KernelClass.signature(m, "that of the class the tuner routes it to")
                    .addCode(firstCall)
                    .addStatement("$N.$N($L)", slot, m.name(), KernelClass.arguments(ids, m, false))
                    .build());
            if (threads && split.get(i)) {
                // Only the one-thread dispatcher serves as a THREADS body: its slots hold one-thread classes.
                // A THREADS class forced by the caller (Strider.load(set, THREADS)) reaches the method
                // only here, once per call: without its first call the tuner never measured the method,
                // and every chunk ran the SCALAR class it starts on.
                type.addMethod(MethodSpec.methodBuilder(ids.chunks(m)).addAnnotation(Override.class)
                        .returns(chunks)
                        .addCode(firstCall)
                        .addStatement("return (($T) $N).$N()", chunks, slot, ids.chunks(m)).build());
                MethodSpec.Builder range = MethodSpec.methodBuilder(ids.range(m)).addAnnotation(Override.class);
                KernelClass.parameters(ids, range, m, true);
                type.addMethod(range.addStatement("$N().$N($L)", ids.chunks(m), ids.range(m),
                        KernelClass.arguments(ids, m, true)).build());
                type.addMethod(MethodSpec.methodBuilder(ids.steps(m)).addAnnotation(Override.class)
                        .returns(TypeName.INT)
                        .addStatement("return $N().$N()", ids.chunks(m), ids.steps(m)).build());
            }
        }
        install.add("default:\n$>").addStatement("throw new $T($S + $N)", IllegalArgumentException.class,
                "no method ", method).add("$<").endControlFlow();
        // An anonymous class, not a lambda: the first lambda of a JVM costs its cold start tens of milliseconds.
        constructor.addStatement("routes.bind($L)", TypeSpec.anonymousClassBuilder("")
                .addSuperinterface(ParameterizedTypeName.get(ClassName.get(BiConsumer.class), ClassName.get(Integer.class),
                        ClassName.OBJECT))
                .addMethod(MethodSpec.methodBuilder("accept").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(Integer.class, method)
                        .addParameter(Object.class, kernels)
                        .addStatement("route($N, $N)", method, kernels).build())
                .build());
        type.addMethod(constructor.build());
        type.addMethod(MethodSpec.methodBuilder("route")
                .addModifiers(Modifier.PRIVATE)
                .addJavadoc("Routes method number {@code method} to {@code kernels} from the next call on.\n")
                .addParameter(Integer.class, method)
                .addParameter(Object.class, kernels)
                .addCode(install.build()).build());
        type.addType(tuning(ids, set, self, fingerprint, split));
        return KernelClass.file(set, type);
    }

    /** {@code static final class Tuning implements TunableKernels}: what the tuner reads of the set. */
    private static TypeSpec tuning(Identifiers ids, KernelSet set, ClassName self, String fingerprint,
                                   List<Boolean> splitMethods) {
        ClassName iface = KernelClass.iface(set);
        List<KernelMethod> methods = set.methods();
        Set<String> names = new HashSet<>(Identifiers.TYPES);
        names.addAll(Identifiers.PACKAGE_ROOTS);
        methods.forEach(m -> m.params().forEach(p -> names.add(p.name())));
        String method = Identifiers.free("method", names);
        String kernels = Identifiers.free("kernels", names);
        String handle = Identifiers.free("handle", names);
        String thrown = Identifiers.free("thrown", names);
        CodeBlock.Builder keys = CodeBlock.builder();
        List<CodeBlock> split = new ArrayList<>();
        CodeBlock.Builder workloads = CodeBlock.builder().beginControlFlow("switch ($N)", method);
        for (int i = 0; i < methods.size(); i++) {
            KernelMethod m = methods.get(i);
            keys.add(i == 0 ? "$S" : ",\n$S", m.key());
            if (set.targets().contains(Target.THREADS) && splitMethods.get(i)) {
                split.add(CodeBlock.of("$N == $L", method, i));
            }
            workloads.add("case $L: {\n$>", i);
            long bytes = 0;
            for (Param p : m.params()) {
                if (p.tensor()) {
                    int elements = m.layoutOf(p).layout().bufferSize();
                    // 4-bit elements two to a byte: a zero point's array must be exactly that long
                    int length = p.packed() ? Nibbles.bytes(elements) : elements;
                    bytes += (long) length * p.type().bytes();
                    workloads.add(Access.workload(p, length, p != m.output(), WORKLOADS));
                } else {
                    workloads.addStatement("$T $N = ($T) 1", KernelClass.primitive(p.type()), p.name(),
                            KernelClass.primitive(p.type()));
                }
            }
            // Through a method handle that is not a constant, so the JIT compiles each candidate on its
            // own, as the dispatcher will call it, instead of inlining it into the tuner's loop.
            CodeBlock.Builder types = CodeBlock.builder();
            for (Param p : m.params()) {
                types.add(", $T.class", Access.type(p));
            }
            workloads.addStatement("$T $N = $T.virtual($T.lookup(), $T.class, $S$L)", METHOD_HANDLE, handle,
                    WORKLOADS, METHOD_HANDLES, iface, m.name(), types.build());
            workloads.addStatement("return $T.of($LL, $N -> {\n$>try {\n$>$N.invokeExact(($T) $N, $L);\n$<"
                            + "} catch ($T $N) {\n$>throw $T.unchecked($N);\n$<}\n$<})", WORKLOADS, bytes, kernels,
                    handle, iface, kernels, KernelClass.arguments(ids, m, false), Throwable.class, thrown, WORKLOADS,
                    thrown);
            workloads.add("$<}\n");
        }
        workloads.add("default:\n$>").addStatement("throw new $T($S + $N)", IllegalArgumentException.class,
                "no method ", method).add("$<").endControlFlow();
        CodeBlock splitTest = split.isEmpty() ? CodeBlock.of("false") : CodeBlock.join(split, " || ");
        TypeName strings = ParameterizedTypeName.get(List.class, String.class);
        return TypeSpec.classBuilder(TUNING)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(TUNABLE)
                .addJavadoc("{@link $T} as the tuner sees it; the SCALAR class's provider hands it out.\n", iface)
                .addMethod(MethodSpec.methodBuilder("methods").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(strings)
                        .addStatement("return $T.of($>\n$L$<)", List.class, keys.build()).build())
                .addMethod(MethodSpec.methodBuilder("split").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(TypeName.BOOLEAN)
                        .addParameter(TypeName.INT, method)
                        .addStatement("return $L", splitTest).build())
                .addMethod(MethodSpec.methodBuilder("fingerprint").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(String.class)
                        .addStatement("return $N", fingerprint).build())
                .addMethod(MethodSpec.methodBuilder("workload").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(WORKLOAD)
                        .addParameter(TypeName.INT, method)
                        .addCode(workloads.build()).build())
                .addMethod(MethodSpec.methodBuilder("dispatcher").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(Object.class)
                        .addParameter(ROUTES, "routes")
                        .addStatement("return new $T(routes)", self).build())
                .build();
    }

    private static boolean overloaded(KernelSet set, KernelMethod m) {
        return set.methods().stream().filter(o -> o.name().equalsIgnoreCase(m.name())).count() > 1;
    }

    /** {@code toBlocked64} as {@code TO_BLOCKED64}. */
    static String upperSnake(String name) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c) && Character.isLowerCase(name.charAt(i - 1))) {
                sb.append('_');
            }
            sb.append(c);
        }
        return sb.toString().toUpperCase(Locale.ROOT);
    }

    /** The first 16 bytes of SHA-256 over the classes' sources, in hex. */
    private static String fingerprint(List<GeneratedClass> classes) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (GeneratedClass c : classes) {
                digest.update(c.file().toString().getBytes(StandardCharsets.UTF_8));
            }
            byte[] hash = digest.digest();
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

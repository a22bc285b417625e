package dev.strider.processor.writer;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import com.palantir.javapoet.JavaFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import javax.tools.JavaFileObject;

/**
 * Compiles a kernel set's interface (written from the model) and its generated SCALAR class in
 * memory, and loads them: what a user's build does, without the annotation processor in between.
 */
final class CompiledKernels {

    final Object instance;
    /** Class files by binary name, for reading bytecode sizes. */
    final Map<String, byte[]> classFiles;
    final String source;
    private final ClassLoader loader;
    private final String packageName;

    private CompiledKernels(Object instance, Map<String, byte[]> classFiles, String source, ClassLoader loader,
                            String packageName) {
        this.instance = instance;
        this.classFiles = classFiles;
        this.source = source;
        this.loader = loader;
        this.packageName = packageName;
    }

    /**
     * Compiles the interface and {@code files} (the first is the one {@link #instance} is made of),
     * with the vector module readable (the test JVM runs with it, see the pom).
     */
    static CompiledKernels compile(KernelSet set, List<JavaFile> files) {
        return compile(set, files, 17);
    }

    /** The same, compiled for Java {@code release} (22 and later take MemorySegment parameters). */
    static CompiledKernels compile(KernelSet set, List<JavaFile> files, int release) {
        List<JavaFileObject> sources = new ArrayList<>();
        sources.add(JavaFileObjects.forSourceString(set.qualifiedName(), interfaceSource(set)));
        for (JavaFile f : files) {
            sources.add(JavaFileObjects.forSourceString(f.packageName() + "." + f.typeSpec().name(), f.toString()));
        }
        Compilation c = Compiler.javac()
                .withOptions("--release", String.valueOf(release), "--add-modules", "jdk.incubator.vector")
                .compile(sources);
        assertThat(c).succeeded();
        Map<String, byte[]> classes = new HashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            if (f.getKind() == JavaFileObject.Kind.CLASS) {
                String path = f.toUri().getPath();
                String name = path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length(),
                        path.length() - ".class".length()).replace('/', '.');
                try (InputStream in = f.openInputStream()) {
                    classes.put(name, in.readAllBytes());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        ClassLoader loader = new ClassLoader(CompiledKernels.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        CompiledKernels compiled = new CompiledKernels(null, classes, files.get(0).toString(), loader, set.packageName());
        return new CompiledKernels(compiled.create(files.get(0).typeSpec().name()), classes, compiled.source, loader,
                set.packageName());
    }

    /** A new instance of the generated class {@code simpleName}. */
    Object create(String simpleName) {
        try {
            return loader.loadClass(packageName + "." + simpleName).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code new <simpleName>(variant)}: each method runs its variant {@code variant}, or the rule's. */
    Object create(String simpleName, int variant) {
        try {
            return loader.loadClass(packageName + "." + simpleName).getConstructor(int.class).newInstance(variant);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** What the provider of {@code simpleName} answers from {@code variants()}. */
    Map<String, List<String>> variants(String simpleName) {
        return provider(simpleName).variants();
    }

    /** The provider of the generated class {@code simpleName}. */
    dev.strider.runtime.KernelProvider provider(String simpleName) {
        try {
            return (dev.strider.runtime.KernelProvider) loader.loadClass(packageName + "." + simpleName + "$Provider")
                    .getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * An instance per variant number of {@code simpleName}, from 0 to its methods' most variants
     * less one ({@code new X(k)}); none when no method has several.
     */
    List<Object> everyVariant(String simpleName) {
        int most = variants(simpleName).values().stream().mapToInt(List::size).max().orElse(1);
        List<Object> instances = new ArrayList<>();
        for (int k = 0; most > 1 && k < most; k++) {
            instances.add(create(simpleName, k));
        }
        return instances;
    }

    /** {@code new <threads>(body)}: a THREADS class over the given one-thread instance. */
    Object threadsOver(String threadsName, Object body) {
        try {
            Class<?> threads = loader.loadClass(packageName + "." + threadsName);
            Class<?> chunks = loader.loadClass(packageName + "." + threadsName + "$Chunks");
            java.lang.reflect.Constructor<?> constructor = threads.getDeclaredConstructor(chunks);
            constructor.setAccessible(true);
            return constructor.newInstance(body);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static String interfaceSource(KernelSet set) {
        StringBuilder sb = new StringBuilder("package ").append(set.packageName()).append(";\n\n");
        sb.append("public interface ").append(set.simpleNames().get(0)).append(" {\n");
        for (String member : set.memberTypes()) {
            sb.append("    interface ").append(member).append(" {}\n");
        }
        for (KernelMethod m : set.methods()) {
            StringJoiner params = new StringJoiner(", ");
            for (Param p : m.params()) {
                String type = p.memory().packageName() == null ? p.javaType() : p.memory().packageName() + "." + p.javaType();
                params.add(type + " " + p.declared());
            }
            sb.append("    void ").append(m.name()).append('(').append(params).append(");\n");
        }
        return sb.append("}\n").toString();
    }
}

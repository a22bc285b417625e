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
import java.util.HashMap;
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

    private CompiledKernels(Object instance, Map<String, byte[]> classFiles, String source) {
        this.instance = instance;
        this.classFiles = classFiles;
        this.source = source;
    }

    static CompiledKernels compile(KernelSet set, ScalarWriter writer) {
        String source = writer.write(set).toString();
        String qualified = set.packageName() + "." + set.generatedName(dev.strider.runtime.Target.SCALAR);
        Compilation c = Compiler.javac().withOptions("--release", "17")
                .compile(JavaFileObjects.forSourceString(set.qualifiedName(), interfaceSource(set)),
                        JavaFileObjects.forSourceString(qualified, source));
        assertThat(c).succeededWithoutWarnings();
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
        try {
            Object instance = loader.loadClass(qualified).getConstructor().newInstance();
            return new CompiledKernels(instance, classes, source);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static String interfaceSource(KernelSet set) {
        StringBuilder sb = new StringBuilder("package ").append(set.packageName()).append(";\n\n");
        sb.append("public interface ").append(set.simpleNames().get(0)).append(" {\n");
        for (KernelMethod m : set.methods()) {
            StringJoiner params = new StringJoiner(", ");
            for (Param p : m.params()) {
                params.add(p.type().javaName() + (p.array() ? "[] " : " ") + p.name());
            }
            sb.append("    void ").append(m.name()).append('(').append(params).append(");\n");
        }
        return sb.append("}\n").toString();
    }
}

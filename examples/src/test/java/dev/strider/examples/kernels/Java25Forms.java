package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Target;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link BlockedOps}'s and {@link QuantizedOps}'s classes compiled for Java 25, as the tests reach them: the examples' build
 * on JDK 25 or later (the {@code jdk25-forms} profile) puts them under
 * {@code META-INF/versions/25/} of the classes, where the multi-release runnable jar gives them to
 * JDK 25 in place of the base classes. The tests run on the classes directory, not the jar, so
 * they load them here through a class loader that defines every {@code BlockedOps_*} and {@code QuantizedOps_*} class from
 * that directory and takes everything else (the interface, the runtime) from the test's own.
 */
final class Java25Forms {

    /** The classes the build compiles for Java 25 too: BlockedOps's and QuantizedOps's. */
    static final java.util.List<String> PREFIXES = java.util.List.of("dev.strider.examples.kernels.BlockedOps_",
            "dev.strider.examples.kernels.QuantizedOps_");
    /** Where the build puts them, relative to the classes directory. */
    static final String VERSIONED = "META-INF/versions/25";
    /** The class file version of Java 25. */
    static final int JAVA_25_MAJOR = 69;

    private static ClassLoader loader;

    private Java25Forms() {
    }

    /** Whether this JVM runs them: JDK 25 or later, where a multi-release jar would. */
    static boolean runHere() {
        return Runtime.version().feature() >= 25;
    }

    /**
     * The directory of the versioned classes; fails when this JVM is JDK 25 or later and the build
     * left them out (a build on JDK 25 always versions them).
     */
    static Path root() {
        try {
            Path classes = Path.of(BlockedOps.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path root = classes.resolve(VERSIONED);
            assertTrue(Files.isDirectory(root.resolve("dev/strider/examples/kernels")),
                    "no Java 25 forms at " + root + ": the examples were not built on JDK 25 (profile jdk25-forms)");
            return root;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The Java 25 class of {@code target}: SCALAR, the VECTOR class of the width {@code Forced}
     * loads here, or THREADS running that VECTOR class (SCALAR without vectors) per chunk. Only the
     * 512-bit class selects, so the selects run here where the JVM prefers 512-bit vectors
     * (AVX-512); the processor's {@code ValueLanesTest} runs them bit for bit on any JDK 25.
     */
    static BlockedOps load(Target target) {
        try {
            String vector = Forced.load(BlockedOps.class, Target.VECTOR).getClass().getSimpleName();
            String oneThread = vector.contains("_Vector") ? vector : "BlockedOps_Scalar";
            switch (target) {
                case SCALAR:
                    return (BlockedOps) versioned("BlockedOps_Scalar").getConstructor().newInstance();
                case VECTOR:
                    return (BlockedOps) versioned(vector).getConstructor().newInstance();
                default:
                    Class<?> chunks = versioned("BlockedOps_Threads$Chunks");
                    Constructor<?> threads = versioned("BlockedOps_Threads").getDeclaredConstructor(chunks);
                    threads.setAccessible(true);
                    return (BlockedOps) threads.newInstance(versioned(oneThread).getConstructor().newInstance());
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The versioned class {@code simpleName}, checked to be compiled for Java 25. */
    static Class<?> versioned(String simpleName) throws ClassNotFoundException {
        Class<?> c = Class.forName("dev.strider.examples.kernels." + simpleName, true, loader());
        assertEquals(loader(), c.getClassLoader(), simpleName);
        return c;
    }

    private static synchronized ClassLoader loader() {
        if (loader == null) {
            loader = new Versioned(root(), Java25Forms.class.getClassLoader());
        }
        return loader;
    }

    /** Defines the {@code BlockedOps_*} and {@code QuantizedOps_*} classes from the versioned directory, child first. */
    private static final class Versioned extends ClassLoader {
        private final Path root;

        Versioned(Path root, ClassLoader parent) {
            super("strider-java25-forms", parent);
            this.root = root;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (PREFIXES.stream().noneMatch(name::startsWith)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    Path file = root.resolve(name.replace('.', '/') + ".class");
                    if (!Files.exists(file)) {
                        throw new ClassNotFoundException(name + " is not in " + root);
                    }
                    try {
                        byte[] bytes = Files.readAllBytes(file);
                        int major = ((bytes[6] & 0xFF) << 8) | (bytes[7] & 0xFF);
                        assertEquals(JAVA_25_MAJOR, major, name + ": class file version");
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}

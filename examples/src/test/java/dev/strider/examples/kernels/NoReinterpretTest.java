package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.strider.runtime.Device;
import dev.strider.runtime.KernelProvider;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * From Java 25 the examples' VECTOR kernels on arrays run no reinterpret, at every vector width and
 * in every variant the tuner may time ({@code Device.valueLanes()}): checked where it matters, in a
 * fresh JVM that calls each of them before C2 compiles it. (The examples declare no method mixing
 * arrays and segments; {@code ValueLanesTest} checks those forms' code.) The Vector API's Java code for a reinterpret is the only
 * thing such a JVM would make a heap segment for ({@code AbstractVector.defaultReinterpret} stores
 * into {@code MemorySegment.ofArray(byte[])}), and that heap segment is what makes C2 compile every
 * vector store to a native segment with its checks in full. So the JDK must never load
 * {@code HeapMemorySegmentImpl$OfByte} ({@code -Xlog:class+load}); the jar before value lanes loaded
 * it at the first 4x4 block of {@code BlockedOps}. {@link QuantizedOps} is left out: a bf16
 * widening into an array still reinterprets (its floats are its ints' bits), and an f16 widening
 * into any memory (its multiply by 2^112 takes float lanes).
 */
class NoReinterpretTest {

    private static final String HEAP_SEGMENT = "jdk.internal.foreign.HeapMemorySegmentImpl$OfByte";

    @Test
    void arrayKernelsMakeNoHeapSegmentFromJava25() throws Exception {
        assumeTrue(Device.current().vectorBits() > 0, "needs the vector module (the pom adds it to the tests)");
        assumeTrue(Device.current().valueLanes(), "value lanes run from Java 25");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "--add-modules", "jdk.incubator.vector", "-Xlog:class+load=info",
                "-cp", System.getProperty("java.class.path"), NoReinterpretTest.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), output);
        assertEquals(0, p.exitValue(), output);
        String ran = output.lines().filter(l -> l.startsWith("[no reinterpret] ")).findFirst().orElse(null);
        assertTrue(ran != null, output);
        System.out.println(ran);
        List<String> loads = output.lines().filter(l -> l.contains(HEAP_SEGMENT)).toList();
        assertEquals(List.of(), loads, ran);
    }

    /** In a fresh JVM: every variant of every array method of every VECTOR class, called twice. */
    public static void main(String[] args) throws Exception {
        int calls = 0;
        for (Class<?> set : List.of(BlockedOps.class, ImageOps.class, PipelineOps.class, WeightOps.class)) {
            for (int bits : List.of(128, 256, 512)) {
                KernelProvider provider = (KernelProvider) Class.forName(set.getName() + "_Vector" + bits + "$Provider")
                        .getConstructor().newInstance();
                for (Method m : set.getMethods()) {
                    if (!Modifier.isAbstract(m.getModifiers())
                            || !Arrays.stream(m.getParameterTypes()).allMatch(t -> t.isArray() || t.isPrimitive())) {
                        continue;
                    }
                    String key = m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                            .collect(Collectors.joining(", ", "(", ")"));
                    int variants = provider.variants().getOrDefault(key, List.of("one")).size();
                    for (int v = 0; v < variants; v++) {
                        Object kernels = provider.create(v);
                        Method impl = kernels.getClass().getMethod(m.getName(), m.getParameterTypes());
                        Object[] arguments = ReachesC2Test.arguments(m);
                        impl.invoke(kernels, arguments);
                        impl.invoke(kernels, arguments);
                        calls += 2;
                    }
                }
            }
        }
        System.out.println("[no reinterpret] " + calls + " calls of every variant of every array method of the"
                + " 128-, 256- and 512-bit classes (" + Device.current() + ")");
    }
}

package dev.strider.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.JavaApis;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Legal declarations of the largest layouts compile, and too large ones get a tagged error on
 * {@code sizes}, in a javac of 256 MB: the processor never holds memory in proportion to a
 * tensor's element count or a dim's size. javac runs in its own process ({@code -J-Xmx256m}),
 * since the heap of this test JVM is surefire's.
 */
class LargeLayoutsTest {

    private static final String HEAP = "-J-Xmx256m";
    private static final long SECONDS = 60;

    /** javac's {@code -XDrawDiagnostics} form: {@code Ops.java:12:45: compiler.err.proc.messager: [Tag] text}. */
    private static final Pattern DIAGNOSTIC = Pattern.compile("(?m)^(\\S+\\.java):(\\d+):(\\d+): compiler\\.(\\w+)\\.\\S+: (.*)$");

    private record Run(int exit, String output, Path generated) {
        List<String> errors() {
            List<String> errors = new ArrayList<>();
            Matcher m = DIAGNOSTIC.matcher(output);
            while (m.find()) {
                if (m.group(4).equals("err")) {
                    errors.add(m.group(2) + ":" + m.group(3) + " " + m.group(5));
                }
            }
            return errors;
        }
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Compiles {@code source} (with all three targets) in a javac of 256 MB, for Java 17. */
    private static Run javac(Path dir, Source source) throws IOException, InterruptedException {
        return javac(dir, source, 17);
    }

    /** The same for {@code release}. */
    private static Run javac(Path dir, Source source, int release) throws IOException, InterruptedException {
        Path file = dir.resolve("src/test/Ops.java");
        Files.createDirectories(file.getParent());
        Files.write(file, source.lines, StandardCharsets.UTF_8);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path generated = Files.createDirectories(dir.resolve("generated"));
        // the processor, the runtime it checks layouts with, the report it draws, JavaPoet it writes with
        String path = String.join(File.pathSeparator, location(StriderProcessor.class), location(TensorLayout.class),
                location(dev.strider.report.HtmlPage.class), location(JavaFile.class));
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        List<String> command = List.of(javac.toString(), HEAP, "-XDrawDiagnostics", "--release", String.valueOf(release),
                "--add-modules", "jdk.incubator.vector", "-cp", path, "-processorpath", path,
                "-processor", StriderProcessor.class.getName(), "-d", classes.toString(), "-s", generated.toString(),
                file.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(SECONDS, TimeUnit.SECONDS), "javac took more than " + SECONDS + " s");
        return new Run(process.exitValue(), new String(output, StandardCharsets.UTF_8), generated);
    }

    private static final String LONGEST = String.valueOf(TensorLayout.MAX_BUFFER); // 2^31 - 9

    @Test
    void theLargestLegalLayoutsCompile(@TempDir Path dir) throws IOException, InterruptedException {
        Source s = Source.ops(
                "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                "public interface Ops {",
                "  @Reorder(from = Rows.class, to = Columns.class)",
                "  void transpose(byte[] src, byte[] dst);",
                "  @Fill(layout = Longest.class)",
                "  void fill(byte[] dst, byte value);",
                "  @Slice(from = Longest.class, offsets = 1, sizes = " + (TensorLayout.MAX_BUFFER - 1)
                        + ", strides = -1)",
                "  void reverse(byte[] src, byte[] dst);",
                "}",
                // 900 million elements, transposed
                "@Layout(dims = \"NC\", sizes = {3, 300000000}) interface Rows {}",
                "@Layout(dims = \"NC\", sizes = {3, 300000000}, format = \"cn\") interface Columns {}",
                // one dim of 2^31 - 9 elements, the most one array holds
                "@Layout(dims = \"W\", sizes = " + LONGEST + ") interface Longest {}");
        Run run = javac(dir, s);
        assertEquals(List.of(), run.errors(), run.output());
        assertEquals(0, run.exit(), run.output());
        assertFalse(run.output().contains("OutOfMemoryError"), run.output());
        List<String> written;
        try (var files = Files.list(run.generated().resolve("test"))) {
            written = files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        assertEquals(List.of("Ops.layouts.html", "Ops_Scalar.java", "Ops_Threads.java", "Ops_Tuned.java", "Ops_Vector128.java",
                "Ops_Vector256.java", "Ops_Vector512.java"), written);
        String scalar = Files.readString(run.generated().resolve("test/Ops_Scalar.java"));
        assertTrue(scalar.contains("Loop nest: c[300000000] > unrolled: n[3]; strides dst/src: c 3/1, n 1/300000000."),
                scalar);
        assertTrue(scalar.contains("Loop nest: w[" + LONGEST + "]; strides dst: w 1."), scalar);
    }

    /**
     * The same layouts on typed buffers (elements int-indexed, bytes beyond 2 GB) and, where this JDK
     * compiles for Java 22 or later, on segments: their offsets in bytes pass 2^31 and are long
     * literals, and the tuner's workload of such a buffer is a heap buffer (a direct one holds at
     * most 2^31 - 1 bytes). A review found both written as ints, which javac refused.
     */
    @Test
    void theLargestLayoutsCompileOffHeap(@TempDir Path dir) throws IOException, InterruptedException {
        int release = Math.max(17, Runtime.version().feature());
        boolean segments = release >= JavaApis.FFM_RELEASE;
        String out = segments ? "@Elements(float.class) java.lang.foreign.MemorySegment" : "java.nio.FloatBuffer";
        Source s = Source.ops(
                "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                "public interface Ops {",
                "  @Reorder(from = Rows.class, to = Columns.class)",
                "  void transpose(java.nio.FloatBuffer src, java.nio.FloatBuffer dst);",
                "  @Slice(from = Longest.class, offsets = 1, sizes = " + (TensorLayout.MAX_BUFFER - 1)
                        + ", strides = -1)",
                "  void reverse(java.nio.FloatBuffer src, " + out + " dst);",
                "  @Fill(layout = Longest.class)",
                "  void fill(" + out + " dst, float value);",
                "}",
                "@Layout(dims = \"NC\", sizes = {3, 300000000}) interface Rows {}",
                "@Layout(dims = \"NC\", sizes = {3, 300000000}, format = \"cn\") interface Columns {}",
                "@Layout(dims = \"W\", sizes = " + LONGEST + ") interface Longest {}");
        Run run = javac(dir, s, release);
        assertEquals(List.of(), run.errors(), run.output());
        assertEquals(0, run.exit(), run.output());
        String tuned = Files.readString(run.generated().resolve("test/Ops_Tuned.java"));
        assertTrue(tuned.contains("FloatBuffer.allocate(900000000)"), tuned);
        if (segments) {
            String scalar = Files.readString(run.generated().resolve("test/Ops_Scalar.java"));
            assertTrue(scalar.contains(4L * (TensorLayout.MAX_BUFFER - 1) + "L"), scalar);
        }
    }

    @Test
    void layoutsTooLargeForAnArrayAreErrorsOnTheirSizes(@TempDir Path dir) throws IOException, InterruptedException {
        Source s = Source.ops(
                "@Kernels",
                "public interface Ops {",
                "  @Reorder(from = TwoRows.class, to = Padded.class)",
                "  void copy(byte[] src, byte[] dst);",
                "}",
                "@Layout(dims = \"NW\", sizes = {2, " + LONGEST + "}) interface TwoRows {}",
                // packed, 2^31 - 15 elements fit; nW8w pads them to 2^31 - 8
                "@Layout(dims = \"NW\", sizes = {1, 2147483633}, format = \"nW8w\") interface Padded {}");
        Run run = javac(dir, s);
        assertEquals(1, run.exit(), run.output());
        assertFalse(run.output().contains("OutOfMemoryError"), run.output());
        String twoRows = "sizes = |{2, " + LONGEST + "}";
        String padded = "sizes = |{1, 2147483633}";
        assertEquals(List.of(
                s.line(twoRows) + ":" + s.column(twoRows) + " [StriderLayoutSizes] layout NW sizes [2, " + LONGEST
                        + "] needs a buffer of 4294967278 elements, more than a Java array can index (" + LONGEST + ")",
                s.line(padded) + ":" + s.column(padded) + " [StriderLayoutSizes] layout NW sizes [1, 2147483633] in"
                        + " format \"nW8w\" needs a buffer of 2147483640 elements, more than a Java array can index ("
                        + LONGEST + ")"),
                run.errors());
    }
}

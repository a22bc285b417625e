package dev.strider.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.strider.processor.Source.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import dev.strider.processor.validation.Message;
import com.google.testing.compile.Compiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The processor as a whole: valid declarations, the service file, rounds, several errors at once. */
class ProcessorTest {

    private static final String SERVICE_FILE = "META-INF/services/dev.strider.runtime.KernelProvider";

    private static Source imageOps() {
        return Source.ops(
                "@Kernels",
                "public interface Ops {",
                "  @Reorder(from = Interleaved.class, to = Planar.class)",
                "  void toPlanar(float[] src, float[] dst);",
                "",
                "  @Reorder(from = Interleaved.class, to = Blocked.class, unsignedSource = true, scale = 0.5)",
                "  void normalize(byte[] src, float[] dst);",
                "",
                "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, -1})",
                "  void flip(float[] src, float[] dst);",
                "",
                "  @Fill(layout = Blocked.class)",
                "  void fill(float[] dst, float value);",
                "",
                "  @Unary(op = UnaryKind.SCALE_SHIFT, in = Planar.class, out = Blocked.class, scale = 2, shift = 1)",
                "  void affine(float[] in, float[] out);",
                "",
                "  @Binary(op = BinaryOp.ADD, a = Planar.class, b = Column.class, out = Interleaved.class)",
                "  void add(float[] a, float[] b, float[] out);",
                "",
                "  default void notAKernel() {}",
                "  static void neither() {}",
                "  String toString();",
                "}");
    }

    private static String serviceFile(Compilation c) throws IOException {
        JavaFileObject file = c.generatedFile(StandardLocation.CLASS_OUTPUT, SERVICE_FILE).orElseThrow();
        return file.getCharContent(true).toString();
    }

    @Test
    void validDeclarationCompilesAndIsListed() throws IOException {
        Compilation c = compile(imageOps());
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Ops_Scalar");
        assertEquals("test.Ops_Scalar$Provider\n", serviceFile(c));
    }

    @Test
    void serviceFileListsEveryKernelSetSortedOnce() throws IOException {
        Source zeta = Source.of("b.Zeta",
                "package b;",
                "@dev.strider.Kernels public interface Zeta {",
                "  @dev.strider.Fill(layout = Row.class) void fill(int[] dst, int value);",
                "}",
                "@dev.strider.Layout(dims = \"W\", sizes = 7) interface Row {}");
        Source outer = Source.of("a.Outer",
                "package a;",
                "public class Outer {",
                "  @dev.strider.Kernels public interface Alpha {",
                "    @dev.strider.Fill(layout = Row.class) void fill(long[] dst, long value);",
                "  }",
                "}",
                "@dev.strider.Layout(dims = \"W\", sizes = 3) interface Row {}");
        Source unnamed = Source.of("Top",
                "@dev.strider.Kernels public interface Top {}");
        Compilation c = compile(zeta, outer, unnamed);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("a.Outer_Alpha_Scalar");
        assertThat(c).generatedSourceFile("Top_Scalar");
        assertEquals("Top_Scalar$Provider\na.Outer_Alpha_Scalar$Provider\nb.Zeta_Scalar$Provider\n", serviceFile(c));
    }

    @Test
    void optionTargetsReplacesTheDeclaredOnes() {
        Source s = Source.ops("@Kernels(targets = {Target.SCALAR, Target.THREADS})", "public interface Ops {}");
        Compilation c = compile(new StriderProcessor(), List.of("-Astrider.targets=scalar"), s);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).hadNoteCount(0);
    }

    @Test
    void vectorModuleReadableWithAddModules() throws IOException {
        Source s = Source.ops("@Kernels(targets = {Target.SCALAR, Target.VECTOR})", "public interface Ops {}");
        Compilation c = compile(new StriderProcessor(), List.of("--add-modules", "jdk.incubator.vector"), s);
        assertThat(c).succeeded();
        assertThat(c).hadNoteCount(0);
        for (String name : List.of("test.Ops_Scalar", "test.Ops_Vector128", "test.Ops_Vector256", "test.Ops_Vector512")) {
            assertThat(c).generatedSourceFile(name);
        }
        assertEquals("test.Ops_Scalar$Provider\ntest.Ops_Vector128$Provider\ntest.Ops_Vector256$Provider\n"
                + "test.Ops_Vector512$Provider\n", serviceFile(c));
    }

    @Test
    void aTransposeCarriesItsVariantsAndTheProviderNamesThem() throws IOException {
        Source s = Source.of("test.Ops",
                "package test;",
                "import dev.strider.*;",
                "@Kernels(targets = {Target.SCALAR, Target.VECTOR})",
                "public interface Ops {",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}) interface Plain {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}, format = \"nChw16c\") interface Blocked {}",
                "  @Reorder(from = Plain.class, to = Blocked.class)",
                "  void toBlocked(float[] src, float[] dst);",
                "  @Fill(layout = Plain.class)",
                "  void fill(float[] dst, float value);",
                "}");
        Compilation c = compile(new StriderProcessor(), List.of("--add-modules", "jdk.incubator.vector"), s);
        assertThat(c).succeeded();
        String v512 = c.generatedSourceFile("test.Ops_Vector512").orElseThrow().getCharContent(true).toString();
        assertTrue(v512.contains("Map.entry(\"toBlocked(float[], float[])\", List.of(\"4x4 blocks in registers\", "
                + "\"8x8 blocks in registers\", \"16x16 blocks in registers\", "
                + "\"8x8 blocks in registers, offset loads, and-or shifts\", \"scalar nest\"))"), v512);
        assertTrue(v512.contains("toBlockedVariant = variant >= 0 && variant < 5 ? variant : 0;"), v512);
        assertTrue(v512.contains("case 0 -> {\n"
                + "                if (VALUE_LANES) {\n"
                + "                    toBlocked_blocks4v(src, dst);\n"
                + "                } else {\n"
                + "                    toBlocked_blocks4(src, dst);\n"), v512);
        assertTrue(v512.contains("VALUE_LANES = Device.current().valueLanes();"), v512);
        assertTrue(v512.contains("default -> toBlocked_scalar(src, dst);"), v512);
        assertTrue(v512.contains("return new Ops_Vector512(variant);"), v512);
        // the fill has one variant: no field, no switch, not in variants()
        assertTrue(!v512.contains("fillVariant") && !v512.contains("\"fill(float[], float)\""), v512);
    }

    @Test
    void optionVectorShapesPicksTheShapes() throws IOException {
        Source s = Source.ops("@Kernels(targets = {Target.VECTOR, Target.THREADS})", "public interface Ops {}");
        Compilation c = compile(new StriderProcessor(),
                List.of("--add-modules", "jdk.incubator.vector", "-Astrider.vectorShapes=256"), s);
        assertThat(c).succeeded();
        assertEquals("test.Ops_Scalar$Provider\ntest.Ops_Threads$Provider\ntest.Ops_Vector256$Provider\n",
                serviceFile(c));
    }

    @Test
    void optionTransposeBitsWidensTheBlocks() throws IOException {
        // 1x16x8x8 nchw -> nChw16c: 64 pixels by 16 channels, in blocks of 4, or of 8 at 256 bits
        Source s = Source.ops("@Kernels(targets = {Target.VECTOR})",
                "public interface Ops {",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}) interface P {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}, format = \"nChw16c\") interface B {}",
                "  @Reorder(from = P.class, to = B.class)",
                "  void toBlocked(float[] src, float[] dst);",
                "}");
        for (String bits : List.of("", "256")) {
            List<String> options = new java.util.ArrayList<>(List.of("--add-modules", "jdk.incubator.vector"));
            if (!bits.isEmpty()) {
                options.add("-Astrider.transposeBits=" + bits);
            }
            Compilation c = compile(new StriderProcessor(), options, s);
            assertThat(c).succeeded();
            String v256 = c.generatedSourceFile("test.Ops_Vector256").orElseThrow().getCharContent(true).toString();
            String v128 = c.generatedSourceFile("test.Ops_Vector128").orElseThrow().getCharContent(true).toString();
            String wide = bits.isEmpty() ? "4x4" : "8x8";
            assertTrue(v256.contains(wide + " blocks of hw x c transposed in registers"), v256);
            // the 128-bit class stays at its own width either way
            assertTrue(v128.contains("4x4 blocks of hw x c transposed in registers"), v128);
            assertEquals(bits.isEmpty(), v256.contains("FloatVector.fromArray(FLOAT_128, src, "), v256);
        }
    }

    /** Generates, in the first round, the layout type that test.Ops names. */
    static final class LayoutGenerator extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
            if (!done) {
                done = true;
                try (Writer w = processingEnv.getFiler().createSourceFile("test.Generated").openWriter()) {
                    w.write("package test;\n@dev.strider.Layout(dims = \"W\", sizes = 4) interface Generated {}\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }

    @Test
    void aLayoutGeneratedInALaterRoundIsWaitedFor() throws IOException {
        Source s = Source.of("test.Ops",
                "package test;",
                "@dev.strider.Kernels public interface Ops {",
                "  @dev.strider.Fill(layout = Generated.class) void fill(float[] dst, float value);",
                "}");
        Compilation c = Compiler.javac().withProcessors(new LayoutGenerator(), new StriderProcessor()).compile(s.file);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Ops_Scalar");
        assertEquals("test.Ops_Scalar$Provider\n", serviceFile(c));
    }

    @Test
    void errorsInSeveralMethodsAreAllReported() {
        Source s = Source.ops(
                "@Kernels",
                "public interface Ops {",
                "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 0})",
                "  void flip(float[] src, float[] dst);",
                "",
                "  @Reorder(from = Planar.class, to = Broadcast.class)",
                "  void copy(float[] src, float[] dst);",
                "",
                "  @Fill(layout = Planar.class)",
                "  void fill(float[] dst, double value);",
                "",
                "  @Fill(layout = Planar.class)",
                "  void fine(float[] dst, float value);",
                "}");
        Compilation c = compile(s);
        s.assertError(c, "[StriderSliceStride] slice stride of dim W is 0", "strides = {1, 1, 1, |0}");
        s.assertError(c, "[StriderOverlappingOutput] to layout Broadcast", "to = Broadcast|.class");
        s.assertError(c, "[StriderElementTypeMismatch] parameter value of fill", "double |value");
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void severalErrorsInOneMethodAreAllReported() {
        Source s = Source.ops(
                "@Kernels",
                "public interface Ops {",
                "  @Reorder(from = NotALayout.class, to = Broadcast.class, scale = Double.POSITIVE_INFINITY)",
                "  int copy(float[] src, Object dst);",
                "}");
        Compilation c = compile(s);
        s.assertError(c, "[StriderReturnType] method copy returns int", "int |copy");
        s.assertError(c, "[StriderParameterType] parameter dst of copy has type java.lang.Object", "Object |dst");
        s.assertError(c, "[StriderNotALayout] NotALayout is not annotated with @Layout", "from = NotALayout|.class");
        s.assertError(c, "[StriderOverlappingOutput] to layout Broadcast", "to = Broadcast|.class");
        s.assertError(c, "[StriderNonFinite] scale is Infinity", "scale = Double|.POSITIVE_INFINITY");
        assertThat(c).hadErrorCount(5);
    }

    @Test
    void aBadLayoutUsedTwiceIsReportedOnce() {
        Source s = Source.ops(
                "@Kernels",
                "public interface Ops {",
                "  @Fill(layout = Bad.class)",
                "  void fill(float[] dst, float value);",
                "",
                "  @Reorder(from = Bad.class, to = Planar.class)",
                "  void copy(float[] src, float[] dst);",
                "}",
                "@Kernels",
                "interface More {",
                "  @Fill(layout = Bad.class)",
                "  void fill(int[] dst, int value);",
                "}",
                "@Layout(dims = \"NCHW\", sizes = {1, 3, 0, 5}) interface Bad {}");
        s.assertOnlyError(compile(s), "[StriderLayoutSizes] size of dim H is 0; sizes must be at least 1",
                "sizes = {1, 3, |0, 5}) interface Bad");
    }

    @Test
    void layoutsInAnotherFileAreBlamedThere() {
        Source layouts = Source.of("test.Layouts",
                "package test;",
                "import dev.strider.Layout;",
                "@Layout(dims = \"HW\", sizes = {2, 3}, format = \"hwc\") interface Layouts {}");
        Source ops = Source.of("test.Ops",
                "package test;",
                "@dev.strider.Kernels interface Ops {",
                "  @dev.strider.Fill(layout = Layouts.class) void fill(byte[] dst, byte value);",
                "}");
        Compilation c = compile(ops, layouts);
        layouts.assertOnlyError(c, "[StriderLayoutFormat] format \"hwc\": 'c' is neither a dim of HW nor a position"
                + " letter a..b", "format = |\"hwc\"");
    }

    @Test
    void everyMessageHasItsOwnTagAndATest() throws IOException {
        Set<String> tags = new HashSet<>();
        for (Message m : Message.values()) {
            assertThat(m.tag()).startsWith("Strider");
            assertThat(tags.add(m.tag())).isTrue();
        }
        assertEquals(Diagnostic.Kind.NOTE, Message.VECTOR_MODULE.kind());
        // Every message has its test in DiagnosticsTest (surefire runs in the module's directory).
        String tests = Files.readString(Path.of("src/test/java/dev/strider/processor/DiagnosticsTest.java"));
        for (Message m : Message.values()) {
            assertTrue(tests.contains("\"[" + m.tag() + "] "), () -> m + " has no test in DiagnosticsTest");
        }
        assertEquals("[StriderSliceStride] slice stride of dim W is 0",
                Message.SLICE_STRIDE.format("slice stride of dim W is 0"));
    }

    /**
     * The declarations issue 17 found generating code that did not compile, through javac and the
     * processor, on all three targets: parameters named like the writers' locals ({@code r0},
     * {@code a1}, {@code c0}, {@code v0}), the runtime classes ({@code Checks},
     * {@code FloatKernels}) and the THREADS field ({@code body}); overloads across element types;
     * converting reorders whose names differ only in case; member types named like runtime types.
     */
    @Test
    void hostileNamesCompileOnEveryTarget() {
        Source s = Source.ops(
                "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                "public interface Ops {",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}) interface Checks {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 16, 8, 8}, format = \"nhwc\") interface FloatVector {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 3, 8, 8}) interface List {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 3, 8, 8}, format = \"nhwc\") interface Double {}",
                "  @Reorder(from = Checks.class, to = FloatVector.class)",
                "  void toNhwc(float[] r0, float[] a1);",
                "  @Reorder(from = List.class, to = Double.class)",
                "  void interleave(float[] c0, float[] v0);",
                "  @Reorder(from = Double.class, to = List.class)",
                "  void planes(float[] v0, float[] c0);",
                "  @Reorder(from = Checks.class, to = Checks.class)",
                "  void copy(float[] Checks, float[] FloatKernels);",
                "  @Reorder(from = Checks.class, to = FloatVector.class)",
                "  void split(float[] body, float[] dst);",
                "  @Reorder(from = Checks.class, to = FloatVector.class)",
                "  void steps(float[] src, float[] dst);",
                "  @Reorder(from = Checks.class, to = FloatVector.class)",
                "  void steps(int[] src, int[] dst);",
                "  @Reorder(from = Checks.class, to = Checks.class, unsignedSource = true, scale = 0.5)",
                "  void u8(byte[] src, float[] dst);",
                "  @Reorder(from = Checks.class, to = Checks.class, scale = 2)",
                "  void U8(byte[] src, float[] U8_VALUES);",
                "  @Fill(layout = Checks.class)",
                "  void fill(float[] dev, float java);",
                "}");
        Compilation c = compile(new StriderProcessor(),
                List.of("--add-modules", "jdk.incubator.vector", "-Astrider.threadsAbove=1"), s);
        assertThat(c).succeeded();
        for (String generated : List.of("Ops_Scalar", "Ops_Vector128", "Ops_Vector256", "Ops_Vector512", "Ops_Threads")) {
            assertThat(c).generatedSourceFile("test." + generated);
        }
    }
}

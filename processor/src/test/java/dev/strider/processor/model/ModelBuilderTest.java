package dev.strider.processor.model;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.strider.BinaryOp;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.validation.TargetSupport;
import dev.strider.processor.validation.ValidationReport;
import dev.strider.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/** The model built from valid declarations: what the writers receive. */
class ModelBuilderTest {

    /** Builds the model of every {@code @Kernels} type and keeps it; generates nothing. */
    static final class Capture extends AbstractProcessor {
        final Map<String, ModelBuilder.Result> results = new LinkedHashMap<>();

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("dev.strider.Kernels");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
            var elements = processingEnv.getElementUtils();
            ModelBuilder builder = new ModelBuilder(elements, new LayoutResolver(elements),
                    new TargetSupport(elements, Optional.empty()), dev.strider.processor.model.JavaApis.of(processingEnv));
            for (Element e : roundEnv.getElementsAnnotatedWith(elements.getTypeElement("dev.strider.Kernels"))) {
                results.put(((TypeElement) e).getQualifiedName().toString(), builder.build((TypeElement) e));
            }
            return false;
        }
    }

    private static final int[] SIZES = {1, 3, 4, 5};

    @Test
    void everyKindOfKernel() {
        Capture capture = new Capture();
        Compilation c = Compiler.javac().withProcessors(capture).compile(JavaFileObjects.forSourceLines("test.Ops",
                "package test;",
                "import dev.strider.*;",
                "import dev.strider.BinaryOp;",
                "import dev.strider.UnaryKind;",
                "import dev.strider.Target;",
                "@Kernels(targets = {Target.THREADS, Target.SCALAR})",
                "public interface Ops {",
                "  @Reorder(from = Interleaved.class, to = Planar.class)",
                "  void toPlanar(float[] pixels, float[] planes);",
                "  @Reorder(from = Interleaved.class, to = Blocked.class, unsignedSource = true, scale = 0.5, shift = -1)",
                "  void normalize(byte[] src, float[] dst);",
                "  @Slice(from = Planar.class, offsets = {0, 1, 0, 0}, sizes = {1, 2, 4, 5}, strides = {1, 1, 1, -2})",
                "  void flip(int[] src, int[] dst);",
                "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 2, 1},",
                "         outputSizes = {1, 3, 1, 5}, to = Row.class)",
                "  void firstRow(short[] src, short[] dst);",
                "  @Fill(layout = Blocked.class)",
                "  void fill(double[] dst, double value);",
                "  @Unary(op = UnaryKind.SCALE_SHIFT, in = Planar.class, out = Blocked.class, scale = 2, shift = 1)",
                "  void affine(float[] in, float[] out);",
                "  @Unary(op = UnaryKind.NEG, in = Planar.class, out = Planar.class)",
                "  void negate(long[] values, long[] result);",
                "  @Binary(op = BinaryOp.MAX, a = Planar.class, b = Column.class, out = Interleaved.class)",
                "  void max(byte[] a, byte[] b, byte[] out);",
                "  default void helper() {}",
                "  static void other() {}",
                "  boolean equals(Object o);",
                "}",
                "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}) interface Planar {}",
                "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nhwc\") interface Interleaved {}",
                "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nChw8c\") interface Blocked {}",
                "@Layout(dims = \"NCHW\", sizes = {1, 1, 4, 1}, strides = {0, 0, 1, 0}, offset = 2) interface Column {}",
                "@Layout(dims = \"NCHW\", sizes = {1, 3, 1, 5}, strides = {15, 5, 100, 1}) interface Row {}"));
        assertThat(c).succeededWithoutWarnings();
        ModelBuilder.Result result = capture.results.get("test.Ops");
        assertFalse(result.report().hasErrors(), () -> result.report().items().toString());
        assertEquals(List.of(),
                result.report().items().stream().map(ValidationReport.Item::message).collect(Collectors.toList()));
        assertFalse(result.isUnresolved());
        KernelSet set = result.kernelSet().orElseThrow();

        assertEquals("test", set.packageName());
        assertEquals(List.of("Ops"), set.simpleNames());
        assertEquals(List.of(Target.SCALAR, Target.THREADS), set.targets());

        NamedLayout planar = new NamedLayout("Planar", TensorLayout.packed("NCHW", SIZES), "Planar");
        NamedLayout interleaved = new NamedLayout("Interleaved", TensorLayout.of("NCHW", SIZES, "nhwc"), "Interleaved");
        NamedLayout blocked = new NamedLayout("Blocked", TensorLayout.of("NCHW", SIZES, "nChw8c"), "Blocked");
        NamedLayout column = new NamedLayout("Column",
                TensorLayout.declared("NCHW", new int[] {1, 1, 4, 1}, "", new int[] {0, 0, 1, 0}, 2), "Column");
        NamedLayout row = new NamedLayout("Row", TensorLayout.strided("NCHW", new int[] {1, 3, 1, 5}, new int[] {15, 5, 100, 1}),
                "Row");
        SliceWindow flip = SliceWindow.of(planar.layout(), new int[] {0, 1, 0, 0}, new int[] {1, 2, 4, 5},
                new int[] {1, 1, 1, -2});
        SliceWindow firstRow = SliceWindow.of(planar.layout(), new int[4], SIZES, new int[] {1, 1, 2, 1})
                .withOutputSizes(1, 3, 1, 5);
        assertEquals(List.of(
                new KernelMethod.Reorder("toPlanar", Param.array("pixels", ElementType.FLOAT), interleaved,
                        Param.array("planes", ElementType.FLOAT), planar, false, false, 1, 0),
                new KernelMethod.Reorder("normalize", Param.array("src", ElementType.BYTE), interleaved,
                        Param.array("dst", ElementType.FLOAT), blocked, true, false, 0.5, -1),
                new KernelMethod.Slice("flip", Param.array("src", ElementType.INT), planar, flip,
                        Param.array("dst", ElementType.INT),
                        new NamedLayout("packed slice output", TensorLayout.packed("NCHW", 1, 2, 4, 3))),
                new KernelMethod.Slice("firstRow", Param.array("src", ElementType.SHORT), planar, firstRow,
                        Param.array("dst", ElementType.SHORT), row),
                new KernelMethod.Fill("fill", Param.array("dst", ElementType.DOUBLE), blocked,
                        Param.scalar("value", ElementType.DOUBLE)),
                new KernelMethod.Unary("affine", UnaryOp.scaleShift(2, 1), Param.array("in", ElementType.FLOAT),
                        planar, Param.array("out", ElementType.FLOAT), blocked),
                new KernelMethod.Unary("negate", UnaryOp.NEG, Param.array("values", ElementType.LONG), planar,
                        Param.array("result", ElementType.LONG), planar),
                new KernelMethod.Binary("max", BinaryOp.MAX, Param.array("a", ElementType.BYTE), planar,
                        Param.array("b", ElementType.BYTE), column, Param.array("out", ElementType.BYTE), interleaved)),
                set.methods());
    }

    @Test
    void nestedInterfaceInTheUnnamedPackage() {
        Capture capture = new Capture();
        Compilation c = Compiler.javac().withProcessors(capture).compile(JavaFileObjects.forSourceLines("Outer",
                "public class Outer {",
                "  public static class Middle {",
                "    @dev.strider.Kernels(targets = {}) public interface Ops {}",
                "  }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        KernelSet set = capture.results.get("Outer.Middle.Ops").kernelSet().orElseThrow();
        assertEquals("", set.packageName());
        assertEquals(List.of("Outer", "Middle", "Ops"), set.simpleNames());
        assertEquals("Outer_Middle_Ops_Scalar", set.generatedName(Target.SCALAR));
        assertEquals(List.of(Target.SCALAR), set.targets());
        assertEquals(List.of(), set.methods());
    }
}

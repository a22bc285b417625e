package dev.strider.processor.report;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.strider.report.Drawings.all;
import static dev.strider.report.Drawings.withClass;
import static dev.strider.report.Drawings.xml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.StriderProcessor;
import dev.strider.report.LayoutSvg;
import dev.strider.report.MemoryMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The layout report the processor writes beside the generated sources, read back with an XML
 * parser: its sections, strider-report's facts and drawing of each layout (checked for what they say
 * by that module's own tests), the methods using each layout, and the generated classes' own
 * Javadoc for each method.
 */
class LayoutReportTest {

    private static final String REPORT = "Ops.layouts.html";

    private static JavaFileObject ops(String kernels) {
        return JavaFileObjects.forSourceLines("test.Ops",
                "package test;",
                "import dev.strider.*;",
                "import dev.strider.UnaryKind;",
                "import dev.strider.Target;",
                kernels,
                "public interface Ops {",
                "  @Layout(dims = \"NCHW\", sizes = {1, 17, 5, 4}) interface Plain {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 17, 5, 4}, format = \"nChw8c\") interface Blocked {}",
                "",
                "  @Reorder(from = Plain.class, to = Blocked.class)",
                "  void toBlocked(float[] src, float[] dst);",
                "",
                "  @Unary(op = UnaryKind.RELU, in = Blocked.class, out = Blocked.class)",
                "  void relu(float[] in, float[] out);",
                "",
                "  @Slice(from = Plain.class, offsets = {0, 0, 0, 0}, sizes = {1, 17, 5, 4}, strides = {1, 1, 1, -1})",
                "  void flip(float[] src, float[] dst);",
                "",
                "  @Fill(layout = Plain.class)",
                "  void fill(float[] dst, float value);",
                "}");
    }

    private static Compilation compile(List<String> options, JavaFileObject... sources) {
        return Compiler.javac().withProcessors(new StriderProcessor()).withOptions(options).compile(sources);
    }

    private static String text(Compilation c, StandardLocation location, String pkg, String name) {
        try {
            return c.generatedFile(location, pkg, name).orElseThrow(() -> new AssertionError("no " + name))
                    .getCharContent(true).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Element section(Document doc, String id) {
        return all(doc.getDocumentElement(), "section").stream().filter(s -> s.getAttribute("id").equals(id))
                .findFirst().orElseThrow(() -> new AssertionError("no section " + id));
    }

    /** Generated class name -> loop nest, from the "nests" table of a method's section. */
    private static List<List<String>> nests(Element section) {
        Element table = withClass(section, "nests").get(0);
        List<List<String>> rows = new ArrayList<>();
        for (Element tr : all(table, "tr")) {
            List<Element> cells = all(tr, "td");
            if (!cells.isEmpty()) {
                rows.add(List.of(cells.get(0).getTextContent(), cells.get(1).getTextContent()));
            }
        }
        return rows;
    }

    /** What the generated method's Javadoc says after "Loop nest: ", without the final period. */
    private static String javadocNest(String source, String method) {
        int at = source.indexOf("public void " + method + "(");
        int start = source.lastIndexOf("Loop nest: ", at) + "Loop nest: ".length();
        String line = source.substring(start, source.indexOf('\n', start));
        assertTrue(line.endsWith("."), line);
        return line.substring(0, line.length() - 1);
    }

    @Test
    void everyLayoutAndKernelOfTheSet() {
        Compilation c = compile(List.of(), ops("@Kernels"));
        assertThat(c).succeededWithoutWarnings();
        String html = text(c, StandardLocation.SOURCE_OUTPUT, "test", REPORT);
        Document doc = xml(html);
        assertEquals("Layouts and kernels of test.Ops", all(doc.getDocumentElement(), "title").get(0).getTextContent());

        List<String> sections = new ArrayList<>();
        all(doc.getDocumentElement(), "section").forEach(s -> sections.add(s.getAttribute("id")));
        assertEquals(List.of("layout-Ops-Plain", "layout-Ops-Blocked", "layout-packed-slice-output--flip-",
                "kernel-toBlocked", "kernel-relu", "kernel-flip", "kernel-fill"), sections);
        assertEquals("Ops.Blocked", all(section(doc, "layout-Ops-Blocked"), "h3").get(0).getTextContent());

        // A layout's section holds strider-report's facts and drawing of that layout (MemoryMapTest and
        // LayoutSvgTest check what they say), and what the report adds: the methods that use it.
        TensorLayout nChw8c = TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c");
        Element blocked = section(doc, "layout-Ops-Blocked");
        assertEquals(MemoryMap.describe(nChw8c), all(blocked, "pre").get(0).getTextContent());
        List<String> drawings = new ArrayList<>();
        all(blocked, "svg").forEach(svg -> drawings.add(svg.getAttribute("id")));
        assertEquals(List.of("layout-Ops-Blocked-svg"), drawings);
        assertTrue(html.contains(LayoutSvg.render(nChw8c, "layout-Ops-Blocked-svg")),
                "the section does not hold strider-report's drawing of " + nChw8c);
        assertTrue(blocked.getTextContent().contains("Used by toBlocked (dst, written), relu (in, read), relu (out, written)."),
                blocked.getTextContent());
        List<String> users = new ArrayList<>();
        all(blocked, "a").forEach(a -> users.add(a.getAttribute("href")));
        assertEquals(List.of("#kernel-toBlocked", "#kernel-relu", "#kernel-relu"), users);

        // Each kernel: its annotation, operands linked to their layouts, the loop nest of its Javadoc.
        Element toBlocked = section(doc, "kernel-toBlocked");
        assertEquals("void toBlocked(float[] src, float[] dst)", all(toBlocked, "h3").get(0).getTextContent());
        assertTrue(toBlocked.getTextContent().contains("@Reorder: Reorder Plain to Blocked."), toBlocked.getTextContent());
        List<String> links = new ArrayList<>();
        all(toBlocked, "a").forEach(a -> links.add(a.getAttribute("href")));
        assertEquals(List.of("#layout-Ops-Plain", "#layout-Ops-Blocked"), links);
        String scalar = text(c, StandardLocation.SOURCE_OUTPUT, "test", "Ops_Scalar.java");
        for (String method : List.of("toBlocked", "relu", "flip", "fill")) {
            assertEquals(List.of(List.of("Ops_Scalar", javadocNest(scalar, method))),
                    nests(section(doc, "kernel-" + method)), method);
        }
        assertTrue(section(doc, "kernel-fill").getTextContent().contains("@Fill: Fill of Plain with value."));
        List<String> flipLinks = new ArrayList<>();
        all(section(doc, "kernel-flip"), "a").forEach(a -> flipLinks.add(a.getAttribute("href")));
        assertEquals(List.of("#layout-Ops-Plain", "#layout-packed-slice-output--flip-"), flipLinks);
    }

    @Test
    void vectorClassesSayWhichFormEachMethodGot() {
        Compilation c = compile(List.of("--add-modules", "jdk.incubator.vector"),
                ops("@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})"));
        assertThat(c).succeeded();
        Document doc = xml(text(c, StandardLocation.SOURCE_OUTPUT, "test", REPORT));
        String v256 = text(c, StandardLocation.SOURCE_OUTPUT, "test", "Ops_Vector256.java");
        List<List<String>> relu = nests(section(doc, "kernel-relu"));
        List<String> classes = new ArrayList<>();
        relu.forEach(row -> classes.add(row.get(0)));
        assertEquals(List.of("Ops_Scalar", "Ops_Vector128", "Ops_Vector256", "Ops_Vector512", "Ops_Threads"), classes);
        assertEquals(javadocNest(v256, "relu"), relu.get(2).get(1));
        assertTrue(relu.get(2).get(1).contains("vectors of 8 along"), relu.get(2).get(1));
        assertEquals("the one-thread class's, called directly (fewer than 131072 elements)", relu.get(4).get(1));
    }

    @Test
    void narrowingReordersSayHowTheyRoundAndSaturate() {
        Compilation c = compile(List.of(), JavaFileObjects.forSourceLines("test.Ops",
                "package test;",
                "import dev.strider.*;",
                "@Kernels",
                "public interface Ops {",
                "  @Layout(dims = \"NCHW\", sizes = {1, 3, 2, 2}) interface Plain {}",
                "  @Layout(dims = \"NCHW\", sizes = {1, 3, 2, 2}, format = \"nhwc\") interface Pixels {}",
                "  @Reorder(from = Plain.class, to = Pixels.class, unsignedDestination = true, scale = 127.5, shift = 127.5,",
                "           rounding = Rounding.HALF_EVEN, overflow = Overflow.SATURATE)",
                "  void toPixels(float[] src, byte[] dst);",
                "  @Reorder(from = Plain.class, to = Pixels.class)",
                "  void narrow(int[] src, short[] dst);",
                "  @Reorder(from = Pixels.class, to = Plain.class, unsignedSource = true)",
                "  void widen(byte[] src, short[] dst);",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        String toPixels = "Converting reorder (float to unsigned byte, scale 127.5, shift 127.5) Plain to Pixels: it"
                + " rounds half to even and saturates to [0, 255], NaN to 0.";
        String narrow = "Converting reorder (int to short, scale 1.0, shift 0.0) Plain to Pixels: it saturates to"
                + " [-32768, 32767].";
        String widen = "Converting reorder (unsigned byte to short, scale 1.0, shift 0.0) Pixels to Plain.";
        String scalar = text(c, StandardLocation.SOURCE_OUTPUT, "test", "Ops_Scalar.java");
        for (String said : List.of(toPixels, narrow, widen)) {
            assertTrue(scalar.contains("   * " + said + "\n"), said + " not in\n" + scalar);
        }
        Document doc = xml(text(c, StandardLocation.SOURCE_OUTPUT, "test", REPORT));
        assertTrue(section(doc, "kernel-toPixels").getTextContent().contains("@Reorder: " + toPixels));
        assertTrue(section(doc, "kernel-narrow").getTextContent().contains("@Reorder: " + narrow));
        assertTrue(section(doc, "kernel-widen").getTextContent().contains("@Reorder: " + widen));
    }

    @Test
    void theOptionTurnsItOff() {
        Compilation c = compile(List.of("-Astrider.report=false"), ops("@Kernels"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Ops_Scalar");
        assertFalse(c.generatedFile(StandardLocation.SOURCE_OUTPUT, "test", REPORT).isPresent());
        assertTrue(c.generatedFiles().stream().noneMatch(f -> f.getName().endsWith(".html")), c.generatedFiles()::toString);
    }

    @Test
    void theOptionTrueKeepsIt() {
        Compilation c = compile(List.of("-Astrider.report=TRUE"), ops("@Kernels"));
        assertThat(c).succeededWithoutWarnings();
        assertTrue(c.generatedFile(StandardLocation.SOURCE_OUTPUT, "test", REPORT).isPresent());
    }

    @Test
    void aNestedInterfaceNamesItsReportLikeItsClasses() {
        Compilation c = compile(List.of(), JavaFileObjects.forSourceLines("a.Outer",
                "package a;",
                "public class Outer {",
                "  @dev.strider.Kernels public interface Alpha {",
                "    @dev.strider.Fill(layout = Row.class) void fill(long[] dst, long value);",
                "    @dev.strider.Layout(dims = \"W\", sizes = 3) interface Row {}",
                "  }",
                "}"));
        assertThat(c).succeededWithoutWarnings();
        Document doc = xml(text(c, StandardLocation.SOURCE_OUTPUT, "a", "Outer_Alpha.layouts.html"));
        assertEquals("Outer.Alpha.Row", all(section(doc, "layout-Outer-Alpha-Row"), "h3").get(0).getTextContent());
    }
}

package dev.strider.report;

import static dev.strider.report.Drawings.all;
import static dev.strider.report.Drawings.xml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class HtmlPageTest {

    @Test
    void aPageOfLayoutsIsSelfContainedAndWellFormed() {
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c");
        String html = new HtmlPage("Layouts <&> \"quoted\"")
                .intro(Html.paragraph(Html.text("a & b < c")))
                .group("layouts", "Layouts")
                .layout("Ops.Blocked", blocked)
                .layout("Ops.Rows", TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}))
                .layout("Ops.Broadcast", TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1}),
                        Html.paragraph(Html.text("read only")))
                .render();
        Document doc = xml(html);

        assertEquals("Layouts <&> \"quoted\"", all(doc.getDocumentElement(), "title").get(0).getTextContent());
        assertTrue(html.contains("<h1>Layouts &lt;&amp;&gt; &quot;quoted&quot;</h1>"), html);
        assertTrue(html.contains("<p>a &amp; b &lt; c</p>"), html);

        List<String> sections = new ArrayList<>();
        all(doc.getDocumentElement(), "section").forEach(s -> sections.add(s.getAttribute("id")));
        assertEquals(List.of("layout-Ops-Blocked", "layout-Ops-Rows", "layout-Ops-Broadcast"), sections);
        assertEquals("layout-Ops-Blocked", HtmlPage.layoutId("Ops.Blocked"));

        // The table of contents links the group and every section.
        List<String> links = new ArrayList<>();
        all(doc.getDocumentElement(), "a").forEach(a -> links.add(a.getAttribute("href")));
        assertEquals(List.of("#layouts", "#layout-Ops-Blocked", "#layout-Ops-Rows", "#layout-Ops-Broadcast"), links);

        // Each section: the memory map's facts, then one drawing with a unique id.
        Element first = all(doc.getDocumentElement(), "section").get(0);
        assertEquals(MemoryMap.describe(blocked), first.getElementsByTagName("pre").item(0).getTextContent());
        List<String> svgIds = new ArrayList<>();
        all(doc.getDocumentElement(), "svg").forEach(s -> svgIds.add(s.getAttribute("id")));
        assertEquals(List.of("layout-Ops-Blocked-svg", "layout-Ops-Rows-svg", "layout-Ops-Broadcast-svg"), svgIds);

        // Nothing from elsewhere: no script, no style sheet link, no image, no web font.
        assertTrue(all(doc.getDocumentElement(), "script").isEmpty());
        assertTrue(all(doc.getDocumentElement(), "link").isEmpty());
        assertTrue(all(doc.getDocumentElement(), "img").isEmpty());
        assertFalse(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").contains("http"), "an external reference");
        assertFalse(html.contains("@import") || html.contains("@font-face"));
    }

    @Test
    void aSectionHeadingIsCodeInTheSectionAndTextInTheContents() {
        String heading = "void f(List<int[]> a, \"b\" & c)";
        String html = new HtmlPage("Kernels").group("kernels", "Kernels").section("kernel-f", heading)
                .section("kernel-g", "void g()").render();
        Document doc = xml(html);
        Element h3 = all(doc.getDocumentElement(), "h3").get(0);
        assertEquals("code", ((Element) h3.getFirstChild()).getTagName());
        assertEquals(heading, h3.getTextContent());
        Element firstEntry = all(all(doc.getDocumentElement(), "nav").get(0), "li").get(0);
        assertEquals(heading, firstEntry.getTextContent());
        assertEquals("#kernel-f", all(firstEntry, "a").get(0).getAttribute("href"));
    }

    @Test
    void aShortPageHasNoContents() {
        String html = new HtmlPage("One").layout("x", TensorLayout.packed("W", 3)).render();
        assertTrue(xml(html).getElementsByTagName("nav").getLength() == 0, html);
    }
}

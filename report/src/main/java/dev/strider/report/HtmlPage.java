package dev.strider.report;

import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A self-contained HTML page of layouts and notes: inline CSS, inline SVG, no script, no font or
 * image from anywhere, so it opens the same from a build directory, an archive or a mail. The
 * text is also well-formed XML (every element closed, only XML's own entities), which lets tests
 * and tools read it with any XML parser. Sections are listed in a table of contents.
 *
 * <pre>
 * String html = new HtmlPage("Layout NCHW nChw8c")
 *         .layout("nChw8c", TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c"),
 *                 Html.paragraph(Html.text("17 channels, padded to 24")))
 *         .render();
 * </pre>
 */
public final class HtmlPage {

    private static final String CSS = String.join("\n",
            "body { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; color: #1d1d1f; background: #ffffff;",
            "       margin: 24px; line-height: 1.4; }",
            "h1 { font-size: 22px; margin: 0 0 8px; }",
            "h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }",
            "h3 { font-size: 15px; margin: 24px 0 6px; }",
            "h3 code { font-size: 15px; }",
            "section { margin: 0 0 28px; }",
            "nav ul { margin: 4px 0; padding-left: 20px; columns: 3 220px; }",
            "code, pre { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 12px; }",
            "pre.facts { background: #f6f8fa; border: 1px solid #e1e4e8; border-radius: 4px; padding: 8px 12px;",
            "            display: inline-block; margin: 4px 0; }",
            "div.drawing { overflow-x: auto; }",
            "svg.layout { display: block; }",
            "table { border-collapse: collapse; margin: 6px 0; font-size: 13px; }",
            "th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }",
            "th { background: #f6f8fa; }",
            "a { color: #0b5cad; }");

    /** A section of the page: its anchor and heading, for the table of contents. */
    private record Entry(String id, String heading, boolean group) {
    }

    private final String title;
    private final List<Html> intro = new ArrayList<>();
    private final List<Entry> entries = new ArrayList<>();
    private final List<Html> blocks = new ArrayList<>();

    public HtmlPage(String title) {
        this.title = Objects.requireNonNull(title, "title");
    }

    /** The anchor of the section {@link #layout} writes for a layout of this name. */
    public static String layoutId(String name) {
        return LayoutSvg.safeId("layout-" + name);
    }

    /** A block shown under the page title, before the table of contents. */
    public HtmlPage intro(Html block) {
        intro.add(block);
        return this;
    }

    /** A heading ({@code <h2>}) that starts a group of sections. */
    public HtmlPage group(String id, String heading) {
        String safe = LayoutSvg.safeId(id);
        entries.add(new Entry(safe, heading, true));
        blocks.add(Html.trusted(new Markup().element("h2", heading, "id", safe).newline().toString()));
        return this;
    }

    /**
     * A section with an anchor: its heading ({@code <h3>}, the text set as code and listed as it
     * is in the table of contents), then the body.
     */
    public HtmlPage section(String id, String heading, Html... body) {
        String safe = LayoutSvg.safeId(id);
        entries.add(new Entry(safe, heading, false));
        Markup m = new Markup().open("section", "id", safe).newline()
                .open("h3").raw(Html.code(heading).toString()).close("h3").newline();
        for (Html b : body) {
            m.raw(b.toString());
        }
        blocks.add(Html.trusted(m.close("section").newline().toString()));
        return this;
    }

    /**
     * A section for one layout: its facts as the memory map states them (sizes, strides, padded
     * sizes, buffer and flags) and its drawing. Its anchor is {@link #layoutId layoutId(name)}.
     */
    public HtmlPage layout(String name, TensorLayout layout, Html... notes) {
        String id = layoutId(name);
        List<Html> body = new ArrayList<>(List.of(notes));
        body.add(Html.pre("facts", MemoryMap.describe(layout)));
        body.add(Html.trusted("<div class=\"drawing\">\n" + LayoutSvg.render(layout, id + "-svg") + "\n</div>\n"));
        return section(id, name, body.toArray(new Html[0]));
    }

    /** The whole page. */
    public String render() {
        Markup m = new Markup().raw("<!DOCTYPE html>").newline()
                .open("html", "lang", "en").newline()
                .open("head").newline()
                .empty("meta", "charset", "utf-8").newline()
                .element("title", title).newline()
                .open("style").newline().raw(CSS).newline().close("style").newline()
                .close("head").newline()
                .open("body").newline()
                .element("h1", title).newline();
        intro.forEach(b -> m.raw(b.toString()));
        if (entries.size() >= 3) {
            m.open("nav").newline().element("h2", "Contents").newline();
            boolean open = false;
            for (Entry e : entries) {
                if (e.group() && open) {
                    m.close("ul").newline();
                    open = false;
                }
                if (e.group()) {
                    m.open("p").open("a", "href", "#" + e.id()).open("strong").text(e.heading()).close("strong")
                            .close("a").close("p").newline();
                    continue;
                }
                if (!open) {
                    m.open("ul").newline();
                    open = true;
                }
                m.open("li").open("a", "href", "#" + e.id()).text(e.heading()).close("a").close("li").newline();
            }
            if (open) {
                m.close("ul").newline();
            }
            m.close("nav").newline();
        }
        blocks.forEach(b -> m.raw(b.toString()));
        return m.close("body").newline().close("html").newline().toString();
    }
}

package dev.strider.report;

import java.util.List;
import java.util.Objects;

/**
 * A fragment of HTML whose text has been escaped: pages are put together from these, so that a
 * name or a message can never be read as markup. Build them with {@link #text}, {@link #code},
 * {@link #link} and friends; {@link #toString()} is the markup.
 */
public final class Html {

    private final String markup;

    private Html(String markup) {
        this.markup = markup;
    }

    /** Plain text, escaped. */
    public static Html text(String text) {
        return new Html(Markup.escape(Objects.requireNonNull(text, "text")));
    }

    /** {@code <code>text</code>}. */
    public static Html code(String text) {
        return new Html(new Markup().element("code", text).toString());
    }

    /** {@code <a href="#id">content</a>}: a link to a section of the same page. */
    public static Html link(String id, Html content) {
        return new Html(new Markup().open("a", "href", "#" + id).raw(content.markup).close("a").toString());
    }

    /** The fragments one after the other. */
    public static Html concat(Html... parts) {
        StringBuilder sb = new StringBuilder();
        for (Html part : parts) {
            sb.append(part.markup);
        }
        return new Html(sb.toString());
    }

    /** The fragments with {@code separator} (plain text) between them. */
    public static Html join(String separator, List<Html> parts) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            sb.append(i == 0 ? "" : Markup.escape(separator)).append(parts.get(i).markup);
        }
        return new Html(sb.toString());
    }

    /** {@code <p>...</p>}. */
    public static Html paragraph(Html... parts) {
        return new Html("<p>" + concat(parts).markup + "</p>\n");
    }

    /** {@code <pre class="cssClass">text</pre>}. */
    public static Html pre(String cssClass, String text) {
        return new Html(new Markup().element("pre", text, "class", cssClass).newline().toString());
    }

    /** A table with a header row of plain text and one row of fragments per entry. */
    public static Html table(String cssClass, List<String> header, List<List<Html>> rows) {
        Markup m = new Markup().open("table", "class", cssClass).newline().open("tr");
        for (String h : header) {
            m.element("th", h);
        }
        m.close("tr").newline();
        for (List<Html> row : rows) {
            m.open("tr");
            for (Html cell : row) {
                m.open("td").raw(cell.markup).close("td");
            }
            m.close("tr").newline();
        }
        return new Html(m.close("table").newline().toString());
    }

    /** Markup this package wrote itself (an SVG drawing). */
    static Html trusted(String markup) {
        return new Html(markup);
    }

    @Override
    public String toString() {
        return markup;
    }
}

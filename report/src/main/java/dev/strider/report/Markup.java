package dev.strider.report;

/**
 * Writes XML text (the SVG drawings and the XHTML-compatible pages): every attribute value and
 * text escaped, attributes in the order given, one element per line where the caller says so.
 * Nothing here depends on the time or on hash order, so the same input always gives the same
 * bytes.
 */
final class Markup {

    private final StringBuilder sb = new StringBuilder();

    /** {@code &}, {@code <}, {@code >}, {@code "} and {@code '} as entities: safe in text and in attributes. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&':
                    out.append("&amp;");
                    break;
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    out.append(ch);
            }
        }
        return out.toString();
    }

    /** {@code <name a="1" b="x">}; {@code attributes} are name, value pairs. */
    Markup open(String name, Object... attributes) {
        sb.append('<').append(name);
        attributes(attributes);
        sb.append('>');
        return this;
    }

    /** {@code <name a="1"/>}. */
    Markup empty(String name, Object... attributes) {
        sb.append('<').append(name);
        attributes(attributes);
        sb.append("/>");
        return this;
    }

    Markup close(String name) {
        sb.append("</").append(name).append('>');
        return this;
    }

    /** {@code <name ...>text</name>}, the text escaped. */
    Markup element(String name, String text, Object... attributes) {
        return open(name, attributes).text(text).close(name);
    }

    Markup text(String text) {
        sb.append(escape(text));
        return this;
    }

    /** Markup written by this package (or a trusted caller), as is. */
    Markup raw(String markup) {
        sb.append(markup);
        return this;
    }

    Markup newline() {
        sb.append('\n');
        return this;
    }

    private void attributes(Object[] attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        for (int i = 0; i < attributes.length; i += 2) {
            if (attributes[i + 1] == null) {
                continue;
            }
            sb.append(' ').append(attributes[i]).append("=\"").append(escape(String.valueOf(attributes[i + 1])))
                    .append('"');
        }
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}

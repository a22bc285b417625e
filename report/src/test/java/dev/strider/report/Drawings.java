package dev.strider.report;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads drawings and pages back for tests (here and, through the test jar, in the processor's):
 * they are well-formed XML, so a plain parser does, and every test that reads one also proves it
 * well-formed.
 */
public final class Drawings {

    private Drawings() {
    }

    /** The document, or an assertion error saying why it is not well-formed. */
    public static Document xml(String text) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** The elements below {@code root} with this tag ({@code *} for all), in document order. */
    public static List<Element> all(Element root, String tag) {
        List<Element> found = new ArrayList<>();
        NodeList list = root.getElementsByTagName(tag);
        for (int i = 0; i < list.getLength(); i++) {
            found.add((Element) list.item(i));
        }
        return found;
    }

    /** The elements below {@code root} whose class attribute holds the word {@code word}. */
    public static List<Element> withClass(Element root, String word) {
        List<Element> found = new ArrayList<>();
        for (Element e : all(root, "*")) {
            if (List.of(e.getAttribute("class").split(" ")).contains(word)) {
                found.add(e);
            }
        }
        return found;
    }
}

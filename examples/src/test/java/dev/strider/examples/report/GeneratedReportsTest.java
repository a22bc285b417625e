package dev.strider.examples.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The processor wrote a layout report for each kernel set of this module while compiling it, with
 * a section for every kernel method (read here by reflection) and the loop nest its generated
 * SCALAR class's Javadoc states. Needs no browser; {@link ReportInBrowserTest} draws them.
 */
class GeneratedReportsTest {

    @Test
    void everyKernelSetHasItsReport() throws Exception {
        for (Class<?> set : List.of(ImageOps.class, BlockedOps.class)) {
            Path report = Reports.of(set);
            assertTrue(Files.isRegularFile(report), "the processor wrote no " + report);
            Document doc = Reports.xml(report);

            TreeSet<String> methods = new TreeSet<>();
            for (Method m : set.getDeclaredMethods()) {
                if (Modifier.isAbstract(m.getModifiers())) {
                    methods.add("kernel-" + m.getName());
                }
            }
            TreeSet<String> kernels = new TreeSet<>();
            TreeSet<String> layouts = new TreeSet<>();
            NodeList sections = doc.getElementsByTagName("section");
            for (int i = 0; i < sections.getLength(); i++) {
                String id = ((Element) sections.item(i)).getAttribute("id");
                (id.startsWith("kernel-") ? kernels : layouts).add(id);
            }
            assertEquals(methods, kernels, report.toString());
            assertTrue(layouts.stream().allMatch(id -> id.startsWith("layout-")), layouts::toString);
            assertTrue(layouts.stream().anyMatch(id -> id.startsWith("layout-" + set.getSimpleName() + "-")),
                    "no layout declared in " + set.getSimpleName() + ": " + layouts);
            assertEquals(layouts.size(), doc.getElementsByTagName("svg").getLength());

            // The SCALAR nest of each method is the one its generated Javadoc states.
            String scalar = Files.readString(report.resolveSibling(set.getSimpleName() + "_Scalar.java"));
            for (int i = 0; i < sections.getLength(); i++) {
                Element section = (Element) sections.item(i);
                if (!section.getAttribute("id").startsWith("kernel-")) {
                    continue;
                }
                String method = section.getAttribute("id").substring("kernel-".length());
                int at = scalar.indexOf("public void " + method + "(");
                int from = scalar.lastIndexOf("Loop nest: ", at) + "Loop nest: ".length();
                String javadoc = scalar.substring(from, scalar.indexOf(".\n", from));
                NodeList cells = section.getElementsByTagName("td");
                boolean found = false;
                for (int k = 0; k + 1 < cells.getLength(); k++) {
                    if (cells.item(k).getTextContent().equals(set.getSimpleName() + "_Scalar")) {
                        assertEquals(javadoc, cells.item(k + 1).getTextContent(), method);
                        found = true;
                    }
                }
                assertTrue(found, "no SCALAR nest for " + method);
            }
        }
    }
}

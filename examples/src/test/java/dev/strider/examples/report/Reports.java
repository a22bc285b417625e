package dev.strider.examples.report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * Where this build put things (the module directory, the layout reports the processor wrote) and
 * how tests read a page: our pages are well-formed XML, so a plain parser does.
 */
public final class Reports {

    private Reports() {
    }

    /** The examples module (surefire runs there and sets {@code basedir}). */
    static Path moduleDir() {
        return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
    }

    /** Where javac put the generated sources, and the processor its reports. */
    static Path generatedSources() {
        return moduleDir().resolve("target/generated-sources/annotations");
    }

    /** The report of a kernel set of this module: {@code .../kernels/BlockedOps.layouts.html}. */
    static Path of(Class<?> kernelSet) {
        return generatedSources().resolve(kernelSet.getPackageName().replace('.', '/'))
                .resolve(kernelSet.getSimpleName() + ".layouts.html");
    }

    /** The page, parsed; an assertion error says why when it is not well-formed. */
    public static Document xml(Path page) throws IOException {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(Files.readString(page).getBytes(StandardCharsets.UTF_8)));
        } catch (ParserConfigurationException | SAXException e) {
            throw new AssertionError(page + " is not well-formed: " + e.getMessage(), e);
        }
    }

    /** Every layout report the processor wrote in this build, sorted. */
    static List<Path> all() throws IOException {
        if (!Files.isDirectory(generatedSources())) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(generatedSources())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".layouts.html")).sorted()
                    .collect(Collectors.toList());
        }
    }
}

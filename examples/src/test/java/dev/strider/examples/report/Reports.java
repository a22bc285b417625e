package dev.strider.examples.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Where this build put things: the module directory and the layout reports the processor wrote. */
final class Reports {

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

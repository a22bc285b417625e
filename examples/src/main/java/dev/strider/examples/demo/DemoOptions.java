package dev.strider.examples.demo;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The demo's options, a picocli mixin: on the {@code demo} command and on the top-level command,
 * which runs the demo when no command is given.
 */
public final class DemoOptions {

    @Option(names = "--image", paramLabel = "FILE",
            description = "A picture to use instead of the synthetic one: PNG, JPEG, GIF or BMP; its centre is"
                    + " scaled to 224x224.")
    Path image;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "strider-demo",
            description = "Where the PNG files go; created if missing (default: ${DEFAULT-VALUE} in the current"
                    + " directory).")
    Path out;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "200",
            description = "Timed runs of the pipeline per implementation (default: ${DEFAULT-VALUE}); 0 skips the"
                    + " timing.")
    int repeat;
}

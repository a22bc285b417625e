package dev.strider.examples.demo;

import static dev.strider.examples.demo.GenericPipelineOps.SIZE;

import dev.strider.examples.kernels.PipelineOps;
import dev.strider.Strider;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code demo}: a picture through the generated kernels of
 * {@link dev.strider.examples.kernels.PipelineOps}, checked against the generic ones and timed.
 * The top-level command runs it too when no command is given.
 */
@Command(name = "demo",
        sortOptions = false,
        description = {
            "Run a real pipeline on a picture with the generated kernels (the default command).",
            "A 224x224 PNG (the synthetic test picture, or --image scaled) goes u8 NHWC -> f32 NCHW normalized"
                    + " -> nChw16c -> back, then a center crop and two flips by slices, and back to PNG files."
                    + " Prints the class Strider.load chose and why, checks every step of every target against"
                    + " the generic kernels (exit code 1 on a mismatch), and times the chosen class against them."},
        footer = {"",
            "Examples:",
            "  java -jar strider-examples.jar",
            "  java -jar strider-examples.jar demo --image photo.jpg --out /tmp/demo",
            "  java --add-modules jdk.incubator.vector -jar strider-examples.jar"})
public final class DemoCommand implements Callable<Integer> {

    @Mixin
    DemoOptions options;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return run(spec, options);
    }

    /**
     * Runs the demo with {@code options} for {@code spec}'s command (this one, or the top-level
     * command's default action). A bad option is a {@link ParameterException}, which the command
     * line reports as one {@code error:} line and exit code 2.
     *
     * @return 0 when every check passed, 1 on a mismatch or when a file cannot be written
     */
    public static int run(CommandSpec spec, DemoOptions options) {
        CommandLine cmd = spec.commandLine();
        if (options.repeat < 0) {
            throw new ParameterException(cmd, "--repeat must be 0 or more, not " + options.repeat);
        }
        BufferedImage image = null;
        if (options.image != null) {
            try {
                image = Pictures.read(options.image);
            } catch (IOException | RuntimeException e) {
                throw new ParameterException(cmd, "cannot read --image " + options.image + ": " + reason(e));
            }
        }
        Path dir = options.out.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            throw new ParameterException(cmd, "cannot write to --out " + options.out + ": " + reason(e));
        }
        if (!Files.isWritable(dir)) {
            throw new ParameterException(cmd, "cannot write to --out " + options.out + ": permission denied");
        }
        if (image != null && (image.getWidth() != SIZE || image.getHeight() != SIZE)
                && sameFile(options.image, dir.resolve("input.png"))) {
            throw new ParameterException(cmd, "--image " + options.image + " is where the demo writes its scaled"
                    + " input; choose another --out");
        }
        PipelineOps chosen;
        try {
            chosen = Strider.load(PipelineOps.class);
        } catch (IllegalStateException e) { // an invalid strider.target, or no class can run
            cmd.getErr().println("error: " + e.getMessage());
            return 1;
        }
        try {
            return new Demo(cmd.getOut(), chosen, dir, image, options.image, options.repeat).run();
        } catch (IOException e) {
            cmd.getOut().println();
            cmd.getErr().println("error: " + reason(e));
            return 1;
        } finally {
            cmd.getOut().flush();
            cmd.getErr().flush();
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** What went wrong, in words: the JDK's file exceptions carry only the path as their message. */
    private static String reason(Exception e) {
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " exists and is not a directory";
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() == null) {
            return f.getFile() + ": " + e.getClass().getSimpleName(); // NoSuchFileException, ...
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}

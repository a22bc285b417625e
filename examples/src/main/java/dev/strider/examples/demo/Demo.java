package dev.strider.examples.demo;

import static dev.strider.examples.demo.GenericPipelineOps.CROP_SIZE;
import static dev.strider.examples.demo.GenericPipelineOps.SIZE;

import dev.strider.examples.demo.CrossCheck.Candidate;
import dev.strider.examples.demo.Pipeline.Step;
import dev.strider.examples.kernels.PipelineOps;
import dev.strider.runtime.Device;
import dev.strider.Strider;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run of the demo, as it shows on the console: which class the registry chose and why; the
 * picture through every step with the chosen class; the PNG files; every target checked against
 * the generic kernels; a short timing table.
 */
final class Demo {

    /** Warm-up runs of the pipeline before the timed ones, per implementation. */
    static final int WARM_UPS = 50;

    private static final String INDENT = "        ";

    private final PrintWriter out;
    private final PipelineOps chosen;
    private final Path dir;
    private final BufferedImage image;
    private final Path imageFile;
    private final int repeat;
    private final int steps;
    private int step;

    /**
     * @param chosen    what {@code Strider.load(PipelineOps.class)} returned
     * @param dir       an existing, writable directory for the PNG files
     * @param image     the user's picture, or null for the synthetic one
     * @param imageFile where the user's picture came from, or null
     * @param repeat    timed runs per implementation; 0 skips the timing
     */
    Demo(PrintWriter out, PipelineOps chosen, Path dir, BufferedImage image, Path imageFile, int repeat) {
        this.out = out;
        this.chosen = chosen;
        this.dir = dir;
        this.image = image;
        this.imageFile = imageFile;
        this.repeat = repeat;
        this.steps = Step.values().length + (repeat > 0 ? 4 : 3);
    }

    /** @return 0 when every check passed, 1 otherwise */
    int run() throws IOException {
        printChoice();

        byte[] pixels = input();

        Pipeline pipeline = new Pipeline(pixels);
        List<String> problems = new ArrayList<>();
        pipeline.run(chosen, (s, kernel) -> {
            start(s.call, s.what);
            kernel.run();
            String problem = pipeline.problem(s);
            if (problem == null) {
                done(Pipeline.promise(s));
            } else {
                problems.add(s.call + ": " + problem);
                out.println("FAILED: " + problem);
            }
        });

        List<Path> written = write(pipeline);

        start("check", "every step on every target against the generic kernels");
        CrossCheck check = CrossCheck.run(pixels);
        out.println(check.passed() ? "ok" : "MISMATCH");
        out.println(INDENT + "bit for bit, pad lanes included; every buffer starts as garbage (NaN, 0x5a)");
        out.print(check.table().render(INDENT));
        for (Candidate c : check.candidates()) {
            if (c.ops() == null) {
                out.println(INDENT + c.column() + " n/a: " + c.unavailable());
            }
        }
        if (!check.passed()) {
            problems.add("a generated class disagrees with the generic kernels (table above)");
        }

        if (repeat > 0) {
            start("timing", "median of " + repeat + " runs after " + WARM_UPS + " warm-up runs");
            Timing timing = Timing.measure(pixels, chosen, new GenericPipelineOps(), WARM_UPS, repeat);
            done(null);
            out.println(INDENT + "a demonstration, not a benchmark: for measurements run the JMH suite,");
            out.println(INDENT + launcher("-cp") + " org.openjdk.jmh.Main");
            out.print(timing.table(chosen.getClass().getSimpleName()).render(INDENT));
        }

        out.println();
        out.println("Wrote:");
        for (Path file : written) {
            out.println("  " + file);
        }
        if (problems.isEmpty()) {
            out.println("All " + Step.values().length + " kernel calls agree with the generic kernels on every target that"
                    + " loads here.");
            return 0;
        }
        for (String problem : problems) {
            out.println("FAILED: " + problem);
        }
        return 1;
    }

    private void printChoice() {
        Device device = Device.current();
        out.println("Strider demo: a " + SIZE + "x" + SIZE + " picture through the generated kernels of PipelineOps");
        out.println("Strider.load(PipelineOps.class) chose " + chosen.getClass().getSimpleName());
        out.println("  device  " + device.describe());
        String rule = rule(Strider.explain(PipelineOps.class));
        if (rule != null) {
            out.println("  rule    " + rule);
        }
        if (chosen.getClass().getSimpleName().endsWith("_Threads")) {
            out.println("  then    it runs " + Strider.loadOneThread(PipelineOps.class).getClass().getSimpleName()
                    + " on each chunk, and alone on calls below strider.threadsAbove elements");
        }
        if (!device.vectorModule()) {
            out.println("  hint    VECTOR classes need the vector module: "
                    + launcher("--add-modules jdk.incubator.vector -jar"));
        }
        out.println("  more    " + launcher("-jar") + " kernels PipelineOps");
        out.println();
    }

    /** The {@code rule} line of {@link Kernels#explain}: the selection rule as it applies here; null if absent. */
    static String rule(String explanation) {
        return explanation.lines()
                .map(String::strip)
                .filter(line -> line.startsWith("rule "))
                .map(line -> line.substring("rule ".length()).strip())
                .findFirst()
                .orElse(null);
    }

    /** Writes input.png (the synthetic picture or the user's, scaled), then reads it back: the pipeline starts from a PNG. */
    private byte[] input() throws IOException {
        Path file = dir.resolve("input.png");
        start("input", image == null ? "the synthetic test picture" : imageFile + ", its centre scaled to 224x224");
        BufferedImage source = image == null ? Pictures.synthetic(SIZE) : image;
        Pictures.writePng(Pictures.cover(source, SIZE), file);
        byte[] pixels = Pictures.rgb(Pictures.cover(Pictures.read(file), SIZE));
        done("written to input.png and read back: u8 NHWC 1x3x" + SIZE + "x" + SIZE + ", R G B");
        return pixels;
    }

    private List<Path> write(Pipeline pipeline) throws IOException {
        start("write", "the pictures back from the pipeline");
        List<Path> written = new ArrayList<>();
        written.add(dir.resolve("input.png"));
        written.add(png("normalized.png", pipeline.restoredPixels, SIZE));
        written.add(png("crop.png", pipeline.cropPixels, CROP_SIZE));
        written.add(png("flip.png", pipeline.mirroredPixels, SIZE));
        written.add(png("flip-vertical.png", pipeline.upsideDownPixels, SIZE));
        done(written.size() - 1 + " PNG files");
        return written;
    }

    private Path png(String name, byte[] pixels, int side) throws IOException {
        Path file = dir.resolve(name);
        Pictures.writePng(Pictures.fromRgb(pixels, side, side), file);
        return file;
    }

    /** {@code [ 2/14] normalize(pixels)      u8 NHWC -> f32 NCHW ... }, flushed: the step is running. */
    private void start(String name, String what) {
        step++;
        String counter = String.valueOf(steps);
        out.printf("[%" + counter.length() + "d/%s] %-21s %s ... ", step, counter, name, what);
        out.flush();
    }

    private void done(String note) {
        out.println(note == null ? "ok" : "ok, " + note);
    }

    /**
     * {@code java <options> <this jar>} as the user would type it here: the jar's path relative to
     * the current directory when it is below it; {@code strider-examples.jar} when not run from a jar.
     */
    static String launcher(String options) {
        String jar = "strider-examples.jar";
        try {
            var source = Demo.class.getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            if (location != null && location.toString().endsWith(".jar")) {
                Path cwd = Path.of("").toAbsolutePath();
                jar = (location.startsWith(cwd) ? cwd.relativize(location) : location).toString();
            }
        } catch (URISyntaxException | RuntimeException e) {
            // keep the bare name
        }
        return "java " + options + " " + jar;
    }
}

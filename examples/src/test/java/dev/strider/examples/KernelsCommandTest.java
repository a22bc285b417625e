package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.ExplainCommandTest.Result;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.runtime.Device;
import dev.strider.Strider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelsCommandTest {

    private static Result run(String... args) {
        return ExplainCommandTest.run(args);
    }

    @Test
    void explainsTheGeneratedClassesOfImageOps() {
        Result r = run("kernels", "dev.strider.examples.kernels.ImageOps");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("dev.strider.examples.kernels.ImageOps", r.lines().get(0));
        assertEquals("  device      " + Device.current().describe(), r.lines().get(1));
        assertTrue(r.out().contains("\n    dev.strider.examples.kernels.ImageOps_Scalar "), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("    dev.strider.examples.kernels.ImageOps_")
                && l.endsWith("  chosen")), r.out());
        String chosen = Strider.load(ImageOps.class).getClass().getName();
        assertEquals("  result      " + chosen + ", each method routed as above", r.lines().get(r.lines().size() - 1));
        assertTrue(r.out().contains("\n    normalize(byte[], float[])  "), r.out());
    }

    /**
     * In a JVM of its own, as a user runs it: in this one, the other tests' kernels have spent the
     * JVM's tuning budget ({@code strider.tune.totalMillis}) in the background by the time this runs.
     */
    @Test
    void tuneMeasuresEveryMethodAndShowsTheTimes() throws IOException, InterruptedException {
        Result r = inFreshJvm("kernels", "--tune", "BlockedOps");
        assertEquals(0, r.code(), r.err());
        for (String method : new String[] {"toBlocked64(float[], float[])", "relu(float[], float[])"}) {
            String line = r.lines().stream().filter(l -> l.startsWith("    " + method)).findFirst().orElse("");
            assertTrue(line.contains("; from measured here, ") || line.contains("; from the wisdom file"), r.out());
        }
        // measured in this JVM: every candidate's time; known from the wisdom file: the winner's
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("        BlockedOps_Scalar")
                && l.matches(".* (ns|us|ms)(  chosen)?$"))
                || r.out().contains("; from the wisdom file (") && r.out().contains(" one-thread, "), r.out());
    }

    /** The same report but for its methods' lines, which say how far the tuner has come since the first run. */
    @Test
    void aSimpleNameIsLookedUpAmongTheExampleKernelSets() {
        Result qualified = run("kernels", "dev.strider.examples.kernels.ImageOps");
        Result simple = run("kernels", "ImageOps");
        assertEquals(qualified.code(), simple.code());
        assertEquals(beforeMethods(qualified.out()), beforeMethods(simple.out()));
        assertTrue(beforeMethods(simple.out()).contains("ImageOps_Scalar"), simple.out());
    }

    private static String beforeMethods(String out) {
        int methods = out.indexOf("\n  methods ");
        return methods < 0 ? out : out.substring(0, methods);
    }

    /** The command line in a new JVM on this test's class path, with the vector module, as the README runs it. */
    private static Result inFreshJvm(String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "--add-modules", "jdk.incubator.vector",
                "-Dstrider.wisdom=none", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out, err.lines().filter(l -> !l.startsWith("WARNING: Using incubator modules"))
                .reduce("", (a, b) -> a + b + "\n"));
    }

    @Test
    void anInterfaceWithoutGeneratedClassesIsExplainedToo() {
        Result r = run("kernels", "java.lang.Runnable");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("candidates  none: no generated class is registered for it;"), r.out());
    }

    @Test
    void anUnknownClassIsAnError() {
        Result r = run("kernels", "NoSuchOps");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith(
                "error: no class NoSuchOps or dev.strider.examples.kernels.NoSuchOps on the class path"), r.err());
        assertTrue(r.err().contains("Try 'strider-examples kernels --help'"), r.err());
    }

    @Test
    void aClassIsNotAKernelSet() {
        Result r = run("kernels", "java.lang.String");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: java.lang.String is not an interface"), r.err());
    }

    @Test
    void theKernelSetIsRequired() {
        Result r = run("kernels");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: Missing required parameter: 'KERNEL_SET'"), r.err());
    }

    @Test
    void mainListsTheCommand() {
        Result r = run("--help"); // with no command, Main runs the demo
        assertTrue(r.out().contains("  kernels "), r.out());
    }
}

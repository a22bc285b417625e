package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.ExplainCommandTest.Result;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.runtime.Device;
import dev.strider.Strider;
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

    @Test
    void tuneMeasuresEveryMethodAndShowsTheTimes() {
        Result r = run("kernels", "--tune", "BlockedOps");
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

    @Test
    void aSimpleNameIsLookedUpAmongTheExampleKernelSets() {
        assertEquals(run("kernels", "dev.strider.examples.kernels.ImageOps"), run("kernels", "ImageOps"));
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

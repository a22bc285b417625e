package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wisdom file: round trips, keys, and what makes it untrusted. */
class WisdomTest {

    private static Wisdom.Entry entry(String machine, String fingerprint, String method, String choice) {
        return new Wisdom.Entry(machine, "demo.Ops", fingerprint, method, choice, "Ops_Threads", 41234.5, 20000,
                "AMD EPYC, 2 cores, JDK 17");
    }

    @Test
    void writtenEntriesReadBackAndOnlyMatchTheirMachineSetMethodAndFingerprint(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/wisdom.tsv");
        Wisdom.empty().with(entry("m1", "f1", "a(float[], float[])", "Ops_Vector512#1"))
                .with(entry("m2", "f1", "a(float[], float[])", "Ops_Scalar")).write(file);
        Wisdom.Read read = Wisdom.read(file);
        assertNull(read.problem());
        assertEquals("Ops_Vector512#1", read.wisdom().find("m1", "demo.Ops", "f1", "a(float[], float[])").oneThread());
        assertEquals(41234.5, read.wisdom().find("m1", "demo.Ops", "f1", "a(float[], float[])").oneThreadNanos());
        assertEquals("Ops_Scalar", read.wisdom().find("m2", "demo.Ops", "f1", "a(float[], float[])").oneThread());
        assertNull(read.wisdom().find("m1", "demo.Ops", "f2", "a(float[], float[])"), "another build: stale");
        assertNull(read.wisdom().find("m3", "demo.Ops", "f1", "a(float[], float[])"), "another machine");
    }

    @Test
    void writingMergesOverWhatAnotherJvmWrote(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wisdom.tsv");
        Wisdom.empty().with(entry("m1", "f1", "a()", "X")).write(file);
        Wisdom.empty().with(entry("m1", "f1", "b()", "Y")).write(file);
        Wisdom w = Wisdom.read(file).wisdom();
        assertEquals(2, w.size());
        assertEquals("X", w.find("m1", "demo.Ops", "f1", "a()").oneThread());
    }

    @Test
    void anythingMalformedMakesTheWholeFileUntrusted() {
        String good = Wisdom.empty().with(entry("m1", "f1", "a()", "X")).text();
        assertNull(Wisdom.parse(good).problem());
        for (String bad : List.of("", "garbage\n", good + "only\tthree\tfields\n",
                good.replace("41234.5", "fast"), Wisdom.HEADER + "\n\t\t\t\t\t\t1\t1\tx\n")) {
            Wisdom.Read r = Wisdom.parse(bad);
            assertTrue(r.problem() != null && r.wisdom().size() == 0, bad);
        }
    }

    @Test
    void anUnreadableFileIsIgnoredWithTheReason(@TempDir Path dir) throws Exception {
        Path notAFile = Files.createDirectory(dir.resolve("wisdom.tsv"));
        Wisdom.Read r = Wisdom.read(notAFile);
        assertTrue(r.problem().startsWith("it cannot be read"), r.problem());
    }
}

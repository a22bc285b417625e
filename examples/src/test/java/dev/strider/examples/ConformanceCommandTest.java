package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.ExplainCommandTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceCommandTest {

    private static Result run(String... args) {
        return ExplainCommandTest.run(args);
    }

    @Test
    void printsTheTableOfTheSmokeSuite() {
        Result r = run("conformance", "test_reorder_smoke");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.lines().get(0).startsWith("benchdnn reorder cases of oneDNN v3.11 (test_reorder_smoke)"), r.out());
        assertTrue(r.out().contains("\ndistinct cases read  "), r.out());
        // test_reorder_smoke: 1,152 cases, 576 with run-time dims, 252 invalid, 324 left
        assertTrue(r.lines().stream().anyMatch(l -> l.matches("CPU cases with fixed dims +324 +324")), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.matches(" +declarable +324 \\(100 %\\) +38 \\(12 %\\)")), r.out());
        // the smoke suite's per_dim_1 half: call-time scales since issue 20's item 2
        assertTrue(r.out().contains("\nof the 324 declarable today, 162 take their scales and zero points at call time"),
                r.out());
    }

    @Test
    void listsTheDeclarableCasesWithWhereTheyAre() {
        Result r = run("conformance", "--list", "declarable", "test_reorder_smoke");
        assertEquals(0, r.code(), r.err());
        List<String> cases = r.lines().stream().filter(l -> l.startsWith("test_reorder_smoke:")).toList();
        assertEquals(324, cases.size(), r.out());
        assertTrue(cases.contains("test_reorder_smoke:12  --sdt=f32 --ddt=f32 --stag=abcd --dtag=acdb 2x16x3x4"), r.out());
    }

    @Test
    void readsBatchFilesFromADirectory(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mine"), "--sdt=s8 --ddt=u8,bf16 --stag=abx --dtag=aBx16b 2x17x3x3\n");
        Result r = run("conformance", "--dir", dir.toString(), "--list", "all", "mine");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\nmine:1  --sdt=s8 --ddt=u8 --stag=abcd --dtag=aBcd16b 2x17x3x3\n"), r.out());
        assertTrue(r.out().contains("\nmine:1  --sdt=s8 --ddt=bf16 --stag=abcd --dtag=aBcd16b 2x17x3x3\n"), r.out());
    }

    @Test
    void aBadBatchFileIsAUsageError() {
        Result r = run("conformance", "no_such_file");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: cannot open file no_such_file\n"), r.err());
    }
}

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.bench.Results.Settings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The runner's choices and its command line, without running JMH. */
class SuiteTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return new CommandLine(new Suite()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
    }

    @Test
    void theWholeSuiteIsNinetyFiveRunsAndElevenOnAllCores() {
        List<String> all = Suite.benchmarks(Pattern.compile(".*"));
        // 13 target methods, 13 naive + 6 hand-tiled, 13 arraycopy, 11 oneDNN
        assertEquals(56, all.size());
        assertEquals(13 * 4 + 13 + 6 + 13 + 11, Suite.runs(all, 0));
        assertEquals(13 * 4 + 13 + 6 + 13 + 11 * 2, Suite.runs(all, 2));
    }

    @Test
    void includeSelectsByClassAndMethodName() {
        List<String> one = Suite.benchmarks(Pattern.compile("toBlocked64"));
        assertEquals(List.of("dev.strider.examples.bench.BaselinesBenchmark.toBlocked64Hand",
                "dev.strider.examples.bench.BaselinesBenchmark.toBlocked64Naive",
                "dev.strider.examples.bench.CeilingBenchmark.toBlocked64",
                "dev.strider.examples.bench.OneDnnBenchmark.toBlocked64",
                "dev.strider.examples.bench.TargetsBenchmark.toBlocked64"), one);
        assertEquals(4 + 4, Suite.runs(one, 0));
        assertEquals(11, Suite.benchmarks(Pattern.compile("^OneDnn")).size());
    }

    @Test
    void theEstimateIsForkCostPlusIterationsPerRun() {
        Settings quick = new Settings("quick", 1, 2, 500, 3, 300, ".*", List.of(), 0);
        assertEquals(8 * (1.0 + 1.0 + 0.9), Suite.estimateSeconds(8, quick), 1e-9);
        Settings full = new Settings("full", 2, 5, 1000, 10, 1000, ".*", List.of(), 0);
        assertEquals(95 * 2 * (1.0 + 5 + 10), Suite.estimateSeconds(95, full), 1e-9);
    }

    @Test
    void listPrintsTheBenchmarksAndTheEstimateAndRunsNothing() {
        assertEquals(0, run("--list", "--include", "Tiny", "--onednn-all-cores", "0"));
        String printed = out.toString();
        // nchwToNhwcTiny: 4 targets, naive, arraycopy, oneDNN; toTinyBlocked: those and hand-tiled. 15 x 2.9 s
        assertTrue(printed.startsWith("9 benchmarks (15 JMH runs with the targets), quick mode: estimated 0.7 minutes"),
                printed);
        assertTrue(printed.contains("dev.strider.examples.bench.OneDnnBenchmark.nchwToNhwcTiny"), printed);
    }

    @Test
    void theOmpWrapperRunsThisJavaWithTheThreadCount() throws Exception {
        Path wrapper = Suite.ompWrapper(3);
        assertTrue(Files.isExecutable(wrapper));
        Process p = new ProcessBuilder(wrapper.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        assertTrue(output.contains("java.home = " + System.getProperty("java.home")), output);
        assertTrue(Files.readString(wrapper).contains("OMP_NUM_THREADS=3 exec '"), Files.readString(wrapper));
    }

    @Test
    void renderOnlyRewritesTheReportFromAResultsFile(@TempDir Path dir) throws Exception {
        Results results = Samples.results();
        Path json = dir.resolve("results.json");
        ResultsJson.write(results, json);
        assertEquals(0, run("--render-only", json.toString()));
        assertEquals(Report.markdown(results), Files.readString(dir.resolve("results.md"), StandardCharsets.UTF_8));
        assertEquals(Chart.svg(results), Files.readString(dir.resolve("ratios.svg"), StandardCharsets.UTF_8));

        Path elsewhere = dir.resolve("elsewhere");
        assertEquals(0, run("--render-only", json.toString(), "--out", elsewhere.toString()));
        assertTrue(Files.exists(elsewhere.resolve("ratios.svg")));
    }

    @Test
    void badArgumentsSayWhatIsWrong(@TempDir Path dir) throws Exception {
        assertEquals(2, run("--include", "(", "--list"));
        assertTrue(err.toString().contains("--include is not a regex"), err.toString());
        assertEquals(2, run("--include", "noSuchCase", "--list"));
        assertTrue(err.toString().contains("no benchmark of the suite matches --include noSuchCase"), err.toString());
        assertEquals(2, run("--mode", "slow"));
        if (!"1".equals(System.getenv("OMP_NUM_THREADS"))) {
            // refused before JMH starts
            assertEquals(2, run("--include", "OneDnnBenchmark.toTinyBlocked"));
            assertTrue(err.toString().contains("run with OMP_NUM_THREADS=1"), err.toString());
        }
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{}");
        assertEquals(1, run("--render-only", bad.toString()));
        assertTrue(err.toString().contains("error: cannot render " + bad + ": not a results.json"), err.toString());
        assertEquals(1, run("--render-only", dir.resolve("missing.json").toString()));
        assertTrue(err.toString().contains("missing.json"), err.toString());
    }
}

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void theWholeSuiteIsOneInterleavedForkPerCaseOneDnnOnAllCoresAndTwoColdStarts() {
        List<String> all = Suite.benchmarks(Pattern.compile(".*"));
        // 15 interleaved cases, 13 oneDNN peers, 2 cold-start kernels, 2 dispatch forks (the tiny cases);
        // with all cores, THREADS in forks of its own beside oneDNN on the 6 blocked cases
        assertEquals(15 + 13 + 2 + 2, all.size());
        assertEquals(15 + 2, Suite.runs(all, 0));
        assertEquals(15 + 2 + 13 + 6, Suite.runs(all, 2));
        assertEquals(List.of("dev.strider.examples.bench.ColdStart.normalizeImage",
                "dev.strider.examples.bench.ColdStart.toBlocked64"), Suite.of(all, Suite.COLD_START));
    }

    @Test
    void includeSelectsByClassAndMethodName() {
        List<String> one = Suite.benchmarks(Pattern.compile("toBlocked64"));
        assertEquals(List.of("dev.strider.examples.bench.ColdStart.toBlocked64",
                "dev.strider.examples.bench.InterleavedBenchmark.toBlocked64",
                "dev.strider.examples.bench.OneDnnBenchmark.toBlocked64"), one);
        assertEquals(1 + 1 + 1, Suite.runs(one, 2)); // interleaved, oneDNN on all cores, THREADS beside it
        assertEquals(1, Suite.runs(one, 0));
        assertEquals(13, Suite.benchmarks(Pattern.compile("^OneDnn")).size());
        assertEquals(15, Suite.benchmarks(Pattern.compile("^Interleaved")).size());
        assertEquals(2, Suite.benchmarks(Pattern.compile("^Dispatch")).size());
    }

    @Test
    void theEstimateIsForkCostPlusIterationsPerRunPlusColdStarts() {
        Settings quick = new Settings("quick", 1, 3, 1000, 5, 1000, ".*", List.of(), 0, 4L, "measure", 5);
        assertEquals(24 * (1.5 + 3 + 5) + 40 * 0.8, Suite.estimateSeconds(24, 40, quick), 1e-9);
        Settings full = new Settings("full", 2, 5, 1000, 20, 1000, ".*", List.of(), 0, 4L, "measure", 15);
        assertEquals(24 * 2 * (1.5 + 5 + 20), Suite.estimateSeconds(24, 0, full), 1e-9);
    }

    @Test
    void theWholeQuickRunIsEstimatedAtUnderSixAndAHalfMinutes() {
        List<String> all = Suite.benchmarks(Pattern.compile(".*"));
        Settings quick = new Settings("quick", 1, 3, 1000, 5, 1000, ".*", List.of(), 2, 4L, "measure", 5);
        assertTrue(Suite.estimateSeconds(Suite.runs(all, 2), 2 * 4 * 5, quick) < 6.5 * 60);
    }

    @Test
    void listPrintsTheBenchmarksAndTheEstimateAndRunsNothing() {
        assertEquals(0, run("--list", "--include", "Tiny", "--onednn-all-cores", "0"));
        String printed = out.toString();
        // nchwToNhwcTiny and toTinyBlocked interleaved and their dispatch: 4 x 9.5 s; no oneDNN on all cores, no cold start
        assertTrue(printed.startsWith("4 benchmarks (4 JMH forks, 0 cold-start JVMs), quick mode: estimated 0.6 minutes"),
                printed);
        assertTrue(printed.contains("dev.strider.examples.bench.InterleavedBenchmark.nchwToNhwcTiny"), printed);
        assertFalse(printed.contains("OneDnnBenchmark"), printed);
    }

    @Test
    void forksGetTheTunersModeAndWhereRoundsGo() {
        Settings s = new Settings("quick", 1, 3, 1000, 5, 1000, ".*", List.of("-Xmx1g"), 0, 4L, "rules", 5);
        assertEquals(List.of("-Xmx1g", "-Dstrider.tune=rules", "-Dstrider.bench.rounds=/tmp/r"),
                Suite.forkJvmArgs(s, Path.of("/tmp/r")));
        assertEquals(List.of("-Xmx1g", "-Dstrider.tune=rules"), Suite.forkJvmArgs(s, null));
    }

    @Test
    void roundsOfSeveralForksAreReadBackPerCase(@TempDir Path dir) throws Exception {
        String tsv = Samples.tailRounds().toTsv();
        Files.writeString(dir.resolve("toBlocked17-1.tsv"), tsv);
        Files.writeString(dir.resolve("toBlocked17-2.tsv"), tsv);
        Files.writeString(dir.resolve("flipImage-3.tsv"), Samples.flipRounds().toTsv());
        List<Rounds> rounds = Suite.readRounds(dir);
        assertEquals(2, rounds.size());
        assertEquals(Case.TO_BLOCKED_17, rounds.get(0).benchmarkCase());
        assertEquals(6, rounds.get(0).rounds());
        assertEquals(1, rounds.get(1).rounds());
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
        assertEquals(2, run("--tune", "fastest", "--list"));
        assertTrue(err.toString().contains("the tuner's mode (--tune or -Dstrider.tune) is 'fastest', not one of rules,"
                + " measure, wisdom"), err.toString());
        if (!"1".equals(System.getenv("OMP_NUM_THREADS"))) {
            // refused before JMH starts
            assertEquals(2, run("--include", "InterleavedBenchmark.toTinyBlocked"));
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

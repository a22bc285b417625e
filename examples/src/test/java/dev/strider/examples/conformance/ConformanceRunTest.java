package dev.strider.examples.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.conformance.Classifier.Capabilities;
import dev.strider.examples.conformance.ConformanceRun.Result;
import dev.strider.examples.onednn.OneDnn;
import dev.strider.processor.StriderProcessor;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20, item 6: a deterministic, stratified sample of the benchdnn reorder cases Strider can
 * declare, compiled with the Strider processor and run on every generated class and the generic
 * kernel, each destination compared bit for bit, pad lanes included, with oneDNN's reorder of the
 * same case ({@link ConformanceRun}). Fails on any mismatch; prints the summary.
 */
class ConformanceRunTest {

    static final int SAMPLE = 100;
    static final int MAX_ELEMENTS = 1 << 15;
    static final long SEED = 20;

    @Test
    void everySampledCaseIsOneDnnsBitForBitOnEveryClass(@TempDir Path dir) {
        OneDnn.load();
        Suite suite = Suite.read(BatchReader.onednn(), Suite.ISSUE_20_FILES);
        Suite.Counts counts = suite.counts(Capabilities.current());
        List<Classifier.Verdict> verdicts = suite.verdicts(Capabilities.current());
        Result r = ConformanceRun.run(suite, verdicts, SAMPLE, MAX_ELEMENTS, SEED, new StriderProcessor(), dir);
        String summary = r.summary(counts.declarable(), counts.cpuFixedDims(), MAX_ELEMENTS);
        System.out.println(summary);
        assertEquals(SAMPLE, r.sampled().size(), summary);
        assertTrue(r.skipped().isEmpty(), summary);
        assertEquals(List.of(), r.mismatches(), summary);
    }
}

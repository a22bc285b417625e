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
 * same case ({@link ConformanceRun}): {@link #SAMPLE} cases with compile-time scales and shifts, then
 * {@link #RUN_TIME} with call-time scales or zero points (per dim, issue 20 item 2), then
 * {@link #COMPENSATED} that write oneDNN's compensations besides s8 weights (item 5: the weights and
 * the int32 tail compared), then {@link #FLOAT8} with an f8 e5m2 or e4m3 source or destination, then
 * {@link #FOUR_BIT} with an s4, u4 or f4 source or destination, or s4 or u4 zero points.
 * Prints the summary.
 *
 * <p>Fails on any mismatch where oneDNN computes Strider's formula ({@link ConformanceRun.Check#ONEDNN}:
 * every compile-time case, and call-time cases oneDNN runs in a jit kernel), and on any class that
 * differs from the generic kernel. Call-time cases oneDNN runs in {@code simple:any} (a true division
 * by the destination scale, +0 always added) and cases with per-dim zero points (oneDNN 3.11's
 * {@code jit:uni} applies the first value to every element) are compared with oneDNN and reported
 * per implementation, not asserted: {@code docs/adr-onednn-quantization.md} decided Strider does not
 * follow them, and the generic kernel they are held to is checked against hand-computed values in
 * {@code QuantizationTest}.
 */
class ConformanceRunTest {

    static final int SAMPLE = 100;
    /** Cases with call-time scales or zero points, drawn after the {@link #SAMPLE} others. */
    static final int RUN_TIME = 50;
    /** Cases that write compensations ({@code --oflag=s8s8_comp}, {@code zp_comp}), drawn after those. */
    static final int COMPENSATED = 30;
    /** Cases with an f8 source or destination, drawn after those. */
    static final int FLOAT8 = 40;
    /** Cases with a 4-bit side or 4-bit zero points, drawn after those. */
    static final int FOUR_BIT = 40;
    static final int MAX_ELEMENTS = 1 << 15;
    static final long SEED = 20;

    @Test
    void everySampledCaseIsOneDnnsBitForBitOnEveryClass(@TempDir Path dir) {
        OneDnn.load();
        Suite suite = Suite.read(BatchReader.onednn(), Suite.ISSUE_20_FILES);
        Suite.Counts counts = suite.counts(Capabilities.current());
        List<Classifier.Verdict> verdicts = suite.verdicts(Capabilities.current());
        Result r = ConformanceRun.run(suite, verdicts, SAMPLE, RUN_TIME, COMPENSATED, FLOAT8, FOUR_BIT, MAX_ELEMENTS,
                SEED, new StriderProcessor(), dir);
        String summary = r.summary(counts.declarable(), counts.cpuFixedDims(), MAX_ELEMENTS);
        System.out.println(summary);
        assertEquals(SAMPLE + RUN_TIME + COMPENSATED + FLOAT8 + FOUR_BIT, r.sampled().size(), summary);
        assertTrue(r.skipped().isEmpty(), summary);
        assertEquals(List.of(), r.asserted(), summary);
        // every compensating case compared with oneDNN's weights and tail: none fell back to the generic kernel
        // (an oracle that refused oneDNN's descriptor would file them under "oneDNN cannot run them")
        assertEquals(COMPENSATED, r.outcomes().stream()
                .filter(o -> !o.sampled().declaration().compensations().isEmpty() && o.implementation() != null
                        && o.genericIsOneDnn())
                .count(), summary);
        // f8: oneDNN 3.11 runs f8 to and from f32, bf16, f16 and the same f8 on a CPU; those cases must have
        // been compared with it (a wrapper that stopped running f8 would leave them to the generic kernel)
        List<ConformanceRun.Outcome> float8 = r.outcomes().stream()
                .filter(o -> ConformanceRun.float8(o.sampled().declaration())).toList();
        assertEquals(FLOAT8, float8.size(), summary);
        assertTrue(float8.stream().filter(o -> o.check() == ConformanceRun.Check.ONEDNN && o.genericIsOneDnn())
                .count() >= FLOAT8 / 2, summary);
        // 4-bit: oneDNN 3.11 runs f32 into each, and each (s4, u4 also to bf16 and f16) back, between dense
        // tensors, in its reference kernel; at least a quarter of the draw must have been compared with it
        List<ConformanceRun.Outcome> fourBit = r.outcomes().stream()
                .filter(o -> ConformanceRun.fourBit(o.sampled().declaration())).toList();
        assertEquals(FOUR_BIT, fourBit.size(), summary);
        assertTrue(fourBit.stream().filter(o -> o.check() == ConformanceRun.Check.ONEDNN && o.genericIsOneDnn())
                .count() >= FOUR_BIT / 4, summary);
    }
}

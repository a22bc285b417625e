package dev.strider.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.kernels.PipelineOps;
import dev.strider.Strider;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CrossCheckTest {

    @Test
    void differenceNamesTheFirstIndexThatDiffers() {
        assertNull(CrossCheck.difference(new float[] {1, Float.NaN}, new float[] {1, Float.NaN}));
        assertEquals("MISMATCH at index 1: expected 0.0, got -0.0",
                CrossCheck.difference(new float[] {1, 0, 2}, new float[] {1, -0f, 3}));
        assertEquals("MISMATCH at index 2: expected 3, got 90",
                CrossCheck.difference(new byte[] {1, 2, 3}, new byte[] {1, 2, Pipeline.GARBAGE_BYTE}));
        assertNull(CrossCheck.difference(new byte[] {4}, new byte[] {4}));
        // pixels are u8: the byte -1 is the pixel 255
        assertEquals("MISMATCH at index 0: expected 255, got 128",
                CrossCheck.difference(new byte[] {-1}, new byte[] {(byte) 0x80}));
    }

    @Test
    void everyTargetAgreesWithTheOracleOnNoise() {
        byte[] pixels = new byte[3 * 224 * 224];
        new Random(5).nextBytes(pixels);
        CrossCheck check = CrossCheck.run(pixels);
        String table = check.table().render("");
        assertTrue(check.passed(), table);
        assertEquals(3, check.candidates().size());
        // the tests run with the vector module (see the pom), so every target loads
        check.candidates().forEach(c -> assertNotNull(c.ops(), c.column() + ": " + c.unavailable()));
        assertTrue(table.contains("Scalar") && table.contains("Vector") && table.contains("Threads"), table);
        assertEquals(Pipeline.Step.values().length + 1, table.lines().count(), table);
    }

    @Test
    void theRuleLineOfTheExplanationIsFound() {
        String rule = Demo.rule(Strider.explain(PipelineOps.class));
        assertNotNull(rule, Strider.explain(PipelineOps.class));
        assertTrue(rule.startsWith("THREADS"), rule);
    }

    @Test
    void pipelineChecksPadLanesAndTheRoundTrip() {
        byte[] pixels = new byte[3 * 224 * 224];
        new Random(6).nextBytes(pixels);
        Pipeline pipeline = new Pipeline(pixels);
        pipeline.run(new GenericPipelineOps(), (step, kernel) -> kernel.run());
        for (Pipeline.Step step : Pipeline.Step.values()) {
            assertNull(pipeline.problem(step), step.call);
        }
        pipeline.blocked[16 * 1000 + 7] = 0.5f; // pixel 1000, lane 7
        assertEquals("pad lane 7 of pixel (4, 104) at index 16007 is 0.5, not 0", pipeline.problem(Pipeline.Step.TO_BLOCKED));
        pipeline.restored[42] = Float.NaN;
        assertEquals("the round trip changed element 42", pipeline.problem(Pipeline.Step.FROM_BLOCKED));
    }
}

package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.kernel.HalfFloats;
import org.junit.jupiter.api.Test;

/**
 * The tuner's 16-bit float workloads hold the numbers 1 to 7, not the codes 1 to 7: as f16 those
 * codes are subnormals, which a vector widening multiplies at the cost of a microcode assist per
 * vector, so the tuner would time the slowest data there is.
 */
class WorkloadsTest {

    @Test
    void halfFloatWorkloadsHoldOneToSevenAsNumbers() {
        short[] f16 = Workloads.filledF16(new short[20]);
        short[] bf16 = Workloads.filledBf16(new short[20]);
        for (int i = 0; i < 20; i++) {
            float expected = i % 7 + 1;
            assertEquals(expected, HalfFloats.f16ToFloat(f16[i]), "f16 at " + i);
            assertEquals(expected, HalfFloats.bf16ToFloat(bf16[i]), "bf16 at " + i);
        }
    }
}

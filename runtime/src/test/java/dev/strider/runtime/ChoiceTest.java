package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tuner's decisions on made-up timings. */
class ChoiceTest {

    @Test
    void theFastestMedianOfTheLastSlicesWins() {
        Choice.Verdict v = Choice.choose(List.of(
                new Choice.Timing("a", new double[] {900, 50, 52, 51}),   // compiled late: its first slice is old news
                new Choice.Timing("b", new double[] {40, 45, 41}),
                new Choice.Timing("c", new double[] {30, 300, 300})));    // one fast slice does not make it fast
        assertEquals(1, v.chosen());
        assertArrayEquals(new double[] {51.5, 41, 300}, v.medians());
    }

    @Test
    void aTieWithinTwoPercentGoesToTheEarlierInRuleOrder() {
        assertEquals(0, Choice.choose(List.of(new Choice.Timing("rule", new double[] {101}),
                new Choice.Timing("other", new double[] {100}))).chosen());
        assertEquals(1, Choice.choose(List.of(new Choice.Timing("rule", new double[] {103}),
                new Choice.Timing("other", new double[] {100}))).chosen());
    }

    @Test
    void candidatesWithoutTimesNeverWin() {
        assertEquals(1, Choice.choose(List.of(new Choice.Timing("failed", new double[0]),
                new Choice.Timing("ok", new double[] {5}))).chosen());
        assertEquals(-1, Choice.choose(List.of(new Choice.Timing("failed", new double[0]))).chosen());
    }

    @Test
    void aCandidateIsWarmOnceItsTimeStopsFalling() {
        double[] falling = {1000, 800, 400, 200, 100, 50, 25};
        assertFalse(Choice.warm(falling, falling.length));
        double[] flat = {1000, 100, 60, 50, 50.5, 49.9, 50.2, 50.1};
        assertTrue(Choice.warm(flat, flat.length));
        assertFalse(Choice.warm(flat, 5), "too few slices to tell");
    }
}

package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Medians, quartiles and per-round ratios, against values worked out by hand. */
class SpreadTest {

    private static final double EXACT = 1e-12;

    @Test
    void theMedianOfAnOddCountIsTheMiddleValue() {
        Spread s = Spread.of(5, 1, 3);
        assertEquals(new Spread(1, 2, 3, 4, 5, 3), s);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        // sorted 1 2 4 10: median (2 + 4) / 2; q1 at 0.75 between 1 and 2, q3 at 2.25 between 4 and 10
        Spread s = Spread.of(10, 4, 1, 2);
        assertEquals(3, s.median(), EXACT);
        assertEquals(1.75, s.q1(), EXACT);
        assertEquals(5.5, s.q3(), EXACT);
        assertEquals(1, s.min(), EXACT);
        assertEquals(10, s.max(), EXACT);
        assertEquals(4, s.n());
    }

    @Test
    void oneSampleIsItsOwnSpread() {
        assertEquals(new Spread(7, 7, 7, 7, 7, 1), Spread.of(7));
    }

    @Test
    void missingSamplesAreLeftOutAndNoneAtAllIsAnError() {
        assertEquals(new Spread(1, 1.5, 2, 2.5, 3, 3), Spread.of(Double.NaN, 3, 1, 2, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Spread.of());
        assertThrows(IllegalArgumentException.class, () -> Spread.of(Double.NaN));
    }

    @Test
    void aSlowRoundMovesTheTimesButNotTheRatiosOfItsRound() {
        // SCALAR and arraycopy, three rounds; the second twice as slow for both
        double[] copy = {10, 20, 10};
        double[] scalar = {20, 40, 20};
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, Spread.ratios(copy, scalar), EXACT);
        assertEquals(new Spread(0.5, 0.5, 0.5, 0.5, 0.5, 3), Spread.of(Spread.ratios(copy, scalar)));
        // separate measurements, one in a slow phase: the ratio of the two medians would say 0.25
        assertEquals(0.25, Spread.of(10, 10, 10).median() / Spread.of(40, 40, 40).median(), EXACT);
    }

    @Test
    void ratiosOfMissingRoundsAreMissing() {
        double[] r = Spread.ratios(new double[] {1, Double.NaN}, new double[] {2, 2});
        assertEquals(0.5, r[0], EXACT);
        assertEquals(Double.NaN, r[1]);
        assertThrows(IllegalArgumentException.class, () -> Spread.ratios(new double[1], new double[2]));
    }

    @Test
    void theRelativeIqrIsTheQuartilesDistanceOverTheMedian() {
        assertEquals((4 - 2) / 3.0, Spread.of(1, 2, 3, 4, 5).relativeIqr(), EXACT);
    }
}

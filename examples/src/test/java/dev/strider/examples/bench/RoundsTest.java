package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rounds a fork writes, as the suite reads them back. */
class RoundsTest {

    private static void assertSameRounds(Rounds expected, Rounds actual) {
        assertEquals(expected.benchmarkCase(), actual.benchmarkCase());
        assertEquals(expected.contenders(), actual.contenders());
        assertEquals(expected.tuned(), actual.tuned());
        assertArrayEquals(expected.callsPerSlice(), actual.callsPerSlice());
        assertEquals(expected.rounds(), actual.rounds());
        for (int r = 0; r < expected.rounds(); r++) {
            assertArrayEquals(expected.nanos().get(r), actual.nanos().get(r), 0.005);
        }
    }

    @Test
    void roundsSurviveTheFile() {
        Rounds rounds = Samples.tailRounds();
        String tsv = rounds.toTsv();
        assertTrue(tsv.startsWith("# strider interleaved rounds\ncase\ttoBlocked17\ntuned\tBlockedOps_Threads\n"
                + "contenders\tSCALAR\tVECTOR\tTHREADS\tTUNED\tHAND\tARRAYCOPY\tONEDNN\ncalls\t200\t100\t160\t200\t130\t400"
                + "\t160\n0\t20000.00\t40000.00\t"), tsv);
        assertSameRounds(rounds, Rounds.parse(tsv));
    }

    @Test
    void aContendersColumnIsItsTimePerRound() {
        Rounds rounds = Samples.tailRounds();
        assertArrayEquals(new double[] {10_000, 20_000, 10_000}, rounds.of(Contender.ARRAYCOPY));
        double[] absent = rounds.of(Contender.NAIVE);
        assertEquals(3, absent.length);
        assertTrue(Double.isNaN(absent[0]) && Double.isNaN(absent[2]));
    }

    @Test
    void theForksOfACaseFollowOneAnother() {
        Rounds one = Samples.tailRounds();
        Rounds both = Rounds.concat(List.of(one, one));
        assertEquals(6, both.rounds());
        assertArrayEquals(one.nanos().get(0), both.nanos().get(3));
        assertThrows(IllegalArgumentException.class, () -> Rounds.concat(List.of(one, Samples.flipRounds())));
    }

    @Test
    void aDamagedFileNamesItsLine() {
        String tsv = Samples.tailRounds().toTsv().replace("\n1\t40000.00", "\n1\tforty");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rounds.parse(tsv));
        assertTrue(e.getMessage().startsWith("line 7 of the rounds is not as written: '1\tforty"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Rounds.parse("# nothing\n"));
        assertThrows(IllegalArgumentException.class, () -> Rounds.parse("case\ttoBlocked17\ncontenders\tSCALAR\n"
                + "calls\t1\n0\t1.0\t2.0\n"), "a round with more times than contenders");
    }
}

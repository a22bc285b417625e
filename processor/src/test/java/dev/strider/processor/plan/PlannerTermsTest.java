package dev.strider.processor.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.RandomLayouts;
import dev.strider.layout.OffsetTerm;
import dev.strider.layout.SliceWindow;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.NamedLayout;
import dev.strider.processor.model.Param;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The planner splits dims at block boundaries by looking at one period of the offset terms, not
 * at every index. Here its answers are compared with the per-index search over the whole table
 * it used to make, on random layouts and slices; and dims of two billion elements are planned.
 */
class PlannerTermsTest {

    /** The per-index search: the first index of the table that the mixed radix mispredicts, or -1. */
    private static int firstMissByIndex(int[] t, List<Integer> w) {
        int n = w.size();
        long[] strides = new long[n];
        for (int k = 0; k < n; k++) {
            strides[k] = w.get(k) < t.length ? (long) t[w.get(k)] - t[0] : 0;
        }
        for (int i = 0; i < t.length; i++) {
            long predicted = t[0];
            for (int k = 0; k < n; k++) {
                long digit = k == n - 1 ? i / w.get(k) : (i / w.get(k)) % (w.get(k + 1) / w.get(k));
                predicted += digit * strides[k];
            }
            if (predicted != t[i]) {
                return i;
            }
        }
        return -1;
    }

    /** The greedy radices over the whole table, as the planner found them before. */
    private static List<Integer> radicesByIndex(int[] t) {
        List<Integer> w = new ArrayList<>(List.of(1));
        while (w.size() <= 6) {
            int miss = firstMissByIndex(t, w);
            if (miss < 0) {
                return w;
            }
            if (miss % w.get(w.size() - 1) != 0) {
                return null;
            }
            w.add(miss);
        }
        return null;
    }

    /** The terms of a random layout, blocked two times in three (only blocked dims have periods above 1), and of a slice. */
    private static List<OffsetTerm> randomTerms(Random r) {
        int[] sizes = RandomLayouts.sizes(r, 3, 70);
        String dims = RandomLayouts.DIMS.substring(0, sizes.length);
        TensorLayout l = r.nextInt(3) > 0 ? TensorLayout.of(dims, sizes, RandomLayouts.blockedTag(r, dims))
                : RandomLayouts.readable(r, sizes);
        SliceWindow w = RandomLayouts.window(r, l);
        List<OffsetTerm> terms = new ArrayList<>();
        for (int d = 0; d < l.rank(); d++) {
            terms.add(OffsetTerm.padded(l, d));
            terms.add(OffsetTerm.slice(l, w, d));
        }
        return terms;
    }

    @Test
    void firstMissesAreThoseOfThePerIndexSearch() {
        Random r = new Random(53);
        int compared = 0;
        int misses = 0;
        int late = 0;
        for (int n = 0; n < 600; n++) {
            for (OffsetTerm t : randomTerms(r)) {
                int[] table = t.table();
                assertEquals(radicesByIndex(table), Planner.radices(t), t::toString);
                // mixed radices: 1, then each weight a multiple of the last, starting at random or at the period
                for (int k = 0; k < 4; k++) {
                    List<Integer> w = new ArrayList<>(List.of(1));
                    if (k % 2 == 1 && t.period() > 1) {
                        w.add(t.period() / (t.period() % 2 == 0 && r.nextBoolean() ? 2 : 1));
                    }
                    int parts = r.nextInt(3);
                    for (int p = 0; p < parts; p++) {
                        w.add(w.get(w.size() - 1) * (2 + r.nextInt(7)));
                    }
                    int expected = firstMissByIndex(table, w);
                    assertEquals(expected, Planner.firstMiss(t, w), t + " with weights " + w);
                    compared++;
                    misses += expected >= 0 ? 1 : 0;
                    late += expected >= t.period() && expected >= w.get(w.size() - 1) ? 1 : 0;
                }
            }
        }
        // Both answers occur, and misses past the first period, where the planner stops comparing
        // index by index: or the comparison says little.
        assertTrue(misses > compared / 20 && misses < compared * 19 / 20, misses + " misses of " + compared);
        assertTrue(late > 50, late + " misses past the first period");
        System.out.println("[planner] " + compared + " first misses as the per-index search found them: " + misses
                + " misses, " + late + " of them past the first period");
    }

    private static KernelMethod reorder(TensorLayout from, TensorLayout to) {
        return new KernelMethod.Reorder("t", Param.array("src", ElementType.BYTE), new NamedLayout("From", from),
                Param.array("dst", ElementType.BYTE), new NamedLayout("To", to), false, false, 1, 0);
    }

    /** Without a table per index, the longest dims plan at once. */
    @Test
    void dimsOfTwoBillionArePlanned() {
        int longest = TensorLayout.MAX_BUFFER;
        assertEquals("w[2147483639]; strides dst/src: w 1/1", Planner.plan(Problem.of(reorder(
                TensorLayout.packed("W", longest), TensorLayout.packed("W", longest))), 64).describe());
        int[] transposed = {3, 300_000_000};
        assertEquals("c[300000000] > unrolled: n[3]; strides dst/src: c 3/1, n 1/300000000",
                Planner.plan(Problem.of(reorder(TensorLayout.packed("NC", transposed),
                        TensorLayout.of("NC", transposed, "cn"))), 64).describe());
        int[] blocked = {2, 400_000_000, 2};
        assertEquals("n[2] > c8[50000000] > unrolled: c[8] > w[2]; strides dst/src: n 800000000/800000000,"
                        + " c8 16/16, c 2/1, w 1/8",
                Planner.plan(Problem.of(reorder(TensorLayout.of("NCW", blocked, "nCw8c"),
                        TensorLayout.packed("NCW", blocked))), 64).describe());
    }
}

package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The watching workers of {@link Parallel#forRange}: every index once, failures to the caller, no waiting on itself. */
class TeamTest {

    @Test
    void everyIndexRunsExactlyOnce() {
        Team team = new Team(2, 200_000);
        for (int extent = 1; extent <= 50; extent++) {
            AtomicIntegerArray runs = new AtomicIntegerArray(extent);
            assertTrue(team.tryRun(extent, (from, to) -> {
                for (int i = from; i < to; i++) {
                    runs.incrementAndGet(i);
                }
            }));
            for (int i = 0; i < extent; i++) {
                assertEquals(1, runs.get(i), "index " + i + " of " + extent);
            }
        }
    }

    @Test
    void workersThatParkAtOnceAreWokenForEveryLoop() throws InterruptedException {
        Team team = new Team(1, 0);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        for (int loop = 0; loop < 200; loop++) {
            AtomicIntegerArray runs = new AtomicIntegerArray(64);
            team.tryRun(64, (from, to) -> {
                threads.add(Thread.currentThread().getName());
                for (int i = from; i < to; i++) {
                    runs.incrementAndGet(i);
                }
                sleepBriefly();
            });
            for (int i = 0; i < 64; i++) {
                assertEquals(1, runs.get(i));
            }
            if (loop % 50 == 0) {
                Thread.sleep(2);
            }
        }
        // the caller always takes part; with each chunk sleeping, the woken worker takes some too
        assertTrue(threads.contains(Thread.currentThread().getName()), threads::toString);
        assertTrue(threads.contains("strider-team-1"), threads::toString);
    }

    @Test
    void aLoopStartedWhileTheTeamIsBusyIsRefusedNotQueued() {
        Team team = new Team(1, 100_000);
        boolean[] nested = new boolean[1];
        team.tryRun(2, (from, to) -> {
            if (from == 0) {
                nested[0] = team.tryRun(2, (f, t) -> { });
            }
        });
        assertFalse(nested[0], "a loop inside a chunk must go elsewhere, not wait for the team");
        assertTrue(team.tryRun(2, (f, t) -> { }), "the team is free again");
    }

    @Test
    void aChunksExceptionReachesTheCallerUnchanged() {
        Team team = new Team(2, 100_000);
        IllegalStateException boom = new IllegalStateException("boom");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> team.tryRun(12, (from, to) -> {
            if (from <= 7 && 7 < to) {
                throw boom;
            }
        }));
        assertSame(boom, thrown);
        assertTrue(team.tryRun(3, (f, t) -> { }), "a failure leaves the team usable");
    }

    @Test
    void theSpinPropertyIsParsed() {
        assertEquals(Team.DEFAULT_SPIN_MICROS, Team.parseSpinMicros(null));
        assertEquals(Team.DEFAULT_SPIN_MICROS, Team.parseSpinMicros(" "));
        assertEquals(0, Team.parseSpinMicros("0"));
        assertEquals(50, Team.parseSpinMicros(" 50 "));
        assertEquals(-1, Team.parseSpinMicros("-3"));
        assertEquals(-1, Team.parseSpinMicros("fast"));
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(0, 200_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

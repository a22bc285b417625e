package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ParallelTest {

    private ForkJoinPool previous;
    private ForkJoinPool four;

    @BeforeEach
    void useFourThreads() {
        previous = Parallel.pool();
        four = new ForkJoinPool(4);
        Parallel.usePool(four);
    }

    @AfterEach
    void restore() {
        Parallel.usePool(previous);
        four.shutdownNow();
    }

    /** One chunk a body ran. */
    record Chunk(int from, int to, Thread thread) {
    }

    private static List<Chunk> run(int extent) {
        List<Chunk> chunks = new CopyOnWriteArrayList<>();
        Parallel.forRange(extent, (from, to) -> chunks.add(new Chunk(from, to, Thread.currentThread())));
        return chunks;
    }

    @Test
    void everyIndexRunsExactlyOnce() {
        for (int extent = 0; extent <= 300; extent++) {
            checkCovered(extent);
        }
        checkCovered(1_000_003);
    }

    private static void checkCovered(int extent) {
        AtomicIntegerArray hits = new AtomicIntegerArray(extent);
        Parallel.forRange(extent, (from, to) -> {
            assertTrue(0 <= from && from < to && to <= extent, from + ".." + to);
            for (int i = from; i < to; i++) {
                hits.incrementAndGet(i);
            }
        });
        for (int i = 0; i < extent; i++) {
            assertEquals(1, hits.get(i), "index " + i + " of " + extent);
        }
    }

    @Test
    void atMostFourChunksPerThreadAndNeverMoreThanTheExtent() {
        // a pool of 4 workers plus the calling thread: 5 threads, at most 20 chunks
        assertEquals(20, run(1000).size());
        assertEquals(16, run(16).size());
        assertEquals(5, run(5).size());
        List<Chunk> chunks = run(1001);
        int shortest = chunks.stream().mapToInt(c -> c.to() - c.from()).min().orElseThrow();
        int longest = chunks.stream().mapToInt(c -> c.to() - c.from()).max().orElseThrow();
        assertTrue(longest - shortest <= 1, "chunks are even: " + shortest + ".." + longest);
    }

    @Test
    void theCallingThreadTakesPart() {
        List<Chunk> chunks = run(1000);
        assertTrue(chunks.stream().anyMatch(c -> c.thread() == Thread.currentThread() && c.from() == 0), chunks.toString());
    }

    @Test
    void chunksRunOnTheChosenPool() throws Exception {
        List<Chunk> chunks = new CopyOnWriteArrayList<>();
        Parallel.forRange(400, (from, to) -> {
            chunks.add(new Chunk(from, to, Thread.currentThread()));
            sleep(); // long enough for the helpers to claim chunks too
        });
        for (Chunk c : chunks) {
            Thread t = c.thread();
            assertTrue(t == Thread.currentThread() || isWorkerOf(t, four), "chunk ran on " + t);
        }
        assertTrue(chunks.stream().anyMatch(c -> c.thread() != Thread.currentThread()), "the pool helped");
    }

    private static boolean isWorkerOf(Thread t, ForkJoinPool pool) {
        return t instanceof java.util.concurrent.ForkJoinWorkerThread
                && ((java.util.concurrent.ForkJoinWorkerThread) t).getPool() == pool;
    }

    private static void sleep() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void nestedLoopsFinish() {
        AtomicIntegerArray hits = new AtomicIntegerArray(64 * 64);
        Parallel.forRange(64, (from, to) -> {
            for (int i = from; i < to; i++) {
                int row = i;
                Parallel.forRange(64, (f, t) -> {
                    for (int j = f; j < t; j++) {
                        hits.incrementAndGet(row * 64 + j);
                    }
                });
            }
        });
        for (int i = 0; i < hits.length(); i++) {
            assertEquals(1, hits.get(i));
        }
    }

    @Test
    void aPoolOfOneWorkerStillRunsOnTwoThreads() {
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            Parallel.usePool(one);
            assertEquals(2, Parallel.parallelism());
            List<Chunk> chunks = run(1000);
            assertEquals(8, chunks.size());
            assertTrue(chunks.stream().map(Chunk::thread).distinct().count() <= 2, chunks::toString);
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void anExtentOfOneRunsInline() {
        assertEquals(List.of(new Chunk(0, 1, Thread.currentThread())), run(1));
    }

    @Test
    void aChunksExceptionReachesTheCallerUnchanged() {
        IllegalStateException thrown = new IllegalStateException("chunk failed");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Parallel.forRange(1000, (from, to) -> {
            if (from <= 700 && 700 < to) {
                throw thrown;
            }
        }));
        assertSame(thrown, e);

        AssertionError error = new AssertionError("an error too");
        assertSame(error, assertThrows(AssertionError.class, () -> Parallel.forRange(1000, (from, to) -> {
            throw error;
        })));
    }

    @Test
    void aSneakyCheckedExceptionIsWrapped() {
        Exception checked = new Exception("checked");
        UndeclaredThrowableException e = assertThrows(UndeclaredThrowableException.class,
                () -> Parallel.forRange(100, (from, to) -> ParallelTest.<RuntimeException>sneakyThrow(checked)));
        assertSame(checked, e.getCause());
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void sneakyThrow(Throwable t) throws E {
        throw (E) t;
    }

    @Test
    void badArguments() {
        assertEquals("extent is -1; it must not be negative",
                assertThrows(IllegalArgumentException.class, () -> Parallel.forRange(-1, (f, t) -> { })).getMessage());
        assertThrows(NullPointerException.class, () -> Parallel.forRange(10, null));
        assertThrows(NullPointerException.class, () -> Parallel.usePool(null));
    }

    @Test
    void poolAndParallelismAreTheChosenPool() {
        assertSame(four, Parallel.pool());
        assertEquals(5, Parallel.parallelism());
    }

    @Test
    void theThreadsPropertyIsParsed() {
        assertEquals(0, Parallel.parseThreads(null));
        assertEquals(0, Parallel.parseThreads(""));
        assertEquals(3, Parallel.parseThreads(" 3 "));
        assertEquals(-1, Parallel.parseThreads("0"));
        assertEquals(-1, Parallel.parseThreads("many"));
    }
}

package dev.strider.runtime;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The default workers of {@link Parallel#forRange}: a few daemon threads that, after a loop, keep
 * watching for the next one for a short while ({@code strider.spinMicros}, 200 µs by default)
 * before they park, as OpenMP's threads do under oneDNN.
 *
 * <p>Why not the fork-join pool: waking a parked thread costs tens to hundreds of microseconds on
 * a virtual machine, as long as the whole of a reorder of 1×64×56×56 floats (about 13 µs on one
 * core of an AMD EPYC Zen 5). Measured there, JDK 17, a copy of 200,704 floats split in two: one
 * thread 12.5 µs, {@code forRange} over the common pool 14–22 µs, over a watching worker 5.3 µs
 * (each core keeps its half in its own L2 from one call to the next).
 *
 * <p>So each loop is split into four chunks per thread, thread {@code k} owning the {@code k}-th
 * run of four (the caller is thread 0), which keeps the same part of
 * the tensors on the same core from call to call; a thread that has run its own takes any chunk
 * nobody has started, so a worker that is late (parked, or not scheduled) delays little but its
 * own chunks' start, and one taken off its core mid-chunk holds up a quarter of its share. One
 * loop at a time: a {@code forRange} while the team is busy (another caller, or a chunk that calls
 * it again) goes to the fork-join pool instead, so nothing waits for itself.
 */
final class Team {

    /** The system property: how long a worker watches for work after a loop, in microseconds (0: it parks at once). */
    static final String SPIN_PROPERTY = "strider.spinMicros";
    static final long DEFAULT_SPIN_MICROS = 200;
    /** Chunks per thread: a thread taken off its core mid-chunk holds up this fraction of its share. */
    static final int CHUNKS_PER_THREAD = 4;

    private final Worker[] workers;
    private final long spinNanos;
    private final AtomicBoolean busy = new AtomicBoolean();
    /** The loop being run, or the last one. */
    private volatile Job job;

    Team(int workers, long spinNanos) {
        this.spinNanos = spinNanos;
        this.workers = new Worker[workers];
        for (int k = 0; k < workers; k++) {
            this.workers[k] = new Worker(this, k + 1);
            this.workers[k].start();
        }
    }

    /** The threads a loop runs on: the workers and the caller. */
    int size() {
        return workers.length + 1;
    }

    /**
     * Runs {@code body} over {@code [0, extent)} in {@link #size()} chunks, or returns false at once
     * (nothing run) when the team is running another loop.
     */
    boolean tryRun(int extent, Parallel.Range body) {
        if (!busy.compareAndSet(false, true)) {
            return false;
        }
        try {
            Job j = new Job(extent, (int) Math.min(extent, (long) CHUNKS_PER_THREAD * size()), size(), body);
            job = j;
            for (Worker w : workers) {
                if (w.parked) {
                    LockSupport.unpark(w);
                }
            }
            j.runOwn(0);
            j.takeRest();
            j.await(spinNanos);
            j.rethrow();
            return true;
        } finally {
            busy.set(false);
        }
    }

    /** One loop: its chunks, which thread has claimed each, and how many have not finished. */
    private static final class Job {
        private final int extent;
        private final int chunks;
        private final int threads;
        private final Parallel.Range body;
        private final AtomicIntegerArray claimed;
        private final AtomicInteger unfinished;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Job(int extent, int chunks, int threads, Parallel.Range body) {
            this.extent = extent;
            this.chunks = chunks;
            this.threads = threads;
            this.body = body;
            this.claimed = new AtomicIntegerArray(chunks);
            this.unfinished = new AtomicInteger(chunks);
        }

        /** Runs chunk {@code c} unless another thread has claimed it. */
        void run(int c) {
            if (c >= chunks || !claimed.compareAndSet(c, 0, 1)) {
                return;
            }
            try {
                if (failure.get() == null) {
                    body.run((int) ((long) extent * c / chunks), (int) ((long) extent * (c + 1) / chunks));
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                unfinished.decrementAndGet();
            }
        }

        /** Runs thread {@code k}'s own run of chunks, those nobody has started. */
        void runOwn(int k) {
            for (int c = (int) ((long) chunks * k / threads), end = (int) ((long) chunks * (k + 1) / threads); c < end; c++) {
                run(c);
            }
        }

        /** Runs every chunk nobody has started. */
        void takeRest() {
            for (int c = 0; c < chunks; c++) {
                run(c);
            }
        }

        /** Waits for the chunks other threads run: watching first, then yielding the core. */
        void await(long spinNanos) {
            long start = System.nanoTime();
            while (unfinished.get() > 0) {
                if (System.nanoTime() - start < spinNanos) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }

        void rethrow() {
            Parallel.rethrow(failure.get());
        }
    }

    /** Worker {@code k}: offered chunk {@code k} of every loop, it watches, then parks until woken. */
    private static final class Worker extends Thread {
        private final Team team;
        private final int index;
        /** True while parked (or about to park): the caller then unparks it. */
        volatile boolean parked;

        Worker(Team team, int index) {
            super("strider-team-" + index);
            this.team = team;
            this.index = index;
            setDaemon(true);
        }

        @Override
        public void run() {
            Job last = null;
            long idleSince = System.nanoTime();
            while (true) {
                Job j = team.job;
                if (j != last) {
                    last = j;
                    j.runOwn(index);
                    j.takeRest();
                    idleSince = System.nanoTime();
                } else if (System.nanoTime() - idleSince < team.spinNanos) {
                    Thread.onSpinWait();
                } else {
                    parked = true;
                    if (team.job == last) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    idleSince = System.nanoTime();
                }
            }
        }
    }

    /** {@code strider.spinMicros}: absent or blank gives the default, else a non-negative integer; -1 when invalid. */
    static long parseSpinMicros(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_SPIN_MICROS;
        }
        try {
            long micros = Long.parseLong(value.trim());
            return micros >= 0 ? micros : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

package dev.strider.runtime;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The threads of the THREADS target: generated THREADS classes split their outer loops with
 * {@link #forRange}.
 *
 * <p>By default a loop runs on a {@link Team}: {@code availableProcessors() - 1} daemon workers
 * (or {@code strider.threads=N}, read once) and the calling thread, one chunk each. After a loop
 * the workers watch for the next one for {@code strider.spinMicros} microseconds (200 by
 * default; 0 parks them at once) before they park: waking a parked thread costs more than a whole
 * reorder of a mid-sized tensor, which is why the fork-join pool made such reorders slower on two
 * threads than on one (see {@link Team}). Kernels choose their target on first load, so set these
 * before loading kernels.
 *
 * <p>{@link #usePool} sets a fork-join pool instead, and a loop started while the team runs
 * another (from a second caller, or from inside a chunk) runs on the pool:
 * {@link ForkJoinPool#commonPool()}, or a dedicated pool of {@code strider.threads} threads. Why
 * chunks are claimed from a counter there rather than forked as a {@code RecursiveAction}:
 * {@code ForkJoinTask.fork()} called outside a worker thread pushes to the <em>common</em> pool
 * whatever pool was asked for, and how an outside caller helps with the tasks it submitted
 * varies between JDK releases. Here the caller submits helper tasks to the chosen pool, runs the
 * first chunk itself and keeps claiming chunks until none is left, then waits only for chunks
 * already running elsewhere. The calling thread always takes part, a helper that starts late
 * finds nothing to do, and a nested {@code forRange} (a chunk that calls it again) cannot
 * deadlock.
 */
public final class Parallel {

    /** The system property that sets the number of threads of a dedicated pool. */
    public static final String THREADS_PROPERTY = "strider.threads";

    private static final String PROPERTY_VALUE = System.getProperty(THREADS_PROPERTY);
    /** The threads asked for by {@code strider.threads}: 0 for the common pool, -1 when invalid. */
    private static final int PROPERTY_THREADS = parseThreads(PROPERTY_VALUE);
    private static final String SPIN_VALUE = System.getProperty(Team.SPIN_PROPERTY);
    /** Microseconds a team worker watches for work, from {@code strider.spinMicros}; -1 when invalid. */
    private static final long SPIN_MICROS = Team.parseSpinMicros(SPIN_VALUE);

    private static volatile ForkJoinPool chosen;

    private Parallel() {
    }

    /** The body of a parallel loop: runs indices {@code [from, to)}. */
    @FunctionalInterface
    public interface Range {
        /** Runs the loop body for every index from {@code from} (inclusive) to {@code to} (exclusive). */
        void run(int from, int to);
    }

    private static final Thread ELSEWHERE = new Thread(() -> { }, "strider-elsewhere (never started)");

    /**
     * A thread that is no caller's and never runs: THREADS asks a memory segment
     * {@code segment.isAccessibleBy(Parallel.elsewhere())}, true for segments of shared, global and
     * automatic arenas, false for a confined one, whose method then runs on the caller's thread alone.
     */
    public static Thread elsewhere() {
        return ELSEWHERE;
    }

    /** Makes {@code pool} the pool of every later {@link #forRange}, instead of the team. */
    public static void usePool(ForkJoinPool pool) {
        chosen = Objects.requireNonNull(pool, "pool");
    }

    /** Makes the team (the default) run every later {@link #forRange} again, after {@link #usePool}. */
    public static void useTeam() {
        chosen = null;
    }

    /**
     * The pool {@link #forRange} runs on.
     *
     * @throws IllegalStateException when {@code strider.threads} is not a positive integer and no
     *                               pool was set with {@link #usePool}
     */
    public static ForkJoinPool pool() {
        ForkJoinPool pool = chosen;
        if (pool != null) {
            return pool;
        }
        if (PROPERTY_THREADS < 0) {
            throw new IllegalStateException(THREADS_PROPERTY + "=" + PROPERTY_VALUE
                    + " is not a number of threads: use a positive integer, or leave it unset for the common pool");
        }
        return PROPERTY_THREADS == 0 ? ForkJoinPool.commonPool() : DedicatedPool.POOL;
    }

    /**
     * How many threads a {@link #forRange} runs on: the team's workers, or the pool's parallelism,
     * plus the calling thread, which always takes part. On a 2-core machine this is 2.
     */
    public static int parallelism() {
        Team team = chosen == null ? team() : null;
        return team != null ? team.size() : pool().getParallelism() + 1;
    }

    /**
     * The team of the default, or null when there is no worker to have (one core).
     *
     * @throws IllegalStateException when {@code strider.threads} or {@code strider.spinMicros} is invalid
     */
    static Team team() {
        if (PROPERTY_THREADS < 0) {
            throw new IllegalStateException(THREADS_PROPERTY + "=" + PROPERTY_VALUE
                    + " is not a number of threads: use a positive integer, or leave it unset for one per core");
        }
        if (SPIN_MICROS < 0) {
            throw new IllegalStateException(Team.SPIN_PROPERTY + "=" + SPIN_VALUE
                    + " is not a number of microseconds: use 0 or more, or leave it unset for "
                    + Team.DEFAULT_SPIN_MICROS);
        }
        return DefaultTeam.TEAM;
    }

    /**
     * Runs {@code body} over {@code [0, extent)} split into contiguous chunks, never more than
     * {@code extent}: on the team, one per thread; on a pool, at most {@code 4 * parallelism()}.
     * The calling thread runs chunks too. Runs {@code body.run(0, extent)} inline when the extent
     * is 1. Returns when every chunk has run.
     *
     * <p>An exception thrown by a chunk is rethrown to the caller as it is (the first one, when
     * several chunks fail); chunks not yet started then do not run.
     */
    public static void forRange(int extent, Range body) {
        Objects.requireNonNull(body, "body");
        if (extent < 0) {
            throw new IllegalArgumentException("extent is " + extent + "; it must not be negative");
        }
        if (extent == 0) {
            return;
        }
        if (extent == 1) {
            body.run(0, extent);
            return;
        }
        Team team = chosen == null ? team() : null;
        if (team != null && team.tryRun(extent, body)) {
            return;
        }
        ForkJoinPool pool = pool();
        int workers = pool.getParallelism();
        new Loop(extent, (int) Math.min(extent, 4L * (workers + 1)), body).run(pool, workers);
    }

    /** One {@link #forRange} call split into chunks, claimed by the caller and pool helpers. */
    private static final class Loop {
        private final int extent;
        private final int chunks;
        private final Range body;
        /** The next unclaimed chunk; chunk 0 is the caller's. */
        private final AtomicInteger next = new AtomicInteger(1);
        private final CountDownLatch done;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Loop(int extent, int chunks, Range body) {
            this.extent = extent;
            this.chunks = chunks;
            this.body = body;
            this.done = new CountDownLatch(chunks);
        }

        void run(ForkJoinPool pool, int workers) {
            int helpers = Math.min(workers, chunks - 1);
            for (int i = 0; i < helpers; i++) {
                pool.execute(this::claimChunks);
            }
            runChunk(0);
            claimChunks();
            awaitUninterruptibly();
            rethrow(failure.get());
        }

        private void claimChunks() {
            for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                runChunk(c);
            }
        }

        private void runChunk(int c) {
            try {
                if (failure.get() == null) {
                    body.run(bound(c), bound(c + 1));
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            } finally {
                done.countDown();
            }
        }

        /** The first index of chunk {@code c}: chunks differ in length by at most one. */
        private int bound(int c) {
            return (int) ((long) extent * c / chunks);
        }

        /** Waits for chunks other threads are running; they are short, so an interrupt is kept for later. */
        private void awaitUninterruptibly() {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A chunk's exception to the caller as it is, a checked one (thrown sneakily by the body) wrapped; nothing for null. */
    static void rethrow(Throwable t) {
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        if (t != null) {
            throw new UndeclaredThrowableException(t);
        }
    }

    /** Created on first use only: a program that never runs THREADS starts no worker. */
    private static final class DefaultTeam {
        static final Team TEAM = make();

        private static Team make() {
            int workers = PROPERTY_THREADS > 0 ? PROPERTY_THREADS : Runtime.getRuntime().availableProcessors() - 1;
            return workers > 0 ? new Team(workers, SPIN_MICROS * 1000) : null;
        }
    }

    /** Created on first use only, so that an unused {@code strider.threads} pool starts no threads. */
    private static final class DedicatedPool {
        private static final AtomicInteger THREAD_NUMBER = new AtomicInteger();

        static final ForkJoinPool POOL = new ForkJoinPool(PROPERTY_THREADS, pool -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setDaemon(true);
            t.setName("strider-worker-" + THREAD_NUMBER.incrementAndGet());
            return t;
        }, null, false);
    }

    /** {@code strider.threads}: absent or blank → 0 (the common pool), a positive integer, else -1. */
    static int parseThreads(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            int n = Integer.parseInt(value.trim());
            return n > 0 ? n : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

package dev.strider.examples.bench;

import java.util.Locale;
import java.util.Map;

/**
 * Who runs a case: the generated kernels of each target, the generic run-time-stride kernel, the
 * registry's tuned choice, the hand-written loops, the arraycopy ceiling and oneDNN. The order is the
 * order of the report's columns, of the chart's bars and of an interleaved round before rotation.
 */
public enum Contender {
    SCALAR("SCALAR", true),
    VECTOR("VECTOR", true),
    THREADS("THREADS", true),
    /**
     * What {@code Strider.load(set)} returns in the run's tuner mode: the registry's choice, per
     * class today (the rule) and per method once the tuner dispatches ({@code <Interface>_Tuned}).
     * Not a fixed target, so it is never "the best target": the report sets it against that.
     */
    TUNED("tuned", false),
    /**
     * What {@code Strider.loadOneThread(set)} returns in the run's tuner mode: the tuner's one-thread
     * choice per method (VECTOR or SCALAR and their variants, never THREADS), what a THREADS chunk
     * runs and what a user with one core gets. Issue 18's goals for one thread read the fastest of
     * it, SCALAR and VECTOR; the blocked cases only. Not a fixed target, so never "the best target".
     */
    ONE_THREAD("one thread, tuned", false),
    GENERIC("generic", false),
    NAIVE("naive loop", false),
    HAND("hand-tiled", false),
    ARRAYCOPY("arraycopy", false),
    ONEDNN("oneDNN", false),
    /** oneDNN with {@code OMP_NUM_THREADS} = all cores: the peer of THREADS. */
    ONEDNN_ALL_CORES("oneDNN, all cores", false),
    /**
     * THREADS in a fork of its own, called back to back ({@code TargetsBenchmark}), as oneDNN on all
     * cores is: the figure the goal "THREADS at least oneDNN on all cores" compares with it. Not a
     * fixed target of its own (THREADS is), so never "the best target".
     */
    THREADS_OWN_FORK("THREADS, own fork", false),
    /** The case's kernel on direct byte buffers ({@code OffHeapOps}), SCALAR. */
    BUFFER_SCALAR(Memory.BUFFER, SCALAR),
    BUFFER_VECTOR(Memory.BUFFER, VECTOR),
    BUFFER_THREADS(Memory.BUFFER, THREADS),
    /** {@code Strider.load(OffHeapOps.class)}: the tuned choice on direct buffers. */
    BUFFER_TUNED(Memory.BUFFER, TUNED),
    /** The case's kernel on native segments ({@code SegmentOps}, compiled for Java 22; JDK 22+ only), SCALAR. */
    SEGMENT_SCALAR(Memory.SEGMENT, SCALAR),
    SEGMENT_VECTOR(Memory.SEGMENT, VECTOR),
    SEGMENT_THREADS(Memory.SEGMENT, THREADS),
    SEGMENT_TUNED(Memory.SEGMENT, TUNED),
    /** Copy the direct buffer's input into an array, SCALAR's array kernel, copy the result out to a direct buffer. */
    COPY_SCALAR(Memory.COPY_AROUND, SCALAR),
    COPY_VECTOR(Memory.COPY_AROUND, VECTOR),
    COPY_THREADS(Memory.COPY_AROUND, THREADS),
    COPY_TUNED(Memory.COPY_AROUND, TUNED);

    /** Where an off-heap contender's kernel reads and writes. */
    public enum Memory {
        /** Direct byte buffers, the kernel reading and writing them in place. */
        BUFFER("direct buffer"),
        /** Native memory segments, in place. */
        SEGMENT("segment"),
        /** Direct byte buffers copied to and from arrays around the array kernel. */
        COPY_AROUND("copy-around");

        private final String label;

        Memory(String label) {
            this.label = label;
        }

        /** {@code direct buffer}. */
        public String label() {
            return label;
        }
    }

    private final String label;
    private final boolean generated;
    private final Memory memory;
    private final Contender onArrays;

    Contender(String label, boolean generated) {
        this.label = label;
        this.generated = generated;
        this.memory = null;
        this.onArrays = null;
    }

    /** An off-heap contender: the array contender {@code onArrays}'s kernel class on {@code memory}. */
    Contender(Memory memory, Contender onArrays) {
        this.label = memory.label() + " " + onArrays.label();
        this.generated = false;
        this.memory = memory;
        this.onArrays = onArrays;
    }

    /** The off-heap contenders (issue 15), kept out of the main table's columns and the chart's bars. */
    public boolean offHeap() {
        return memory != null;
    }

    /** Where an off-heap contender's kernel works; null for the others. */
    public Memory memory() {
        return memory;
    }

    /** The contender on arrays an off-heap one is set against (SCALAR, VECTOR, THREADS or TUNED); null for the others. */
    public Contender onArrays() {
        return onArrays;
    }

    /** The off-heap contender on {@code memory} of the array contender {@code onArrays}. */
    public static Contender offHeap(Memory memory, Contender onArrays) {
        for (Contender k : values()) {
            if (k.memory == memory && k.onArrays == onArrays) {
                return k;
            }
        }
        throw new IllegalArgumentException("no " + memory + " contender for " + onArrays);
    }

    /** The column header: {@code SCALAR}, {@code naive loop}, {@code oneDNN}. */
    public String label() {
        return label;
    }

    /** A fixed generated target (SCALAR, VECTOR, THREADS): the contenders "best target" is chosen from. */
    public boolean generated() {
        return generated;
    }

    /**
     * The contender of a JMH result, from its benchmark class and method and its parameters:
     * {@code TargetsBenchmark} with {@code target=vector} is VECTOR, {@code BaselinesBenchmark.xNaive}
     * is NAIVE, {@code CeilingBenchmark} is ARRAYCOPY, {@code OneDnnBenchmark} is ONEDNN with
     * {@code ompThreads=1} (or no such parameter) and ONEDNN_ALL_CORES with more threads.
     *
     * @throws IllegalArgumentException for a benchmark outside the suite
     */
    public static Contender of(String benchmark, Map<String, String> params) {
        String[] parts = benchmark.split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("not a Class.method benchmark name: " + benchmark);
        }
        String type = parts[parts.length - 2];
        String method = parts[parts.length - 1];
        switch (type) {
            case "TargetsBenchmark": {
                String target = params.get("target");
                if (target == null) {
                    throw new IllegalArgumentException(benchmark + " has no 'target' parameter: " + params);
                }
                return valueOf(target.toUpperCase(Locale.ROOT));
            }
            case "BaselinesBenchmark":
                if (method.endsWith("Naive")) {
                    return NAIVE;
                }
                if (method.endsWith("Hand")) {
                    return HAND;
                }
                throw new IllegalArgumentException(benchmark + " is neither a ...Naive nor a ...Hand loop");
            case "CeilingBenchmark":
                return ARRAYCOPY;
            case "OneDnnBenchmark": {
                String threads = params.get("ompThreads");
                return threads == null || threads.equals("1") ? ONEDNN : ONEDNN_ALL_CORES;
            }
            default:
                throw new IllegalArgumentException(benchmark + " is not a benchmark of the suite");
        }
    }
}

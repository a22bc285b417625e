package dev.strider.processor.plan;

import java.util.List;

/**
 * The walk through a {@link LoopPlan} that writing a nest and sizing it share, so that the
 * planner's method-size estimate counts the very statements and loops a writer emits. Every
 * logical element is visited once; a dim whose range is partial (the tail block of a padded dim)
 * is walked as segments: the full blocks as a loop, the tail block as a fixed index with a shorter
 * range below it. A node becomes a loop unless it is unrolled, has one iteration, or (above a
 * vector statement) at most {@link #SHORT_VECTOR_LOOP}; the split node of a THREADS chunk is
 * always a loop.
 *
 * @param <S> what the walk carries down the nest: for the writer, each operand's offset
 */
public abstract class NestWalk<S> {

    /**
     * Loops of at most this many iterations above a vector statement are written out. C2 turned
     * a 2-iteration loop around an 8x8 transpose into slow code on JDK 25 (nchw to nChw8c
     * 1x17x5x4: 323 ns as a loop, 106 ns written out; -XX:LoopUnrollLimit=0 did the same).
     */
    public static final int SHORT_VECTOR_LOOP = 2;

    /**
     * A loop right above the lane nodes of a transpose (each iteration one whole vector block) of
     * at most this many iterations is written out too, where the plan allows it ({@link
     * LoopPlan#writtenOutBlocks}, {@code ClassPlanner.writtenOutBlocks}) and its copies move at most
     * {@link #WRITTEN_OUT_ELEMENTS}: four 4x4 blocks of floats. As a loop of 4, C2 gave each entry
     * its pre-, main- and post-loop set-up and kept 24 range checks in the loop (JDK 25,
     * disassembled: 499 instructions per 8 blocks of 4x4, where the written-out pair of 8x8 blocks
     * takes 134 per as many elements); written out, the 4x4 blocks of nchw to nChw16c 1x64x56x56
     * ran 1.25x faster on JDK 17 (28.0-29.5 against 35.1-37.5 us) and 1.37x on JDK 25 (21.4-21.8
     * against 29.0-30.7), both forms interleaved in one JVM, three JVMs per JDK (AMD EPYC Zen 4).
     */
    public static final int WRITTEN_OUT_BLOCKS = 4;

    /**
     * The most elements the copies of a loop written out by {@link #WRITTEN_OUT_BLOCKS} move (4 blocks
     * of 4x4), and the unroll limit below which a transpose writes out no such loop.
     */
    public static final int WRITTEN_OUT_ELEMENTS = 64;

    protected final LoopPlan plan;
    /** While a walk covers lane nodes with vector statements: the first lane node, else -1. */
    private int leaf = -1;
    /** The node whose loop runs over a chunk of its extent instead of all of it, or -1. */
    private int split = -1;
    /** During a logical walk of a transpose: which partial blocks are {@link #tailBlock}s. */
    private VectorPlan.TailBlocks tails = VectorPlan.TailBlocks.NONE;
    /** True once a walk has moved a partial X range (input rows) element by element. */
    private boolean xTailInScalar;
    /** What the walk has emitted so far: elements its statements move, loops, vector statements. */
    private long moved;
    private int loopsOpened;
    private int vectorStatements;

    protected NestWalk(LoopPlan plan) {
        this.plan = plan;
    }

    /** Makes node {@code k} ({@link LoopPlan#splitNode}) a loop over a chunk in the logical walk. */
    protected void splitAt(int k) {
        this.split = k;
    }

    /** One statement: a vector one for the whole lane nodes, else one element. */
    protected abstract void statement(S at, boolean vector);

    /** {@code at} moved to index {@code q} of node {@code n}, which is written out. */
    protected abstract S unrolled(S at, Node n, int q);

    /** Opens a loop over {@code [a, b)} of node {@code k} (or over the chunk when {@code chunk}); what its body sees. */
    protected abstract S beginLoop(S at, int k, Node n, int a, int b, boolean chunk);

    protected abstract void endLoop();

    /**
     * An empty loop of {@code elements} iterations, one per element the innermost loop around
     * vector statements moves: right after that loop, or ({@code before}) right before it where it
     * is the chunk loop of THREADS, counting the elements of all its chunks. HotSpot compiles a
     * method once its loops have taken tens of thousands of back-edges, a count made for loops
     * that do a few operations an iteration; a loop around written-out vector statements moves 16
     * to 256 elements an iteration, and until C2 compiles it Vector API code runs boxed, 10-20 ms a
     * call for 200,000 floats. An on-stack replacement enters compiled code at the loop whose
     * back-edge tipped the count, and runs the rest of the method there; the chunk loop is usually
     * a method's only loop, where a hint after it would compile code that runs nothing (where a
     * loop encloses it, its hint before it serves that loop's next trips as well as one after).
     *
     * <p>Without the hint the 8x8 and 16x16 transposes of nchw to nChw16c 1x64x56x56 ran so for
     * 0.9-1.5 s, the 4x4 ones for 0.26-0.29 s (AMD EPYC Zen 4, JDK 17 and 25); with it the 4x4
     * blocks reached C2 code in 0.09-0.12 s and the 8x8 and 16x16 ones in 0.2-0.5 s. The u8
     * normalize, one chunk loop, had none: its calls ran 20x slower than compiled for 0.31-0.35 s
     * after the first returned, and for 0.02-0.04 s with the hint before its loop (JDK 17). C2
     * removes an empty counted loop. Inside a loop the hint cost a loop of four 4x4 blocks 8-17 %
     * (C2 unrolled it no more); before or after, the loop's C2 code is what it is without it. The
     * other loops that no loop encloses keep their hint after them: with it before, nchw to
     * nChw16c 1x17x56x56 (two such loops) ran through the on-stack compilation at 15x its
     * compiled speed until 0.39-0.43 s, against 0.21-0.34 s with the hint after.
     */
    protected abstract void backEdgeHint(int elements, boolean before);

    /**
     * What the walk emits from here on is held back until {@link #release}: the loop that
     * follows may want a hint before it, known only once its body is walked.
     */
    protected abstract void holdBack();

    /** Emits a hint of {@code elements} before what was held back (none when 0), then that. */
    protected abstract void release(int elements);

    /**
     * One partial block of a transpose, in registers ({@link VectorPlan.TailBlocks}): the lane
     * node Y whole, X over {@code [0, xRows)}.
     */
    protected void tailBlock(S at, int xRows) {
        throw new UnsupportedOperationException("no tail blocks in this walk");
    }

    /** The walk enters {@code lanes} of node {@code n}'s {@code weight}, for its blocks {@code [qa, qb)}. */
    protected void partial(Node n, int qa, int qb, int lanes) {
    }

    /** Every logical element once, the nodes from {@code leaf} (-1: none) on covered by vector statements where whole. */
    protected final void walkLogical(int leaf, S start) {
        walkRanges(leaf, start);
    }

    /**
     * The same, the lane nodes of a transpose from {@code leaf} on: its partial blocks that {@code
     * tails} names are {@link #tailBlock}s, the others element statements.
     */
    protected final void walkLogical(int leaf, VectorPlan.TailBlocks tails, S start) {
        this.tails = tails;
        try {
            walkRanges(leaf, start);
        } finally {
            this.tails = VectorPlan.TailBlocks.NONE;
        }
    }

    private void walkRanges(int leaf, S start) {
        Problem p = plan.problem();
        int[][] range = ranges();
        for (int d = 0; d < p.rank(); d++) {
            range[d] = new int[] {0, p.sizes()[d]};
        }
        walk(range, leaf, start);
    }

    /**
     * The pad lanes of padded dim {@code d} from index {@code from} on (its size, or less when
     * real lanes are zeroed too), every other dim over its padded range; never in chunks. When
     * {@code vectors}, the innermost node is covered by vector statements where whole.
     */
    protected final void walkPad(int d, int from, boolean vectors, S start) {
        Problem p = plan.problem();
        int[][] range = ranges();
        for (int e = 0; e < p.rank(); e++) {
            range[e] = e == d ? new int[] {from, p.padded()[e]} : new int[] {0, p.padded()[e]};
        }
        int chunk = split;
        split = -1;
        try {
            walk(range, vectors ? plan.nodes().size() - 1 : -1, start);
        } finally {
            split = chunk;
        }
    }

    private void walk(int[][] range, int lanes, S start) {
        leaf = lanes;
        try {
            emit(0, range, start);
        } finally {
            leaf = -1;
        }
    }

    /** One range per real dim (filled by the caller) and per virtual dim (always whole). */
    private int[][] ranges() {
        int rank = plan.problem().rank();
        int[][] range = new int[rank + plan.virtualExtents().length][];
        for (int v = 0; v < plan.virtualExtents().length; v++) {
            range[rank + v] = new int[] {0, plan.virtualExtents()[v]};
        }
        return range;
    }

    private void emit(int k, int[][] range, S at) {
        List<Node> nodes = plan.nodes();
        boolean vectorLeaf = k == leaf && lanesWhole(range);
        if (k == nodes.size() || vectorLeaf) {
            if (vectorLeaf) {
                vectorStatements++;
                moved += laneElements();
            } else {
                moved++;
            }
            statement(at, vectorLeaf);
            return;
        }
        if (k == leaf && tails.any() && k + 2 == nodes.size()) {
            int y = laneRange(range, k);
            int x = laneRange(range, k + 1);
            int t = nodes.get(k).extent();
            if (tails.zeroRows() && y == t && x > 0 && x < t) {
                vectorStatements++;
                moved += (long) t * x;
                tailBlock(at, x);
                return;
            }
            xTailInScalar |= x < t;
        }
        Node n = nodes.get(k);
        int lo = range[n.dim()][0];
        int hi = range[n.dim()][1];
        if (n.weight() == 1) {
            iterate(k, n, lo, hi, range, at);
            return;
        }
        // Segments of a blocked piece: a head partial block, full blocks, a tail partial block.
        int w = n.weight();
        int qlo = lo / w;
        int qhi = (hi - 1) / w;
        if (qlo == qhi) {
            withRange(k, n, qlo, qlo + 1, lo - qlo * w, hi - qlo * w, range, at);
            return;
        }
        int first = qlo;
        if (lo % w != 0) {
            withRange(k, n, first, first + 1, lo % w, w, range, at);
            first++;
        }
        int last = hi / w;
        if (last > first) {
            withRange(k, n, first, last, 0, w, range, at);
        }
        if (hi % w != 0) {
            withRange(k, n, last, last + 1, 0, hi % w, range, at);
        }
    }

    /** The end of node {@code k}'s range here when it starts at 0, else -1. */
    private int laneRange(int[][] range, int k) {
        int[] r = range[plan.nodes().get(k).dim()];
        return r[0] == 0 ? r[1] : -1;
    }

    /** True when every lane node (from {@link #leaf} on) runs over its whole extent here. */
    private boolean lanesWhole(int[][] range) {
        for (Node n : plan.nodes().subList(leaf, plan.nodes().size())) {
            int[] r = range[n.dim()];
            if (r[0] != 0 || r[1] != n.extent()) {
                return false;
            }
        }
        return true;
    }

    private void withRange(int k, Node n, int qa, int qb, int lowerLo, int lowerHi, int[][] range, S at) {
        int[][] inner = range.clone();
        inner[n.dim()] = new int[] {lowerLo, lowerHi};
        if (lowerHi - lowerLo < n.weight()) {
            partial(n, qa, qb, lowerHi - lowerLo);
        }
        iterate(k, n, qa, qb, inner, at);
    }

    /** Node {@code k} over {@code [a, b)}: a loop, a fixed index, or unrolled copies. */
    private void iterate(int k, Node n, int a, int b, int[][] range, S at) {
        boolean shortAboveVector = leaf >= 0 && k < leaf && (b - a <= SHORT_VECTOR_LOOP
                || k == leaf - 1 && b - a <= plan.writtenOutBlocks() && lanesWhole(range)
                        && (b - a) * laneElements() <= WRITTEN_OUT_ELEMENTS);
        if (k != split && (b - a == 1 || k >= plan.unrolledFrom() || shortAboveVector)) {
            for (int q = a; q < b; q++) {
                emit(k + 1, range, unrolled(at, n, q));
            }
            return;
        }
        long movedBefore = moved;
        int loopsBefore = ++loopsOpened;
        int vectorsBefore = vectorStatements;
        // the chunk loop of THREADS (its trips known at run time only) is usually a method's only
        // loop: a hint after it would come when the work is done, so its hint goes before it
        boolean hintBefore = k == split;
        if (hintBefore) {
            holdBack();
        }
        S inner = beginLoop(at, k, n, a, b, k == split);
        emit(k + 1, range, inner);
        endLoop();
        long elements = (b - a) * (moved - movedBefore);
        boolean hinted = loopsOpened == loopsBefore && vectorStatements > vectorsBefore && elements > 1;
        int hint = hinted ? (int) Math.min(elements, Integer.MAX_VALUE) : 0;
        if (hintBefore) {
            release(hint);
        } else if (hinted) {
            backEdgeHint(hint, false);
        }
    }

    /** The elements one vector statement moves: its lane nodes' extents multiplied. */
    private long laneElements() {
        long elements = 1;
        for (Node n : plan.nodes().subList(leaf, plan.nodes().size())) {
            elements *= n.extent();
        }
        return elements;
    }

    // ------------------------------------------------------------------ sizing

    /**
     * What a nest emits, counted: scalar and vector statements, loops, and the bytecode of its
     * partial blocks in registers ({@link ClassPlanner#tailBlockBytes}) with the rows they load and
     * store, which a conversion converts and narrows one by one as whole blocks' rows. The pad nests
     * count as scalar (whatever zeroes them in vectors costs no more), and {@code padStatements}
     * says how many of the scalar statements are theirs (a zero stored, where a logical statement
     * may convert).
     */
    public record Size(int scalarStatements, int vectorStatements, int loops, int tailBlockBytes, int tailRowsLoaded,
                       int tailRowsStored, int padStatements) {
        public int statements() {
            return scalarStatements + vectorStatements;
        }
    }

    /**
     * The size of {@code plan}'s logical nest, vector statements from {@code leaf} on (-1: none),
     * node {@code split} chunked (-1: none), and of its pad nests.
     */
    public static Size size(LoopPlan plan, int leaf, int split) {
        return size(plan, leaf, split, VectorPlan.TailBlocks.NONE);
    }

    /** The same for a transpose whose partial blocks {@code tails} names are in registers. */
    public static Size size(LoopPlan plan, int leaf, int split, VectorPlan.TailBlocks tails) {
        Counter c = new Counter(plan);
        c.zeroColumns = tails.zeroColumns();
        c.splitAt(split);
        c.walkLogical(leaf, tails, null);
        int logicalScalar = c.scalar;
        Problem p = plan.problem();
        // zero columns: the tail blocks write the X dim's pad lanes, and no pad nest does
        int written = tails.zeroColumns() > 0 ? plan.nodes().get(leaf + 1).dim() : -1;
        for (int d = 0; d < p.rank(); d++) {
            if (p.padded()[d] != p.sizes()[d] && d != written) {
                c.walkPad(d, p.sizes()[d], false, null);
            }
        }
        return new Size(c.scalar, c.vector, c.loops, c.tailBytes, c.tailLoads, c.tailStores, c.scalar - logicalScalar);
    }

    /**
     * True when the logical walk of transpose {@code plan} moves every partial range of its X lane
     * node (the input's rows) in {@link VectorPlan.TailBlocks#zeroRows} blocks, none element by
     * element: those blocks then write the lanes of their output rows past the dim's size too.
     */
    public static boolean zeroRowsCoverXTails(VectorPlan plan) {
        if (!plan.tails().zeroRows()) {
            return false;
        }
        Counter c = new Counter(plan.loops());
        c.walkLogical(plan.leaf(), plan.tails(), null);
        return !((NestWalk<Void>) c).xTailInScalar;
    }

    private static final class Counter extends NestWalk<Void> {
        int scalar;
        int vector;
        int loops;
        int tailBytes;
        int tailLoads;
        int tailStores;
        int zeroColumns;

        Counter(LoopPlan plan) {
            super(plan);
        }

        @Override
        protected void statement(Void at, boolean isVector) {
            if (isVector) {
                vector++;
            } else {
                scalar++;
            }
        }

        @Override
        protected void tailBlock(Void at, int xRows) {
            int t = plan.nodes().get(plan.nodes().size() - 1).extent();
            tailBytes += ClassPlanner.tailBlockBytes(t, xRows, zeroColumns);
            tailLoads += xRows;
            tailStores += t;
        }

        @Override
        protected Void unrolled(Void at, Node n, int q) {
            return null;
        }

        @Override
        protected Void beginLoop(Void at, int k, Node n, int a, int b, boolean chunk) {
            loops++;
            return null;
        }

        @Override
        protected void endLoop() {
        }

        @Override
        protected void holdBack() {
        }

        @Override
        protected void release(int elements) {
            if (elements > 0) {
                loops++;
            }
        }

        @Override
        protected void backEdgeHint(int elements, boolean before) {
            loops++;
        }
    }
}

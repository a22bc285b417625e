package dev.strider.processor.plan;

import dev.strider.layout.OffsetTerm;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.CompParam;
import dev.strider.processor.model.KernelMethod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Turns a {@link Problem} into a {@link LoopPlan}, the way oneDNN's reorder ({@code prb_simplify})
 * and PyTorch's TensorIterator ({@code coalesce_dimensions}) simplify theirs:
 *
 * <ol>
 *   <li>split each dim into nodes at every block boundary of any operand, so that every
 *       operand's offset is linear in the node indices ({@code c} = {@code c16 * 16 + c} for
 *       {@code nChw16c}); the boundaries are found from the offset terms themselves and then
 *       verified per block structure (the terms repeat every block), so slices and broadcasts need
 *       no special case. A dim that no mixed radix makes linear (a strided slice across blocks)
 *       keeps an offset per index: a literal table when short, else computed in the loop;</li>
 *   <li>fold each dim's offset at index 0 into the operands' base offsets and drop nodes of
 *       extent 1;</li>
 *   <li>order nodes by output stride, outermost first, so that writes are sequential;</li>
 *   <li>coalesce neighbours that are contiguous in every operand;</li>
 *   <li>unroll the innermost nodes while their product stays within the unroll limit.</li>
 * </ol>
 */
public final class Planner {

    /** Beyond this many nodes per dim the dim is left as a table: no real layout needs more. */
    private static final int MAX_NODES_PER_DIM = 6;

    private Planner() {
    }

    /** Tile edge for transposes: 16 elements, a 64-byte cache line of floats. */
    public static final int TILE = 16;

    /**
     * Transposes with fewer elements than this stay untiled: they fit the L2 cache, where the
     * tile loops only add overhead (measured in ReorderBenchmark: 1x64x56x56 untiled is faster).
     */
    public static final long TILE_ABOVE_ELEMENTS = 1L << 20;

    public static LoopPlan plan(Problem problem, int unrollLimit) {
        return plan(problem, unrollLimit, TILE, TILE_ABOVE_ELEMENTS);
    }

    /**
     * @param tileSize      the tile edge for transposes; 0 leaves them untiled
     * @param tileAbove     tile only problems with more elements than this
     */
    public static LoopPlan plan(Problem problem, int unrollLimit, int tileSize, long tileAbove) {
        Simplified s = simplify(problem);
        List<Node> merged = s.elements() > tileAbove ? tile(s.nodes(), tileSize) : interleave(s.nodes());
        return new LoopPlan(problem, List.copyOf(merged), unrolledFrom(merged, merged.size(), unrollLimit), s.base(),
                s.virtualExtents());
    }

    /**
     * The nest that sums a compensating reorder's s8 weights into its compensations: the
     * destination's logical elements (its pad lanes hold zeros, which add nothing), the weights
     * first, so that the loops follow their memory order and read each line once, then each
     * compensation (stride 0 along every dim it sums over); never tiled. The finest node that
     * every compensation sums over becomes the plan's run ({@link CompensationPlan}).
     */
    public static CompensationPlan compensation(KernelMethod.Reorder r, int unrollLimit) {
        TensorLayout out = r.to().layout();
        int[] sizes = out.sizes();
        List<Operand> ops = new ArrayList<>();
        ops.add(Problem.input(r.dst().name(), out, sizes));
        for (CompParam c : r.compensation()) {
            // its values read over the weights' index space: stride 0 along every dim it sums over
            ops.add(Problem.input(c.param().name(), c.layout(out).layout(), sizes));
        }
        Problem problem = new Problem(out.dims(), sizes, sizes.clone(), ops);
        LoopPlan nest = plan(problem, unrollLimit, 0, Long.MAX_VALUE);
        // the finest node every compensation sums over (stride 0 for each), moved out of the nest
        // when its dim has no partial range: a run each statement adds up by itself
        Node run = null;
        for (Node n : nest.nodes()) {
            boolean sums = !n.isTable() && java.util.stream.IntStream.range(1, ops.size()).allMatch(k -> n.strides()[k] == 0);
            if (sums && whole(problem, nest.nodes(), n)
                    && (run == null || Math.abs((long) n.strides()[0]) < Math.abs((long) run.strides()[0]))) {
                run = n;
            }
        }
        LoopPlan outer = nest;
        if (run != null) {
            List<Node> rest = new ArrayList<>(nest.nodes());
            rest.remove(run);
            outer = new LoopPlan(problem, List.copyOf(rest), unrolledFrom(rest, rest.size(), unrollLimit),
                    nest.base(), nest.virtualExtents());
        }
        // chunks of the split node add into disjoint values when it runs along a dim of every compensation
        int split = outer.splitNode(outer.nodes().size());
        if (split >= 0) {
            Node s = outer.nodes().get(split);
            if (s.isTable() || java.util.stream.IntStream.range(1, ops.size()).anyMatch(k -> s.strides()[k] == 0)) {
                split = -1;
            }
        }
        return new CompensationPlan(outer, Optional.ofNullable(run), split);
    }

    /** True when every node of {@code n}'s dim runs whole ranges: a virtual dim, or one its pieces divide. */
    private static boolean whole(Problem problem, List<Node> nodes, Node n) {
        if (n.dim() >= problem.rank()) {
            return true;
        }
        int size = problem.sizes()[n.dim()];
        return nodes.stream().filter(o -> o.dim() == n.dim()).allMatch(o -> size % (o.extent() * o.weight()) == 0);
    }

    /**
     * True when {@code problem} is a transpose {@link #plan} tiles by {@code tileSize} when it is
     * large enough: a nest of tiles is then another choice beside the untiled one.
     */
    public static boolean tiles(Problem problem, int tileSize) {
        List<Node> nodes = simplify(problem).nodes();
        return tile(nodes, tileSize) != nodes;
    }

    /** The innermost nodes whose extents multiply to at most {@code limit} are unrolled (up to {@code end}). */
    private static int unrolledFrom(List<Node> nodes, int end, long limit) {
        int from = end;
        long product = 1;
        while (from > 0 && product * nodes.get(from - 1).extent() <= limit) {
            product *= nodes.get(from - 1).extent();
            from--;
        }
        return from;
    }

    /** Steps 1 to 4: the ordered, coalesced nodes of a problem and its operands' base offsets. */
    private record Simplified(List<Node> nodes, int[] base, int[] virtualExtents, long elements) {
    }

    private static Simplified simplify(Problem problem) {
        int operands = problem.operands().size();
        int[] base = new int[operands];
        for (int k = 0; k < operands; k++) {
            base[k] = problem.operands().get(k).base();
        }
        List<Node> nodes = new ArrayList<>();
        boolean[] ragged = new boolean[problem.rank()];
        for (int d = 0; d < problem.rank(); d++) {
            for (int k = 0; k < operands; k++) {
                base[k] += problem.operands().get(k).terms().get(d).at(0);
            }
            List<Node> pieces = split(problem, d);
            int coarsest = pieces.get(0).weight();
            // A dim whose nodes overrun its logical size (a tail block, of the output or of any input's
            // blocking) needs ranges: its nodes must not be coalesced with another dim's.
            ragged[d] = problem.padded()[d] != problem.sizes()[d] || problem.padded()[d] % coarsest != 0;
            nodes.addAll(pieces);
        }
        nodes.removeIf(n -> n.extent() == 1);
        nodes.sort(Comparator.comparingLong((Node n) -> -orderKey(n, 0))
                .thenComparingLong(n -> -maxInputKey(n)));
        List<Integer> virtualExtents = new ArrayList<>();
        long elements = 1;
        for (int size : problem.sizes()) {
            elements *= size;
        }
        List<Node> coalesced = coalesce(problem, ragged, nodes, virtualExtents);
        return new Simplified(coalesced, base, virtualExtents.stream().mapToInt(Integer::intValue).toArray(), elements);
    }

    // ------------------------------------------------------------------ vector plans

    /**
     * A plan for vectors of {@code lanes} elements, or empty when neither form fits (the method
     * then gets the scalar plan):
     *
     * <ul>
     *   <li>{@link VectorPlan.Kind#CONTIGUOUS}: the innermost node is sequential in the output and
     *       in every input sequential, reversed (a -1 slice) or broadcast (stride 0). It is split
     *       into vector steps and a lane node of {@code lanes}; up to {@code unrollLimit / lanes}
     *       vector steps are unrolled.</li>
     *   <li>{@link VectorPlan.Kind#TRANSPOSE} (one input, {@code transposeLanes > 0}): the innermost
     *       node X is sequential in the output, another node Y in the input. Both are split into
     *       lane nodes of {@code transposeLanes} (which may be fewer than {@code lanes}: blocks
     *       narrower than the class's vectors), and each square block is transposed in registers
     *       ({@code ... > Y/t > X/t > [Y t x X t]}, the node of fewer steps innermost; see
     *       {@link #transposeSteps}). Above {@code tileAbove} elements, Y (or else X) is first
     *       tiled by {@link #VECTOR_TILE}, so that the lines a tile reads and writes stay cached
     *       until the tile has used them whole.</li>
     *   <li>{@link VectorPlan.Kind#INTERLEAVE} and {@link VectorPlan.Kind#DEINTERLEAVE} (one input,
     *       {@code interleavable}): 3, 5 or 7 channels interleaved into or out of a sequential run
     *       ({@link #channels}).</li>
     * </ul>
     *
     * Lane nodes of a partial range (a tail) are emitted as scalar statements, unless the class
     * planner gives a transpose {@link VectorPlan.TailBlocks}.
     */
    public static Optional<VectorPlan> planVector(Problem problem, int unrollLimit, int lanes, int transposeLanes,
                                                  boolean interleavable, long tileAbove) {
        return planVector(problem, unrollLimit, lanes, transposeLanes, interleavable, tileAbove, 1);
    }

    /**
     * The same, a transpose's Y node split into lane nodes of {@code unitRows * transposeLanes}
     * (X's stay {@code transposeLanes}) and taken only where Y is sequential in the input: the nest
     * of {@link VectorPlan#withUnits}, {@code unitRows} 2. A {@code 1} gives the plain nest.
     */
    public static Optional<VectorPlan> planVector(Problem problem, int unrollLimit, int lanes, int transposeLanes,
                                                  boolean interleavable, long tileAbove, int unitRows) {
        Simplified s = simplify(problem);
        List<Node> nodes = s.nodes();
        Optional<VectorPlan> none = Optional.empty();
        if (nodes.isEmpty()) {
            return none;
        }
        Node x = nodes.get(nodes.size() - 1);
        if (x.isTable() || x.weight() != 1 || x.strides()[0] != 1) {
            return none;
        }
        boolean contiguous = true;
        for (int k = 1; k < x.strides().length; k++) {
            int stride = x.strides()[k];
            contiguous &= stride == 1 || stride == 0 || stride == -1;
        }
        List<Node> out = new ArrayList<>(nodes.subList(0, nodes.size() - 1));
        if (contiguous && x.extent() >= lanes) {
            addSteps(out, x, lanes);
            int leaf = out.size();
            out.add(x.withExtent(lanes));
            return Optional.of(new VectorPlan(new LoopPlan(problem, List.copyOf(out),
                    unrolledFrom(out, leaf, Math.max(1, unrollLimit / lanes)), s.base(), s.virtualExtents()),
                    VectorPlan.Kind.CONTIGUOUS, leaf, lanes));
        }
        if (!contiguous && interleavable && x.strides().length == 2) {
            Optional<VectorPlan> channels = channels(problem, s, nodes, out, x, lanes);
            if (channels.isPresent()) {
                return channels;
            }
        }
        int t = transposeLanes;
        // one input, and a reorder's call-time values given per index (ClassPlanner.quantizedLanes
        // keeps only those read once per input row or loaded once per lane)
        if (contiguous || t < 2 || x.extent() < t || x.strides()[1] < t) {
            return none;
        }
        // Y's lane node: unitRows rows of the output per lane of the block
        int ty = unitRows * t;
        Node y = null;
        for (Node n : out) {
            if (!n.isTable() && n.weight() == 1 && n.extent() >= ty && n.strides()[1] == 1 && n.strides()[0] >= t
                    && finestOfItsDim(nodes, n)) {
                y = n;
            }
        }
        if (y == null) {
            return none;
        }
        out.remove(y);
        // (ty is a power of two up to 32, so a tile of Y holds whole blocks)
        if (s.elements() > tileAbove && y.extent() > VECTOR_TILE) {
            out.add(block(y, VECTOR_TILE));
            addSteps(out, x, t);
            addSteps(out, y.withExtent(VECTOR_TILE), ty);
        } else if (s.elements() > tileAbove && x.extent() > VECTOR_TILE) {
            out.add(block(x, VECTOR_TILE));
            addSteps(out, y, ty);
            addSteps(out, x.withExtent(VECTOR_TILE), t);
        } else {
            transposeSteps(out, x, y, t, ty);
        }
        int leaf = out.size();
        out.add(y.withExtent(ty));
        out.add(x.withExtent(t));
        return Optional.of(new VectorPlan(new LoopPlan(problem, List.copyOf(out), leaf, s.base(), s.virtualExtents()),
                VectorPlan.Kind.TRANSPOSE, leaf, t));
    }

    /**
     * The block steps of an untiled transpose, the node of fewer steps innermost. One sweep of
     * the inner steps then touches a few lines on each side, and the next outer step uses the
     * rest of those lines while they are still in L1. The other way round, the inner steps run
     * the whole length of one side, using a block's width of each line, and every further
     * outer step reads those lines again from L2: nChw16c to nchw 1x64x56x56 in 4x4 blocks
     * took 47 us with c4[4] outside hw4[784], and 35 us inside it (JDK 25, by hand).
     */
    private static void transposeSteps(List<Node> out, Node x, Node y, int tx, int ty) {
        boolean xInner = ceilDiv(x.extent(), tx) <= ceilDiv(y.extent(), ty);
        addSteps(out, xInner ? y : x, xInner ? ty : tx);
        addSteps(out, xInner ? x : y, xInner ? tx : ty);
    }

    /** The most channels {@link VectorPlan.Kind#INTERLEAVE} and {@link VectorPlan.Kind#DEINTERLEAVE} take. */
    public static final int MAX_INTERLEAVED_CHANNELS = 7;

    /**
     * True when {@code channels} interleaved elements spread over vectors of {@code lanes}:
     * an odd count from 3 to {@link #MAX_INTERLEAVED_CHANNELS}, below the lanes. Odd, because
     * with a power-of-two lane count the {@code lanes} elements of one channel then land on
     * {@code lanes} different lanes, so one rearrange puts each of them in place.
     */
    public static boolean interleavable(int channels, int lanes) {
        return channels % 2 == 1 && channels >= 3 && channels <= MAX_INTERLEAVED_CHANNELS && channels < lanes;
    }

    /**
     * A few channels (colour planes) interleaved into, or out of, one sequential run. Y is a node
     * sequential in the input. Either the innermost node X is the channel node, and Y (the
     * pixels) is as many elements apart in the output as there are channels
     * ({@code ... > Y/lanes > [Y lanes x X]}); or X is the pixel node, its elements as many
     * apart in the input as Y (the channel node) has elements ({@code ... > X/lanes > [Y x X lanes]}).
     * Neither is a {@code lanes x lanes} transpose, and scalar code moves one element per store.
     */
    private static Optional<VectorPlan> channels(Problem problem, Simplified s, List<Node> nodes, List<Node> out,
                                                 Node x, int lanes) {
        for (boolean toInterleaved : new boolean[] {true, false}) {
            int channels = toInterleaved ? x.extent() : x.strides()[1];
            if (!interleavable(channels, lanes) || !toInterleaved && x.extent() < lanes) {
                continue;
            }
            for (Node y : out) {
                boolean fits = !y.isTable() && y.weight() == 1 && y.strides()[1] == 1 && finestOfItsDim(nodes, y)
                        && (toInterleaved ? y.strides()[0] == channels && y.extent() >= lanes : y.extent() == channels);
                if (!fits) {
                    continue;
                }
                List<Node> loops = new ArrayList<>(out);
                loops.remove(y);
                addSteps(loops, toInterleaved ? y : x, lanes);
                int leaf = loops.size();
                loops.add(toInterleaved ? y.withExtent(lanes) : y);
                loops.add(toInterleaved ? x : x.withExtent(lanes));
                return Optional.of(new VectorPlan(new LoopPlan(problem, List.copyOf(loops), leaf, s.base(),
                        s.virtualExtents()), toInterleaved ? VectorPlan.Kind.INTERLEAVE : VectorPlan.Kind.DEINTERLEAVE,
                        leaf, lanes));
            }
        }
        return Optional.empty();
    }

    /**
     * Tile edge of vector transposes beyond the L2 cache: 64 elements, measured best among 8 to 256
     * for NCHW to NHWC 1x64x256x256 (2.9 ms against 5.8 ms at 16; see the README).
     */
    public static final int VECTOR_TILE = 64;

    /** The node stepping {@code n} by whole vectors, unless there is only one step. */
    private static void addSteps(List<Node> out, Node n, int lanes) {
        if (n.extent() > lanes) {
            Node steps = block(n, lanes);
            String name = Character.isDigit(n.name().charAt(n.name().length() - 1)) ? n.name() + "v" + lanes : n.name() + lanes;
            out.add(new Node(steps.dim(), name, steps.extent(), steps.weight(), steps.strides()));
        }
    }

    /** Output stride of a node; for a table node, the output's step per index. */
    private static long orderKey(Node n, int operand) {
        if (n.isTable()) {
            return n.termCount(operand) > 1 ? Math.abs(n.term(operand, 1)) : 0;
        }
        return Math.abs((long) n.strides()[operand]);
    }

    private static long maxInputKey(Node n) {
        long max = 0;
        for (int k = 1; k < n.strides().length; k++) {
            max = Math.max(max, orderKey(n, k));
        }
        return max;
    }

    // ------------------------------------------------------------------ splitting a dim

    static List<Node> split(Problem problem, int d) {
        int padded = problem.padded()[d];
        char letter = Character.toLowerCase(problem.dims().charAt(d));
        List<Operand> ops = problem.operands();
        TreeSet<Integer> weights = new TreeSet<>();
        weights.add(1);
        for (Operand op : ops) {
            List<Integer> found = radices(op.terms().get(d));
            if (found == null) {
                return List.of(table(problem, d, letter));
            }
            weights.addAll(found);
        }
        List<Integer> w = new ArrayList<>(weights);
        for (int k = 1; k < w.size(); k++) {
            if (w.get(k) % w.get(k - 1) != 0) {
                return List.of(table(problem, d, letter));
            }
        }
        if (w.size() > MAX_NODES_PER_DIM) {
            return List.of(table(problem, d, letter));
        }
        for (Operand op : ops) {
            if (firstMiss(op.terms().get(d), w) != NONE) {
                return List.of(table(problem, d, letter));
            }
        }
        List<Node> nodes = new ArrayList<>();
        for (int k = w.size() - 1; k >= 0; k--) {
            int weight = w.get(k);
            int extent = k == w.size() - 1 ? ceilDiv(padded, weight) : w.get(k + 1) / weight;
            int[] strides = new int[ops.size()];
            for (int o = 0; o < ops.size(); o++) {
                OffsetTerm t = ops.get(o).terms().get(d);
                strides[o] = weight < t.extent() ? t.at(weight) - t.at(0) : 0;
            }
            String name = weight == 1 ? String.valueOf(letter) : letter + String.valueOf(weight);
            nodes.add(new Node(d, name, extent, weight, strides));
        }
        return nodes;
    }

    /** {@link #firstMiss}: the mixed radix predicts every term. */
    static final int NONE = -1;
    /** {@link #firstMiss}: the terms repeat over more than {@link #MAX_CHECKED} indices, and are not checked. */
    static final int UNCHECKED = -2;

    /**
     * The most indices {@link #firstMiss} compares one by one: the terms of a dim repeat every
     * {@link OffsetTerm#period()} indices (at most the product of its blocks), so only a block
     * structure larger than this (a block of a million elements) is left unchecked, and its dim
     * becomes a table node.
     */
    static final int MAX_CHECKED = 1 << 16;

    /**
     * The weights at which a term sequence changes stride, found greedily: start with weight 1,
     * and wherever the prediction first fails, that index becomes the next weight. Null when the
     * next weight is not a multiple of the last (no mixed radix fits), or when that cannot be
     * checked.
     */
    static List<Integer> radices(OffsetTerm t) {
        List<Integer> w = new ArrayList<>();
        w.add(1);
        while (w.size() <= MAX_NODES_PER_DIM) {
            int miss = firstMiss(t, w);
            if (miss == NONE) {
                return w;
            }
            if (miss == UNCHECKED || miss % w.get(w.size() - 1) != 0) {
                return null;
            }
            w.add(miss);
        }
        return null;
    }

    /**
     * The first index whose term the mixed radix {@code w} (with strides read off {@code t})
     * mispredicts, {@link #NONE}, or {@link #UNCHECKED}. Per block structure, not per index: the
     * terms and the prediction both grow by a constant every {@code P} indices, {@code P} the least
     * common multiple of the terms' period and the coarsest weight; so when the first {@code P}
     * indices match, either all do (the growths are equal) or index {@code P} is the first miss.
     */
    static int firstMiss(OffsetTerm t, List<Integer> w) {
        int extent = t.extent();
        int n = w.size();
        long t0 = t.at(0);
        long[] strides = new long[n];
        for (int k = 0; k < n; k++) {
            strides[k] = w.get(k) < extent ? t.at(w.get(k)) - t0 : 0;
        }
        long period = lcm(t.period(), w.get(n - 1));
        long checked = Math.min(extent, period);
        if (checked > MAX_CHECKED) {
            return UNCHECKED;
        }
        for (int i = 0; i < checked; i++) {
            if (predict(i, t0, w, strides) != t.at(i)) {
                return i;
            }
        }
        if (period >= extent) {
            return NONE;
        }
        int p = (int) period;
        return predict(p, t0, w, strides) != t.at(p) ? p : NONE;
    }

    private static long predict(int i, long t0, List<Integer> w, long[] strides) {
        int n = w.size();
        long predicted = t0;
        for (int k = 0; k < n; k++) {
            long digit = k == n - 1 ? i / w.get(k) : (i / w.get(k)) % (w.get(k + 1) / w.get(k));
            predicted += digit * strides[k];
        }
        return predicted;
    }

    private static long lcm(long a, long b) {
        long x = a;
        long y = b;
        while (y != 0) {
            long r = x % y;
            x = y;
            y = r;
        }
        return a / x * b;
    }

    /** Table nodes longer than this compute their offsets instead: a literal table costs bytecode per entry. */
    static final int MAX_TABLE = 256;

    private static Node table(Problem problem, int d, char letter) {
        List<Operand> ops = problem.operands();
        int extent = problem.padded()[d];
        if (extent > MAX_TABLE) {
            OffsetTerm[] terms = new OffsetTerm[ops.size()];
            for (int o = 0; o < ops.size(); o++) {
                terms[o] = ops.get(o).terms().get(d);
            }
            return new Node(d, String.valueOf(letter), extent, 1, new int[ops.size()], null, terms);
        }
        int[][] tables = new int[ops.size()][];
        for (int o = 0; o < ops.size(); o++) {
            OffsetTerm t = ops.get(o).terms().get(d);
            tables[o] = new int[t.extent()];
            for (int i = 0; i < t.extent(); i++) {
                tables[o][i] = t.at(i) - t.at(0);
            }
        }
        return new Node(d, String.valueOf(letter), extent, 1, new int[ops.size()], tables, null);
    }

    // ------------------------------------------------------------------ tiling transposes

    /**
     * A transpose: the innermost node X writes sequentially but jumps in the input (stride of a
     * cache line or more), while another node Y is the input's sequential one. Both are split into
     * tiles of {@code t}, and the order becomes {@code ... > Xblock > Yblock > Ytile > Xtile}: a
     * tile reads t lines and writes t lines, and each line is used whole before it leaves the
     * cache. Partial tiles are ordinary range segments.
     */
    private static List<Node> tile(List<Node> nodes, int t) {
        if (t < 2 || nodes.size() < 2 || nodes.get(0).strides().length < 2) {
            return nodes;
        }
        Node x = nodes.get(nodes.size() - 1);
        if (x.isTable() || Math.abs((long) x.strides()[1]) < t || x.extent() < t / 2) {
            return nodes;
        }
        Node y = null;
        for (Node n : nodes.subList(0, nodes.size() - 1)) {
            if (!n.isTable() && n.extent() >= t && Math.abs((long) n.strides()[1]) < t
                    && Math.abs((long) n.strides()[0]) >= t && (y == null
                    || Math.abs((long) n.strides()[1]) < Math.abs((long) y.strides()[1]))) {
                y = n;
            }
        }
        if (y == null || !finestOfItsDim(nodes, y)) {
            return nodes;
        }
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            if (n != x && n != y) {
                out.add(n);
            }
        }
        out.add(block(x, t));
        out.add(block(y, t));
        out.add(new Node(y.dim(), y.name(), Math.min(t, y.extent()), y.weight(), y.strides()));
        out.add(new Node(x.dim(), x.name(), Math.min(t, x.extent()), x.weight(), x.strides()));
        out.removeIf(n -> n.extent() == 1);
        return out;
    }

    /** The most streams {@link #interleave} lets one loop write at once. */
    static final int INTERLEAVE_STREAMS = 16;

    /**
     * An untiled transpose whose input-sequential node Y is short (3 colour channels, the 16
     * lanes of an nChw16c block) and whose innermost node X is long: Y moves innermost, where it
     * is unrolled, so the input is read in order and the output is written as Y's few sequential
     * streams, instead of re-reading the whole input once per step of Y with a stride. Measured by hand-written loops, one JVM:
     * nChw16c to nchw 1x64x56x56 146 us to 73 us, NHWC to NCHW 1x3x224x224 95 us to 55 us
     * (JDK 17); JDK 25 gains as much on the first and nothing on the second.
     */
    private static List<Node> interleave(List<Node> nodes) {
        if (nodes.size() < 2 || nodes.get(0).strides().length != 2) {
            return nodes;
        }
        Node x = nodes.get(nodes.size() - 1);
        if (x.isTable() || Math.abs((long) x.strides()[1]) < 2 || x.extent() <= INTERLEAVE_STREAMS) {
            return nodes;
        }
        for (Node y : nodes.subList(0, nodes.size() - 1)) {
            if (!y.isTable() && y.strides()[1] == 1 && y.extent() <= INTERLEAVE_STREAMS && finestOfItsDim(nodes, y)) {
                List<Node> out = new ArrayList<>(nodes);
                out.remove(y);
                out.add(y);
                return out;
            }
        }
        return nodes;
    }

    /** Moving a node's tile inward must not pass a finer node of the same dim (ranges go coarse to fine). */
    private static boolean finestOfItsDim(List<Node> nodes, Node n) {
        return nodes.stream().noneMatch(o -> o != n && o.dim() == n.dim() && o.weight() < n.weight());
    }

    private static Node block(Node n, int t) {
        int[] strides = new int[n.strides().length];
        for (int k = 0; k < strides.length; k++) {
            strides[k] = (int) Math.min(Integer.MAX_VALUE, (long) n.strides()[k] * t);
        }
        return new Node(n.dim(), n.name() + "Block", ceilDiv(n.extent(), t), n.weight() * t, strides);
    }

    // ------------------------------------------------------------------ coalescing

    /**
     * Merges an outer node into the inner one below it when, in every operand, stepping the
     * outer node once equals stepping the inner one through its whole extent. Nodes of a dim with
     * pad lanes keep their own identity unless they are consecutive pieces of that same dim, so
     * that tail ranges stay expressible.
     */
    private static List<Node> coalesce(Problem problem, boolean[] ragged, List<Node> nodes,
                                       List<Integer> virtualExtents) {
        int[] perDim = new int[problem.rank()];
        for (Node n : nodes) {
            perDim[n.dim()]++;
        }
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            if (!out.isEmpty()) {
                Node a = out.get(out.size() - 1);
                Node m = merge(problem, ragged, perDim, a, n, virtualExtents);
                if (m != null) {
                    out.set(out.size() - 1, m);
                    continue;
                }
            }
            out.add(n);
        }
        return out;
    }

    private static Node merge(Problem problem, boolean[] ragged, int[] perDim, Node a, Node b,
                              List<Integer> virtualExtents) {
        if (a.isTable() || b.isTable()) {
            return null;
        }
        for (int k = 0; k < a.strides().length; k++) {
            if ((long) a.strides()[k] != (long) b.strides()[k] * b.extent()) {
                return null;
            }
        }
        long extent = (long) a.extent() * b.extent();
        if (extent > Integer.MAX_VALUE) {
            return null;
        }
        String name = a.name() + b.name();
        if (a.dim() == b.dim() && a.weight() == b.weight() * b.extent()) {
            if (b.dim() >= problem.rank()) {
                virtualExtents.set(b.dim() - problem.rank(), (int) extent);
            } else {
                perDim[b.dim()]--;
            }
            return new Node(b.dim(), name, (int) extent, b.weight(), b.strides());
        }
        // Across dims only whole dims merge: a dim with another node left still needs its range.
        if (isRagged(problem, ragged, a) || isRagged(problem, ragged, b) || !whole(problem, perDim, a)
                || !whole(problem, perDim, b)) {
            return null;
        }
        // Pieces of several dims become one virtual dim (numbered after the real ones) with its own range.
        virtualExtents.add((int) extent);
        return new Node(problem.rank() + virtualExtents.size() - 1, name, (int) extent, 1, b.strides());
    }

    private static boolean whole(Problem problem, int[] perDim, Node n) {
        return n.dim() >= problem.rank() || perDim[n.dim()] == 1;
    }

    private static boolean isRagged(Problem problem, boolean[] ragged, Node n) {
        return n.dim() < problem.rank() && ragged[n.dim()];
    }

    static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }
}

package dev.strider.processor.writer;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import dev.strider.layout.OffsetTerm;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.plan.LoopPlan;
import dev.strider.processor.plan.Node;
import dev.strider.processor.plan.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Emits the loop nest of a {@link LoopPlan} as Java statements with literal sizes, strides and
 * offsets. The main nest visits every logical element once; for a blocked output, pad nests
 * then write zeros into the pad lanes. A dim whose range is partial (the tail block of a padded
 * dim) is emitted as segments: the full blocks as a loop, the tail block as a fixed index with
 * a shorter range below it.
 */
final class NestWriter {

    /**
     * Loops of at most this many iterations above a vector statement are written out. C2 turned
     * a 2-iteration loop around an 8x8 transpose into slow code on JDK 25 (nchw to nChw8c
     * 1x17x5x4: 323 ns as a loop, 106 ns written out; -XX:LoopUnrollLimit=0 did the same).
     */
    static final int SHORT_VECTOR_LOOP = 2;
    private final LoopPlan plan;
    private final Identifiers ids;
    private final KernelMethod method;
    private final Identifiers.Scope scope;
    private final List<FieldSpec> tables = new ArrayList<>();
    private int statements;
    private int loops;
    /** While {@link #logical} runs with a vector statement: the first lane node, else -1. */
    private int leaf = -1;
    private Function<List<CodeBlock>, CodeBlock> vector;
    /** The node whose loop runs over {@code [from, to)} instead of its whole extent, or -1. */
    private int split = -1;
    private String from;
    private String to;

    /**
     * @param ids    names the static tables for short non-linear dims ({@code FLIP_SRC_W})
     * @param method the method whose nest this is
     * @param scope  the method body's locals
     */
    NestWriter(LoopPlan plan, Identifiers ids, KernelMethod method, Identifiers.Scope scope) {
        this.plan = plan;
        this.ids = ids;
        this.method = method;
        this.scope = scope;
        for (Node n : plan.nodes()) {
            if (n.isLiteralTable()) {
                for (int o = 0; o < n.tables().length; o++) {
                    tables.add(FieldSpec.builder(ArrayTypeName.of(TypeName.INT), tableName(n, o),
                                    Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer("$L", intArray(n.tables()[o]))
                            .build());
                }
            }
        }
    }

    /**
     * Makes node {@code k} (a loop over its whole extent: see {@link LoopPlan#splitNode}) run over
     * {@code [from, to)}, two int variables of the method: a chunk of a THREADS kernel.
     */
    void splitAt(int k, String fromVariable, String toVariable) {
        this.split = k;
        this.from = fromVariable;
        this.to = toVariable;
    }

    /** Static offset tables the nests refer to. */
    List<FieldSpec> tables() {
        return tables;
    }

    /** Element statements plus loops emitted so far, for the method-size estimate. */
    int statements() {
        return statements;
    }

    int loops() {
        return loops;
    }

    /** Every logical element once; {@code element} builds the statement from each operand's offset. */
    CodeBlock logical(Function<List<CodeBlock>, CodeBlock> element) {
        return logical(element, -1, null);
    }

    /**
     * Every logical element once, the nodes from {@code leaf} on covered by one {@code vector}
     * statement wherever their ranges are whole, by {@code element} statements elsewhere (tails).
     */
    CodeBlock logical(Function<List<CodeBlock>, CodeBlock> element, int leaf,
                      Function<List<CodeBlock>, CodeBlock> vector) {
        this.leaf = leaf;
        this.vector = vector;
        try {
            return logicalNest(element);
        } finally {
            this.leaf = -1;
            this.vector = null;
        }
    }

    private CodeBlock logicalNest(Function<List<CodeBlock>, CodeBlock> element) {
        Problem p = plan.problem();
        int[][] range = ranges();
        for (int d = 0; d < p.rank(); d++) {
            range[d] = new int[] {0, p.sizes()[d]};
        }
        CodeBlock.Builder code = CodeBlock.builder();
        emit(code, 0, range, allOperands(), startOffsets(), element);
        return code.build();
    }

    /** Zeros into every pad lane of the output (empty when it has none); never split into chunks. */
    CodeBlock padLanes(Function<CodeBlock, CodeBlock> zero) {
        return padNests(zero, -1, 0, null);
    }

    /**
     * The pad nests, never split into chunks; dim {@code wide}, if not -1, from {@code wideFrom}
     * (below its size: real lanes too), its innermost node covered by {@code zeroVector}
     * statements wherever whole.
     */
    private CodeBlock padNests(Function<CodeBlock, CodeBlock> zero, int wide, int wideFrom,
                               Function<List<CodeBlock>, CodeBlock> zeroVector) {
        Problem p = plan.problem();
        CodeBlock.Builder code = CodeBlock.builder();
        int splitNode = split;
        split = -1;
        for (int d = 0; d < p.rank(); d++) {
            if (p.padded()[d] == p.sizes()[d]) {
                continue;
            }
            int from = d == wide ? wideFrom : p.sizes()[d];
            int[][] range = ranges();
            for (int e = 0; e < p.rank(); e++) {
                range[e] = e == d ? new int[] {from, p.padded()[e]} : new int[] {0, p.padded()[e]};
            }
            char dim = p.dims().charAt(d);
            if (d == wide) {
                code.add("// pad lanes: $L $L..$L, zeroed a whole vector at a time from $L $L on (the nest below writes $L $L..$L)\n",
                        dim, p.sizes()[d], p.padded()[d] - 1, dim, from, dim, from, p.sizes()[d] - 1);
                leaf = plan.nodes().size() - 1;
                vector = zeroVector;
            } else {
                code.add("// pad lanes: $L $L..$L\n", dim, p.sizes()[d], p.padded()[d] - 1);
            }
            try {
                emit(code, 0, range, new int[] {0}, startOffsets(), offsets -> zero.apply(offsets.get(0)));
            } finally {
                leaf = -1;
                vector = null;
            }
        }
        split = splitNode;
        return code.build();
    }

    /**
     * Zeros into every pad lane of the output, the innermost node's padded dim in whole vectors,
     * or empty when that does not apply. The vectors are of {@code maxLanes}, or of fewer (halved
     * down to {@code minLanes}) to fit a shorter node, such as the 4 lanes of a 4x4 transpose in a
     * class of 8. That node must write sequentially, be the
     * finest piece of a padded dim, and be whole vectors long; then the tail block of its dim
     * (from the first index of the block that holds the dim's last index up to the padded size)
     * is zeroed whole with {@code zeroVector} statements, real lanes included. So these
     * statements must run before the logical nest, which then writes the real lanes, and never
     * beside it in chunks. Other padded dims get the scalar pad nest, as in {@link #padLanes}.
     * A block of 8 floats holding one real channel is then one vector store and one scalar store
     * instead of eight scalar stores.
     */
    Optional<CodeBlock> padLanesInVectors(int maxLanes, int minLanes,
                                          IntFunction<Function<CodeBlock, CodeBlock>> zeroVector,
                                          Function<CodeBlock, CodeBlock> zero) {
        Problem p = plan.problem();
        List<Node> nodes = plan.nodes();
        Node x = nodes.get(nodes.size() - 1);
        int lanes = maxLanes;
        while (lanes > minLanes && x.extent() % lanes != 0) {
            lanes /= 2;
        }
        int wide = x.dim();
        if (x.isTable() || x.weight() != 1 || x.strides()[0] != 1 || wide >= p.rank()
                || p.padded()[wide] == p.sizes()[wide] || x.extent() % lanes != 0 || p.padded()[wide] % x.extent() != 0) {
            return Optional.empty();
        }
        int from = p.sizes()[wide] / x.extent() * x.extent();
        Function<CodeBlock, CodeBlock> vector = zeroVector.apply(lanes);
        int step = lanes;
        Function<List<CodeBlock>, CodeBlock> stores = offsets -> {
            CodeBlock.Builder b = CodeBlock.builder();
            for (int v = 0; v < x.extent(); v += step) {
                b.add(vector.apply(plus(offsets.get(0), v)));
            }
            return b.build();
        };
        return Optional.of(padNests(zero, wide, from, stores));
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

    private int[] allOperands() {
        int[] all = new int[plan.problem().operands().size()];
        for (int k = 0; k < all.length; k++) {
            all[k] = k;
        }
        return all;
    }

    private Offset[] startOffsets() {
        Offset[] start = new Offset[plan.base().length];
        for (int k = 0; k < start.length; k++) {
            start[k] = new Offset(null, plan.base()[k]);
        }
        return start;
    }

    private static final Pattern OFFSET_CODE = Pattern.compile("(-?\\d+)|(\\w+)(?: ([+-]) (\\d+))?");

    /**
     * {@code offset + more}, the literal folded in when {@code offset} is an operand's offset as
     * this writer emits it ({@code srcHw4 + 80} plus 20 is {@code srcHw4 + 100}).
     */
    static CodeBlock plus(CodeBlock offset, long more) {
        Matcher m = OFFSET_CODE.matcher(offset.toString());
        if (!m.matches()) {
            return more == 0 ? offset : CodeBlock.of(more > 0 ? "$L + $L" : "$L - $L", offset, Math.abs(more));
        }
        if (m.group(1) != null) {
            return new Offset(null, Long.parseLong(m.group(1)) + more).code();
        }
        long literal = m.group(3) == null ? 0 : Long.parseLong(m.group(4)) * (m.group(3).equals("-") ? -1 : 1);
        return new Offset(m.group(2), literal + more).code();
    }

    /** An operand's offset: a local variable (or none) plus a literal. */
    private record Offset(String variable, long literal) {
        Offset plus(long more) {
            return new Offset(variable, literal + more);
        }

        CodeBlock code() {
            if (variable == null) {
                return CodeBlock.of("$L", literal);
            }
            if (literal == 0) {
                return CodeBlock.of("$N", variable);
            }
            return literal > 0 ? CodeBlock.of("$N + $L", variable, literal) : CodeBlock.of("$N - $L", variable, -literal);
        }
    }

    private void emit(CodeBlock.Builder code, int k, int[][] range, int[] used, Offset[] at,
                      Function<List<CodeBlock>, CodeBlock> element) {
        List<Node> nodes = plan.nodes();
        boolean vectorLeaf = k == leaf && lanesWhole(range);
        if (k == nodes.size() || vectorLeaf) {
            List<CodeBlock> offsets = new ArrayList<>();
            for (int o : used) {
                offsets.add(at[o].code());
            }
            code.add(vectorLeaf ? vector.apply(offsets) : element.apply(offsets));
            statements++;
            return;
        }
        Node n = nodes.get(k);
        int lo = range[n.dim()][0];
        int hi = range[n.dim()][1];
        if (n.weight() == 1) {
            iterate(code, k, n, lo, hi, range, used, at, element);
            return;
        }
        // Segments of a blocked piece: a head partial block, full blocks, a tail partial block.
        int w = n.weight();
        int qlo = lo / w;
        int qhi = (hi - 1) / w;
        if (qlo == qhi) {
            withRange(code, k, n, qlo, qlo + 1, lo - qlo * w, hi - qlo * w, range, used, at, element);
            return;
        }
        int first = qlo;
        if (lo % w != 0) {
            withRange(code, k, n, first, first + 1, lo % w, w, range, used, at, element);
            first++;
        }
        int last = hi / w;
        if (last > first) {
            withRange(code, k, n, first, last, 0, w, range, used, at, element);
        }
        if (hi % w != 0) {
            withRange(code, k, n, last, last + 1, 0, hi % w, range, used, at, element);
        }
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

    private void withRange(CodeBlock.Builder code, int k, Node n, int qa, int qb, int lowerLo, int lowerHi,
                           int[][] range, int[] used, Offset[] at, Function<List<CodeBlock>, CodeBlock> element) {
        int[][] inner = range.clone();
        inner[n.dim()] = new int[] {lowerLo, lowerHi};
        if (lowerHi - lowerLo < n.weight()) {
            code.add("// $L $L: $L of $L lanes below\n", n.name(), qb - qa == 1 ? "= " + qa : qa + ".." + (qb - 1),
                    lowerHi - lowerLo, n.weight());
        }
        iterate(code, k, n, qa, qb, inner, used, at, element);
    }

    /** Node {@code k} over {@code [a, b)}: a loop, a fixed index, or unrolled copies. */
    private void iterate(CodeBlock.Builder code, int k, Node n, int a, int b, int[][] range, int[] used,
                         Offset[] at, Function<List<CodeBlock>, CodeBlock> element) {
        boolean shortAboveVector = leaf >= 0 && k < leaf && b - a <= SHORT_VECTOR_LOOP;
        if (k != split && (b - a == 1 || k >= plan.unrolledFrom() || shortAboveVector)) {
            for (int q = a; q < b; q++) {
                Offset[] next = at.clone();
                for (int o : used) {
                    next[o] = at[o].plus(step(n, o, q));
                }
                emit(code, k + 1, range, used, next, element);
            }
            return;
        }
        String var = local(n.name());
        if (k == split) {
            code.beginControlFlow("for (int $N = $N; $N < $N; $N++)", var, from, var, to, var);
        } else {
            code.beginControlFlow("for (int $N = $L; $N < $L; $N++)", var, a, var, b, var);
        }
        loops++;
        Offset[] next = at.clone();
        for (int o : used) {
            String operand = plan.problem().operands().get(o).name();
            Offset from = at[o];
            long stride = n.isTable() ? 0 : n.strides()[o];
            CodeBlock term = null;
            if (n.isLiteralTable()) {
                term = CodeBlock.of("$N[$N]", tableName(n, o), var);
            } else if (n.isTable() && n.terms()[o].period() > 1) {
                // computed from the index itself, so the term at index 0 comes off the parent's offset
                term = computed(n.terms()[o], var);
                from = from.plus(-n.terms()[o].at(0));
            } else if (n.isTable()) {
                stride = n.terms()[o].increment();
            }
            if (term == null) {
                if (stride == 0) {
                    continue;
                }
                term = stride == 1 ? CodeBlock.of("$N", var) : CodeBlock.of("$N * $L", var, stride);
            }
            String name = local(operand + Character.toUpperCase(n.name().charAt(0)) + n.name().substring(1));
            CodeBlock parent = from.code();
            boolean zero = from.variable() == null && from.literal() == 0;
            code.addStatement("int $N = $L", name, zero ? term : CodeBlock.of("$L + $L", parent, term));
            next[o] = new Offset(name, 0);
        }
        emit(code, k + 1, range, used, next, element);
        code.endControlFlow();
    }

    private static long step(Node n, int operand, int q) {
        return n.isTable() ? n.term(operand, q) : (long) q * n.strides()[operand];
    }

    /**
     * The offset term of a non-linear dim too long for a table, computed from loop variable
     * {@code var}: {@code (3 + 3 * c) / 8 * 16 + (3 + 3 * c) % 8} for every third channel from 3 of
     * nCw8c. Every value stays within the buffer, so int arithmetic is exact.
     */
    static CodeBlock computed(OffsetTerm t, String var) {
        CodeBlock index;
        if (t.step() == 0) {
            index = CodeBlock.of("$L", t.start());
        } else {
            CodeBlock scaled = Math.abs(t.step()) == 1 ? CodeBlock.of("$N", var)
                    : CodeBlock.of("$L * $N", Math.abs(t.step()), var);
            index = t.start() == 0 && t.step() > 0 ? scaled
                    : CodeBlock.of("($L $L $L)", t.start(), t.step() > 0 ? "+" : "-", scaled);
        }
        CodeBlock.Builder sum = CodeBlock.builder();
        boolean first = true;
        for (OffsetTerm.Piece p : t.pieces()) {
            if (p.stride() == 0) {
                continue;
            }
            CodeBlock.Builder piece = CodeBlock.builder().add("$L", index);
            if (p.divisor() != 1) {
                piece.add(" / $L", p.divisor());
            }
            if (p.modulus() != 0) {
                piece.add(" % $L", p.modulus());
            }
            if (p.stride() != 1) {
                piece.add(" * $L", p.stride());
            }
            sum.add(first ? "$L" : " + $L", piece.build());
            first = false;
        }
        return first ? CodeBlock.of("0") : sum.build();
    }

    private String local(String name) {
        return scope.local(name);
    }

    /** The method body's locals: vector statements inside the nest take their names here too. */
    Identifiers.Scope scope() {
        return scope;
    }

    private String tableName(Node n, int operand) {
        return ids.table(method, plan.problem().operands().get(operand).name(), n.name());
    }

    private static CodeBlock intArray(int[] values) {
        CodeBlock.Builder b = CodeBlock.builder().add("{");
        for (int i = 0; i < values.length; i++) {
            b.add(i == 0 ? "$L" : ", $L", values[i]);
        }
        return b.add("}").build();
    }
}

package dev.strider.processor.writer;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeName;
import dev.strider.layout.OffsetTerm;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.plan.LoopPlan;
import dev.strider.processor.plan.NestWalk;
import dev.strider.processor.plan.PadVectors;
import dev.strider.processor.plan.Node;
import dev.strider.processor.plan.Problem;
import dev.strider.processor.plan.VectorPlan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Emits the loop nest of a {@link LoopPlan} as Java statements with literal sizes, strides and
 * offsets, along the {@link NestWalk} the planner sizes it by. The main nest visits every
 * logical element once; for a blocked output, pad nests then write zeros into the pad lanes.
 */
final class NestWriter extends NestWalk<NestWriter.Offset[]> {

    private final Identifiers ids;
    private final KernelMethod method;
    private final Identifiers.Scope scope;
    private final List<FieldSpec> tables = new ArrayList<>();
    /** During a walk: the code, the operands it offsets, and the statements at its leaves. */
    private CodeBlock.Builder code;
    /** The builders of the code around loops whose walk {@link #holdBack} holds back, innermost first. */
    private final ArrayDeque<CodeBlock.Builder> held = new ArrayDeque<>();
    private int[] used;
    private Function<List<CodeBlock>, CodeBlock> element;
    private Function<List<CodeBlock>, CodeBlock> vector;
    private TailStatement tail;
    /** The chunk bounds of the split node, when there is one. */
    private String from;
    private String to;
    /** Operands whose element is read once where its offset stops changing: how to read it, and its type. */
    private final Map<Integer, Hoist> hoists = new HashMap<>();
    /** The type of loop variables and offsets: {@code int}, or {@code long} on segments alone. */
    private final TypeName index;
    /** Per operand, what one element adds to its offsets ({@code 4} for floats counted in bytes); null: 1 each. */
    private final long[] units;
    /** Offset variable to the variable holding the element read there ({@link #hoist}). */
    private final Map<String, String> values = new HashMap<>();

    /** How a hoisted operand's element is read at an offset, and the Java type of the value. */
    record Hoist(TypeName type, Function<CodeBlock, CodeBlock> read) {
    }

    /**
     * @param ids    names the static tables for short non-linear dims ({@code FLIP_SRC_W})
     * @param method the method whose nest this is
     * @param scope  the method body's locals
     */
    NestWriter(LoopPlan plan, Identifiers ids, KernelMethod method, Identifiers.Scope scope) {
        this(plan, ids, method, scope, false);
    }

    /** @param longOffsets the loop variables and offsets are {@code long}s ({@code MethodPlan.longOffsets}) */
    NestWriter(LoopPlan plan, Identifiers ids, KernelMethod method, Identifiers.Scope scope, boolean longOffsets) {
        this(plan, ids, method, scope, longOffsets, null);
    }

    /**
     * @param units per operand, what one element adds to its offsets: its size in bytes where the
     *              nest counts that operand's offsets in bytes ({@code MethodPlan.byteOffsets}), else 1;
     *              null for elements everywhere
     */
    NestWriter(LoopPlan plan, Identifiers ids, KernelMethod method, Identifiers.Scope scope, boolean longOffsets,
               long[] units) {
        super(plan);
        this.units = units;
        if (units != null && plan.nodes().stream().anyMatch(Node::isTable)) {
            throw new IllegalArgumentException("offsets in bytes take no offset table: " + plan.describe());
        }
        this.ids = ids;
        this.method = method;
        this.scope = scope;
        this.index = longOffsets ? TypeName.LONG : TypeName.INT;
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
        splitAt(k);
        this.from = fromVariable;
        this.to = toVariable;
    }

    /**
     * Reads operand {@code operand}'s element once per loop, where its offset stops changing: at
     * the loop that declares its offset, when every node inside has stride 0 for it, the value is
     * read into a local there ({@code float scalesValueC = scales[scalesC];}), and {@link #value}
     * names it to the statements. A scale per channel is then one load per channel, not one per
     * element: C2 cannot hoist the load itself, since the output's stores might alias it (the
     * method's checks say they do not).
     */
    void hoist(int operand, TypeName type, Function<CodeBlock, CodeBlock> read) {
        hoists.put(operand, new Hoist(type, read));
    }

    /** The local holding the element at {@code offset}, when {@link #hoist} read it there. */
    Optional<String> value(CodeBlock offset) {
        return Optional.ofNullable(values.get(offset.toString()));
    }

    /** Static offset tables the nests refer to. */
    List<FieldSpec> tables() {
        return tables;
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
        return walking(allOperands(), element, vector, () -> walkLogical(leaf, startOffsets()));
    }

    /** A partial block of a transpose in registers, from each operand's offset and its real input rows. */
    interface TailStatement {
        CodeBlock apply(List<CodeBlock> offsets, int xRows);
    }

    /**
     * The same for a transpose: the partial blocks {@code tails} names by {@code tail} statements
     * ({@link NestWalk#tailBlock}), the other partial ones by {@code element} statements.
     */
    CodeBlock logical(Function<List<CodeBlock>, CodeBlock> element, int leaf,
                      Function<List<CodeBlock>, CodeBlock> vector, VectorPlan.TailBlocks tails, TailStatement tail) {
        TailStatement outerTail = this.tail;
        this.tail = tail;
        try {
            return walking(allOperands(), element, vector, () -> walkLogical(leaf, tails, startOffsets()));
        } finally {
            this.tail = outerTail;
        }
    }

    /** Zeros into every pad lane of the output (empty when it has none); never split into chunks. */
    CodeBlock padLanes(Function<CodeBlock, CodeBlock> zero) {
        return padNests(zero, null, null);
    }

    /**
     * Zeros into every pad lane of the output, the tail block of the padded dim {@code pad} names
     * in whole vectors of its lanes ({@code zeroVector} of an offset), real lanes included: so
     * these statements must run before the logical nest, which then writes the real lanes, and
     * never beside it in chunks. Other padded dims get the scalar pad nest, as in {@link #padLanes}.
     */
    CodeBlock padLanesInVectors(PadVectors pad, Function<CodeBlock, CodeBlock> zeroVector,
                                Function<CodeBlock, CodeBlock> zero) {
        return padNests(zero, pad, zeroVector);
    }

    private CodeBlock padNests(Function<CodeBlock, CodeBlock> zero, PadVectors wide,
                               Function<CodeBlock, CodeBlock> zeroVector) {
        Problem p = plan.problem();
        CodeBlock.Builder all = CodeBlock.builder();
        for (int d = 0; d < p.rank(); d++) {
            if (p.padded()[d] == p.sizes()[d]) {
                continue;
            }
            char dim = p.dims().charAt(d);
            boolean vectors = wide != null && d == wide.dim();
            int first = vectors ? wide.from() : p.sizes()[d];
            Function<List<CodeBlock>, CodeBlock> stores = null;
            if (vectors && first > p.sizes()[d]) {
                // the nest's tail blocks write the lanes from the size up to first: zeros, from rows they do not load
                all.add("// pad lanes: $L $L..$L; the nest below writes $L $L..$L (zero rows in registers)$L\n",
                        dim, p.sizes()[d], p.padded()[d] - 1, dim, p.sizes()[d], first - 1,
                        first < p.padded()[d] ? ", the rest are zeroed a whole vector at a time" : "");
                if (first >= p.padded()[d]) {
                    continue;
                }
            } else if (vectors) {
                all.add("// pad lanes: $L $L..$L, zeroed a whole vector at a time from $L $L on (the nest below writes $L $L..$L)\n",
                        dim, p.sizes()[d], p.padded()[d] - 1, dim, first, dim, first, p.sizes()[d] - 1);
            }
            if (vectors) {
                stores = offsets -> {
                    CodeBlock.Builder b = CodeBlock.builder();
                    for (int v = 0; v < wide.extent(); v += wide.lanes()) {
                        b.add(zeroVector.apply(plus(offsets.get(0), v * unit(0))));
                    }
                    return b.build();
                };
            } else {
                all.add("// pad lanes: $L $L..$L\n", dim, p.sizes()[d], p.padded()[d] - 1);
            }
            int padded = d;
            all.add(walking(new int[] {0}, offsets -> zero.apply(offsets.get(0)), stores,
                    () -> walkPad(padded, first, vectors, startOffsets())));
        }
        return all.build();
    }

    /** The code one walk emits, {@code used} operands offset, with these statements at its leaves. */
    private CodeBlock walking(int[] operands, Function<List<CodeBlock>, CodeBlock> elementStatement,
                              Function<List<CodeBlock>, CodeBlock> vectorStatement, Runnable walk) {
        CodeBlock.Builder outer = code;
        int[] outerUsed = used;
        Function<List<CodeBlock>, CodeBlock> outerElement = element;
        Function<List<CodeBlock>, CodeBlock> outerVector = vector;
        code = CodeBlock.builder();
        used = operands;
        element = elementStatement;
        vector = vectorStatement;
        try {
            walk.run();
            return code.build();
        } finally {
            code = outer;
            used = outerUsed;
            element = outerElement;
            vector = outerVector;
        }
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
            start[k] = new Offset(null, plan.base()[k] * unit(k));
        }
        return start;
    }

    /** An offset as {@link Offset#code} writes it: a number, or a name and an optional {@code + n} or {@code - n}. */
    private static final Pattern OFFSET_CODE =
            Pattern.compile("(-?\\d+)L?|([A-Za-z_$][A-Za-z0-9_$]*)(?: ([+-]) (\\d+)L?)?");

    /**
     * {@code v} as Java source: with an {@code L} where it does not fit an int, which only offsets
     * counted in long take (a segment, or a buffer's view in bytes, past 2 GB).
     */
    static String literal(long v) {
        return v == (int) v ? Long.toString(v) : v + "L";
    }

    /**
     * {@code offset + more}, the literal folded in when {@code offset} is an operand's offset as
     * this writer emits it ({@code srcHw4 + 80} plus 20 is {@code srcHw4 + 100}).
     */
    static CodeBlock plus(CodeBlock offset, long more) {
        Optional<Offset> parsed = Offset.parse(offset);
        if (parsed.isEmpty()) {
            return more == 0 ? offset : CodeBlock.of(more > 0 ? "$L + $L" : "$L - $L", offset, literal(Math.abs(more)));
        }
        return parsed.get().plus(more).code();
    }

    /** An operand's offset: a local variable (or none) plus a literal. */
    record Offset(String variable, long literal) {
        /** The offset {@code code} spells, as {@link #code} writes one; empty for any other expression. */
        static Optional<Offset> parse(CodeBlock code) {
            Matcher m = OFFSET_CODE.matcher(code.toString());
            if (!m.matches()) {
                return Optional.empty();
            }
            if (m.group(1) != null) {
                return Optional.of(new Offset(null, Long.parseLong(m.group(1))));
            }
            long literal = m.group(3) == null ? 0 : Long.parseLong(m.group(4)) * (m.group(3).equals("-") ? -1 : 1);
            return Optional.of(new Offset(m.group(2), literal));
        }

        Offset plus(long more) {
            return new Offset(variable, literal + more);
        }

        CodeBlock code() {
            if (variable == null) {
                return CodeBlock.of("$L", NestWriter.literal(literal));
            }
            if (literal == 0) {
                return CodeBlock.of("$N", variable);
            }
            return literal > 0 ? CodeBlock.of("$N + $L", variable, NestWriter.literal(literal))
                    : CodeBlock.of("$N - $L", variable, NestWriter.literal(-literal));
        }
    }

    @Override
    protected void statement(Offset[] at, boolean isVector) {
        List<CodeBlock> offsets = new ArrayList<>();
        for (int o : used) {
            offsets.add(at[o].code());
        }
        code.add(isVector ? vector.apply(offsets) : element.apply(offsets));
    }

    @Override
    protected void tailBlock(Offset[] at, int xRows) {
        List<CodeBlock> offsets = new ArrayList<>();
        for (int o : used) {
            offsets.add(at[o].code());
        }
        code.add(tail.apply(offsets, xRows));
    }

    @Override
    protected void partial(Node n, int qa, int qb, int lanes) {
        code.add("// $L $L: $L of $L lanes below\n", n.name(), qb - qa == 1 ? "= " + qa : qa + ".." + (qb - 1),
                lanes, n.weight());
    }

    @Override
    protected Offset[] unrolled(Offset[] at, Node n, int q) {
        Offset[] next = at.clone();
        for (int o : used) {
            next[o] = at[o].plus(step(n, o, q) * unit(o));
        }
        return next;
    }

    @Override
    protected Offset[] beginLoop(Offset[] at, int k, Node n, int a, int b, boolean chunk) {
        String var = local(n.name());
        if (chunk) {
            code.beginControlFlow("for ($T $N = $N; $N < $N; $N++)", index, var, from, var, to, var);
        } else {
            code.beginControlFlow("for ($T $N = $L; $N < $L; $N++)", index, var, a, var, b, var);
        }
        Offset[] next = at.clone();
        for (int o : used) {
            String operand = plan.problem().operands().get(o).name();
            Offset start = at[o];
            long stride = n.isTable() ? 0 : n.strides()[o];
            CodeBlock term = null;
            if (n.isLiteralTable()) {
                term = CodeBlock.of("$N[$N]", tableName(n, o), var);
            } else if (n.isTable() && n.terms()[o].period() > 1) {
                // computed from the index itself, so the term at index 0 comes off the parent's offset
                term = computed(n.terms()[o], var);
                start = start.plus(-n.terms()[o].at(0));
            } else if (n.isTable()) {
                stride = n.terms()[o].increment();
            }
            if (term == null) {
                if (stride == 0) {
                    continue;
                }
                stride *= unit(o);
                term = stride == 1 ? CodeBlock.of("$N", var) : CodeBlock.of("$N * $L", var, literal(stride));
            }
            String level = Character.toUpperCase(n.name().charAt(0)) + n.name().substring(1);
            String name = local(operand + level);
            boolean zero = start.variable() == null && start.literal() == 0;
            code.addStatement("$T $N = $L", index, name, zero ? term : CodeBlock.of("$L + $L", start.code(), term));
            next[o] = new Offset(name, 0);
            Hoist hoist = hoists.get(o);
            if (hoist != null && invariantInside(n, o)) {
                String value = local(operand + "Value" + level);
                code.addStatement("$T $N = $L", hoist.type(), value, hoist.read().apply(CodeBlock.of("$N", name)));
                values.put(name, value);
            }
        }
        return next;
    }

    /** True when every node inside {@code n} leaves operand {@code o}'s offset as it is. */
    private boolean invariantInside(Node n, int o) {
        List<Node> nodes = plan.nodes();
        for (int i = nodes.indexOf(n) + 1; i < nodes.size(); i++) {
            Node inner = nodes.get(i);
            if (inner.isTable() || inner.strides()[o] != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected void endLoop() {
        code.endControlFlow();
    }

    @Override
    protected void backEdgeHint(int elements, boolean before) {
        String var = local("backEdge");
        code.add(before ? "// for the JIT: a back-edge per element the loop below moves, over all its chunks (C2 removes this empty loop)\n"
                : "// for the JIT: a back-edge per element the loop above moved (C2 removes this empty loop)\n");
        code.beginControlFlow("for (int $N = 0; $N < $L; $N++)", var, var, elements, var);
        code.endControlFlow();
    }

    @Override
    protected void holdBack() {
        held.push(code);
        code = CodeBlock.builder();
    }

    @Override
    protected void release(int elements) {
        CodeBlock loop = code.build();
        code = held.pop();
        if (elements > 0) {
            backEdgeHint(elements, true);
        }
        code.add(loop);
    }

    /** What one element adds to operand {@code o}'s offsets: its bytes where they count bytes, else 1. */
    private long unit(int o) {
        return units == null ? 1 : units[o];
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

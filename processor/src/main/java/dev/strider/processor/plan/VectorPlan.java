package dev.strider.processor.plan;

import dev.strider.kernel.ElementType;

/**
 * A loop nest for vectors: the nodes of {@link #loops()} from {@link #leaf()} on are lane nodes
 * of {@link #lanes()} elements that one vector statement covers when their ranges are whole
 * (tails fall back to scalar statements, except the partial blocks of a transpose that {@link
 * #tails()} names).
 *
 * @param kind  how the lane nodes are covered
 * @param leaf  index of the first lane node
 * @param tails which partial blocks of a transpose go through registers
 * @param widenedRows a transpose of bf16 or f16 into f32 moves the 16-bit elements and widens each row
 *                    as it stores it ({@link #withWidenedRows})
 * @param moves  in which lanes the elements that only move are held: their bits reinterpreted
 *               (the plain form), their bits straight from segment memory ({@link #withSegmentLanes}),
 *               or their own values ({@link #withValueLanes})
 * @param tileBlocks with {@code widenedRows}, f16 only: the transposed 16-bit rows are stored into a
 *               tile of this many blocks, which the JDK's conversion widens into the output
 *               ({@link #withWidenedInTile}); 0 for none
 * @param units  a transpose of bf16 into f32 whose Y node holds {@code 2 * lanes} elements: it moves
 *               32-bit units of two bf16 each and widens each unit into two f32 rows as it stores it
 *               ({@link #withUnits})
 */
public record VectorPlan(LoopPlan loops, Kind kind, int leaf, int lanes, Stages stages, TailBlocks tails,
                         boolean widenedRows, Lanes moves, int tileBlocks, boolean units) {

    /**
     * In which lanes a plan holds the elements that only move (transposed, interleaved, reversed).
     * Only {@link #REINTERPRETED} reinterprets a vector; which plans do is {@code
     * ClassPlanner.reinterprets}.
     */
    public enum Lanes {
        /**
         * Floats and doubles as their int and long bits, reinterpreted as they are loaded and back
         * as they are stored, so that the Vector API's Java code keeps every NaN's bits before C2
         * compiles it, on every JDK ({@link #bitsOf}); the transpose stages of pieces
         * of 32 bits or fewer shift lanes of twice their width.
         */
        REINTERPRETED,
        /** The bits' lanes loaded from and stored to segment memory as they are ({@link #withSegmentLanes}). */
        SEGMENT_BITS,
        /** The elements' own lanes, floats as floats, every stage rearranged ({@link #withValueLanes}). */
        VALUES
    }

    /** The plain form: every stage of a transpose moves and blends, tails in scalar code. */
    public VectorPlan(LoopPlan loops, Kind kind, int leaf, int lanes) {
        this(loops, kind, leaf, lanes, Stages.BLENDS, TailBlocks.NONE, false, Lanes.REINTERPRETED, 0, false);
    }

    /** A plan whose transpose moves the output's elements (or their bits). */
    public VectorPlan(LoopPlan loops, Kind kind, int leaf, int lanes, Stages stages, TailBlocks tails) {
        this(loops, kind, leaf, lanes, stages, tails, false, Lanes.REINTERPRETED, 0, false);
    }

    /**
     * The same transpose moving the source's 16-bit elements (bf16 or f16), each row of the block
     * widened to f32 as it is stored: half the bits through the shuffles of an f32 block
     * ({@code ClassPlanner.widensHalf}).
     */
    public VectorPlan withWidenedRows() {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, true, moves, tileBlocks, units);
    }

    /**
     * The same 16-bit transpose of f16 ({@link #withWidenedRows}), each block's rows stored as they
     * are into a tile of {@code blocks} blocks of {@code lanes * lanes} shorts, which the JDK's own
     * conversion widens into the output (a loop of {@code Float.float16ToFloat}, through {@code
     * HalfFloats.F16_TO_FLOAT_EXACT}, which C2 compiles to {@code vcvtph2ps} from Java 21) when it
     * is full, when the next block's output does not continue the tile's run, and after the nest.
     * Planned only where a block's output is one run of elements ({@code ClassPlanner.denseBlocks}),
     * and only on arrays.
     *
     * <p>Why: the Vector API (to JDK 25) has no f16 conversion, so a row widened in lanes takes ten
     * lane operations ({@code VectorWriter.f16Floats}), where the JDK's conversion takes one
     * instruction per vector. Measured (AMD EPYC Zen 4, JDK 25, nchw to nChw16c 1x64x56x56, one JVM,
     * interleaved, scratch harness): 16x16 blocks through tiles of 1, 2, 4 and 7 blocks 22.7-24.4,
     * 24.0-24.6, 21.9-23.0 and 21.3-21.7 us, of 28 blocks (14 KB) 28 us; the rule's 8x8 blocks
     * widened in lanes 40-62 us; the f32 reorder of the same shape 19-27 us.
     */
    public VectorPlan withWidenedInTile(int blocks) {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, true, moves, blocks, units);
    }

    /**
     * The same transpose of bf16 into f32 moving 32-bit units: its Y node (the output's rows, the
     * input's sequential pixels) holds {@code 2 * lanes} elements ({@code Planner.planVector} with
     * units), so each of the block's {@code lanes} input rows is loaded as {@code 2 * lanes} shorts
     * and read as {@code lanes} ints, a unit of two neighbouring pixels each. The block transposes
     * those ints as f32's block transposes its floats, which puts pixels {@code 2j} and {@code 2j + 1}
     * of {@code lanes} channels in one vector; {@code unit << 16} is pixel {@code 2j}'s f32 row and
     * {@code unit & 0xFFFF0000} pixel {@code 2j + 1}'s (the low half of an int is the short at the
     * lower index: the Vector API defines a reinterpretation as little-endian on every platform).
     *
     * <p>Why: a bf16 block that widens its rows first, or moves 16-bit lanes, takes at least as
     * many shuffles per element as the f32 block, and the f32 reorder is bound by its shuffles and
     * stores, not by the bytes it reads. Units move {@code 2 * lanes * lanes} elements through the
     * shuffles of one {@code lanes x lanes} block, and the shift and the and take no shuffle port.
     * Measured by hand before it was built (AMD EPYC Zen 4, nchw to nChw16c 1x64x56x56, one JVM,
     * interleaved beside the f32 reorder's 16x16 blocks): on JDK 25 with two-vector selects 14.8-17.2
     * us against f32's 20.2-20.9 (0.90-1.03x its GB/s for 3/4 of its bytes); on JDK 17 with rearrange
     * and blend 29.0-29.8 us against 50.6-52.6 for f32's 16x16 blocks of the same form.
     */
    public VectorPlan withUnits() {
        if (kind != Kind.TRANSPOSE || loops.nodes().get(leaf).extent() != 2 * lanes || widenedRows) {
            throw new IllegalArgumentException("units are a transpose whose Y node holds two rows a lane: " + describe());
        }
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, widenedRows, moves, tileBlocks, true).checked();
    }

    /**
     * This plan, where it holds no form that blocks of units cannot take: offset loads (which would
     * read half a block of ints off the rows where the loads count shorts) and partial blocks in
     * registers (whose rows the writer loads and stores as a plain block's); the planner gives units
     * neither, and this says so where a change would.
     */
    private VectorPlan checked() {
        if (units && (stages.offsetLoads() || tails.any())) {
            throw new IllegalArgumentException("blocks of units take no offset loads or tail blocks: " + describe());
        }
        return this;
    }

    /** True when the plan's blocks go through a tile that the JDK's conversion widens ({@link #withWidenedInTile}). */
    public boolean widenedInTile() {
        return tileBlocks > 0;
    }

    /** The same nest and blocks, its transpose stages formed as {@code stages} say. */
    public VectorPlan withStages(Stages stages) {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, widenedRows, moves, tileBlocks, units).checked();
    }

    /** The same plan over {@code loops}, a nest of the same nodes ({@link LoopPlan#withWrittenOutBlocks}). */
    public VectorPlan withLoops(LoopPlan loops) {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, widenedRows, moves, tileBlocks, units);
    }

    /** The same nest and blocks, the partial blocks of a transpose covered as {@code tails} say. */
    public VectorPlan withTails(TailBlocks tails) {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, widenedRows, moves, tileBlocks, units).checked();
    }

    /**
     * The same plan for a method whose input and output are both segment memory ({@code
     * MemorySegment}, or buffers through {@code MemorySegment.ofBuffer}): lanes that only move
     * (transposes, interleaves and reversals of a copy, a bf16 widening, stored as its int bits) load and
     * store as their bits' lanes straight from the segment ({@code IntVector.fromMemorySegment} for
     * floats, no {@code reinterpretAsInts}); every stage of a transpose moves its pieces by
     * {@code rearrange} rather than by shifting lanes of twice their width; and an interleave that
     * widens bytes to floats moves the ints and converts them after. So such a method never
     * reinterprets a vector ({@code ClassPlanner.movesWithoutReinterpret} says which plans can).
     *
     * <p>Why: until C2 compiles it, the Vector API runs a reinterpret as Java code that stores the
     * vector into a heap segment of a {@code byte[]} ({@code AbstractVector.defaultReinterpret}).
     * That records a heap segment in the type profiles of the JDK's shared segment store
     * ({@code ScopedMemoryAccess.storeIntoMemorySegment}, {@code FloatVector.intoMemorySegment}),
     * and C2 then compiles every vector store to a native segment as "native or heap": the base
     * may be an array, so each store is re-checked in full (read-only flag, size, session state,
     * class) and counts as a write to any memory, which reloads the shuffles and masks after it.
     * The generated 4x4 nchw to nChw16c blocks on native segments took 114-130 us against 30 on
     * arrays (AMD EPYC Zen 4, JDK 25, 1x64x56x56, one JVM each); without a reinterpret anywhere in
     * the JVM the same blocks took 38-41 us, each store one bounds check. A reinterpret anywhere
     * else in the JVM (an array kernel's) still pollutes those profiles: the JDK's, not ours.
     */
    public VectorPlan withSegmentLanes() {
        return new VectorPlan(loops, kind, leaf, lanes, stages, tails, widenedRows, Lanes.SEGMENT_BITS, tileBlocks, units);
    }

    /** True when the plan's lanes move as {@link Lanes#SEGMENT_BITS}. */
    public boolean segmentLanes() {
        return moves == Lanes.SEGMENT_BITS;
    }

    /**
     * The same plan holding the elements in their own lanes ({@link Lanes#VALUES}): floats load,
     * move and store as {@code FloatVector}s, every stage of a transpose rearranges, and bytes
     * widened to floats move as ints and are converted after; no reinterpret at all. The
     * generated class runs this form from Java 25 ({@code Device.valueLanes()}) and the
     * reinterpreting one before, as one variant: the planner offers it as the variant's
     * {@link VariantPlan#fromJava25} form where it holds no reinterpret and the plain form does.
     *
     * <p>Why: one reinterpret run as Java code before C2 anywhere in the JVM (an array kernel's,
     * warming up) records a heap segment in the JDK's shared segment-store profiles and slows every
     * vector store to a native segment down ({@link #withSegmentLanes}). Why not before Java 25: the
     * Java code of JDK 17's {@code rearrange} reads float lanes through {@code Float.floatToIntBits},
     * which turns every NaN into 0x7FC00000 until C2 compiles the method; JDK 25 reads them through
     * {@code floatToRawIntBits} (releases between are not checked).
     */
    public VectorPlan withValueLanes() {
        return new VectorPlan(loops, kind, leaf, lanes, stages.withoutShifts(), tails, widenedRows, Lanes.VALUES, tileBlocks, units);
    }

    /**
     * {@code "value lanes, never reinterpreted"}: what the Javadoc says of this plan in value lanes;
     * blocks of units say only {@code "value lanes"}, as their loads and stores reinterpret in any
     * lanes (shorts read as ints, ints stored as floats).
     */
    public String valueLanesNote() {
        return units ? "value lanes" : "value lanes, never reinterpreted";
    }

    /** True when the plan's lanes move as {@link Lanes#VALUES}. */
    public boolean valueLanes() {
        return moves == Lanes.VALUES;
    }

    /**
     * True when each vector store first casts its vector to its exact class
     * ({@code ((FloatVector) FLOAT_256_CLASS.cast(v)).intoArray(dst, i)}): in {@link Lanes#VALUES},
     * the Java 25 form.
     *
     * <p>Why: C2 inlines the Vector API's calls late, so at a store it does not know the vector's
     * class yet, and {@code intoArray}'s own calls ({@code length()}, {@code vspecies()}) take the
     * class from their type profile, which every store of the JVM shares. Once stores of another
     * width have run (the 4x4 blocks' 128-bit rows beside 8x8 blocks), a block compiled then kept
     * its vectors boxed: nchw to nChw16c 1x64x56x56 in 8x8 blocks took 59-85 us against 19-29 in 8
     * of 8 JVMs that ran the 8x8 offset-load, 4x4, 8x8 and 16x16 variants in that order, and
     * 21-28 us with the cast (AMD EPYC Zen 4, JDK 25). A cast to a constant class tells C2 the
     * class where it parses the store. Not before Java 25: on JDK 17 the same cast made the 8x8
     * offset-load blocks alone 8x slower (194-215 us against 22-27).
     */
    public boolean exactStores() {
        return valueLanes();
    }

    /**
     * The lanes elements of {@code type} move in (transposed, interleaved, reversed): themselves in
     * {@link Lanes#VALUES}, else their bits' ({@link #bitsOf}).
     */
    public ElementType movedAs(ElementType type) {
        return moves == Lanes.VALUES ? type : bitsOf(type);
    }

    /**
     * The lanes elements of {@code type} load from and store to memory as: their bits' straight from
     * segment memory in {@link Lanes#SEGMENT_BITS}, else themselves.
     */
    public ElementType loadedAs(ElementType type) {
        return moves == Lanes.SEGMENT_BITS ? bitsOf(type) : type;
    }

    /**
     * True when elements of {@code type} move in other lanes than they load as, so that each load
     * and store of a moved vector reinterprets it: floats and doubles in {@link Lanes#REINTERPRETED}.
     * The planner's {@code ClassPlanner.reinterprets} and the writer both ask this.
     */
    public boolean reinterpretsMoves(ElementType type) {
        return movedAs(type) != loadedAs(type);
    }

    /**
     * The lanes of {@code type}'s bits: ints for floats and longs for doubles, so that every NaN
     * keeps its bits. JDK 17's Vector API, until C2 compiles it, runs {@code rearrange} and {@code
     * blend} of float lanes as Java code that turns a signalling NaN into 0x7FC00000 (bf16 0x7F91
     * widened: 0x7F910000 came out 0x7FC00000); on int lanes it moves bits.
     */
    public static ElementType bitsOf(ElementType type) {
        return type == ElementType.FLOAT ? ElementType.INT : type == ElementType.DOUBLE ? ElementType.LONG : type;
    }

    /**
     * True when a transpose stage moving groups of {@code k} lanes of {@code type} shifts lanes of
     * twice their width ({@link ClassPlanner#shifts}), false where it rearranges: always false
     * unless the lanes are {@link Lanes#REINTERPRETED}, as a shift would reinterpret.
     */
    public boolean shifts(ElementType type, int k) {
        return moves == Lanes.REINTERPRETED && ClassPlanner.shifts(type, k);
    }

    /**
     * Which partial blocks of a {@link Kind#TRANSPOSE} (the tail block of a padded channel dim:
     * nchw to nChw16c with 17 channels has one real channel of 16) are transposed in registers
     * like whole ones rather than moved element by element. The lane nodes are Y (the output's
     * rows, sequential in the input) and X (the input's rows, sequential in the output).
     *
     * <p>Only X partial: the other way (nChw16c to nchw, Y partial: load every row whole, its pad
     * lanes included, and store only the real rows) was built and did not beat the scalar tail
     * beyond the noise between JVMs (AMD EPYC Zen 4, 1x17x56x56, 4x4 blocks, one variant per JVM,
     * three JVMs each: JDK 25 8.2, 8.5, 6.8 us against 6.8, 7.4, 6.8; JDK 17 10.8, 12.7, 15.3
     * against 10.6, 10.5, 10.7; the very same scalar tail later took 6.8-9.9 us on JDK 25 and
     * 10.5-15.2 on JDK 17): that tail is 1/17 of the output, read from 16 lines to store one.
     *
     * @param zeroRows    X partial, Y whole: the missing input rows (X at or past the dim's size)
     *                    are zero vectors instead of loads, so each output row is stored whole and
     *                    its lanes past the size come out zero. Planned only where those lanes are
     *                    pad lanes of the output, which must hold zeros anyway.
     * @param zeroColumns with {@code zeroRows}: after each output row of a zero-row block, this
     *                    many zero vectors of its lanes, the rest of the row's pad lanes up to the
     *                    dim's padded size (3 for nChw16c with 17 channels in 4x4 blocks), so
     *                    that the block writes its output lines whole, in one pass, and no pad
     *                    nest goes over them again. Planned only where every partial X range is
     *                    such a block, and those lanes continue the output's X stride.
     */
    public record TailBlocks(boolean zeroRows, int zeroColumns) {
        public static final TailBlocks NONE = new TailBlocks(false, 0);

        public TailBlocks withZeroColumns(int columns) {
            return new TailBlocks(zeroRows, columns);
        }

        public boolean any() {
            return zeroRows;
        }

        /** {@code "; tail blocks in registers (missing rows zero)"}: what the Javadoc adds, or nothing. */
        public String describe() {
            if (!any()) {
                return "";
            }
            return "; tail blocks in registers (missing rows zero"
                    + (zeroColumns > 0 ? ", rows written on to the padded size" : "") + ")";
        }
    }

    /**
     * How the stages of a {@link Kind#TRANSPOSE} block are formed, beyond the plain form (each
     * stage moves the other row's groups, by {@code rearrange} or a shift, and blends).
     *
     * @param offsetLoads the first stage (groups of {@code lanes / 2}) reads its moved halves
     *                    straight from the input, by loads {@code lanes / 2} elements off the rows
     *                    ({@code r0.blend(load(s + 4 * rowStride - 4), HIGH4)}, {@code
     *                    load(s + 4).blend(r4, HIGH4)} for 8x8): no shuffle at all. Planned only
     *                    where every such load lies between the block's first and last row loads,
     *                    so in the array (input rows at least one element apart, ascending).
     * @param andOr       the shifting stages (pieces of 32 bits or fewer) combine the shifted rows
     *                    by {@code and}/{@code or} with constant masks instead of {@code blend}:
     *                    {@code lo = a.and(0xFFFFFFFFL).or(b << 32)}, {@code hi = (a >>> 32).or(b.and(0xFFFFFFFF00000000L))}
     *                    as longs for floats. On JDK 17 the blend after a shift was 5-6x slower in
     *                    some nests (nchw to nChw16c 1x17x56x56, nchw to nChw8c); and/or was not.
     * @param selects     every stage but the offset loads' forms each row of a pair of whole rows by one
     *                    two-vector select ({@code lo = LO.selectFrom(a, b)}), with the index vectors
     *                    declared in each block ({@link #selectStages}): one {@code
     *                    vpermi2ps} where a row took a {@code vpermps} and a blend. Only in value lanes
     *                    ({@code selectFrom(v1, v2)} is Java 24's; the value-lane forms run from Java 25),
     *                    planned by {@code ClassPlanner.selected}.
     */
    public record Stages(boolean offsetLoads, boolean andOr, boolean selects) {
        public static final Stages BLENDS = new Stages(false, false, false);

        public Stages(boolean offsetLoads, boolean andOr) {
            this(offsetLoads, andOr, false);
        }

        public boolean plain() {
            return !offsetLoads && !andOr && !selects;
        }

        /** The same stages with no and/or shifts: for lanes that never shift. */
        public Stages withoutShifts() {
            return new Stages(offsetLoads, false, selects);
        }

        /** The same stages, their rows selected from two vectors ({@code selects}). */
        public Stages withSelects() {
            return new Stages(offsetLoads, andOr, true);
        }

        /** {@code ", offset loads, and-or shifts"}: what a variant's name adds, or nothing. */
        public String describe() {
            return (offsetLoads ? ", offset loads" : "") + (andOr ? ", and-or shifts" : "")
                    + (selects ? ", two-vector selects" : "");
        }
    }

    /**
     * The same plan, each row of its transpose stages selected from two vectors ({@link
     * Stages#selects}); only a plan in value lanes.
     */
    public VectorPlan withSelects() {
        if (moves != Lanes.VALUES || kind != Kind.TRANSPOSE) {
            throw new IllegalArgumentException("two-vector selects are for transposes in value lanes: " + describe());
        }
        return withStages(stages.withSelects());
    }

    /**
     * The groups {@code k} ({@code lanes / 2} down to 1) of the stages whose rows are selected
     * ({@link Stages#selects}), whose index vectors each block declares: every stage but
     * the first where offset loads form it, unless partial blocks go through registers (their zero
     * rows take the plain stage, their other rows the selects). Empty without selects.
     */
    public java.util.List<Integer> selectStages() {
        java.util.List<Integer> groups = new java.util.ArrayList<>();
        if (!stages.selects()) {
            return groups;
        }
        for (int k = lanes / 2; k >= 1; k /= 2) {
            if (k != lanes / 2 || !stages.offsetLoads() || tails.any()) {
                groups.add(k);
            }
        }
        return groups;
    }

    public enum Kind {
        /** One lane node, sequential (or reversed, or broadcast) in every operand: load, compute, store. */
        CONTIGUOUS,
        /** Two lane nodes, Y then X: a {@code lanes x lanes} block transposed in registers. */
        TRANSPOSE,
        /**
         * Two lane nodes, pixels then channels: {@code lanes} pixels of a few channels, each channel
         * sequential in the input, interleaved in registers into {@code channels x lanes}
         * sequential output elements.
         */
        INTERLEAVE,
        /** Two lane nodes, channels then pixels: the inverse of {@link #INTERLEAVE}. */
        DEINTERLEAVE
    }

    /** The channel node's extent for {@link Kind#INTERLEAVE} and {@link Kind#DEINTERLEAVE}. */
    public int channels() {
        return loops.nodes().get(kind == Kind.INTERLEAVE ? leaf + 1 : leaf).extent();
    }

    /** The plan in one line, for the generated Javadoc. */
    public String describe() {
        String nest = loops.describe();
        String segment = switch (moves) {
            case SEGMENT_BITS -> "; segment lanes, never reinterpreted";
            case VALUES -> "; " + valueLanesNote();
            default -> "";
        };
        if (kind == Kind.CONTIGUOUS) {
            return nest + "; vectors of " + lanes + " along " + loops.nodes().get(leaf).name() + segment;
        }
        if (kind != Kind.TRANSPOSE) {
            String pixels = loops.nodes().get(kind == Kind.INTERLEAVE ? leaf : leaf + 1).name();
            String c = loops.nodes().get(kind == Kind.INTERLEAVE ? leaf + 1 : leaf).name();
            return nest + "; " + lanes + " " + pixels + " x " + channels() + " " + c + " "
                    + (kind == Kind.INTERLEAVE ? "interleaved" : "deinterleaved") + " in registers" + segment;
        }
        if (units) {
            String y = loops.nodes().get(leaf).name();
            return nest + "; " + lanes + "x" + lanes + " blocks of 32-bit units (two bf16 of " + y + " each) x "
                    + loops.nodes().get(leaf + 1).name() + " transposed in registers, each unit widened into two f32 rows"
                    + " as it is stored" + stages.describe() + segment;
        }
        return nest + "; " + lanes + "x" + lanes + " blocks of " + loops.nodes().get(leaf).name() + " x "
                + loops.nodes().get(leaf + 1).name() + " transposed in registers"
                + (widenedInTile() ? " as 16-bit lanes into a tile of " + tileBlocks + ", widened to f32 by the JDK's conversion"
                        : widenedRows ? " as 16-bit lanes, each row widened to f32 as it is stored" : "")
                + stages.describe() + tails.describe() + segment;
    }
}

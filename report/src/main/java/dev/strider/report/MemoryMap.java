package dev.strider.report;

import dev.strider.layout.Block;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A plain-text memory map of a small layout, drawn the way the DirectML and oneDNN documents draw
 * theirs: a header (dims, format, sizes, strides, padded sizes, base offset, buffer size, flags),
 * the linear memory (every slot of the buffer and what lives there) and the logical view (the
 * tensor drawn as itself, each element showing its offset).
 *
 * <p>For {@code HW} sizes {2,3} strides {5,1}:
 *
 * <pre>
 * dims     HW
 * format   (none)
 * sizes    H=2, W=3
 * strides  H=5, W=1
 * offset   0
 * buffer   8 elements (6 logical, 2 gaps)
 * flags    padded
 *
 * Linear memory: 8 slots, the offset above what each slot holds
 *   h,w    = the logical index stored in the slot
 *   gap    = no index reaches the slot
 *   offset    0    1    2    3    4    5    6    7
 *   h,w     0,0  0,1  0,2  gap  gap  1,0  1,1  1,2
 *
 * Logical view: the offset of each index, W across, H down
 *        W=0  W=1  W=2
 *   H=0    0    1    2
 *   H=1    5    6    7
 * </pre>
 *
 * <p>A slot several indices share (broadcast) lists them one under the other; a blocked layout's
 * zero-padded lanes show as {@code pad}; slots before the base offset as {@code base}; runs of
 * two or more whole rows of gaps collapse into one line. Layouts whose buffer or padded element
 * count exceeds {@link #MAX_ELEMENTS} are refused.
 */
public final class MemoryMap {

    /** The largest buffer size and padded element count drawn. */
    public static final int MAX_ELEMENTS = 4096;

    /** Lines are kept within this many characters where the cells allow it. */
    private static final int MAX_WIDTH = 100;

    /** A shared slot lists at most this many lines of indices. */
    private static final int MAX_STACK = 4;

    private static final String GAP = "gap";
    private static final String PAD = "pad";
    private static final String BASE = "base";
    private static final String OFFSET = "offset";

    private MemoryMap() {
    }

    /**
     * Why {@link #render} would refuse this layout, or empty when it can be drawn.
     */
    public static Optional<String> tooLarge(TensorLayout layout) {
        if (layout.bufferSize() > MAX_ELEMENTS) {
            return Optional.of("its buffer holds " + layout.bufferSize() + " elements, above the limit of "
                    + MAX_ELEMENTS);
        }
        if (layout.paddedElementCount() > MAX_ELEMENTS) {
            return Optional.of("it has " + layout.paddedElementCount() + " indices"
                    + (layout.isBlocked() ? " (pad lanes included)" : "") + ", above the limit of " + MAX_ELEMENTS);
        }
        return Optional.empty();
    }

    /**
     * The header, the linear memory and the logical view.
     *
     * @throws IllegalArgumentException when the buffer or the padded element count is above
     *                                  {@link #MAX_ELEMENTS}
     */
    public static String render(TensorLayout layout) {
        Optional<String> problem = tooLarge(layout);
        if (problem.isPresent()) {
            throw new IllegalArgumentException("layout " + layout.dims() + " sizes " + Arrays.toString(layout.sizes())
                    + " is too large to draw: " + problem.get());
        }
        MemorySlots slots = MemorySlots.of(layout, MAX_STACK);
        StringBuilder sb = new StringBuilder();
        header(layout, slots, sb);
        sb.append('\n');
        linear(layout, slots, sb);
        sb.append('\n');
        logical(layout, sb);
        return sb.toString();
    }

    /**
     * The header alone: dims, format, sizes, strides, padded sizes (blocked layouts), base offset,
     * buffer size and flags. Works for layouts of any size.
     */
    public static String describe(TensorLayout layout) {
        StringBuilder sb = new StringBuilder();
        header(layout, tooLarge(layout).isPresent() ? null : MemorySlots.of(layout, MAX_STACK), sb);
        return sb.toString();
    }

    // ---------------------------------------------------------------- what each slot holds

    /** The word a cell shows for a slot that holds no index; null for an element. */
    private static String word(MemorySlots.Kind kind) {
        switch (kind) {
            case BASE:
                return BASE;
            case PAD:
                return PAD;
            case GAP:
                return GAP;
            default:
                return null;
        }
    }

    /** The lines a slot's cell shows: its indices one per line, or one word. */
    private static List<String> lines(MemorySlots slots, int at) {
        String word = word(slots.kind(at));
        if (word != null) {
            return List.of(word);
        }
        List<int[]> here = slots.indices(at);
        long count = slots.count(at);
        List<String> lines = new ArrayList<>();
        int shown = count <= MAX_STACK ? here.size() : MAX_STACK - 1;
        for (int k = 0; k < shown; k++) {
            lines.add(indexText(here.get(k)));
        }
        if (shown < count) {
            lines.add("(+" + (count - shown) + ")");
        }
        return lines;
    }

    /**
     * {@code 0,16,2,3}: an index as the map's cells write it, and {@link LayoutSvg}'s drawings
     * too, so the two read alike.
     */
    public static String indexText(int... index) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < index.length; d++) {
            if (d > 0) {
                sb.append(',');
            }
            sb.append(index[d]);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- header

    private static void header(TensorLayout layout, MemorySlots slots, StringBuilder sb) {
        String dims = layout.dims();
        row(sb, "dims", dims);
        row(sb, "format", layout.format().isEmpty() ? "(none)" : layout.format());
        if (layout.isBlocked()) {
            row(sb, "blocks", blocksText(layout));
        }
        row(sb, "sizes", perDim(dims, layout.sizes()));
        row(sb, "strides", perDim(dims, layout.strides()));
        if (layout.isBlocked()) {
            row(sb, "padded", perDim(dims, layout.paddedSizes()));
        }
        row(sb, "offset", Integer.toString(layout.offset()));
        row(sb, "buffer", layout.bufferSize() + " elements (" + bufferParts(layout, slots) + ")");
        List<String> flags = new ArrayList<>();
        if (layout.isPacked()) {
            flags.add("packed");
        }
        if (layout.isPadded()) {
            flags.add("padded");
        }
        if (layout.hasBroadcast()) {
            flags.add("broadcast");
        }
        if (layout.overlaps()) {
            flags.add("overlapping");
        }
        row(sb, "flags", flags.isEmpty() ? "(none)" : String.join(", ", flags));
        if (layout.overlaps()) {
            row(sb, "overlap", layout.overlapReason());
        }
    }

    private static void row(StringBuilder sb, String key, String value) {
        sb.append(String.format(Locale.ROOT, "%-9s", key)).append(value).append('\n');
    }

    private static String perDim(String dims, int[] values) {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < values.length; d++) {
            if (d > 0) {
                sb.append(", ");
            }
            sb.append(dims.charAt(d)).append('=').append(values[d]);
        }
        return sb.toString();
    }

    /** {@code 8c (lane strides 8c=1; the stride of C steps between its blocks)}. */
    private static String blocksText(TensorLayout layout) {
        List<Block> blocks = layout.blocks();
        StringBuilder names = new StringBuilder();
        StringBuilder lanes = new StringBuilder();
        StringBuilder outer = new StringBuilder();
        for (int k = 0; k < blocks.size(); k++) {
            Block b = blocks.get(k);
            names.append(b.size()).append(name(layout, b));
            if (k > 0) {
                lanes.append(", ");
            }
            lanes.append(b.size()).append(name(layout, b)).append('=').append(layout.laneStride(k));
            char dim = layout.dims().charAt(b.dim());
            if (outer.indexOf(String.valueOf(dim)) < 0) {
                outer.append(dim);
            }
        }
        String between = outer.length() == 1
                ? "the stride of " + outer + " steps between its blocks"
                : "the strides of " + String.join(", ", outer.toString().split("")) + " step between their blocks";
        return names + " (lane strides " + lanes + "; " + between + ")";
    }

    private static char name(TensorLayout layout, Block b) {
        return Character.toLowerCase(layout.dims().charAt(b.dim()));
    }

    /** What the buffer holds besides its logical elements: {@code 340 logical, 140 pad lanes}. */
    private static String bufferParts(TensorLayout layout, MemorySlots slots) {
        List<String> parts = new ArrayList<>();
        if (layout.offset() > 0) {
            parts.add(layout.offset() + " before the base offset");
        }
        long logical = layout.elementCount();
        long pads;
        long gaps;
        if (slots != null) {
            int used = slots.count(MemorySlots.Kind.ELEMENT);
            parts.add(used == logical ? logical + " logical" : logical + " logical in " + used + " slots");
            pads = slots.count(MemorySlots.Kind.PAD);
            gaps = slots.count(MemorySlots.Kind.GAP);
        } else if (!layout.overlaps()) {
            parts.add(logical + " logical");
            pads = layout.paddedElementCount() - logical;
            gaps = (long) layout.bufferSize() - layout.offset() - layout.paddedElementCount();
        } else {
            parts.add(logical + " logical, overlapping");
            pads = 0;
            gaps = 0;
        }
        if (pads > 0) {
            parts.add(pads + (pads == 1 ? " pad lane" : " pad lanes"));
        }
        if (gaps > 0) {
            parts.add(gaps + (gaps == 1 ? " gap" : " gaps"));
        }
        return String.join(", ", parts);
    }

    // ---------------------------------------------------------------- linear memory

    private static void linear(TensorLayout layout, MemorySlots slots, StringBuilder sb) {
        int n = slots.to();
        String label = indexLabel(layout);
        List<List<String>> cells = new ArrayList<>(n);
        int width = String.valueOf(n - 1).length();
        boolean shared = false;
        for (int at = 0; at < n; at++) {
            List<String> lines = lines(slots, at);
            cells.add(lines);
            shared |= lines.size() > 1;
            for (String line : lines) {
                width = Math.max(width, line.length());
            }
        }
        int labelWidth = Math.max(OFFSET.length(), label.length());
        int perRow = 16;
        while (perRow > 1 && 2 + labelWidth + perRow * (width + 2) > MAX_WIDTH) {
            perRow /= 2;
        }

        sb.append("Linear memory: ").append(n).append(n == 1 ? " slot" : " slots")
                .append(", the offset above what each slot holds\n");
        legend(sb, labelWidth, label, "the logical index stored in the slot"
                + (shared ? " (a shared slot lists each index)" : ""));
        legendIf(sb, labelWidth, slots.count(MemorySlots.Kind.PAD) > 0, PAD, "a zero-padded lane of a blocked dim");
        legendIf(sb, labelWidth, slots.count(MemorySlots.Kind.GAP) > 0, GAP, "no index reaches the slot");
        legendIf(sb, labelWidth, layout.offset() > 0, BASE, "before the base offset");

        int rows = (n + perRow - 1) / perRow;
        boolean spaced = rows > 1 || shared;
        for (int r = 0; r < rows; r++) {
            String uniform = uniformRow(cells, r * perRow, perRow);
            int last = r;
            if (uniform != null) {
                while (last + 1 < rows && uniform.equals(uniformRow(cells, (last + 1) * perRow, perRow))) {
                    last++;
                }
            }
            if (spaced && r > 0) {
                sb.append('\n');
            }
            if (last > r) {
                int from = r * perRow;
                int to = (last + 1) * perRow - 1;
                sb.append("  ").append(pad(OFFSET, labelWidth)).append("  ").append(from).append("..").append(to)
                        .append(": ").append(to - from + 1).append(' ')
                        .append(uniform.equals(GAP) ? "gap slots" : "slots before the base offset")
                        .append(", not drawn\n");
                r = last;
                continue;
            }
            int from = r * perRow;
            int to = Math.min(n, from + perRow);
            StringBuilder line = new StringBuilder("  ").append(pad(OFFSET, labelWidth));
            for (int at = from; at < to; at++) {
                line.append("  ").append(padLeft(String.valueOf(at), width));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            int depth = 0;
            for (int at = from; at < to; at++) {
                depth = Math.max(depth, cells.get(at).size());
            }
            for (int k = 0; k < depth; k++) {
                line = new StringBuilder("  ").append(pad(k == 0 ? label : "", labelWidth));
                for (int at = from; at < to; at++) {
                    List<String> cell = cells.get(at);
                    line.append("  ").append(padLeft(k < cell.size() ? cell.get(k) : "", width));
                }
                sb.append(line.toString().stripTrailing()).append('\n');
            }
        }
    }

    /** The one word every cell of a whole row shows ({@code gap} or {@code base}), else null. */
    private static String uniformRow(List<List<String>> cells, int from, int perRow) {
        if (from + perRow > cells.size()) {
            return null;
        }
        String word = cells.get(from).get(0);
        if (!word.equals(GAP) && !word.equals(BASE)) {
            return null;
        }
        for (int at = from; at < from + perRow; at++) {
            if (!cells.get(at).get(0).equals(word)) {
                return null;
            }
        }
        return word;
    }

    private static void legendIf(StringBuilder sb, int labelWidth, boolean present, String word, String meaning) {
        if (present) {
            legend(sb, labelWidth, word, meaning);
        }
    }

    private static void legend(StringBuilder sb, int labelWidth, String word, String meaning) {
        sb.append("  ").append(pad(word, labelWidth)).append(" = ").append(meaning).append('\n');
    }

    /** {@code n,c,h,w}: the dims in lower case, as the cells write an index. */
    private static String indexLabel(TensorLayout layout) {
        return String.join(",", layout.dims().toLowerCase(Locale.ROOT).split(""));
    }

    // ---------------------------------------------------------------- logical view

    private static void logical(TensorLayout layout, StringBuilder sb) {
        String dims = layout.dims();
        int rank = layout.rank();
        int[] sizes = layout.sizes();
        int cols = sizes[rank - 1];
        int rows = rank >= 2 ? sizes[rank - 2] : 1;
        char colDim = dims.charAt(rank - 1);
        char rowDim = rank >= 2 ? dims.charAt(rank - 2) : ' ';

        int width = (colDim + "=" + (cols - 1)).length();
        width = Math.max(width, String.valueOf(layout.bufferSize() - 1).length());
        int labelWidth = rank >= 2 ? (rowDim + "=" + (rows - 1)).length() : 0;
        int perChunk = Math.max(1, (MAX_WIDTH - 2 - labelWidth) / (width + 2));

        sb.append("Logical view: the offset of each index");
        if (rank >= 2) {
            sb.append(", ").append(colDim).append(" across, ").append(rowDim).append(" down");
        }
        if (rank >= 3) {
            sb.append(", one block per ").append(String.join(",", dims.substring(0, rank - 2).split("")));
        }
        sb.append('\n');

        int outerRank = Math.max(0, rank - 2);
        int[] outerBounds = Arrays.copyOf(sizes, outerRank);
        int[] outer = new int[outerRank];
        int[] index = new int[rank];
        boolean first = true;
        do {
            System.arraycopy(outer, 0, index, 0, outerRank);
            if (outerRank > 0) {
                if (!first) {
                    sb.append('\n');
                }
                sb.append('[');
                for (int d = 0; d < outerRank; d++) {
                    if (d > 0) {
                        sb.append(", ");
                    }
                    sb.append(dims.charAt(d)).append('=').append(outer[d]);
                }
                sb.append("]\n");
            }
            first = false;
            for (int c0 = 0; c0 < cols; c0 += perChunk) {
                if (c0 > 0) {
                    sb.append('\n');
                }
                int c1 = Math.min(cols, c0 + perChunk);
                StringBuilder line = new StringBuilder("  ").append(pad("", labelWidth));
                for (int c = c0; c < c1; c++) {
                    line.append("  ").append(padLeft(colDim + "=" + c, width));
                }
                sb.append(line.toString().stripTrailing()).append('\n');
                for (int r = 0; r < rows; r++) {
                    if (rank >= 2) {
                        index[rank - 2] = r;
                    }
                    line = new StringBuilder("  ").append(pad(rank >= 2 ? rowDim + "=" + r : "", labelWidth));
                    for (int c = c0; c < c1; c++) {
                        index[rank - 1] = c;
                        line.append("  ").append(padLeft(String.valueOf(layout.offsetOf(index)), width));
                    }
                    sb.append(line.toString().stripTrailing()).append('\n');
                }
            }
        } while (outerRank > 0 && TensorLayout.increment(outer, outerBounds));
    }

    // ---------------------------------------------------------------- text

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}

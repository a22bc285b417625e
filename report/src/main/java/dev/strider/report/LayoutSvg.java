package dev.strider.report;

import dev.strider.layout.Block;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Draws one layout as an inline SVG, the way the DirectML and oneDNN documents draw theirs: the
 * dims with their sizes and strides, the logical view (one grid per outer index, each cell
 * showing the offset of its index) and the linear memory (the buffer's slots in offset order,
 * each showing the index it holds). Pad lanes of blocked dims are shaded orange, gaps hatched,
 * slots before the base offset grey; broadcast dims carry a badge and their shared slots a red
 * dashed outline. Elements take the colour of their grid in both views, so a reader can follow
 * a channel from the tensor into memory.
 *
 * <p>The drawing is bounded whatever the layout: a buffer of up to {@value #FULL_SLOTS} slots is
 * drawn whole, a larger one as its first {@value #PREFIX_SLOTS} slots plus a short window at its
 * first pad lane or gap; the logical view shows every grid when it has up to
 * {@value #FULL_CELLS} cells, else the first {@value #PARTIAL_GRIDS} grids of at most
 * {@value #EDGE} x {@value #EDGE} cells. A note says what is left out.
 *
 * <p>The SVG has explicit {@code width} and {@code height} attributes (the size a browser draws
 * it at), presentation attributes instead of style sheets (so it looks the same inside any page),
 * and no time stamp or random id: the same layout and id always give the same text. Cells carry
 * {@code data-offset} and {@code data-index} attributes and a {@code <title>} tooltip.
 */
public final class LayoutSvg {

    /** Buffers of at most this many slots are drawn whole. */
    public static final int FULL_SLOTS = 512;
    /** Of a larger buffer, the first this many slots are drawn. */
    public static final int PREFIX_SLOTS = 128;
    /** The logical view is drawn whole when it has at most this many cells... */
    public static final int FULL_CELLS = 512;
    /** ...in at most this many grids. */
    public static final int FULL_GRIDS = 32;
    /** Otherwise, this many grids. */
    public static final int PARTIAL_GRIDS = 4;
    /** A grid side up to this long is drawn whole... */
    public static final int FULL_EDGE = 16;
    /** ...a longer one as its first this many rows or columns. */
    public static final int EDGE = 8;

    /** The fill of pad lanes: one colour no element ever takes. */
    public static final String PAD_FILL = "#f28e2b";
    static final String[] PALETTE = {
        "#cfe2ff", "#d4edda", "#e5dbf3", "#fff3bf", "#d0f0f0", "#f8d7e3", "#e4ead0", "#dde1f7"};
    static final String BASE_FILL = "#d9d9d9";
    static final String STROKE = "#9aa0a6";
    static final String SHARED_STROKE = "#c0392b";
    static final String MUTED = "#666666";
    static final String MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace";
    static final String SANS = "DejaVu Sans, Helvetica, Arial, sans-serif";

    // Geometry, in pixels. Text widths are estimated from the monospace advance (0.6 em).
    private static final int MARGIN = 16;
    private static final int WIDTH = 1040;
    private static final int SECTION_GAP = 22;
    private static final int LINE = 16;
    private static final double CHAR = 6.7;
    /** The advance of the 10-pixel monospace labels of memory slots. */
    private static final double SLOT_CHAR = 6.1;
    private static final int BOX_W = 130;
    private static final int BOX_H = 58;
    private static final int CELL_H = 22;
    private static final int SLOT_H = 32;
    private static final int ELLIPSIS = 18;

    private final TensorLayout layout;
    private final String id;
    private final Markup svg = new Markup();
    private int width;
    private int y = MARGIN;
    private final List<String> legend = new ArrayList<>();

    private LayoutSvg(TensorLayout layout, String id) {
        this.layout = layout;
        this.id = id;
    }

    /**
     * The drawing of {@code layout} as an {@code <svg>} element.
     *
     * @param id the element's id, unique in the page that holds it (its hatch pattern is named
     *           after it); characters other than letters, digits, {@code -} and {@code _} become {@code -}
     */
    public static String render(TensorLayout layout, String id) {
        Objects.requireNonNull(layout, "layout");
        return new LayoutSvg(layout, safeId(id)).draw();
    }

    static String safeId(String id) {
        String safe = Objects.requireNonNull(id, "id").replaceAll("[^A-Za-z0-9_-]", "-");
        return safe.isEmpty() || !Character.isLetter(safe.charAt(0)) ? "l-" + safe : safe;
    }

    private String draw() {
        Markup body = new Markup();
        int dimsWidth = dims(body);
        int logicalWidth = logical(body);
        int memoryWidth = memory(body);
        int legendWidth = legend(body);
        width = Math.max(Math.max(dimsWidth, logicalWidth), Math.max(memoryWidth, legendWidth)) + 2 * MARGIN;
        int height = y + MARGIN;
        svg.open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "layout", "id", id,
                        "width", width, "height", height, "viewBox", "0 0 " + width + " " + height,
                        "font-family", MONO, "role", "img", "aria-labelledby", id + "-title")
                .newline()
                .element("title", layout.toString(), "id", id + "-title").newline()
                .open("defs").open("pattern", "id", id + "-hatch", "width", 6, "height", 6,
                        "patternUnits", "userSpaceOnUse", "patternTransform", "rotate(45)")
                .empty("rect", "width", 6, "height", 6, "fill", "#ffffff")
                .empty("line", "x1", 0, "y1", 0, "x2", 0, "y2", 6, "stroke", "#bdbdbd", "stroke-width", 2)
                .close("pattern").close("defs").newline()
                .empty("rect", "class", "frame", "x", "0.5", "y", "0.5", "width", width - 1, "height", height - 1,
                        "rx", 4, "fill", "#ffffff", "stroke", "#d0d7de").newline()
                .raw(body.toString())
                .close("svg");
        return svg.toString();
    }

    // ---------------------------------------------------------------- the dims

    /** One box per dim: its name, size (and padded size), stride, and a badge when blocked or broadcast. */
    private int dims(Markup out) {
        out.raw("<g class=\"dims\">").newline();
        List<String[]> lines = new ArrayList<>();
        int chars = 0;
        for (int d = 0; d < layout.rank(); d++) {
            int size = layout.size(d);
            int padded = layout.paddedSize(d);
            String[] text = {
                size == padded ? "size " + size : "size " + size + " \u2192 " + padded,
                "stride " + layout.stride(d) + (layout.isBlocked(d) ? " per block" : "")};
            lines.add(text);
            chars = Math.max(chars, Math.max(text[0].length(), text[1].length()));
        }
        int boxW = Math.max(BOX_W, (int) Math.ceil(chars * SLOT_CHAR) + 22);
        int x = MARGIN;
        int widest = 0;
        for (int d = 0; d < layout.rank(); d++) {
            if (x > MARGIN && x + boxW > MARGIN + WIDTH) {
                x = MARGIN;
                y += BOX_H + 8;
            }
            boolean broadcast = layout.isBroadcast(d);
            String blocks = blocksOf(d);
            out.open("g", "class", broadcast ? "dim broadcast" : "dim", "data-dim", String.valueOf(layout.dims().charAt(d)));
            out.empty("rect", "x", x, "y", y, "width", boxW, "height", BOX_H, "rx", 4, "fill", "#f7f7f9",
                    "stroke", broadcast ? SHARED_STROKE : "#c8c8d0", "stroke-width", broadcast ? 2 : 1);
            out.element("text", String.valueOf(layout.dims().charAt(d)), "x", x + 10, "y", y + 21,
                    "font-family", SANS, "font-size", 16, "font-weight", "bold");
            String badge = broadcast ? "broadcast" : blocks.isEmpty() ? "" : "blocked " + blocks;
            if (!badge.isEmpty()) {
                int w = (int) Math.ceil(badge.length() * 5.6) + 10;
                out.empty("rect", "class", "badge", "x", x + 30, "y", y + 7, "width", w, "height", 16, "rx", 8,
                        "fill", broadcast ? "#fbe3e1" : "#fde7d3", "stroke", broadcast ? SHARED_STROKE : PAD_FILL);
                out.element("text", badge, "x", x + 30 + w / 2, "y", y + 19, "font-size", 9, "text-anchor", "middle",
                        "fill", broadcast ? SHARED_STROKE : "#8a4a0b");
            }
            out.element("text", lines.get(d)[0], "x", x + 10, "y", y + 38, "font-size", 10);
            out.element("text", lines.get(d)[1], "x", x + 10, "y", y + 52, "font-size", 10);
            out.close("g").newline();
            widest = Math.max(widest, x + boxW - MARGIN);
            x += boxW + 8;
        }
        out.raw("</g>").newline();
        y += BOX_H + SECTION_GAP;
        return widest;
    }

    /** {@code 8c}, {@code 4i4i}: the inner blocks of dim {@code d}, outermost first; empty when none. */
    private String blocksOf(int d) {
        StringBuilder sb = new StringBuilder();
        for (Block b : layout.blocks()) {
            if (b.dim() == d) {
                sb.append(b.size()).append(Character.toLowerCase(layout.dims().charAt(d)));
            }
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- the logical view

    private int logical(Markup out) {
        String dims = layout.dims();
        int rank = layout.rank();
        int outerRank = Math.max(0, rank - 2);
        int cols = layout.size(rank - 1);
        int rows = rank >= 2 ? layout.size(rank - 2) : 1;
        char colDim = dims.charAt(rank - 1);
        char rowDim = rank >= 2 ? dims.charAt(rank - 2) : ' ';
        int shownCols = cols <= FULL_EDGE ? cols : EDGE;
        int shownRows = rows <= FULL_EDGE ? rows : EDGE;
        long grids = 1;
        for (int d = 0; d < outerRank; d++) {
            grids = grids > Long.MAX_VALUE / layout.size(d) ? Long.MAX_VALUE : grids * layout.size(d);
        }
        boolean allGrids = grids <= FULL_GRIDS && grids * shownRows * shownCols <= FULL_CELLS;
        int shownGrids = (int) (allGrids ? grids : Math.min(grids, PARTIAL_GRIDS));

        out.raw("<g class=\"logical\">").newline();
        title(out, "Logical view");
        String about = "the offset of each index: " + colDim + " across"
                + (rank >= 2 ? ", " + rowDim + " down" : "")
                + (outerRank > 0 ? ", one grid per " + String.join(",", dims.substring(0, outerRank).split("")) : "");
        int textWidth = note(out, about, MUTED);
        String broadcast = broadcastDims();
        if (!broadcast.isEmpty()) {
            textWidth = Math.max(textWidth, note(out, broadcast + " broadcast (stride 0): indices along "
                    + (broadcast.length() == 1 ? "it" : "them") + " share one slot, outlined in red", SHARED_STROKE));
        }
        List<String> shown = new ArrayList<>();
        if (shownGrids < grids) {
            shown.add(shownGrids + " of " + grids + " grids");
        }
        if (shownRows < rows) {
            shown.add(shownRows + " of " + rows + " rows (" + rowDim + ")");
        }
        if (shownCols < cols) {
            shown.add(shownCols + " of " + cols + " columns (" + colDim + ")");
        }
        if (!shown.isEmpty()) {
            textWidth = Math.max(textWidth, note(out, "showing " + String.join(", ", shown), "#8a4a0b"));
        }
        y += 6;

        int cellW = Math.max(34, (int) Math.ceil(Math.max(digits(layout.bufferSize() - 1),
                (colDim + "=" + (shownCols - 1)).length()) * CHAR) + 10);
        int rowHeader = rank >= 2 ? (int) Math.ceil((rowDim + "=" + (shownRows - 1)).length() * CHAR) + 10 : 0;
        int gridW = rowHeader + shownCols * cellW + (shownCols < cols ? ELLIPSIS : 0);
        int caption = outerRank > 0 ? 18 : 0;
        int gridH = caption + 16 + shownRows * CELL_H + (shownRows < rows ? 16 : 0);

        int[] outer = new int[outerRank];
        int[] outerSizes = new int[outerRank];
        for (int d = 0; d < outerRank; d++) {
            outerSizes[d] = layout.size(d);
        }
        boolean shared = !broadcast.isEmpty();
        int x = MARGIN;
        int widest = textWidth;
        for (int g = 0; g < shownGrids; g++) {
            if (x > MARGIN && x + gridW > MARGIN + WIDTH) {
                x = MARGIN;
                y += gridH + 14;
            }
            out.open("g", "class", "grid");
            int top = y;
            if (outerRank > 0) {
                StringBuilder label = new StringBuilder();
                for (int d = 0; d < outerRank; d++) {
                    label.append(d == 0 ? "" : ", ").append(dims.charAt(d)).append('=').append(outer[d]);
                }
                out.element("text", label.toString(), "x", x, "y", top + 12, "font-size", 11, "font-weight", "bold");
            }
            int headerY = top + caption + 12;
            for (int c = 0; c < shownCols; c++) {
                out.element("text", colDim + "=" + c, "x", x + rowHeader + c * cellW + cellW / 2, "y", headerY,
                        "font-size", 10, "text-anchor", "middle", "fill", MUTED);
            }
            if (shownCols < cols) {
                out.element("text", "\u2026", "x", x + rowHeader + shownCols * cellW + ELLIPSIS / 2, "y", headerY,
                        "font-size", 11, "text-anchor", "middle", "fill", MUTED);
            }
            int[] index = new int[rank];
            System.arraycopy(outer, 0, index, 0, outerRank);
            for (int r = 0; r < shownRows; r++) {
                int rowY = top + caption + 16 + r * CELL_H;
                if (rank >= 2) {
                    index[rank - 2] = r;
                    out.element("text", rowDim + "=" + r, "x", x + rowHeader - 6, "y", rowY + 15, "font-size", 10,
                            "text-anchor", "end", "fill", MUTED);
                }
                String fill = PALETTE[(int) (gridKey(index) % PALETTE.length)];
                for (int c = 0; c < shownCols; c++) {
                    index[rank - 1] = c;
                    int offset = layout.offsetOf(index);
                    int cx = x + rowHeader + c * cellW;
                    String text = MemoryMap.indexText(index);
                    out.open("rect", "class", shared ? "cell shared" : "cell", "data-index", text, "data-offset", offset,
                            "x", cx, "y", rowY, "width", cellW, "height", CELL_H, "fill", fill,
                            "stroke", shared ? SHARED_STROKE : STROKE, "stroke-dasharray", shared ? "3 2" : null)
                            .element("title", "(" + text + ") at offset " + offset)
                            .close("rect");
                    out.element("text", String.valueOf(offset), "x", cx + cellW / 2, "y", rowY + 15, "font-size", 11,
                            "text-anchor", "middle");
                }
                if (shownCols < cols) {
                    out.element("text", "\u2026", "x", x + rowHeader + shownCols * cellW + ELLIPSIS / 2, "y", rowY + 15,
                            "font-size", 11, "text-anchor", "middle", "fill", MUTED);
                }
                out.newline();
            }
            if (shownRows < rows) {
                out.element("text", "\u22ee", "x", x + rowHeader + cellW / 2,
                        "y", top + caption + 16 + shownRows * CELL_H + 12, "font-size", 11, "text-anchor", "middle",
                        "fill", MUTED);
            }
            out.close("g").newline();
            widest = Math.max(widest, x + gridW - MARGIN);
            x += gridW + 18;
            if (outerRank > 0) {
                TensorLayout.increment(outer, outerSizes);
            }
        }
        y += gridH;
        out.raw("</g>").newline();
        y += SECTION_GAP;
        if (shared) {
            legendItem("shared");
        }
        return widest;
    }

    /** {@code H} or {@code C, H}: the dims of size above 1 with stride 0; empty when none. */
    private String broadcastDims() {
        List<String> names = new ArrayList<>();
        for (int d = 0; d < layout.rank(); d++) {
            if (layout.isBroadcast(d)) {
                names.add(String.valueOf(layout.dims().charAt(d)));
            }
        }
        return String.join(", ", names);
    }

    /** Which grid (rank 3 and up) or row (rank 2) an index belongs to: its colour in both views. */
    private long gridKey(int[] index) {
        int rank = index.length;
        if (rank == 1) {
            return 0;
        }
        if (rank == 2) {
            return index[0];
        }
        long key = 0;
        for (int d = 0; d < rank - 2; d++) {
            key = key * layout.size(d) + index[d];
        }
        return key;
    }

    // ---------------------------------------------------------------- the linear memory

    private int memory(Markup out) {
        int buffer = layout.bufferSize();
        int rank = layout.rank();
        int labelChars = rank - 1;
        for (int d = 0; d < rank; d++) {
            labelChars += digits(layout.paddedSize(d) - 1);
        }
        int slotW = Math.max(40, (int) Math.ceil(Math.max(labelChars, 4) * SLOT_CHAR) + 10);
        int rowLabel = (int) Math.ceil(digits(buffer - 1) * CHAR) + 10;
        int perRow = 32;
        while (perRow > 4 && rowLabel + perRow * slotW > WIDTH) {
            perRow /= 2;
        }
        List<int[]> windows = windows(buffer, perRow);

        out.raw("<g class=\"memory\">").newline();
        title(out, "Linear memory");
        int textWidth = note(out, "the buffer's slots in offset order, each labelled with the index ("
                + String.join(",", layout.dims().toLowerCase(java.util.Locale.ROOT).split("")) + ") it holds", MUTED);
        if (windows.size() > 1 || windows.get(0)[1] < buffer) {
            List<String> parts = new ArrayList<>();
            for (int[] w : windows) {
                parts.add(w[0] + ".." + (w[1] - 1));
            }
            textWidth = Math.max(textWidth, note(out, "showing offsets " + String.join(" and ", parts) + " of "
                    + buffer + " slots", "#8a4a0b"));
        }
        y += 6;

        int widest = textWidth;
        int previousEnd = 0;
        for (int[] window : windows) {
            if (window[0] > previousEnd) {
                out.element("text", "\u22ef offsets " + previousEnd + ".." + (window[0] - 1) + " not drawn \u22ef",
                        "x", MARGIN + rowLabel, "y", y + 13, "font-size", 11, "fill", MUTED).newline();
                y += 20;
            }
            MemorySlots slots = MemorySlots.of(layout, window[0], window[1], 3);
            for (int rowStart = window[0]; rowStart < window[1]; rowStart += perRow) {
                out.element("text", String.valueOf(rowStart), "x", MARGIN + rowLabel - 6, "y", y + 21, "font-size", 10,
                        "text-anchor", "end", "fill", MUTED);
                int rowEnd = Math.min(window[1], rowStart + perRow);
                for (int at = rowStart; at < rowEnd; at++) {
                    slot(out, slots, at, MARGIN + rowLabel + (at - rowStart) * slotW, slotW);
                }
                out.newline();
                widest = Math.max(widest, rowLabel + (rowEnd - rowStart) * slotW);
                y += SLOT_H;
            }
            previousEnd = window[1];
        }
        if (previousEnd < buffer) {
            out.element("text", "\u22ef offsets " + previousEnd + ".." + (buffer - 1) + " not drawn \u22ef",
                    "x", MARGIN + rowLabel, "y", y + 13, "font-size", 11, "fill", MUTED).newline();
            y += 20;
        }
        out.raw("</g>").newline();
        y += SECTION_GAP;
        return widest;
    }

    private void slot(Markup out, MemorySlots slots, int at, int x, int w) {
        MemorySlots.Kind kind = slots.kind(at);
        String fill;
        String label;
        String tip;
        String cls;
        String index = null;
        Long count = null;
        boolean shared = false;
        switch (kind) {
            case PAD:
                fill = PAD_FILL;
                label = "pad";
                tip = "offset " + at + ": a pad lane, kept zero";
                cls = "slot pad";
                legendItem("pad");
                break;
            case GAP:
                fill = "url(#" + id + "-hatch)";
                label = "gap";
                tip = "offset " + at + ": a gap, no index reaches it";
                cls = "slot gap";
                legendItem("gap");
                break;
            case BASE:
                fill = BASE_FILL;
                label = "base";
                tip = "offset " + at + ": before the base offset";
                cls = "slot base";
                legendItem("base");
                break;
            default:
                List<int[]> held = slots.indices(at);
                count = slots.count(at);
                shared = count > 1;
                fill = PALETTE[(int) (gridKey(held.get(0)) % PALETTE.length)];
                index = MemoryMap.indexText(held.get(0));
                label = index;
                StringBuilder t = new StringBuilder("offset " + at + ": (" + index + ")");
                for (int k = 1; k < held.size(); k++) {
                    t.append(", (").append(MemoryMap.indexText(held.get(k))).append(')');
                }
                if (count > held.size()) {
                    t.append(" and ").append(count - held.size()).append(" more");
                }
                tip = t.toString();
                cls = shared ? "slot element shared" : "slot element";
                legendItem("element");
                if (shared) {
                    legendItem("shared");
                }
        }
        out.open("rect", "class", cls, "data-offset", at, "data-index", index, "data-count", count,
                        "x", x, "y", y, "width", w, "height", SLOT_H, "fill", fill,
                        "stroke", shared ? SHARED_STROKE : STROKE, "stroke-dasharray", shared ? "3 2" : null)
                .element("title", tip).close("rect");
        out.element("text", String.valueOf(at), "x", x + 3, "y", y + 10, "font-size", 8, "fill",
                kind == MemorySlots.Kind.PAD ? "#4a2300" : MUTED);
        out.element("text", label, "x", x + w / 2, "y", y + 25, "font-size", 10, "text-anchor", "middle",
                "fill", kind == MemorySlots.Kind.GAP ? MUTED : kind == MemorySlots.Kind.PAD ? "#3d1c00" : "#111111");
        if (shared) {
            out.element("text", "\u00d7" + count, "x", x + w - 3, "y", y + 10, "font-size", 8, "text-anchor", "end",
                    "fill", SHARED_STROKE);
        }
    }

    /**
     * The windows of offsets drawn: the whole buffer when small, else its first slots and, when the
     * first pad lane or gap lies beyond them, two rows from the row that holds it.
     */
    private List<int[]> windows(int buffer, int perRow) {
        List<int[]> windows = new ArrayList<>();
        if (buffer <= FULL_SLOTS) {
            windows.add(new int[] {0, buffer});
            return windows;
        }
        windows.add(new int[] {0, PREFIX_SLOTS});
        long hole = firstHole();
        if (hole >= PREFIX_SLOTS && hole < buffer) {
            int start = (int) (hole / perRow * perRow);
            int end = (int) Math.min(buffer, (long) start + 2L * perRow);
            if (start <= PREFIX_SLOTS) {
                windows.get(0)[1] = end;
            } else {
                windows.add(new int[] {start, end});
            }
        }
        return windows;
    }

    /**
     * The first offset (past the base offset) that holds no logical element, or -1 when none does
     * or it cannot be told cheaply: for a blocked layout its first pad lane; for a plain one the
     * end of the run its dims cover contiguously, taken from the smallest stride up.
     */
    private long firstHole() {
        if (layout.isBlocked()) {
            long first = -1;
            for (int d = 0; d < layout.rank(); d++) {
                for (int i = layout.size(d); i < layout.paddedSize(d); i++) {
                    long at = layout.offset() + layout.offsetAlong(d, i);
                    first = first < 0 ? at : Math.min(first, at);
                }
            }
            return first;
        }
        List<Integer> live = new ArrayList<>();
        for (int d = 0; d < layout.rank(); d++) {
            if (layout.size(d) > 1 && layout.stride(d) > 0) {
                live.add(d);
            }
        }
        live.sort((a, b) -> Integer.compare(layout.stride(a), layout.stride(b)));
        long covered = 1;
        for (int d : live) {
            long stride = layout.stride(d);
            if (stride > covered) {
                return layout.offset() + covered;
            }
            if (stride < covered) {
                return -1; // the dims interleave: they overlap
            }
            covered = stride * layout.size(d);
        }
        return -1;
    }

    // ---------------------------------------------------------------- legend and text

    private void legendItem(String item) {
        if (!legend.contains(item)) {
            legend.add(item);
        }
    }

    /** A swatch and a word for each kind of cell the drawing shows, in a fixed order. */
    private int legend(Markup out) {
        out.raw("<g class=\"legend\">").newline();
        int x = MARGIN;
        int widest = 0;
        for (String item : List.of("element", "pad", "gap", "base", "shared")) {
            if (!legend.contains(item)) {
                continue;
            }
            String fill;
            String text;
            switch (item) {
                case "element":
                    fill = PALETTE[0];
                    text = "element, coloured like its grid";
                    break;
                case "pad":
                    fill = PAD_FILL;
                    text = "pad lane of a blocked dim, kept zero";
                    break;
                case "gap":
                    fill = "url(#" + id + "-hatch)";
                    text = "gap, no index reaches it";
                    break;
                case "base":
                    fill = BASE_FILL;
                    text = "before the base offset";
                    break;
                default:
                    fill = PALETTE[0];
                    text = "slot shared by several indices";
            }
            int w = 22 + (int) Math.ceil(text.length() * 6.2) + 18;
            if (x > MARGIN && x + w > MARGIN + WIDTH) {
                x = MARGIN;
                y += 22;
            }
            boolean shared = item.equals("shared");
            out.empty("rect", "class", "swatch " + item, "x", x, "y", y, "width", 16, "height", 16, "fill", fill,
                    "stroke", shared ? SHARED_STROKE : STROKE, "stroke-dasharray", shared ? "3 2" : null);
            out.element("text", text, "x", x + 22, "y", y + 12, "font-family", SANS, "font-size", 11).newline();
            widest = Math.max(widest, x + w - MARGIN);
            x += w;
        }
        out.raw("</g>").newline();
        y += 16;
        return widest;
    }

    private void title(Markup out, String text) {
        out.element("text", text, "x", MARGIN, "y", y + 14, "font-family", SANS, "font-size", 14, "font-weight", "bold")
                .newline();
        y += 22;
    }

    /** A line of sans text; its estimated width. */
    private int note(Markup out, String text, String colour) {
        out.element("text", text, "x", MARGIN, "y", y + 12, "font-family", SANS, "font-size", 12, "fill", colour)
                .newline();
        y += LINE;
        return (int) Math.ceil(text.length() * 6.6);
    }

    private static int digits(long value) {
        return String.valueOf(Math.max(0, value)).length();
    }
}

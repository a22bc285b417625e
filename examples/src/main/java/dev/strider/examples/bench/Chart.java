package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ContenderResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ratios.svg}: every contender's throughput relative to the arraycopy ceiling, as grouped
 * horizontal bars, one group per case, with a legend, a scale and the ceiling (1.0) marked.
 * Plain SVG written by hand (no script, no external fonts or styles), so it shows the same in a
 * browser, on GitHub and in an image viewer. Each bar carries its exact value as a tooltip; a bar
 * measured interleaved is the median per-round ratio, and a thin line across it spans the
 * interquartile range of the rounds.
 */
final class Chart {

    /** The Okabe–Ito palette: distinguishable with the common colour-vision deficiencies. */
    private static final Map<Contender, String> COLOURS = Map.ofEntries(
            Map.entry(Contender.SCALAR, "#0072B2"),
            Map.entry(Contender.VECTOR, "#56B4E9"),
            Map.entry(Contender.THREADS, "#009E73"),
            Map.entry(Contender.TUNED, "#F0E442"),
            Map.entry(Contender.ONE_THREAD, "#332288"),
            Map.entry(Contender.GENERIC, "#999999"),
            Map.entry(Contender.NAIVE, "#E69F00"),
            Map.entry(Contender.HAND, "#D55E00"),
            Map.entry(Contender.ONEDNN, "#CC79A7"),
            Map.entry(Contender.ONEDNN_ALL_CORES, "#882255"),
            Map.entry(Contender.THREADS_OWN_FORK, "#117733"));

    static final int WIDTH = 980;
    private static final int LABELS = 300;
    private static final int RIGHT = 60;
    /** Where the plot starts below a two-line subtitle; each further subtitle line moves it 15 px down. */
    private static final int TOP = 108;
    private static final int BAR = 11;
    /** The height of a row of the legend, which wraps where the next entry would pass the width. */
    private static final int LEGEND_ROW = 18;
    private static final int BAR_GAP = 2;
    private static final int GROUP_GAP = 16;
    private static final int AXIS = 44;
    private static final String FONT = "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\"";

    private Chart() {
    }

    /** The contenders drawn as bars: all but arraycopy, which is the 1.0 line, and the off-heap ones. */
    static List<Contender> bars() {
        List<Contender> bars = new ArrayList<>(List.of(Contender.values()));
        bars.remove(Contender.ARRAYCOPY);
        bars.removeIf(Contender::offHeap); // results.md has their table
        return bars;
    }

    /**
     * The bars of these results: {@link #bars()}, without the contenders none of them measured: the
     * tuned choice in schema 1, THREADS in forks of its own and the one-thread tuned choice in
     * results from before they ran.
     */
    static List<Contender> bars(Results results) {
        List<Contender> bars = bars();
        bars.removeIf(k -> !results.shows(k));
        return bars;
    }

    static String svg(Results results) {
        List<Contender> bars = bars(results);
        double max = 1;
        for (CaseResult c : results.cases()) {
            for (ContenderResult r : c.contenders()) {
                if (r.ratioToCeiling() != null && r.contender() != null && !r.contender().offHeap()) {
                    max = Math.max(max, r.ratioToCeiling());
                    if (r.ceilingRatios() != null) {
                        max = Math.max(max, r.ceilingRatios().q3());
                    }
                }
            }
        }
        double step = max <= 1.5 ? 0.1 : max <= 3 ? 0.25 : max <= 6 ? 0.5 : 1;
        double axisMax = Math.ceil(max / step - 1e-9) * step;
        int plot = WIDTH - LABELS - RIGHT;
        List<String> subtitle = subtitle(results);
        int shift = 15 * Math.max(0, subtitle.size() - 2);
        boolean spreads = results.cases().stream().anyMatch(c -> c.rounds() != null);
        String caption = spreads ? "bold: best target; line: IQR" : "bold value: the best generated target";
        // the legend in rows that fit the width: each entry a box and its label, the caption last
        List<int[]> legend = new ArrayList<>();
        int x = 12;
        int row = 0;
        for (Contender k : bars) {
            int width = 29 + 7 * k.label().length();
            if (x > 12 && x + width > WIDTH - RIGHT / 2) {
                x = 12;
                row++;
            }
            legend.add(new int[] {x, row});
            x += width;
        }
        if (x > 12 && x + 10 + 6 * caption.length() > WIDTH - RIGHT / 2) {
            x = 12;
            row++;
        }
        int[] captionAt = {x + (x > 12 ? 10 : 0), row};
        shift += LEGEND_ROW * row;
        int top = TOP + shift;
        int groupHeight = bars.size() * (BAR + BAR_GAP) - BAR_GAP;
        int height = top + results.cases().size() * (groupHeight + GROUP_GAP) + AXIS;

        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\" ").append(FONT)
                .append(" font-size=\"12\">\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        text(svg, 12, 22, "start", 15, "bold", "Throughput relative to System.arraycopy of the same bytes (longer is faster)");
        for (int i = 0; i < subtitle.size(); i++) {
            text(svg, 12, 40 + 15 * i, "start", 11, "normal", subtitle.get(i));
        }

        int legendTop = 66 + 15 * Math.max(0, subtitle.size() - 2);
        for (int i = 0; i < bars.size(); i++) {
            int[] at = legend.get(i);
            int y = legendTop + LEGEND_ROW * at[1];
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
                    at[0], y, COLOURS.get(bars.get(i))));
            text(svg, at[0] + 17, y + 10, "start", 12, "normal", bars.get(i).label());
        }
        text(svg, captionAt[0], legendTop + LEGEND_ROW * captionAt[1] + 10, "start", 11, "normal", caption);

        int plotTop = top - 8;
        int plotBottom = height - AXIS + 4;
        for (int i = 0; i * step <= axisMax + 1e-9; i++) {
            double v = i * step;
            double gx = LABELS + plot * v / axisMax;
            boolean ceiling = Math.abs(v - 1) < 1e-9;
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
                    gx, plotTop, gx, plotBottom, ceiling ? "#c00000" : "#dddddd", ceiling ? "1.5" : "1",
                    ceiling ? " stroke-dasharray=\"6 3\"" : ""));
            text(svg, gx, plotBottom + 14, "middle", 11, "normal", Format.significant(v));
        }
        double ceilingX = LABELS + plot / axisMax;
        text(svg, ceilingX + 80 > WIDTH ? ceilingX + 4 : ceilingX, plotTop - 3, ceilingX + 80 > WIDTH ? "end" : "middle",
                11, "bold", "arraycopy ceiling = 1");
        text(svg, LABELS + plot / 2.0, height - 8, "middle", 12, "normal",
                "throughput ÷ arraycopy throughput (same bytes read + written)");

        int y = top;
        for (CaseResult c : results.cases()) {
            List<String> title = wrap(c.title());
            for (int i = 0; i < title.size(); i++) {
                text(svg, LABELS - 8, y + groupHeight / 2.0 + 4 + 15 * (i - (title.size() - 1) / 2.0), "end", 12,
                        "normal", title.get(i));
            }
            int by = y;
            for (Contender k : bars) {
                ContenderResult r = c.of(k);
                if (r != null && r.ratioToCeiling() != null) {
                    double w = Math.max(1, plot * r.ratioToCeiling() / axisMax);
                    svg.append(String.format(Locale.ROOT,
                            "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s: %s of the"
                                    + " ceiling, %s GB/s, %s per call</title></rect>\n",
                            LABELS, by, w, BAR, COLOURS.get(k), escape(k.label()), Format.times(r.ratioToCeiling()),
                            Format.significant(r.gigabytesPerSecond()), Format.time(r.nanosPerCall())));
                    double labelX = LABELS + w + 3;
                    Spread iqr = r.ceilingRatios();
                    if (iqr != null && k != Contender.ARRAYCOPY) {
                        double x1 = LABELS + plot * iqr.q1() / axisMax;
                        double x2 = LABELS + plot * iqr.q3() / axisMax;
                        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                                + " stroke=\"#222222\" stroke-width=\"1\"/>\n", x1, by + BAR / 2.0, x2, by + BAR / 2.0));
                        labelX = Math.max(labelX, x2 + 3);
                    }
                    text(svg, labelX, by + BAR - 2, "start", 10, k == c.best() ? "bold" : "normal",
                            Format.significant(r.ratioToCeiling()));
                } else if ((k == Contender.ONEDNN || k == Contender.ONEDNN_ALL_CORES) && !c.oneDnnPeer()) {
                    svg.append(String.format(Locale.ROOT,
                            "<text x=\"%d\" y=\"%d\" font-size=\"10\" font-style=\"italic\" fill=\"#777777\">%s: n/a</text>\n",
                            LABELS + 3, by + BAR - 2, escape(k.label())));
                }
                by += BAR + BAR_GAP;
            }
            y += groupHeight + GROUP_GAP;
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\"/>\n",
                LABELS, plotTop, LABELS, plotBottom));
        svg.append("</svg>\n");
        return svg.toString();
    }

    /**
     * A case title as one line, or two split at the space nearest the middle when it would not
     * fit left of the plot (about 7.5 px a character at 12 px, arrows and × included).
     */
    static List<String> wrap(String title) {
        if (title.length() * 7.5 <= LABELS - 16) {
            return List.of(title);
        }
        int middle = title.length() / 2;
        int split = -1;
        for (int i = 0; i < title.length(); i++) {
            if (title.charAt(i) == ' ' && (split < 0 || Math.abs(i - middle) < Math.abs(split - middle))) {
                split = i;
            }
        }
        return split < 0 ? List.of(title) : List.of(title.substring(0, split), title.substring(split + 1));
    }

    /**
     * The run's description ({@link Format#run}, as the report's header says it) in lines that fit
     * the chart's width at 11 px (about 7 px a character): broken after a clause ({@code , ; .})
     * where one fits, else at any space.
     */
    static List<String> subtitle(Results results) {
        int max = (WIDTH - 24) / 7;
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String clause : Format.run(results).split("(?<=[,;.]) ")) {
            if (line.length() > 0 && line.length() + 1 + clause.length() > max) {
                lines.add(line.toString());
                line.setLength(0);
            }
            for (String word : clause.split(" ")) {
                if (line.length() > 0 && line.length() + 1 + word.length() > max) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                line.append(line.length() > 0 ? " " : "").append(word);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, int size, String weight, String s) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\"%s>%s</text>\n",
                x, y, anchor, size, "bold".equals(weight) ? " font-weight=\"bold\"" : "", escape(s)));
    }

    /** XML text: {@code & < > "} escaped. */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

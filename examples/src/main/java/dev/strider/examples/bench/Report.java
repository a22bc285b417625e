package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ContenderResult;
import dev.strider.examples.bench.Results.GoalCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code results.md}: the suite's results as one Markdown table, one row per case, with the
 * throughput of every contender, the best generated target, its ratios to the ceiling and to
 * oneDNN, and the goal checks; above it where and how it was measured, below it the notes on
 * oneDNN's peers. Rendered from {@link Results} alone, as the README shows it.
 */
final class Report {

    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

    private Report() {
    }

    static String markdown(Results results) {
        StringBuilder md = new StringBuilder();
        md.append("<!-- Written by dev.strider.examples.bench.Suite from results.json; re-render with --render-only. -->\n\n");
        md.append(Format.run(results)).append("\n\n");
        md.append("Throughput in GB/s: (bytes read + bytes written) per call over the time per call; **bold** is the best"
                + " generated target. ×ceiling: the best target's throughput over `System.arraycopy`'s of the same bytes."
                + " ×oneDNN: oneDNN's time over the best target's (above 1: faster than oneDNN). ✓ and ✗ check the goals"
                + " of the targets issue.\n\n");

        List<Contender> columns = List.of(Contender.values());
        md.append("| case | bytes |");
        for (Contender c : columns) {
            md.append(' ').append(c.label()).append(" |");
        }
        md.append(" best (time per call) | ×ceiling | ×oneDNN | goals |\n|---|---:|");
        md.append("---:|".repeat(columns.size())).append("---|---:|---:|---|\n");

        List<String> notes = new ArrayList<>();
        int met = 0;
        int checked = 0;
        for (CaseResult c : results.cases()) {
            String mark = "";
            if (c.oneDnnNote() != null) {
                notes.add(c.oneDnnNote());
                mark = superscript(notes.size());
            }
            md.append("| ").append(c.title()).append(" | ").append(bytes(c.bytes())).append(" |");
            for (Contender k : columns) {
                ContenderResult r = c.of(k);
                boolean oneDnn = k == Contender.ONEDNN || k == Contender.ONEDNN_ALL_CORES;
                String cell = r == null ? (oneDnn && !c.oneDnnPeer() ? "n/a" : "–")
                        : Format.significant(r.gigabytesPerSecond());
                if (r != null && k == c.best()) {
                    cell = "**" + cell + "**";
                }
                md.append(' ').append(cell).append(k == Contender.ONEDNN ? mark : "").append(" |");
            }
            ContenderResult best = c.best() == null ? null : c.of(c.best());
            md.append(' ').append(best == null ? "–" : c.best().label() + ", " + Format.time(best.nanosPerCall()));
            md.append(" | ").append(ratio(best == null ? null : best.ratioToCeiling()));
            md.append(" | ").append(ratio(best == null ? null : best.ratioToOneDnn()));
            List<String> goals = new ArrayList<>();
            for (GoalCheck g : c.goals()) {
                goals.add(goal(g));
                if (g.met() != null) {
                    checked++;
                    met += g.met() ? 1 : 0;
                }
            }
            md.append(" | ").append(goals.isEmpty() ? "–" : String.join("<br>", goals)).append(" |\n");
        }
        md.append('\n');
        for (int i = 0; i < notes.size(); i++) {
            md.append(superscript(i + 1)).append(' ').append(notes.get(i)).append(".  \n");
        }
        md.append("\nGoals met: ").append(met).append(" of ").append(checked).append(" checked.\n");
        md.append("\n![Throughput relative to the arraycopy ceiling](ratios.svg)\n");
        return md.toString();
    }

    /** {@code ✓ best target ≥ 1.2× oneDNN: 1.48×}, or {@code · ... : not measured}. */
    private static String goal(GoalCheck g) {
        if (g.met() == null) {
            return "· " + g.goal() + ": not measured";
        }
        return (g.met() ? "✓ " : "✗ ") + g.goal() + ": " + Format.times(g.value());
    }

    private static String ratio(Double r) {
        return r == null ? "–" : Format.times(r);
    }

    /** {@code 33.6 MB}, {@code 3.84 kB}, {@code 960 B}: decimal units, as GB/s are. */
    static String bytes(long n) {
        if (n < 1_000) {
            return n + " B";
        }
        if (n < 1_000_000) {
            return Format.significant(n / 1e3) + " kB";
        }
        return Format.significant(n / 1e6) + " MB";
    }

    private static String superscript(int n) {
        StringBuilder sb = new StringBuilder();
        for (char d : Integer.toString(n).toCharArray()) {
            sb.append(SUPERSCRIPTS.charAt(d - '0'));
        }
        return sb.toString();
    }
}

package dev.strider.examples.bench;

import dev.strider.examples.bench.Results.CaseResult;
import dev.strider.examples.bench.Results.ColdStartResult;
import dev.strider.examples.bench.Results.ColdStarts;
import dev.strider.examples.bench.Results.ContenderResult;
import dev.strider.examples.bench.Results.Dispatch;
import dev.strider.examples.bench.Results.GoalCheck;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code results.md}: the suite's results as one Markdown table, one row per case, with the
 * throughput of every contender, the best generated target, its ratios to the ceiling and to
 * oneDNN with their spread over the rounds, the tuned choice against the best target, and the goal
 * checks; above it where and how it was measured, below it the notes on oneDNN's peers and the
 * cold-start table. Rendered from {@link Results} alone, as the README shows it; results of schema
 * 1 (separate forks) render without spreads, tuned column or cold starts.
 */
final class Report {

    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

    private Report() {
    }

    static String markdown(Results results) {
        StringBuilder md = new StringBuilder();
        md.append("<!-- Written by dev.strider.examples.bench.Suite from results.json; re-render with --render-only. -->\n\n");
        md.append(Format.run(results)).append("\n\n");
        boolean interleaved = results.cases().stream().anyMatch(c -> c.rounds() != null);
        boolean threadsForks = results.measured(Contender.THREADS_OWN_FORK);
        boolean oneThread = results.measured(Contender.ONE_THREAD);
        if (interleaved) {
            md.append("Throughput in GB/s: (bytes read + bytes written) per call over the median time per call of the"
                    + " rounds; **bold** is the best fixed target (SCALAR, VECTOR, THREADS). Ratios are taken within each"
                    + " round, then their median is shown with the interquartile range of the rounds in brackets:"
                    + " ×ceiling is `System.arraycopy`'s time for the same bytes over the best target's, ×oneDNN"
                    + " single-threaded oneDNN's time over the best target's (above 1: faster than oneDNN), tuned ÷ best"
                    + " the best target's time over the tuned choice's (`Strider.load`; ✓ at 0.95 or above). \"oneDNN,"
                    + " all cores\" runs in forks of its own (it needs another `OMP_NUM_THREADS`), so its figures are"
                    + " JMH means set against the interleaved medians" + (threadsForks
                    ? "; so does \"THREADS, own fork\" on the blocked cases, THREADS alone and called back to back as"
                    + " oneDNN on all cores is, and the goal that sets THREADS against oneDNN on all cores compares those"
                    + " two means" : "") + (oneThread ? ". \"one thread, tuned\" is `Strider.loadOneThread`, the"
                    + " tuner's one-thread choice per method (what a THREADS chunk runs); the blocked reorders' one-thread"
                    + " goals (issue 18) take the fastest of SCALAR, VECTOR and it" : "")
                    + ". ✓ and ✗ check the goals of the targets issue on the median per-round ratios.\n\n");
        } else {
            md.append("Throughput in GB/s: (bytes read + bytes written) per call over the time per call; **bold** is the"
                    + " best generated target. ×ceiling: the best target's throughput over `System.arraycopy`'s of the"
                    + " same bytes. ×oneDNN: oneDNN's time over the best target's (above 1: faster than oneDNN). ✓ and ✗"
                    + " check the goals of the targets issue.\n\n");
        }

        List<Contender> columns = new ArrayList<>(List.of(Contender.values()));
        // the off-heap contenders have a table of their own, below
        columns.removeIf(k -> k.offHeap() || !results.shows(k));
        md.append("| case | bytes |");
        for (Contender c : columns) {
            md.append(' ').append(c.label()).append(" |");
        }
        md.append(" best (time per call) | ×ceiling | ×oneDNN |").append(interleaved ? " tuned ÷ best |" : "")
                .append(" goals |\n|---|---:|");
        md.append("---:|".repeat(columns.size())).append("---|---:|---:|").append(interleaved ? "---:|" : "")
                .append("---|\n");

        List<String> notes = new ArrayList<>();
        Set<String> tunedClasses = new TreeSet<>();
        int met = 0;
        int checked = 0;
        int tunedMet = 0;
        int tunedChecked = 0;
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
            md.append(" | ").append(best == null ? "–" : ratio(best.ratioToCeiling(), best.ceilingRatios()));
            md.append(" | ").append(best == null ? "–" : ratio(best.ratioToOneDnn(), best.oneDnnRatios()));
            if (interleaved) {
                Spread t = c.tunedVsBest();
                if (t == null) {
                    md.append(" | –");
                } else {
                    boolean ok = t.median() >= Analysis.TUNED_VS_BEST;
                    tunedChecked++;
                    tunedMet += ok ? 1 : 0;
                    md.append(" | ").append(ok ? "✓ " : "✗ ").append(ratio(t.median(), t));
                }
                if (c.tuned() != null) {
                    tunedClasses.add(c.tuned());
                }
            }
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
        md.append("\nGoals met: ").append(met).append(" of ").append(checked).append(" checked.");
        if (tunedChecked > 0) {
            md.append(" Tuned ≥ 0.95× the best fixed target: ").append(tunedMet).append(" of ").append(tunedChecked)
                    .append(" cases (tuned ran ").append(String.join(", ", tunedClasses)).append(").");
        }
        md.append('\n');
        if (results.cases().stream().anyMatch(c -> c.offHeap() != null && !c.offHeap().isEmpty())) {
            md.append('\n').append(offHeap(results));
        }
        if (results.coldStart() != null && !results.coldStart().results().isEmpty()) {
            md.append('\n').append(coldStart(results.coldStart()));
        }
        if (results.dispatch() != null && !results.dispatch().isEmpty()) {
            md.append("\nDispatch: a tiny kernel through the tuner's dispatcher (`Strider.load`) against a direct call of"
                    + " the class and variant it routes the method to, interleaved; per round the dispatcher's time per"
                    + " call minus the direct call's, median and interquartile range (✓: the range holds 0).\n\n");
            for (Dispatch d : results.dispatch()) {
                md.append("- ").append(dispatchLine(d)).append('\n');
            }
        }
        md.append("\n![Throughput relative to the arraycopy ceiling](ratios.svg)\n");
        return md.toString();
    }

    /**
     * {@code nchw→nChw8c f32 1×17×5×4 (tiny): BlockedOps_Tuned +0.3 ns per call (−0.8 to 1.2) against
     * BlockedOps_Vector512 (4x4 blocks in registers) at 44 ns, 1.01×, 600 rounds ✓ within the noise}.
     */
    static String dispatchLine(Dispatch d) {
        Spread o = d.overhead();
        return d.title() + ": " + d.dispatcher() + " " + signed(o.median()) + " per call (IQR " + signed(o.q1())
                + " to " + signed(o.q3()) + ") against " + d.direct() + " at " + Format.time(d.directTime().median())
                + ", " + Format.times(d.ratio().median()) + " (" + Format.iqr(d.ratio()) + "), " + d.rounds()
                + " rounds " + (d.withinNoise() ? "✓ within the noise" : "✗ beyond the noise");
    }

    /** {@code +0.31 ns}, {@code −1.2 ns}. */
    private static String signed(double nanos) {
        return (nanos < 0 ? "−" : "+") + Format.significant(Math.abs(nanos)) + " ns";
    }

    /**
     * The off-heap table (issue 15): per case, memory and target, the off-heap kernel's throughput
     * beside the same target's on arrays and the copy-around path's, and the per-round ratios with
     * their goals.
     */
    static String offHeap(Results results) {
        StringBuilder md = new StringBuilder();
        md.append("Off-heap (issue 15): the case's kernel on direct byte buffers (`OffHeapOps`, compiled for Java 17,"
                + " whose VECTOR classes run their scalar nests on buffers; on JDK 22 and later `OffHeapOps22`, the same"
                + " declarations compiled for Java 22, whose VECTOR classes load vectors through segments) and, on JDK 22 and"
                + " later, on native segments (`SegmentOps`,"
                + " compiled for Java 22), interleaved in the"
                + " same rounds as the contenders above; copy-around copies the direct input buffer into an array, runs"
                + " the same target's array kernel and copies the result out to a direct buffer. GB/s as above;"
                + " ÷ array is the array kernel's time over the off-heap kernel's (✓ at 0.9 or above), ÷ copy-around the"
                + " copy-around path's time over the off-heap kernel's (✓ at 2 or above), both medians of per-round"
                + " ratios with their interquartile range. **Bold**: the best fixed target on arrays.\n\n");
        md.append("| case | memory | target | class | off-heap | array | copy-around | off-heap (time per call) |"
                + " ÷ array | ÷ copy-around |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|\n");
        int met = 0;
        int checked = 0;
        for (CaseResult c : results.cases()) {
            if (c.offHeap() == null) {
                continue;
            }
            String title = c.title();
            for (Results.OffHeapResult o : c.offHeap()) {
                md.append("| ").append(title).append(" | ").append(o.memory()).append(" | ")
                        .append(o.bestTarget() ? "**" + o.target() + "**" : o.target()).append(" | ")
                        .append(o.kernel() == null ? "–" : o.kernel()).append(" | ")
                        .append(Format.significant(c.bytes() / o.nanosPerCall())).append(" | ")
                        .append(Format.significant(c.bytes() / o.arrayNanos())).append(" | ")
                        .append(o.copyAroundNanos() == null ? "–" : Format.significant(c.bytes() / o.copyAroundNanos()))
                        .append(" | ").append(Format.time(o.nanosPerCall()));
                for (int i = 0; i < 2; i++) {
                    Spread s = i == 0 ? o.vsArray() : o.vsCopyAround();
                    double goal = i == 0 ? Analysis.OFF_HEAP_VS_ARRAY : Analysis.OFF_HEAP_VS_COPY_AROUND;
                    if (s == null) {
                        md.append(" | –");
                    } else {
                        boolean ok = s.median() >= goal;
                        checked++;
                        met += ok ? 1 : 0;
                        md.append(" | ").append(ok ? "✓ " : "✗ ").append(ratio(s.median(), s));
                    }
                }
                md.append(" |\n");
                title = "";
            }
        }
        md.append("\nOff-heap goals met: ").append(met).append(" of ").append(checked).append(" checked.\n");
        return md.toString();
    }

    /** The cold-start table: per kernel, the first calls and the first call alone, per contender. */
    static String coldStart(ColdStarts cold) {
        StringBuilder md = new StringBuilder();
        md.append("Cold start: each contender in ").append(cold.jvms()).append(cold.jvms() == 1 ? " fresh JVM" : " fresh JVMs")
                .append(" per kernel, interleaved; the median time of the first ").append(cold.calls())
                .append(" calls after `Strider.load` (the first call alone below it), with the fastest and slowest JVM in"
                        + " brackets. tuned ÷ SCALAR: the tuned choice's median over SCALAR's (✓ at 2 or below, the tuner"
                        + " issue's goal).\n\n");
        List<Contender> columns = ColdStart.CONTENDERS;
        md.append("| kernel | calls |");
        for (Contender k : columns) {
            md.append(' ').append(k.label()).append(" |");
        }
        md.append(" tuned ÷ SCALAR |\n|---|---|").append("---:|".repeat(columns.size())).append("---:|\n");
        Map<String, Map<Contender, ColdStartResult>> byKernel = new LinkedHashMap<>();
        Map<String, String> titles = new LinkedHashMap<>();
        for (ColdStartResult r : cold.results()) {
            byKernel.computeIfAbsent(r.id(), id -> new EnumMap<>(Contender.class)).put(r.contender(), r);
            titles.put(r.id(), r.title());
        }
        byKernel.forEach((id, results) -> {
            for (boolean first : new boolean[] {false, true}) {
                md.append("| ").append(first ? "" : titles.get(id)).append(" | ")
                        .append(first ? "first" : "first " + cold.calls()).append(" |");
                for (Contender k : columns) {
                    ColdStartResult r = results.get(k);
                    Spread s = r == null ? null : first ? r.firstCall() : r.calls();
                    md.append(' ').append(s == null ? "–" : Format.timeRange(s.median(), s.min(), s.max()));
                    if (r != null && k == Contender.TUNED && !first) {
                        md.append(", ").append(r.implementation());
                    }
                    md.append(" |");
                }
                ColdStartResult scalar = results.get(Contender.SCALAR);
                ColdStartResult tuned = results.get(Contender.TUNED);
                if (scalar == null || tuned == null) {
                    md.append(" – |\n");
                } else {
                    double r = (first ? tuned.firstCall() : tuned.calls()).median()
                            / (first ? scalar.firstCall() : scalar.calls()).median();
                    md.append(' ').append(first ? "" : r <= 2 ? "✓ " : "✗ ").append(Format.times(r)).append(" |\n");
                }
            }
        });
        return md.toString();
    }

    /** {@code 1.48× (1.41–1.52)}: a median per-round ratio and its interquartile range; the ratio alone without rounds. */
    private static String ratio(Double value, Spread spread) {
        if (value == null) {
            return "–";
        }
        return Format.times(value) + (spread == null ? "" : " (" + Format.iqr(spread) + ")");
    }

    /** {@code ✓ best target ≥ 1.2× oneDNN: 1.48× (1.41–1.52)}, or {@code · ... : not measured}. */
    private static String goal(GoalCheck g) {
        if (g.met() == null) {
            return "· " + g.goal() + ": not measured";
        }
        return (g.met() ? "✓ " : "✗ ") + g.goal() + ": " + ratio(g.value(), g.spread());
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

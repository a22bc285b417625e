package dev.strider.examples.conformance;

import dev.strider.examples.conformance.BatchReader.Occurrence;
import dev.strider.examples.conformance.Classifier.Capabilities;
import dev.strider.examples.conformance.Classifier.Reason;
import dev.strider.examples.conformance.Classifier.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * benchdnn's reorder suite as Strider sees it: the distinct cases of some top-level batch files,
 * which of them a CPU runs with fixed dims, and which of those Strider can declare, with the
 * reasons for the rest.
 */
public final class Suite {

    /** The files issue 20 measured: oneDNN's reorder suites (all, CI, smoke) and the GPU one. */
    public static final List<String> ISSUE_20_FILES =
            List.of("test_reorder_all", "test_reorder_ci", "test_reorder_smoke", "test_reorder_gpu");

    private final List<String> files;
    private final int listed;
    private final Map<ReorderCase, Occurrence> distinct;

    private Suite(List<String> files, int listed, Map<ReorderCase, Occurrence> distinct) {
        this.files = List.copyOf(files);
        this.listed = listed;
        this.distinct = Collections.unmodifiableMap(distinct);
    }

    /** Reads {@code files} (each as one benchdnn run) and keeps each distinct case with its first occurrence. */
    public static Suite read(BatchReader reader, List<String> files) {
        Map<ReorderCase, Occurrence> distinct = new LinkedHashMap<>();
        int listed = 0;
        for (String file : files) {
            List<Occurrence> cases = reader.read(file);
            listed += cases.size();
            for (Occurrence o : cases) {
                distinct.putIfAbsent(o.reorder(), o);
            }
        }
        return new Suite(files, listed, distinct);
    }

    /** The top-level files read. */
    public List<String> files() {
        return files;
    }

    /** Cases as the files list them, duplicates included. */
    public int listed() {
        return listed;
    }

    /** Distinct cases, each with where it is first asked for. */
    public Map<ReorderCase, Occurrence> distinct() {
        return distinct;
    }

    /** The distinct cases a CPU runs with fixed dims ({@link ReorderCase#cpuFixedDims}), in file order. */
    public List<ReorderCase> cpuFixedDims() {
        return distinct.keySet().stream().filter(ReorderCase::cpuFixedDims).toList();
    }

    /** The counts of one classification. */
    public record Counts(int listed, int distinct, int notCpu, int runtimeDims, int invalid, int cpuFixedDims,
                         int declarable, Map<Reason, Integer> byReason) {
        public Counts {
            byReason = Collections.unmodifiableMap(new EnumMap<>(byReason));
        }

        /** Cases stopped by {@code reason} (alone or with others). */
        public int of(Reason reason) {
            return byReason.getOrDefault(reason, 0);
        }
    }

    /** Counts every group, the CPU fixed-dims cases classified for {@code capabilities}. */
    public Counts counts(Capabilities capabilities) {
        Classifier classifier = new Classifier(capabilities);
        int notCpu = 0;
        int runtime = 0;
        int invalid = 0;
        int cpu = 0;
        int declarable = 0;
        Map<Reason, Integer> byReason = new EnumMap<>(Reason.class);
        for (ReorderCase c : distinct.keySet()) {
            if (!c.onCpu()) {
                notCpu++;
            } else if (c.runtimeDims()) {
                runtime++;
            } else if (c.invalid().isPresent()) {
                invalid++;
            } else {
                cpu++;
                Verdict v = classifier.classify(c);
                if (v.declarable()) {
                    declarable++;
                }
                for (Reason r : v.reasons()) {
                    byReason.merge(r, 1, Integer::sum);
                }
            }
        }
        return new Counts(listed, distinct.size(), notCpu, runtime, invalid, cpu, declarable, byReason);
    }

    /** The verdicts of the CPU fixed-dims cases, in file order. */
    public List<Verdict> verdicts(Capabilities capabilities) {
        Classifier classifier = new Classifier(capabilities);
        List<Verdict> out = new ArrayList<>();
        for (ReorderCase c : cpuFixedDims()) {
            out.add(classifier.classify(c));
        }
        return out;
    }

    /**
     * The table: every group, then the reasons, for this build ({@code today}) and with the
     * capabilities issue 20 measured ({@code issue}).
     */
    public static String table(List<String> files, Counts today, Counts issue) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"", "today", "issue 20"});
        rows.add(new String[] {"cases listed in the batch files", n(today.listed()), n(issue.listed())});
        rows.add(new String[] {"distinct cases read", n(today.distinct()), n(issue.distinct())});
        rows.add(new String[] {"  GPU only (cross-engine)", n(today.notCpu()), n(issue.notCpu())});
        rows.add(new String[] {"  run-time dims", n(today.runtimeDims()), n(issue.runtimeDims())});
        rows.add(new String[] {"  invalid for benchdnn (zero points with sum or on floats)", n(today.invalid()),
                n(issue.invalid())});
        rows.add(new String[] {"CPU cases with fixed dims", n(today.cpuFixedDims()), n(issue.cpuFixedDims())});
        rows.add(new String[] {"  declarable", n(today.declarable()) + percent(today), n(issue.declarable()) + percent(issue)});
        rows.add(new String[] {"  not declarable, by reason (a case may have several):", "", ""});
        for (Reason r : Reason.values()) {
            if (today.of(r) > 0 || issue.of(r) > 0) {
                rows.add(new String[] {"    " + r.label(), n(today.of(r)), n(issue.of(r))});
            }
        }
        int w0 = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        int w1 = rows.stream().mapToInt(r -> r[1].length()).max().orElse(0);
        int w2 = rows.stream().mapToInt(r -> r[2].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        sb.append("benchdnn reorder cases of oneDNN v3.11 (").append(String.join(", ", files)).append(")\n");
        sb.append("classified for this build (today) and as on main at d96cf26, before unsignedDestination, bf16/f16,"
                + " the sum post-op, call-time scales and zero points, compensation, f8 and the 4-bit types (issue 20)\n\n");
        for (String[] r : rows) {
            String line = String.format(Locale.ROOT, "%-" + w0 + "s  %" + w1 + "s  %" + w2 + "s", r[0], r[1], r[2]);
            sb.append(line.stripTrailing()).append('\n');
        }
        return sb.toString();
    }

    private static String n(int value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** {@code " (22 %)"}; to a hundredth, never rounded up to 100, where a whole percent would hide the rest. */
    private static String percent(Counts c) {
        if (c.cpuFixedDims() == 0) {
            return "";
        }
        double p = 100.0 * c.declarable() / c.cpuFixedDims();
        return Math.round(p) == 100 && c.declarable() < c.cpuFixedDims()
                ? String.format(Locale.ROOT, " (%.2f %%)", Math.min(p, 99.99)) : String.format(Locale.ROOT, " (%d %%)", Math.round(p));
    }
}

package dev.strider.examples.demo;

import dev.strider.examples.demo.Pipeline.Step;
import dev.strider.examples.kernels.PipelineOps;
import dev.strider.Strider;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every target's generated class, run through the whole pipeline and compared with the generic
 * oracle's run, buffer by buffer and bit for bit: the pad lanes of nChw16c included, and every
 * element the kernels were to write, as each buffer starts as garbage.
 */
final class CrossCheck {

    /** A target: the class {@code Strider.load(PipelineOps.class, target)} gave, or why it gave none. */
    record Candidate(Target target, PipelineOps ops, String unavailable) {

        static Candidate load(Target target) {
            try {
                return new Candidate(target, Strider.load(PipelineOps.class, target), null);
            } catch (IllegalStateException e) {
                String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
                return new Candidate(target, null, message.endsWith(":") ? message.substring(0, message.length() - 1)
                        : message);
            }
        }

        /** {@code Scalar}, {@code Vector256}, {@code Threads}: the class name after {@code PipelineOps_}. */
        String column() {
            if (ops == null) {
                return target.name().charAt(0) + target.name().substring(1).toLowerCase(Locale.ROOT);
            }
            String name = ops.getClass().getSimpleName();
            return name.substring(name.indexOf('_') + 1);
        }
    }

    private final Pipeline reference;
    private final List<Candidate> candidates = new ArrayList<>();
    private final List<Pipeline> runs = new ArrayList<>();

    private CrossCheck(Pipeline reference) {
        this.reference = reference;
    }

    /** Runs the oracle and every target that loads here on {@code pixels}. */
    static CrossCheck run(byte[] pixels) {
        CrossCheck check = new CrossCheck(new Pipeline(pixels));
        check.reference.run(new GenericPipelineOps(), (step, kernel) -> kernel.run());
        for (Target target : Target.values()) {
            Candidate candidate = Candidate.load(target);
            check.candidates.add(candidate);
            Pipeline run = new Pipeline(pixels);
            if (candidate.ops() != null) {
                run.run(candidate.ops(), (step, kernel) -> kernel.run());
            }
            check.runs.add(run);
        }
        return check;
    }

    List<Candidate> candidates() {
        return candidates;
    }

    /** True when every class that loaded agreed with the oracle on every buffer. */
    boolean passed() {
        for (Step step : Step.values()) {
            for (int i = 0; i < candidates.size(); i++) {
                if (verdict(step, i) != null) {
                    return false;
                }
            }
        }
        return true;
    }

    /** One row per step, one column per target: ok, MISMATCH with the first difference, or n/a. */
    Table table() {
        String[] header = new String[candidates.size() + 1];
        header[0] = "step";
        for (int i = 0; i < candidates.size(); i++) {
            header[i + 1] = candidates.get(i).column();
        }
        Table table = new Table(header);
        for (Step step : Step.values()) {
            String[] row = new String[header.length];
            row[0] = step.call;
            for (int i = 0; i < candidates.size(); i++) {
                String verdict = verdict(step, i);
                row[i + 1] = candidates.get(i).ops() == null ? "n/a" : verdict == null ? "ok" : verdict;
            }
            table.row(row);
        }
        return table;
    }

    /** Null when target {@code i} agrees with the oracle on {@code step}'s buffer (or did not load). */
    private String verdict(Step step, int i) {
        if (candidates.get(i).ops() == null) {
            return null;
        }
        return difference(reference.output(step), runs.get(i).output(step));
    }

    /**
     * Null when the arrays hold the same bits, else the first index where they differ. Bytes are
     * u8 pixels (every byte buffer of the pipeline is), so they are shown 0..255.
     */
    static String difference(Object expected, Object actual) {
        if (expected instanceof float[] e && actual instanceof float[] a) {
            for (int i = 0; i < e.length; i++) {
                if (Float.floatToIntBits(e[i]) != Float.floatToIntBits(a[i])) {
                    return mismatch(i, e[i], a[i]);
                }
            }
            return null;
        }
        if (expected instanceof byte[] e && actual instanceof byte[] a) {
            for (int i = 0; i < e.length; i++) {
                if (e[i] != a[i]) {
                    return mismatch(i, e[i] & 0xFF, a[i] & 0xFF);
                }
            }
            return null;
        }
        throw new IllegalArgumentException("not two float[] or two byte[]: " + expected + ", " + actual);
    }

    private static String mismatch(int index, Object expected, Object actual) {
        return "MISMATCH at index " + index + ": expected " + expected + ", got " + actual;
    }
}

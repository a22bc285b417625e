package dev.strider.processor;

import dev.strider.processor.validation.Message;
import dev.strider.runtime.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.tools.Diagnostic;

/**
 * The processor's {@code -A} options.
 *
 * @param unrollLimit the most elements a fully unrolled inner loop may have ({@code -Astrider.unrollLimit},
 *                    default {@value #DEFAULT_UNROLL_LIMIT}; 1 unrolls nothing)
 * @param targets     {@code -Astrider.targets=scalar,vector}: the targets to generate for every kernel set,
 *                    replacing those its {@code @Kernels} names; empty when not given
 */
public record ProcessorOptions(int unrollLimit, Optional<List<Target>> targets) {

    public static final String UNROLL_LIMIT = "strider.unrollLimit";
    public static final String TARGETS = "strider.targets";
    public static final int DEFAULT_UNROLL_LIMIT = 64;

    public ProcessorOptions {
        if (unrollLimit < 1) {
            throw new IllegalArgumentException("unrollLimit is " + unrollLimit + "; it must be at least 1");
        }
        targets = targets.map(List::copyOf);
    }

    /** The options when none are given: unroll limit 64, the targets each {@code @Kernels} names. */
    public static ProcessorOptions defaults() {
        return new ProcessorOptions(DEFAULT_UNROLL_LIMIT, Optional.empty());
    }

    /** The option names, for {@code Processor.getSupportedOptions()}. */
    public static Set<String> names() {
        return Set.of(UNROLL_LIMIT, TARGETS);
    }

    /**
     * Reads the options from {@code processingEnv.getOptions()}. A bad value is reported as an error
     * naming the option and the value, and the default is used in its place (so that the
     * declarations are still checked).
     */
    public static ProcessorOptions parse(Map<String, String> options, Messager messager) {
        int unrollLimit = DEFAULT_UNROLL_LIMIT;
        if (options.containsKey(UNROLL_LIMIT)) {
            String value = options.get(UNROLL_LIMIT);
            try {
                unrollLimit = Integer.parseInt(value == null ? "" : value.trim());
            } catch (NumberFormatException e) {
                unrollLimit = 0;
            }
            if (unrollLimit < 1) {
                bad(messager, UNROLL_LIMIT, value, "it must be a whole number of at least 1 (the most elements"
                        + " a fully unrolled inner loop may have; 1 unrolls nothing)");
                unrollLimit = DEFAULT_UNROLL_LIMIT;
            }
        }
        Optional<List<Target>> targets = Optional.empty();
        if (options.containsKey(TARGETS)) {
            String value = options.get(TARGETS);
            List<Target> parsed = parseTargets(value);
            if (parsed == null) {
                bad(messager, TARGETS, value, "it must be a comma-separated list of targets from "
                        + targetNames() + ", such as scalar or scalar,vector");
            } else {
                targets = Optional.of(parsed);
            }
        }
        return new ProcessorOptions(unrollLimit, targets);
    }

    /** The targets in the order given, without repeats; null when the value is empty or names no target. */
    private static List<Target> parseTargets(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        List<Target> targets = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            Target target = null;
            for (Target t : Target.values()) {
                if (t.name().equalsIgnoreCase(part.trim())) {
                    target = t;
                }
            }
            if (target == null) {
                return null;
            }
            if (!targets.contains(target)) {
                targets.add(target);
            }
        }
        return targets;
    }

    private static String targetNames() {
        List<String> names = new ArrayList<>();
        for (Target t : Target.values()) {
            names.add(t.name().toLowerCase(Locale.ROOT));
        }
        return String.join(", ", names);
    }

    private static void bad(Messager messager, String option, String value, String rule) {
        messager.printMessage(Diagnostic.Kind.ERROR, Message.BAD_OPTION.format(option,
                value == null ? "(none)" : "\"" + value + "\"", rule));
    }
}

package dev.strider.processor;

import dev.strider.processor.validation.Message;
import dev.strider.Target;
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
 * @param vectorShapes {@code -Astrider.vectorShapes=256}: the vector sizes in bits VECTOR is generated for
 *                    (default 128, 256 and 512, so the registry finds the one each machine prefers)
 * @param threadsAbove {@code -Astrider.threadsAbove}: THREADS splits methods of at least this many
 *                    elements (default {@value #DEFAULT_THREADS_ABOVE}) and calls the one-thread class
 *                    for smaller ones
 * @param report      {@code -Astrider.report=false} turns off the layout report, the HTML page
 *                    {@code <Interface>.layouts.html} written beside the generated sources (default on)
 * @param transposeBits {@code -Astrider.transposeBits=256}: the width in bits of the square blocks
 *                    VECTOR transposes move through registers, at most each class's own (default
 *                    {@value #DEFAULT_TRANSPOSE_BITS})
 */
public record ProcessorOptions(int unrollLimit, Optional<List<Target>> targets, List<Integer> vectorShapes,
                               long threadsAbove, boolean report, int transposeBits) {

    public static final String UNROLL_LIMIT = "strider.unrollLimit";
    public static final String TARGETS = "strider.targets";
    public static final String VECTOR_SHAPES = "strider.vectorShapes";
    public static final String THREADS_ABOVE = "strider.threadsAbove";
    public static final String REPORT = "strider.report";
    public static final String TRANSPOSE_BITS = "strider.transposeBits";
    public static final int DEFAULT_UNROLL_LIMIT = 64;
    public static final List<Integer> DEFAULT_VECTOR_SHAPES = List.of(128, 256, 512);
    /**
     * THREADS splits kernels of at least 2^17 elements (512 KiB of floats). Over the common pool it
     * lost on every 150K-200K-element kernel (one TargetsBenchmark run on 2 cores: bias add 33.9 us
     * against 22.3, nchw to nChw16c 93 against 69), so the default was 2^20. Over the team of
     * watching workers ({@code dev.strider.runtime.Team}) each core keeps its half in its own L2:
     * built with 2^16, the tuner measured THREADS at 1.39x, 1.72x and 1.79x the one-thread winner
     * on nchw to nChw16c, back and nchw to nChw8c 1x64x56x56 (200,704 elements; JDK 25, AMD EPYC
     * Zen 4, 2 cores). The tuner times THREADS against the one-thread winner for every method it
     * splits, so a method where splitting loses still runs one thread by default.
     */
    public static final long DEFAULT_THREADS_ABOVE = 1L << 17;
    /**
     * Transposes move 4x4 float blocks (128 bits) even in the 256- and 512-bit classes. On the AMD
     * Zen 3 (AVX2) we measure on, a 128-bit rearrange is one in-lane vpermilps, while a 256-bit
     * one is a lane-crossing vpermps at half its throughput. The examples' Vector256 classes built
     * twice, 4x4 against 8x8 blocks, same loop order, one JVM (JDK 25, two rounds): nchw to nChw16c
     * 1x64x56x56 36 against 47 us, back 37-39 against 45-47, NCHW to NHWC 1x64x56x56 45-47 against
     * 63, back 42-43 against 54-56, 1x64x256x256 2.4-3.0 against 2.9-3.7 ms, back 2.5-3.2 against
     * 3.2 (a tie once), nchw to nChw8c 1x17x5x4 78-81 against 90-91 ns. Where shuffles of any
     * width cost the same (Intel's port 5), wider blocks need fewer of them per element; that is
     * unmeasured here, hence the option.
     */
    public static final int DEFAULT_TRANSPOSE_BITS = 128;

    public ProcessorOptions {
        if (unrollLimit < 1) {
            throw new IllegalArgumentException("unrollLimit is " + unrollLimit + "; it must be at least 1");
        }
        if (!DEFAULT_VECTOR_SHAPES.contains(transposeBits)) {
            throw new IllegalArgumentException("transposeBits is " + transposeBits + "; it must be 128, 256 or 512");
        }
        targets = targets.map(List::copyOf);
        vectorShapes = List.copyOf(vectorShapes);
    }

    public ProcessorOptions(int unrollLimit, Optional<List<Target>> targets) {
        this(unrollLimit, targets, DEFAULT_VECTOR_SHAPES, DEFAULT_THREADS_ABOVE, true, DEFAULT_TRANSPOSE_BITS);
    }

    /** The options when none are given: unroll limit 64, the targets each {@code @Kernels} names, a report. */
    public static ProcessorOptions defaults() {
        return new ProcessorOptions(DEFAULT_UNROLL_LIMIT, Optional.empty());
    }

    /** The option names, for {@code Processor.getSupportedOptions()}. */
    public static Set<String> names() {
        return Set.of(UNROLL_LIMIT, TARGETS, VECTOR_SHAPES, THREADS_ABOVE, REPORT, TRANSPOSE_BITS);
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
        List<Integer> shapes = DEFAULT_VECTOR_SHAPES;
        if (options.containsKey(VECTOR_SHAPES)) {
            String value = options.get(VECTOR_SHAPES);
            List<Integer> parsed = parseShapes(value);
            if (parsed == null) {
                bad(messager, VECTOR_SHAPES, value, "it must be a comma-separated list of vector sizes in bits from "
                        + "128, 256, 512, such as 256 or 256,512");
            } else {
                shapes = parsed;
            }
        }
        long threadsAbove = DEFAULT_THREADS_ABOVE;
        if (options.containsKey(THREADS_ABOVE)) {
            String value = options.get(THREADS_ABOVE);
            try {
                threadsAbove = Long.parseLong(value == null ? "" : value.trim());
            } catch (NumberFormatException e) {
                threadsAbove = -1;
            }
            if (threadsAbove < 1) {
                bad(messager, THREADS_ABOVE, value, "it must be a whole number of at least 1 (THREADS splits"
                        + " methods with at least this many elements)");
                threadsAbove = DEFAULT_THREADS_ABOVE;
            }
        }
        boolean report = true;
        if (options.containsKey(REPORT)) {
            String value = options.get(REPORT);
            String word = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
            if (word.equals("true") || word.equals("false")) {
                report = word.equals("true");
            } else {
                bad(messager, REPORT, value, "it must be true or false (false turns off the layout report,"
                        + " <Interface>.layouts.html beside the generated sources)");
            }
        }
        int transposeBits = DEFAULT_TRANSPOSE_BITS;
        if (options.containsKey(TRANSPOSE_BITS)) {
            String value = options.get(TRANSPOSE_BITS);
            List<Integer> parsed = parseShapes(value);
            if (parsed == null || parsed.size() != 1) {
                bad(messager, TRANSPOSE_BITS, value, "it must be one vector size in bits from 128, 256, 512 (the"
                        + " width of the blocks VECTOR transposes move through registers)");
            } else {
                transposeBits = parsed.get(0);
            }
        }
        return new ProcessorOptions(unrollLimit, targets, shapes, threadsAbove, report, transposeBits);
    }

    /** The shapes in increasing order, without repeats; null when empty or not all of 128, 256, 512. */
    private static List<Integer> parseShapes(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        java.util.TreeSet<Integer> shapes = new java.util.TreeSet<>();
        for (String part : value.split(",", -1)) {
            try {
                int bits = Integer.parseInt(part.trim());
                if (!DEFAULT_VECTOR_SHAPES.contains(bits)) {
                    return null;
                }
                shapes.add(bits);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return List.copyOf(shapes);
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

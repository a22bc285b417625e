package dev.strider.examples.conformance;

import dev.strider.Kernels;
import dev.strider.Side;
import dev.strider.examples.conformance.Classifier.Declaration;
import dev.strider.examples.conformance.Classifier.Verdict;
import dev.strider.examples.onednn.MemorySpec;
import dev.strider.examples.onednn.OneDnnReorder;
import dev.strider.kernel.Compensations;
import dev.strider.kernel.Convert;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.Nibbles;
import dev.strider.kernel.Quantization;
import dev.strider.layout.TensorLayout;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The conformance run (issue 20, item 6): a deterministic sample of the benchdnn reorder cases
 * Strider can declare, declared in one {@code @Kernels} interface, compiled with javac and the
 * Strider processor, and run on every generated class and the generic kernel; every destination
 * element, pad lanes included, compared bit for bit with oneDNN's reorder of the same case (the
 * case's own scales and zero points, given to oneDNN as benchdnn gives them).
 *
 * <p>The sample is stratified: the declarable cases are grouped by data-type pair, by whether
 * they scale or shift, and by the kind of their formats (plain, blocked, blocked with a padded
 * tail); one case at a time is drawn from each group in turn, each group's order shuffled by a
 * fixed seed, until the sample is full. Cases whose source or destination buffer exceeds
 * {@code maxElements} are left out of the draw. Cases with call-time scales or zero points
 * ({@code @Scale}, {@code @ZeroPoint}: per-dim ones, issue 20 item 2) are drawn after the others,
 * in a share of their own, grouped by what decides the formula oneDNN computes ({@link #feature}).
 *
 * <p>What a case is held to is its {@link Check}: oneDNN's bytes wherever oneDNN computes
 * Strider's formula, and otherwise the generic kernel's, with oneDNN's answer still counted per
 * implementation. Every generated class must give the generic kernel's bytes on every case.
 *
 * <p>The data are deterministic and benchdnn-like: integer sources over their whole range; f32
 * over the destination's range and beyond it (saturation), with halves (ties), infinities, the
 * f16 and bf16 rounding edges and -0.0; bf16 and f16 sources as random bit patterns, NaNs and
 * infinities included; 4-bit sources as random bytes, so every code in both halves of a byte. Blocked sources have zero pad lanes, as oneDNN's own data do; the
 * destination starts full of garbage. Inputs are left out (replaced by +0) where oneDNN's answer
 * depends on which of its kernels runs, not on the arithmetic:
 * <ul>
 * <li>-0.0 into f16: oneDNN's reference reorder, which runs f16 on CPUs without AVX512-FP16, adds
 * the destination zero point even when it is 0 and so writes +0.0; its jit reorders and Strider
 * keep -0.0 (see {@code HalfFloatOracleTest}); its {@code simple:any} does the same in an f16 -> f16 copy;
 * <li>NaN into an integer type: its reference reorder writes 0 to s8, its jit reorders the least
 * value, as Strider does;
 * <li>in a bf16 -> bf16 or f16 -> f16 copy, subnormals and signaling NaNs: oneDNN's blocked
 * reorders move the bits (as Strider does, checked in {@code HalfFloatOracleTest}), while its
 * {@code jit_direct_copy} flushes bf16 subnormals to -0.0/+0.0 and its {@code simple:any} quiets
 * f16 signaling NaNs, both converting through f32;
 * <li>-0.0 into f8 and out of f8, in any reorder: oneDNN's reference reorder, the only one that runs
 * f8 on CPUs without AVX512-FP16, adds the destination zero point even when it is 0 (+0.0, as for
 * f16 above), where Strider keeps -0.0 as oneDNN's jit arithmetic does; and in an e5m2 copy, the
 * signalling NaNs, which that reference quiets through f32 while Strider moves the bits;
 * <li>bf16 of magnitude 2^31 or more into s8 or u8: oneDNN's {@code jit:uni} reorder gives -128
 * and 0 for them (no saturation before its conversion to s32), while from f32 it saturates, as
 * Strider does from both. benchdnn's own data never reach such values.
 * </ul>
 */
public final class ConformanceRun {

    /** The classes the processor generates for a {@code @Kernels} interface with every target, in that order. */
    public static final List<String> CLASSES = List.of("Scalar", "Vector128", "Vector256", "Vector512", "Threads");

    /** The generic kernel's row name. */
    public static final String GENERIC = "generic";

    private static final String PACKAGE = "strider.conformance";
    private static final String INTERFACE = "ConformanceKernels";

    /** One sampled case: where it is listed, the case as benchdnn runs it, its declaration and method name. */
    public record Sampled(String where, ReorderCase reorder, Declaration declaration, String method) {
    }

    /**
     * What a case's destination is held to. oneDNN's reorder is the oracle wherever it computes the
     * formula Strider computes, formula A of {@code docs/adr-onednn-quantization.md}: its jit
     * reorders do for every mask, and for compile-time constants every kernel gave Strider's bytes
     * (the scales benchdnn writes on its command line are few and short). Two kinds of call-time
     * cases are not held to it, because there oneDNN's answer depends on the kernel it picks or is
     * wrong, and the ADR decided Strider does not follow it; they are still run through oneDNN and
     * counted, and every generated class must give the generic kernel's bytes.
     */
    public enum Check {
        /** Every class and the generic kernel give oneDNN's bytes: asserted. */
        ONEDNN("compared with oneDNN"),
        /**
         * Call-time parameters where oneDNN runs its reference kernel ({@code simple:any}), which
         * divides by the destination scale where its jit kernels multiply by the reciprocal, and adds
         * the destination zero point even when none is set (-0.0 becomes +0.0); it runs there for
         * scales along different dims, bf16/f16 scales, f16 sides and s8 zero points.
         */
        REFERENCE_KERNEL("oneDNN runs simple:any, which divides by the destination scale and always adds +0:"
                + " reported, not asserted"),
        /** Per-dim zero points: oneDNN 3.11's {@code jit:uni} applies the first value to every element. */
        ZERO_POINTS_PER_DIM("per-dim zero points (oneDNN 3.11's jit:uni applies the first to every element):"
                + " classes checked against the generic kernel, oneDNN reported, not asserted"),
        /** oneDNN has no reorder for the case here: every class is held to the generic kernel. */
        NO_ONEDNN("oneDNN cannot run it here: checked against the generic kernel only");

        private final String label;

        Check(String label) {
            this.label = label;
        }

        /** How the summary names it. */
        public String label() {
            return label;
        }

        /** The check of a case oneDNN ran with {@code implementation}. */
        static Check of(Declaration d, String implementation) {
            if (!d.runTime()) {
                return ONEDNN;
            }
            if (d.parameters().stream().anyMatch(p -> p.kind() == Quantization.Kind.ZERO_POINT && !p.per().isEmpty())) {
                return ZERO_POINTS_PER_DIM;
            }
            return implementation.startsWith("simple:") ? REFERENCE_KERNEL : ONEDNN;
        }
    }

    /**
     * One difference: a kernel's destination against oneDNN's or against the generic kernel's.
     *
     * @param against  {@code "oneDNN"} or {@code "generic"}
     * @param asserted whether the conformance test fails on it ({@link Check})
     */
    public record Mismatch(String kernel, Sampled sampled, String implementation, String against, boolean asserted,
                           String detail) {
        @Override
        public String toString() {
            return kernel + "." + sampled.method() + " vs " + against + " (" + sampled.where() + "  "
                    + sampled.reorder().repro() + "; oneDNN " + (implementation == null ? "cannot run it" : implementation)
                    + (asserted ? "" : "; not asserted")
                    + "): " + detail;
        }
    }

    /**
     * How one case went.
     *
     * @param implementation   oneDNN's implementation, or null when oneDNN cannot run the case
     * @param genericIsOneDnn  whether the generic kernel gave oneDNN's bytes (false when oneDNN did not run)
     */
    public record Outcome(Sampled sampled, String implementation, Check check, boolean genericIsOneDnn) {
    }

    /**
     * What a run found.
     *
     * @param sampled         the sample, in method order
     * @param eligible        declarable cases within the size cap, before sampling
     * @param eligibleRunTime of them, those with call-time scales or zero points
     * @param unimplemented   sampled cases oneDNN has no reorder for on this CPU, each with oneDNN's answer
     * @param outcomes        per case, in sample order
     * @param run             (kernel class, cases run) in {@link #CLASSES} order, then the generic kernel
     * @param exact           (kernel class, cases with oneDNN's bytes), of the cases oneDNN ran
     * @param generic         (kernel class, cases with the generic kernel's bytes)
     * @param mismatches      every difference, one per (class, case)
     * @param skipped         kernel classes that did not load here, with why
     */
    public record Result(List<Sampled> sampled, int eligible, int eligibleRunTime, Map<Sampled, String> unimplemented,
                         List<Outcome> outcomes, Map<String, Integer> run, Map<String, Integer> exact,
                         Map<String, Integer> generic, List<Mismatch> mismatches, Map<String, String> skipped,
                         long compileMillis, long runMillis) {

        /** The mismatches the conformance test fails on. */
        public List<Mismatch> asserted() {
            return mismatches.stream().filter(Mismatch::asserted).toList();
        }

        /**
         * The generic kernel against oneDNN per implementation and check: (label, {cases, exact}),
         * {@code jit:uni}, {@code jit:uni, call-time parameters} or
         * {@code simple:any, call-time parameters [oneDNN runs simple:any, which ...]}.
         */
        public Map<String, int[]> byImplementation() {
            Map<String, int[]> out = new TreeMap<>();
            for (Outcome o : outcomes) {
                if (o.implementation() == null) {
                    continue;
                }
                String key = o.implementation() + (o.sampled().declaration().runTime() ? ", call-time parameters" : "")
                        + (o.check() == Check.ONEDNN ? "" : " [" + o.check().label() + "]");
                int[] c = out.computeIfAbsent(key, k -> new int[2]);
                c[0]++;
                c[1] += o.genericIsOneDnn() ? 1 : 0;
            }
            return out;
        }

        /** One line of the summary for the cases of a family of data types, if any were run. */
        private void family(StringBuilder sb, String label, java.util.function.Predicate<Declaration> member) {
            List<Outcome> family = outcomes.stream().filter(o -> member.test(o.sampled().declaration())).toList();
            if (!family.isEmpty()) {
                sb.append(String.format(Locale.ROOT, "  %s: %d cases; oneDNN ran %d, the generic kernel exact on %d"
                        + " of them (%d of %d where asserted)%n", label, family.size(),
                        family.stream().filter(o -> o.implementation() != null).count(),
                        family.stream().filter(Outcome::genericIsOneDnn).count(),
                        family.stream().filter(o -> o.check() == Check.ONEDNN && o.genericIsOneDnn()).count(),
                        family.stream().filter(o -> o.check() == Check.ONEDNN).count()));
            }
        }

        /** The summary: sample, per class run / exact / mismatches, per oneDNN implementation, and the first few mismatches. */
        public String summary(int declarable, int cpuFixedDims, int maxElements) {
            StringBuilder sb = new StringBuilder();
            long runTime = sampled.stream().filter(s -> s.declaration().runTime()).count();
            sb.append(String.format(Locale.ROOT, "conformance run: %,d of %,d CPU fixed-dims cases declarable,"
                    + " %,d of them within %,d elements a buffer (%,d with call-time scales or zero points);"
                    + " sampled %d distinct declarations (%d with call-time scales or zero points)%n",
                    declarable, cpuFixedDims, eligible, maxElements, eligibleRunTime, sampled.size(), runTime));
            Map<String, Long> pairs = sampled.stream().collect(Collectors.groupingBy(
                    s -> s.reorder().sdt() + "->" + s.reorder().ddt(), TreeMap::new, Collectors.counting()));
            sb.append("  data types: ").append(pairs.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", "))).append('\n');
            long blocked = sampled.stream().filter(s -> kind(s.declaration()).startsWith("blocked")).count();
            long padded = sampled.stream().filter(s -> kind(s.declaration()).equals("blocked, padded tail")).count();
            long summed = sampled.stream().filter(s -> s.declaration().sum() != 0).count();
            long quantized = sampled.stream().filter(s -> s.declaration().scale() != 1 || s.declaration().shift() != 0)
                    .count();
            sb.append(String.format(Locale.ROOT, "  formats: %d plain, %d blocked (%d with a padded tail);"
                    + " %d with a compile-time scale or shift, %d with a sum post-op%n", sampled.size() - blocked,
                    blocked, padded, quantized, summed));
            if (runTime > 0) {
                sb.append("  call-time scales and zero points: ").append(sampled.stream()
                        .filter(s -> s.declaration().runTime())
                        .collect(Collectors.groupingBy(s -> feature(s.declaration()), TreeMap::new, Collectors.counting()))
                        .entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
                        .append('\n');
            }
            long compensating = sampled.stream().filter(s -> !s.declaration().compensations().isEmpty()).count();
            if (compensating > 0) {
                sb.append("  compensations (weights and int32 tail compared): ").append(sampled.stream()
                        .filter(s -> !s.declaration().compensations().isEmpty())
                        .collect(Collectors.groupingBy(s -> s.declaration().compensations().toString(), TreeMap::new,
                                Collectors.counting()))
                        .entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")))
                        .append('\n');
            }
            family(sb, "f8 e5m2 or e4m3 on a side", ConformanceRun::float8);
            family(sb, "s4, u4 or f4 on a side, or s4/u4 zero points", ConformanceRun::fourBit);
            sb.append(String.format(Locale.ROOT, "  not compared with oneDNN, it cannot run them here (every class"
                    + " compared with the generic kernel): %d%n", unimplemented.size()));
            unimplemented.entrySet().stream().collect(Collectors.groupingBy(e -> why(e.getKey(), e.getValue()),
                    TreeMap::new, Collectors.counting()))
                    .forEach((why, count) -> sb.append("    ").append(count).append("  ").append(why).append('\n'));
            int w = Math.max(10, run.keySet().stream().mapToInt(String::length).max().orElse(0));
            sb.append(String.format(Locale.ROOT, "  %-" + w + "s  %5s  %8s  %9s%n", "class", "run", "= oneDNN",
                    "= generic"));
            for (Map.Entry<String, Integer> e : run.entrySet()) {
                sb.append(String.format(Locale.ROOT, "  %-" + w + "s  %5d  %8d  %9s%n", e.getKey(), e.getValue(),
                        exact.getOrDefault(e.getKey(), 0), e.getKey().equals(GENERIC) ? "-"
                                : String.valueOf(generic.getOrDefault(e.getKey(), 0))));
            }
            skipped.forEach((k, why) -> sb.append("  ").append(k).append(": not run, ").append(why).append('\n'));
            sb.append("  the generic kernel against oneDNN, by oneDNN's implementation (cases, exact):\n");
            byImplementation().forEach((k, c) -> sb.append(String.format(Locale.ROOT, "    %4d  %4d  %s%n", c[0], c[1], k)));
            List<Mismatch> asserted = asserted();
            sb.append(String.format(Locale.ROOT, "  %d mismatches asserted (cases oneDNN's formula is Strider's, and every"
                    + " class against the generic kernel), %d reported (compile %.1f s, run %.1f s)%n", asserted.size(),
                    mismatches.size() - asserted.size(), compileMillis / 1000.0, runMillis / 1000.0));
            // one line per case, naming every class that differs there; asserted ones first
            List<Mismatch> ordered = new ArrayList<>(asserted);
            mismatches.stream().filter(m -> !m.asserted()).forEach(ordered::add);
            Map<Sampled, List<Mismatch>> byCase = ordered.stream().collect(Collectors.groupingBy(Mismatch::sampled,
                    LinkedHashMap::new, Collectors.toList()));
            byCase.values().stream().limit(12).forEach(ms -> sb.append("  ").append(ms.get(0)).append(ms.size() > 1
                    ? " [also " + ms.stream().skip(1).map(Mismatch::kernel).collect(Collectors.joining(", ")) + "]" : "")
                    .append('\n'));
            return sb.toString();
        }
    }

    private ConformanceRun() {
    }

    /** Why oneDNN could not run a case, short: the data types for a missing reorder, the tag for a missing name. */
    static String why(Sampled s, String message) {
        if (message.contains("dnnl_unimplemented")) {
            return "oneDNN implements no " + s.reorder().sdt() + " -> " + s.reorder().ddt() + " reorder on this CPU";
        }
        java.util.regex.Matcher tag = java.util.regex.Pattern.compile("no format tag '([^']+)'").matcher(message);
        if (tag.find()) {
            return "format tag " + tag.group(1) + ": not in oneDNN's C API (dnnl_format_tag_t), nor a renaming of one";
        }
        return message;
    }

    /** plain, blocked, or blocked with a padded tail (a blocked dim not a multiple of its block), by the two formats. */
    static String kind(Declaration d) {
        TensorLayout s = TensorLayout.of(d.dims(), d.sizes(), d.srcFormat());
        TensorLayout t = TensorLayout.of(d.dims(), d.sizes(), d.dstFormat());
        if (!s.isBlocked() && !t.isBlocked()) {
            return "plain";
        }
        return s.paddedElementCount() > s.elementCount() || t.paddedElementCount() > t.elementCount()
                ? "blocked, padded tail" : "blocked";
    }

    /**
     * Draws {@code n} distinct declarations from the declarable verdicts, stratified, deterministic
     * for a seed. Returns the sample and, through {@code eligible[0]}, how many cases were within the cap.
     */
    public static List<Sampled> sample(Suite suite, List<Verdict> verdicts, int n, int maxElements, long seed,
                                       int[] eligible) {
        return sample(suite, verdicts, n, 0, maxElements, seed, eligible);
    }

    /**
     * Draws {@code n} distinct declarations with compile-time quantization only, then
     * {@code runTime} with call-time scales or zero points ({@link Declaration#runTime}), from
     * the declarable verdicts, stratified, deterministic for a seed.
     *
     * <p>The first draw is the one this run made before call-time parameters existed (same strata,
     * same seed, so the same cases with the same data): data-type pair, then whether the case sums,
     * scales or neither, and the kind of its formats. The second draw, with a seed of its own,
     * gives the call-time cases their own share, grouped first by what decides which formula
     * oneDNN computes ({@link #feature}), then by data-type pair and kind of formats.
     *
     * @param eligible receives the cases within the cap: {@code [0]} all, {@code [1]} those with call-time parameters
     */
    public static List<Sampled> sample(Suite suite, List<Verdict> verdicts, int n, int runTime, int maxElements,
                                       long seed, int[] eligible) {
        return sample(suite, verdicts, n, runTime, 0, maxElements, seed, eligible);
    }

    /**
     * The same, then {@code compensated} cases that write compensations ({@code --oflag}), drawn
     * with a seed of their own from strata of their flags, then data-type pair and kind of formats.
     * The first two draws never take a compensating case, so they are the draws made before
     * compensations existed.
     */
    public static List<Sampled> sample(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated,
                                       int maxElements, long seed, int[] eligible) {
        return sample(suite, verdicts, n, runTime, compensated, 0, maxElements, seed, eligible);
    }

    /**
     * The same, then {@code float8} cases with an f8 source or destination, drawn with a seed of
     * their own from strata of their data-type pair, then call-time, scaled or neither and kind of
     * formats. The first three draws never take an f8 case, so they are the draws made before f8
     * existed.
     */
    public static List<Sampled> sample(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated,
                                       int float8, int maxElements, long seed, int[] eligible) {
        return sample(suite, verdicts, n, runTime, compensated, float8, 0, maxElements, seed, eligible);
    }

    /**
     * The same, then {@code fourBit} cases with a 4-bit side or 4-bit zero points, drawn with a seed
     * of their own from strata as the f8 ones. The first four draws never take such a case, so they
     * are the draws made before the 4-bit types existed.
     */
    public static List<Sampled> sample(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated,
                                       int float8, int fourBit, int maxElements, long seed, int[] eligible) {
        // data-type pair -> (scale or shift, kind of formats) -> cases
        Map<String, Map<String, List<Verdict>>> strata = new TreeMap<>();
        // feature -> (data-type pair, kind of formats) -> cases with call-time parameters
        Map<String, Map<String, List<Verdict>>> runTimeStrata = new TreeMap<>();
        // flags -> (data-type pair, call-time or not, kind of formats) -> cases with compensations
        Map<String, Map<String, List<Verdict>>> compensatedStrata = new TreeMap<>();
        // data-type pair -> (call-time, scaled or neither, kind of formats) -> cases with an f8 side
        Map<String, Map<String, List<Verdict>>> float8Strata = new TreeMap<>();
        // the same for cases with an s4, u4 or f4 side, or s4 or u4 zero points
        Map<String, Map<String, List<Verdict>>> fourBitStrata = new TreeMap<>();
        int within = 0;
        int withinRunTime = 0;
        for (Verdict v : verdicts) {
            if (!v.declarable()) {
                continue;
            }
            Declaration d = v.declaration().orElseThrow();
            if (TensorLayout.of(d.dims(), d.sizes(), d.srcFormat()).bufferSize() > maxElements
                    || TensorLayout.of(d.dims(), d.sizes(), d.dstFormat()).bufferSize() > maxElements) {
                continue;
            }
            within++;
            String pair = v.reorder().sdt() + "->" + v.reorder().ddt();
            if (fourBit(d)) {
                String sub = (d.runTime() ? "3 call-time " : d.sum() != 0 ? "2 summed "
                        : d.scale() != 1 || d.shift() != 0 ? "1 scaled " : "0 ") + kind(d);
                fourBitStrata.computeIfAbsent(pair, k -> new TreeMap<>()).computeIfAbsent(sub, k -> new ArrayList<>()).add(v);
                continue;
            }
            if (float8(d)) {
                // plain ones first: oneDNN's reference computes them as Strider does (asserted); call-time ones last
                String sub = (d.runTime() ? "3 call-time " : d.sum() != 0 ? "2 summed "
                        : d.scale() != 1 || d.shift() != 0 ? "1 scaled " : "0 ") + kind(d);
                float8Strata.computeIfAbsent(pair, k -> new TreeMap<>()).computeIfAbsent(sub, k -> new ArrayList<>()).add(v);
                continue;
            }
            if (!d.compensations().isEmpty()) {
                compensatedStrata.computeIfAbsent(d.compensations().toString(), k -> new TreeMap<>())
                        .computeIfAbsent(pair + (d.runTime() ? " call-time " : " ") + kind(d), k -> new ArrayList<>())
                        .add(v);
                continue;
            }
            if (d.runTime()) {
                withinRunTime++;
                runTimeStrata.computeIfAbsent(feature(d), k -> new TreeMap<>())
                        .computeIfAbsent(pair + " " + kind(d), k -> new ArrayList<>()).add(v);
                continue;
            }
            // summed ones first, then scaled ones
            String sub = (d.sum() != 0 ? "0 summed " : d.scale() != 1 || d.shift() != 0 ? "1 scaled " : "2 ") + kind(d);
            strata.computeIfAbsent(pair, k -> new TreeMap<>()).computeIfAbsent(sub, k -> new ArrayList<>()).add(v);
        }
        eligible[0] = within;
        if (eligible.length > 1) {
            eligible[1] = withinRunTime;
        }
        Map<Declaration, Sampled> picked = new LinkedHashMap<>();
        draw(suite, strata, n, new Random(seed), picked);
        draw(suite, runTimeStrata, n + runTime, new Random(seed + 1), picked);
        draw(suite, compensatedStrata, n + runTime + compensated, new Random(seed + 2), picked);
        draw(suite, float8Strata, n + runTime + compensated + float8, new Random(seed + 3), picked);
        draw(suite, fourBitStrata, n + runTime + compensated + float8 + fourBit, new Random(seed + 4), picked);
        return new ArrayList<>(picked.values());
    }

    /** True when the declaration reads or writes f8 numbers. */
    static boolean float8(Declaration d) {
        return isFloat8(d.srcNarrow()) || isFloat8(d.dstNarrow());
    }

    private static boolean isFloat8(NarrowFormat f) {
        return f == NarrowFormat.F8_E5M2 || f == NarrowFormat.F8_E4M3;
    }

    /** True when the declaration reads or writes 4-bit numbers, or takes s4 or u4 zero points. */
    static boolean fourBit(Declaration d) {
        return packed(d.srcNarrow()) || packed(d.dstNarrow()) || d.parameters().stream().anyMatch(p -> packed(p.narrow()));
    }

    /** True for a 4-bit format, two to a byte; false for null (a type that is what its Java type says). */
    static boolean packed(NarrowFormat format) {
        return format != null && format.packed();
    }

    /**
     * What decides which formula oneDNN computes for a case with call-time parameters (see
     * {@code docs/adr-onednn-quantization.md}): per-dim zero points (its {@code jit:uni} applies
     * the first value everywhere), bf16/f16 scales ({@code simple:any}), source and destination
     * scales along different dims ({@code simple:any}), a sum, or per-dim scales alone.
     */
    static String feature(Declaration d) {
        if (d.parameters().stream().anyMatch(p -> p.kind() == Quantization.Kind.ZERO_POINT && !p.per().isEmpty())) {
            return "per-dim zero points";
        }
        if (d.parameters().stream().anyMatch(p -> p.narrow() != null)) {
            return "bf16/f16 scales";
        }
        Optional<Classifier.Parameter> src = d.parameter(Quantization.Kind.SCALE, Side.SRC);
        Optional<Classifier.Parameter> dst = d.parameter(Quantization.Kind.SCALE, Side.DST);
        if (src.isPresent() && dst.isPresent() && !src.get().per().equals(dst.get().per())) {
            return "src and dst scales along different dims";
        }
        if (d.sum() != 0) {
            return "per-dim scales and a sum";
        }
        return d.parameters().stream().anyMatch(p -> p.kind() == Quantization.Kind.ZERO_POINT)
                ? "per-dim scales and zero points" : "per-dim scales";
    }

    /**
     * Adds cases to {@code picked} until it holds {@code until} or the strata are spent: rounds over
     * the outer strata, each drawing from its next inner stratum in turn; each inner stratum's
     * order shuffled by {@code random}, the outer in key order.
     */
    private static void draw(Suite suite, Map<String, Map<String, List<Verdict>>> strata, int until, Random random,
                             Map<Declaration, Sampled> picked) {
        List<List<List<Verdict>>> outer = new ArrayList<>();
        for (Map<String, List<Verdict>> group : strata.values()) {
            List<List<Verdict>> subs = new ArrayList<>();
            for (List<Verdict> sub : group.values()) {
                List<Verdict> q = new ArrayList<>(sub);
                java.util.Collections.shuffle(q, random);
                subs.add(q);
            }
            outer.add(subs);
        }
        int[] next = new int[outer.size()];
        boolean any = true;
        while (picked.size() < until && any) {
            any = false;
            for (int p = 0; p < outer.size() && picked.size() < until; p++) {
                List<List<Verdict>> subs = outer.get(p);
                for (int tries = 0; tries < subs.size(); tries++) {
                    List<Verdict> q = subs.get(next[p]++ % subs.size());
                    Verdict v = null;
                    while (!q.isEmpty() && v == null) {
                        Verdict c = q.remove(q.size() - 1);
                        if (!picked.containsKey(c.declaration().orElseThrow())) {
                            v = c;
                        }
                    }
                    if (v != null) {
                        Declaration d = v.declaration().orElseThrow();
                        picked.put(d, new Sampled(suite.distinct().get(v.reorder()).where(), v.reorder(), d,
                                "c" + picked.size()));
                        any = true;
                        break;
                    }
                }
            }
        }
    }

    /** The {@code @Kernels} interface declaring every sampled case. */
    public static String interfaceSource(List<Sampled> sample) {
        StringBuilder sb = new StringBuilder("package " + PACKAGE + ";\n\nimport dev.strider.*;\n\n");
        sb.append("/** A sample of oneDNN v3.11's benchdnn reorder cases, each declared as Strider declares it. */\n");
        sb.append("@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})\n");
        sb.append("public interface ").append(INTERFACE).append(" {\n");
        for (Sampled s : sample) {
            sb.append("\n    // ").append(s.where()).append("  ").append(s.reorder().repro()).append('\n');
            for (String line : s.declaration().source(s.method()).split("\n")) {
                sb.append("    ").append(line).append('\n');
            }
        }
        return sb.append("}\n").toString();
    }

    /**
     * Compiles the interface with javac and {@code processor} into {@code dir}, for Java 17 with
     * the vector module readable, and returns a class loader over the result.
     *
     * @param options processor options ({@code -Astrider.threadsAbove=4096})
     */
    public static ClassLoader compile(String source, Processor processor, Path dir, List<String> options) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: run on a JDK, not a JRE");
        }
        try {
            Path src = dir.resolve("src/" + PACKAGE.replace('.', '/'));
            Files.createDirectories(src);
            Path file = src.resolve(INTERFACE + ".java");
            Files.writeString(file, source, StandardCharsets.UTF_8);
            Path classes = Files.createDirectories(dir.resolve("classes"));
            Path generated = Files.createDirectories(dir.resolve("generated"));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                    StandardCharsets.UTF_8)) {
                List<String> args = new ArrayList<>(List.of("--release", "17", "--add-modules", "jdk.incubator.vector",
                        "-classpath", location(Kernels.class), "-d", classes.toString(), "-s", generated.toString(),
                        "-parameters", "-nowarn", "-implicit:none"));
                args.addAll(options);
                StringWriter out = new StringWriter();
                JavaCompiler.CompilationTask task = javac.getTask(out, files, diagnostics, args, null,
                        files.getJavaFileObjects(file));
                task.setProcessors(List.of(processor));
                boolean ok = task.call();
                if (!ok) {
                    String errors = diagnostics.getDiagnostics().stream()
                            .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).limit(20)
                            .map(d -> d.getSource() == null ? d.getMessage(Locale.ROOT)
                                    : d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                            .collect(Collectors.joining("\n"));
                    throw new IllegalStateException("the sample did not compile:\n" + errors + out);
                }
            }
            return new URLClassLoader(new URL[] {classes.toUri().toURL()}, ConformanceRun.class.getClassLoader());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Samples, compiles, runs and compares: {@code n} cases with compile-time quantization only. */
    public static Result run(Suite suite, List<Verdict> verdicts, int n, int maxElements, long seed, Processor processor,
                             Path dir) {
        return run(suite, verdicts, n, 0, maxElements, seed, processor, dir);
    }

    /**
     * Samples ({@link #sample}: {@code n} cases with compile-time quantization, then {@code runTime}
     * with call-time scales or zero points), compiles, runs and compares.
     */
    public static Result run(Suite suite, List<Verdict> verdicts, int n, int runTime, int maxElements, long seed,
                             Processor processor, Path dir) {
        return run(suite, verdicts, n, runTime, 0, maxElements, seed, processor, dir);
    }

    /**
     * The same with {@code compensated} cases that write compensations too. Their weights and
     * compensations are compared as one array: the weights' bytes, then each compensation's int32s
     * over its dims' padded sizes in native order, as oneDNN writes them after the weights (Strider's
     * logical values, with 0 at the pad indices).
     */
    public static Result run(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated, int maxElements,
                             long seed, Processor processor, Path dir) {
        return run(suite, verdicts, n, runTime, compensated, 0, maxElements, seed, processor, dir);
    }

    /** The same, then {@code float8} cases with an f8 source or destination ({@link #sample}). */
    public static Result run(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated, int float8,
                             int maxElements, long seed, Processor processor, Path dir) {
        return run(suite, verdicts, n, runTime, compensated, float8, 0, maxElements, seed, processor, dir);
    }

    /** The same, then {@code fourBit} cases with a 4-bit side or 4-bit zero points ({@link #sample}). */
    public static Result run(Suite suite, List<Verdict> verdicts, int n, int runTime, int compensated, int float8,
                             int fourBit, int maxElements, long seed, Processor processor, Path dir) {
        int[] eligible = new int[2];
        List<Sampled> sample = sample(suite, verdicts, n, runTime, compensated, float8, fourBit, maxElements, seed,
                eligible);
        long t0 = System.nanoTime();
        ClassLoader loader = compile(interfaceSource(sample), processor, dir, List.of("-Astrider.threadsAbove=4096",
                "-Astrider.report=false"));
        long t1 = System.nanoTime();
        Map<String, Object> kernels = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        for (String c : CLASSES) {
            try {
                kernels.put(c, loader.loadClass(PACKAGE + "." + INTERFACE + "_" + c).getConstructor().newInstance());
            } catch (ReflectiveOperationException | LinkageError e) {
                skipped.put(c, e.toString());
            }
        }
        Map<String, Integer> run = new LinkedHashMap<>();
        Map<String, Integer> exact = new LinkedHashMap<>();
        Map<String, Integer> generic = new LinkedHashMap<>();
        for (String c : kernels.keySet()) {
            run.put(c, 0);
            exact.put(c, 0);
            generic.put(c, 0);
        }
        run.put(GENERIC, 0);
        exact.put(GENERIC, 0);
        List<Mismatch> mismatches = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        Map<Sampled, String> unimplemented = new LinkedHashMap<>();
        Random random = new Random(seed);
        for (Sampled s : sample) {
            Declaration d = s.declaration();
            TensorLayout srcLayout = TensorLayout.of(d.dims(), d.sizes(), d.srcFormat());
            TensorLayout dstLayout = TensorLayout.of(d.dims(), d.sizes(), d.dstFormat());
            Object input = Data.input(s.reorder(), d, srcLayout, random);
            // a sum adds the destination's old values: the same random start for oneDNN and every kernel
            Object initial = d.sum() != 0 ? Data.destination(s.reorder(), dstLayout, random) : null;
            // call-time scales and zero points, one array (or boxed value) per declared parameter
            List<Object> values = Data.parameters(d, random);
            Object expected;
            String[] implementation = new String[1];
            try {
                expected = oneDnn(s.reorder(), d, values, input, initial, implementation);
                int strider = Data.length(d.dstNarrow(), dstLayout) + 4 * Data.compensationCount(d, dstLayout);
                if (Array.getLength(expected) != strider) {
                    throw new IllegalStateException(s + ": oneDNN's destination holds " + Array.getLength(expected)
                            + " elements, Strider's " + strider);
                }
            } catch (IllegalStateException | IllegalArgumentException e) {
                if (e.getMessage() != null && e.getMessage().contains("oneDNN's destination holds")) {
                    throw e;
                }
                unimplemented.put(s, e.getMessage());
                expected = null;
            }
            int length = Data.length(d.dstNarrow(), dstLayout);
            Object like = Data.garbage(Data.emptyDestination(s.reorder(), length));
            Object genericOut = initial != null ? Data.copy(initial) : Data.garbage(like);
            try {
                int[][] comps = Data.compensations(d, dstLayout);
                List<Compensations.Output> outputs = new ArrayList<>();
                for (int i = 0; i < comps.length; i++) {
                    ReorderCase.Flag f = d.compensations().get(i);
                    outputs.add(new Compensations.Output(f.kind(), d.per(f), comps[i]));
                }
                Convert.reorder(Data.copy(input), srcLayout, d.srcNarrow(), d.unsignedSource(), genericOut, dstLayout,
                        d.dstNarrow(), d.unsignedDestination(), d.scale(), d.shift(), d.sum(), Data.generic(d, values),
                        outputs);
                genericOut = Data.withCompensations(d, dstLayout, genericOut, comps);
            } catch (RuntimeException e) {
                genericOut = e.toString();
            }
            Check check = expected == null ? Check.NO_ONEDNN : Check.of(d, implementation[0]);
            for (Map.Entry<String, Object> k : kernels.entrySet()) {
                Object actual = initial != null ? Data.copy(initial) : Data.garbage(like);
                try {
                    int[][] comps = Data.compensations(d, dstLayout);
                    int extra = d.parameters().size();
                    Class<?>[] types = new Class<?>[2 + extra + comps.length];
                    Object[] args = new Object[types.length];
                    types[0] = input.getClass();
                    types[1] = like.getClass();
                    args[0] = Data.copy(input);
                    args[1] = actual;
                    for (int i = 0; i < d.parameters().size(); i++) {
                        types[2 + i] = d.parameters().get(i).javaType();
                        args[2 + i] = Data.copyValue(values.get(i));
                    }
                    for (int i = 0; i < comps.length; i++) {
                        java.util.Arrays.fill(comps[i], 0x5A5A5A5A);
                        types[2 + extra + i] = int[].class;
                        args[2 + extra + i] = comps[i];
                    }
                    Method m = k.getValue().getClass().getMethod(s.method(), types);
                    m.invoke(k.getValue(), args);
                    actual = Data.withCompensations(d, dstLayout, actual, comps);
                } catch (InvocationTargetException e) {
                    actual = e.getCause().toString();
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
                run.merge(k.getKey(), 1, Integer::sum);
                if (expected != null && compare(k.getKey(), s, implementation[0], "oneDNN", check == Check.ONEDNN,
                        dstLayout, expected, actual, mismatches)) {
                    exact.merge(k.getKey(), 1, Integer::sum);
                }
                if (compare(k.getKey(), s, implementation[0], "generic", check != Check.ONEDNN, dstLayout, genericOut,
                        actual, check != Check.ONEDNN ? mismatches : new ArrayList<>())) {
                    generic.merge(k.getKey(), 1, Integer::sum);
                }
            }
            run.merge(GENERIC, 1, Integer::sum);
            boolean genericIsOneDnn = expected != null && compare(GENERIC, s, implementation[0], "oneDNN",
                    check == Check.ONEDNN, dstLayout, expected, genericOut, mismatches);
            if (genericIsOneDnn) {
                exact.merge(GENERIC, 1, Integer::sum);
            }
            if (genericOut instanceof String thrown && expected == null) {
                mismatches.add(new Mismatch(GENERIC, s, null, "its own arguments", true, "threw " + thrown));
            }
            outcomes.add(new Outcome(s, expected == null ? null : implementation[0], check, genericIsOneDnn));
        }
        long t2 = System.nanoTime();
        return new Result(sample, eligible[0], eligible[1], unimplemented, outcomes, run, exact, generic, mismatches,
                skipped, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }

    /**
     * Whether {@code actual} holds {@code expected}'s bits; if not, adds a mismatch to {@code mismatches}.
     * {@code expected} may be a thrown exception's text (the generic kernel's).
     */
    private static boolean compare(String kernel, Sampled s, String implementation, String against, boolean asserted,
                                   TensorLayout dstLayout, Object expected, Object actual, List<Mismatch> mismatches) {
        if (actual instanceof String thrown) {
            if (!thrown.equals(expected)) {
                mismatches.add(new Mismatch(kernel, s, implementation, against, asserted, "threw " + thrown));
                return false;
            }
            return true;
        }
        if (expected instanceof String thrown) {
            mismatches.add(new Mismatch(kernel, s, implementation, against, asserted, against + " threw " + thrown));
            return false;
        }
        int n = Array.getLength(expected);
        int first = -1;
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (Data.bits(expected, i) != Data.bits(actual, i)) {
                count++;
                if (first < 0) {
                    first = i;
                }
            }
        }
        if (count == 0) {
            return true;
        }
        mismatches.add(new Mismatch(kernel, s, implementation, against, asserted, String.format(Locale.ROOT,
                "%d of %d %s differ; first at offset %d%s: %s %s, Strider %s", count, n,
                packed(s.declaration().dstNarrow()) ? "bytes" : "elements", first,
                packed(s.declaration().dstNarrow()) ? Data.where(dstLayout, 2 * first) + " or the next" : Data.where(dstLayout, first),
                against, Data.show(expected, first, s.reorder().ddt()),
                Data.show(actual, first, s.reorder().ddt()))));
        return false;
    }

    /**
     * A parameter's groups as oneDNN takes them: one per dim from the first grouped one to the last
     * (oneDNN's group dims cover the tensor's last dims), at least the last two, 1 where a dim is
     * not grouped; empty for none.
     */
    static long[] oneDnnGroups(Declaration d, Classifier.Parameter p) {
        if (p.groups().isEmpty()) {
            return new long[0];
        }
        int rank = d.dims().length();
        long[] along = new long[rank];
        java.util.Arrays.fill(along, 1);
        int first = rank;
        for (int k = 0; k < p.per().length(); k++) {
            int dim = d.dims().indexOf(p.per().charAt(k));
            along[dim] = p.groups().get(k);
            if (along[dim] != 1) {
                first = Math.min(first, dim);
            }
        }
        // oneDNN 3.11 reads two group dims whenever there are groups (quant_entry_t::get_md divides the
        // last two dims by get_group(0) and get_group(1)): benchdnn's 1x16 stays two dims, not {16}
        return first == rank ? new long[0] : java.util.Arrays.copyOfRange(along, Math.max(0, Math.min(first, rank - 2)), rank);
    }

    private static dev.strider.examples.onednn.DataType oneDnnType(DataType t) {
        switch (t) {
            case F32: return dev.strider.examples.onednn.DataType.F32;
            case S32: return dev.strider.examples.onednn.DataType.S32;
            case S8: return dev.strider.examples.onednn.DataType.S8;
            case U8: return dev.strider.examples.onednn.DataType.U8;
            case BF16: return dev.strider.examples.onednn.DataType.BF16;
            case F16: return dev.strider.examples.onednn.DataType.F16;
            case F8_E5M2: return dev.strider.examples.onednn.DataType.F8_E5M2;
            case F8_E4M3: return dev.strider.examples.onednn.DataType.F8_E4M3;
            case S4: return dev.strider.examples.onednn.DataType.S4;
            case U4: return dev.strider.examples.onednn.DataType.U4;
            case F4_E2M1: return dev.strider.examples.onednn.DataType.F4_E2M1;
            case F4_E3M0: return dev.strider.examples.onednn.DataType.F4_E3M0;
            default: throw new IllegalStateException("the oneDNN wrapper moves no " + t + " (oneDNN's CPU reorder has none)");
        }
    }

    /**
     * oneDNN's reorder of {@code input} for the case, its scales and zero points as the case names
     * them: the compile-time ones as common values, the call-time ones ({@code values}, one per
     * declared parameter) with the mask of their {@code per}, in their data type.
     */
    static Object oneDnn(ReorderCase c, Declaration d, List<Object> values, Object input, Object initial,
                         String[] implementation) {
        long[] dims = c.dims().stream().mapToLong(Long::longValue).toArray();
        Attributes a = c.attributes();
        float sum = a.postOps().isEmpty() ? 0 : a.postOps().get(0).scale();
        OneDnnReorder.Quantization q;
        if (!d.runTime()) {
            q = new OneDnnReorder.Quantization(
                    a.scale(Attributes.Arg.SRC).map(Attributes.Scale::value).orElse(1f),
                    a.scale(Attributes.Arg.DST).map(Attributes.Scale::value).orElse(1f),
                    a.zeroPoint(Attributes.Arg.SRC).map(Attributes.ZeroPoint::value).orElse(0),
                    a.zeroPoint(Attributes.Arg.DST).map(Attributes.ZeroPoint::value).orElse(0), sum);
        } else {
            q = OneDnnReorder.Quantization.NONE.withSum(sum);
            for (int i = 0; i < d.parameters().size(); i++) {
                Classifier.Parameter p = d.parameters().get(i);
                int mask = Classifier.mask(d.dims(), p.per());
                long[] groups = oneDnnGroups(d, p);
                if (p.kind() == Quantization.Kind.SCALE) {
                    OneDnnReorder.Scales scales = new OneDnnReorder.Scales(mask, oneDnnType(p.dataType()),
                            Data.floats(values.get(i), p.narrow()), groups);
                    q = p.side() == Side.SRC ? q.withSourceScales(scales) : q.withDestinationScales(scales);
                } else {
                    OneDnnReorder.ZeroPoints zeroPoints = new OneDnnReorder.ZeroPoints(mask, oneDnnType(p.dataType()),
                            Data.ints(values.get(i), p.narrow(), Data.count(d, p)), groups);
                    q = p.side() == Side.SRC ? q.withSourceZeroPoints(zeroPoints) : q.withDestinationZeroPoints(zeroPoints);
                }
            }
        }
        int s8s8 = 0;
        int zp = 0;
        for (ReorderCase.Flag f : d.compensations()) {
            if (f.kind() == dev.strider.Compensation.Kind.S8S8) {
                s8s8 = f.mask();
            } else {
                zp = f.mask();
            }
        }
        try (OneDnnReorder oracle = OneDnnReorder.create(MemorySpec.tagged(oneDnnType(c.sdt()), c.stag(), dims),
                MemorySpec.tagged(oneDnnType(c.ddt()), c.dtag(), dims), q, new OneDnnReorder.Compensations(s8s8, zp))) {
            if (initial != null) {
                oracle.copyInDestination(Data.copy(initial));
            }
            Object out = oracle.run(input);
            implementation[0] = oracle.implementation();
            if (d.compensations().isEmpty()) {
                return out;
            }
            // the weights, then the compensations from where oneDNN starts them (past the 4-byte alignment)
            byte[] all = (byte[]) out;
            TensorLayout dst = TensorLayout.of(d.dims(), d.sizes(), d.dstFormat());
            int weights = dst.bufferSize();
            int tail = 4 * Data.compensationCount(d, dst);
            byte[] joined = java.util.Arrays.copyOf(all, weights + tail);
            System.arraycopy(all, Math.toIntExact(oracle.compensationOffset()), joined, weights, tail);
            return joined;
        }
    }

    /** Inputs, garbage and bits. */
    static final class Data {

        private Data() {
        }

        /** A deterministic, benchdnn-like source for the case in {@code layout}, zero in pad lanes. */
        static Object input(ReorderCase c, Declaration d, TensorLayout layout, Random random) {
            int n = layout.bufferSize();
            boolean integerDst = c.ddt().integral();
            Object values;
            switch (c.sdt()) {
                case F32: {
                    float[] f = new float[n];
                    float bound = bound(c.ddt()) / (float) Math.abs(d.scale());
                    float[] edges = {0.5f, -0.5f, 1.5f, -1.5f, 2.5f, bound, -bound, bound + 0.5f, -bound - 0.5f,
                        bound * 2, -bound * 2, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE,
                        -Float.MAX_VALUE, 65504f, 65520f, 65519.996f, 1e-40f, 5.9604645e-8f, 2.9802322e-8f,
                        Float.intBitsToFloat(0x3F808000), Float.intBitsToFloat(0x3F818000), -0.0f, 0f,
                        2147483520f, 2147483648f, -2147483648f, 127.5f, 255.5f, -128.5f};
                    for (int i = 0; i < n; i++) {
                        f[i] = i % 16 == 3 ? edges[random.nextInt(edges.length)]
                                : i % 4 == 1 ? (random.nextFloat() * 2 - 1) * bound * 1.25f
                                : i % 4 == 2 ? Math.round((random.nextFloat() * 2 - 1) * bound * 2) / 2f
                                : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(48) - 24));
                    }
                    values = f;
                    break;
                }
                case F64: {
                    // oneDNN has no f64 reorder on a CPU: these go against the generic kernel
                    double[] f = new double[n];
                    for (int i = 0; i < n; i++) {
                        f[i] = (random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(96) - 48);
                    }
                    values = f;
                    break;
                }
                case BF16:
                case F16: {
                    short[] s = new short[n];
                    for (int i = 0; i < n; i++) {
                        s[i] = (short) random.nextInt(1 << 16);
                    }
                    values = s;
                    break;
                }
                case S32: {
                    int[] v = new int[n];
                    int[] edges = {Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1,
                        2147483520, 16777217, -16777217, 127, 128, -128, -129, 255, 256, 0, 1, -1};
                    for (int i = 0; i < n; i++) {
                        v[i] = i % 8 == 3 ? edges[random.nextInt(edges.length)]
                                : i % 3 == 0 ? random.nextInt() : random.nextInt(1 << 10) - (1 << 9);
                    }
                    values = v;
                    break;
                }
                case S4:
                case U4:
                case F4_E2M1:
                case F4_E3M0: {
                    // two to a byte, every code in both halves; pad lanes are left as they come, since no
                    // kernel reads them and oneDNN refuses 4-bit tensors with pad lanes
                    byte[] b = new byte[Nibbles.bytes(n)];
                    random.nextBytes(b);
                    return b;
                }
                default: {
                    byte[] b = new byte[n];
                    random.nextBytes(b);
                    values = b;
                    break;
                }
            }
            // kernel-dependent answers in oneDNN (see the class comment): -0.0 into f16 or f8 and out of
            // f8, NaN into an integer type
            boolean float8Dst = c.ddt() == DataType.F8_E5M2 || c.ddt() == DataType.F8_E4M3;
            boolean copy = c.sdt() == c.ddt() && d.scale() == 1 && d.shift() == 0 && !d.runTime();
            for (int i = 0; i < n; i++) {
                if (values instanceof float[] f) {
                    if ((c.ddt() == DataType.F16 || float8Dst) && Float.floatToRawIntBits(f[i]) == 0x80000000) {
                        f[i] = 0f;
                    }
                } else if (values instanceof short[] s) {
                    float x = d.srcNarrow().toFloat(s[i]);
                    if (integerDst && (Float.isNaN(x) || (c.sdt() == DataType.BF16 && Math.abs(x) >= 0x1p31f))) {
                        s[i] = 0;
                    } else if ((c.ddt() == DataType.F16 || float8Dst) && x == 0 && s[i] != 0) { // -0.0, f16 copies too
                        s[i] = 0;
                    } else if (copy && (subnormal(d.srcNarrow(), s[i]) || signaling(d.srcNarrow(), s[i]))) {
                        s[i] = 0;
                    }
                } else if (values instanceof byte[] b && d.srcNarrow() != null) {
                    // f8: -0.0 to any destination, NaN into an integer type; an e5m2 signalling NaN
                    // (S.11111.01) in a copy
                    boolean nan = Float.isNaN(d.srcNarrow().toFloat(b[i]));
                    if (b[i] == (byte) 0x80 || integerDst && nan
                            || copy && c.sdt() == DataType.F8_E5M2 && (b[i] & 0x7F) == 0x7D) {
                        b[i] = 0;
                    }
                }
            }
            return OneDnnReorder.zeroPadLanes(layout, values);
        }

        /**
         * The call-time scales and zero points of a declaration, one per parameter, as the generated
         * method takes them: a {@code Float} or {@code Integer} for one f32 or s32 value, else an array.
         * One value ({@code per} empty) is the case's own ({@code dst:common:2}). Per-dim values are
         * drawn as benchdnn's {@code fill_scales} and {@code fill_zero_points} draw them, but for the
         * scales' magnitudes: benchdnn fills them with powers of two, 2^k for k in [-2, 2], which make
         * {@code x / s} and {@code x * (1 / s)} the same number and so cannot tell oneDNN's kernels
         * apart; these are e^U(-2, 2), as {@code QuantizationProbe} draws them (never a power of two),
         * positive as benchdnn's, rounded to the scales' type. Zero points are benchdnn's, uniform in
         * [max(-2, lowest), 2].
         */
        static List<Object> parameters(Declaration d, Random random) {
            List<Object> out = new ArrayList<>();
            for (Classifier.Parameter p : d.parameters()) {
                int count = count(d, p);
                if (p.kind() == Quantization.Kind.SCALE) {
                    float[] v = new float[count];
                    for (int i = 0; i < count; i++) {
                        v[i] = p.per().isEmpty() ? (float) p.value() : (float) Math.exp(random.nextDouble() * 4 - 2);
                    }
                    if (p.narrow() != null) {
                        short[] h = new short[count];
                        for (int i = 0; i < count; i++) {
                            h[i] = (short) p.narrow().bitsOf(v[i]);
                        }
                        out.add(h);
                    } else {
                        out.add(p.per().isEmpty() ? (Object) v[0] : v);
                    }
                } else {
                    int[] v = new int[count];
                    for (int i = 0; i < count; i++) {
                        v[i] = p.per().isEmpty() ? (int) p.value() : random.nextInt(5) - 2;
                    }
                    if (packed(p.narrow())) {
                        byte[] b = new byte[Nibbles.bytes(count)];
                        for (int i = 0; i < count; i++) {
                            Nibbles.set(b, i, v[i]);
                        }
                        out.add(b);
                    } else if (p.dataType() == DataType.S8) {
                        byte[] b = new byte[count];
                        for (int i = 0; i < count; i++) {
                            b[i] = (byte) v[i];
                        }
                        out.add(b);
                    } else {
                        out.add(p.per().isEmpty() ? (Object) v[0] : v);
                    }
                }
            }
            return out;
        }

        /** The int32s of the declaration's compensations as oneDNN writes them: over each one's dims' padded sizes. */
        static int compensationCount(Declaration d, TensorLayout dst) {
            int n = 0;
            for (ReorderCase.Flag f : d.compensations()) {
                n += OneDnnReorder.compensationOrder(dst, f.mask()).length;
            }
            return n;
        }

        /** One array per compensation, of its logical length (what Strider writes). */
        static int[][] compensations(Declaration d, TensorLayout dst) {
            int[][] out = new int[d.compensations().size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = new int[Quantization.count(dst, d.per(d.compensations().get(i)))];
            }
            return out;
        }

        /**
         * {@code weights} followed by the compensations as oneDNN lays them out after its weights:
         * each over its dims' padded sizes, 0 at pad indices, int32 in native order; {@code weights}
         * itself when there are none.
         */
        static Object withCompensations(Declaration d, TensorLayout dst, Object weights, int[][] comps) {
            if (comps.length == 0 || !(weights instanceof byte[] w)) {
                return weights;
            }
            java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(w.length + 4 * compensationCount(d, dst))
                    .order(java.nio.ByteOrder.nativeOrder());
            out.put(w);
            for (int i = 0; i < comps.length; i++) {
                for (int logical : OneDnnReorder.compensationOrder(dst, d.compensations().get(i).mask())) {
                    out.putInt(logical < 0 ? 0 : comps[i][logical]);
                }
            }
            return out.array();
        }

        /** The parameters as the generic kernel takes them. */
        static List<Quantization.Parameter> generic(Declaration d, List<Object> values) {
            List<Quantization.Parameter> out = new ArrayList<>();
            for (int i = 0; i < d.parameters().size(); i++) {
                Classifier.Parameter p = d.parameters().get(i);
                Object v = values.get(i);
                Object array = v instanceof Float f ? new float[] {f} : v instanceof Integer n ? new int[] {n} : copy(v);
                out.add(new Quantization.Parameter(p.kind(), p.side(), p.per(), array, p.narrow(), p.groupArray()));
            }
            return out;
        }

        /** A value for one call: arrays copied, so no kernel sees another's writes. */
        static Object copyValue(Object v) {
            return v.getClass().isArray() ? copy(v) : v;
        }

        /** Scales as floats: a {@code Float}, a {@code float[]}, or a {@code short[]} of {@code narrow} numbers. */
        static float[] floats(Object v, NarrowFormat narrow) {
            if (v instanceof Float f) {
                return new float[] {f};
            }
            if (v instanceof short[] s) {
                float[] out = new float[s.length];
                for (int i = 0; i < s.length; i++) {
                    out[i] = narrow.toFloat(s[i]);
                }
                return out;
            }
            return ((float[]) v).clone();
        }

        /** How many values a parameter holds: one per index of its dims ({@code per}), by groups. */
        static int count(Declaration d, Classifier.Parameter p) {
            int count = 1;
            for (int k = 0; k < p.per().length(); k++) {
                int group = p.groups().isEmpty() ? 1 : p.groups().get(k);
                count *= d.sizes()[d.dims().indexOf(p.per().charAt(k))] / group;
            }
            return count;
        }

        /**
         * Zero points as ints: an {@code Integer}, an {@code int[]} or a {@code byte[]}; the {@code count}
         * s4 or u4 values of a packed {@code byte[]} when {@code narrow} is one of them.
         */
        static int[] ints(Object v, NarrowFormat narrow, int count) {
            if (packed(narrow)) {
                int[] out = new int[count];
                for (int i = 0; i < count; i++) {
                    out[i] = (int) narrow.toFloat(Nibbles.get((byte[]) v, i));
                }
                return out;
            }
            if (v instanceof Integer n) {
                return new int[] {n};
            }
            if (v instanceof byte[] b) {
                int[] out = new int[b.length];
                for (int i = 0; i < b.length; i++) {
                    out[i] = b[i];
                }
                return out;
            }
            return ((int[]) v).clone();
        }

        /** The destination's array length: its layout's buffer, in bytes for 4-bit elements (two to a byte). */
        static int length(NarrowFormat dstNarrow, TensorLayout dst) {
            return packed(dstNarrow) ? Nibbles.bytes(dst.bufferSize()) : dst.bufferSize();
        }

        /** A destination array of the case's type, where oneDNN gave none to take the type from. */
        static Object emptyDestination(ReorderCase c, int length) {
            return switch (c.ddt()) {
                case F64 -> new double[length];
                case F32 -> new float[length];
                case S32 -> new int[length];
                case BF16, F16 -> new short[length];
                default -> new byte[length];
            };
        }

        /** A subnormal bf16 or f16 (not zero); {@code h} is one of the two 16-bit formats. */
        static boolean subnormal(NarrowFormat h, short bits) {
            int exponent = h == NarrowFormat.BF16 ? (bits >> 7) & 0xFF : (bits >> 10) & 0x1F;
            int mantissa = h == NarrowFormat.BF16 ? bits & 0x7F : bits & 0x3FF;
            return exponent == 0 && mantissa != 0;
        }

        /**
         * A signaling NaN in bf16 or f16 ({@code h} is one of the two 16-bit formats): all-ones
         * exponent, a mantissa without its top bit, not zero.
         */
        static boolean signaling(NarrowFormat h, short bits) {
            int exponent = h == NarrowFormat.BF16 ? (bits >> 7) & 0xFF : (bits >> 10) & 0x1F;
            int mantissa = h == NarrowFormat.BF16 ? bits & 0x7F : bits & 0x3FF;
            int quiet = h == NarrowFormat.BF16 ? 0x40 : 0x200;
            return exponent == (h == NarrowFormat.BF16 ? 0xFF : 0x1F) && mantissa != 0 && (mantissa & quiet) == 0;
        }

        /** The magnitude where {@code t} saturates (or a large value for float types). */
        private static float bound(DataType t) {
            switch (t) {
                case S8: return 128;
                case U8: return 256;
                case S32: return 2147483648f;
                case F16: return 65536;
                case F8_E5M2: return 65536;
                case F8_E4M3: return 512;
                case S4: return 8;
                case U4: return 16;
                case F4_E2M1: return 8;
                case F4_E3M0: return 32;
                default: return 1e6f;
            }
        }

        /**
         * The destination a sum adds to: random values of the destination's type at its logical
         * elements, well inside its range, zero in its pad lanes (as benchdnn fills it).
         */
        static Object destination(ReorderCase c, TensorLayout layout, Random random) {
            int n = layout.bufferSize();
            Object a = switch (c.ddt()) {
                case F32 -> new float[n];
                case S32 -> new int[n];
                case BF16, F16 -> new short[n];
                default -> new byte[n];
            };
            int[] sizes = layout.sizes();
            int[] index = new int[sizes.length];
            for (long e = 0, count = Arrays.stream(sizes).asLongStream().reduce(1, (x, y) -> x * y); e < count; e++) {
                long rest = e;
                for (int d = sizes.length - 1; d >= 0; d--) {
                    index[d] = (int) (rest % sizes[d]);
                    rest /= sizes[d];
                }
                int at = layout.offsetOf(index);
                switch (c.ddt()) {
                    case F32 -> Array.setFloat(a, at, (random.nextInt(64) - 32) / 4f);
                    case S32 -> Array.setInt(a, at, random.nextInt(2001) - 1000);
                    case BF16 -> Array.setShort(a, at, (short) (Float.floatToRawIntBits((random.nextInt(64) - 32) / 4f) >>> 16));
                    case F16 -> Array.setShort(a, at, dev.strider.kernel.HalfFloats.floatToF16((random.nextInt(64) - 32) / 4f));
                    case F8_E5M2, F8_E4M3 -> Array.setByte(a, at,
                            (byte) Classifier.narrow(c.ddt()).bitsOf((random.nextInt(64) - 32) / 4f));
                    case U8 -> Array.setByte(a, at, (byte) random.nextInt(200));
                    default -> Array.setByte(a, at, (byte) (random.nextInt(200) - 100));
                }
            }
            return a;
        }

        static Object garbage(Object like) {
            int n = Array.getLength(like);
            Object a = Array.newInstance(like.getClass().getComponentType(), n);
            for (int i = 0; i < n; i++) {
                if (a instanceof float[] f) {
                    f[i] = Float.intBitsToFloat(0x7FC5A5A5);
                } else if (a instanceof double[] g) {
                    g[i] = Double.longBitsToDouble(0x7FF8A5A5A5A5A5A5L);
                } else if (a instanceof int[] v) {
                    v[i] = 0x5a5a5a5a;
                } else if (a instanceof short[] s) {
                    s[i] = 0x5a5a;
                } else {
                    ((byte[]) a)[i] = 0x5a;
                }
            }
            return a;
        }

        static Object copy(Object array) {
            Object c = Array.newInstance(array.getClass().getComponentType(), Array.getLength(array));
            System.arraycopy(array, 0, c, 0, Array.getLength(array));
            return c;
        }

        static long bits(Object array, int i) {
            if (array instanceof float[] f) {
                return Float.floatToRawIntBits(f[i]);
            }
            if (array instanceof double[] g) {
                return Double.doubleToRawLongBits(g[i]);
            }
            if (array instanceof int[] v) {
                return v[i];
            }
            if (array instanceof short[] s) {
                return s[i];
            }
            return ((byte[]) array)[i];
        }

        static String show(Object array, int i, DataType t) {
            long b = bits(array, i);
            switch (t) {
                case F32: return Float.intBitsToFloat((int) b) + String.format(Locale.ROOT, " (0x%08x)", (int) b);
                case F64: return Double.longBitsToDouble(b) + String.format(Locale.ROOT, " (0x%016x)", b);
                case BF16: return NarrowFormat.BF16.toFloat((short) b) + String.format(Locale.ROOT, " (0x%04x)", b & 0xFFFF);
                case F16: return NarrowFormat.F16.toFloat((short) b) + String.format(Locale.ROOT, " (0x%04x)", b & 0xFFFF);
                case F8_E5M2: return NarrowFormat.F8_E5M2.toFloat((byte) b) + String.format(Locale.ROOT, " (0x%02x)", b & 0xFF);
                case F8_E4M3: return NarrowFormat.F8_E4M3.toFloat((byte) b) + String.format(Locale.ROOT, " (0x%02x)", b & 0xFF);
                case U8: return String.valueOf(b & 0xFF);
                case S4, U4, F4_E2M1, F4_E3M0: {
                    NarrowFormat f = Classifier.narrow(t);
                    return String.format(Locale.ROOT, "0x%02x (%s, %s)", b & 0xFF, f.toFloat((int) b & 0xF),
                            f.toFloat((int) b >> 4 & 0xF));
                }
                default: return String.valueOf(b);
            }
        }

        /** {@code " (index [0, 3, 1, 2])"}, or {@code " (a pad lane)"}. */
        static String where(TensorLayout layout, int offset) {
            if (offset >= layout.bufferSize()) {
                return " (compensation byte " + (offset - layout.bufferSize()) + ")";
            }
            int[] index = new int[layout.rank()];
            do {
                if (layout.offsetOf(index) == offset) {
                    return " (index " + Arrays.toString(index) + ")";
                }
            } while (TensorLayout.increment(index, layout.sizes()));
            return " (a pad lane)";
        }
    }
}

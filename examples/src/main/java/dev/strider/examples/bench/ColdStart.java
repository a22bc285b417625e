package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.bench.Results.ColdStartResult;
import dev.strider.examples.bench.Results.ColdStarts;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Cold start: what the first calls of a kernel cost in a fresh JVM, where nothing is compiled
 * yet. Vector API code runs boxed, hundreds of times slower, until C2 has compiled it, so a
 * short-lived program (a CLI, a serverless function, a test) can lose on every call it makes to
 * a target that wins in steady state. Per kernel ({@link #CASES}) and contender
 * ({@link #CONTENDERS}), {@link Suite} starts several fresh JVMs (this class's {@link #main}),
 * interleaved: one of each contender, then the next of each, so a slow phase of the machine
 * touches them all. Each JVM loads the kernel set, calls the kernel {@link #CALLS} times on
 * buffers allocated beforehand, and prints one line ({@link #parse}): the time of
 * {@code Strider.load}, of the first call, and of the first {@link #CALLS} calls.
 *
 * <p>The child JVM touches nothing of Strider before it loads the kernel set (its buffers are
 * sized by literals, checked against the {@link Case}s in a test), so what it times includes
 * loading and linking the generated class, as a user's first call does.
 */
public final class ColdStart {

    /** The calls timed in each fresh JVM. */
    static final int CALLS = 100;

    /** The kernels: nchw→nChw16c 1×64×56×56 and the u8 normalisation. */
    static final List<Case> CASES = List.of(Case.TO_BLOCKED_64, Case.NORMALIZE_IMAGE);

    static final List<Contender> CONTENDERS =
            List.of(Contender.SCALAR, Contender.VECTOR, Contender.THREADS, Contender.TUNED);

    /** The first word of the line a child prints. */
    static final String TAG = "strider-cold-start";

    /** Elements of toBlocked64's input and output (1×64×56×56, no pad lanes). */
    static final int FEATURES = 64 * 56 * 56;
    /** Elements of the normalisation's input and output (1×3×224×224). */
    static final int IMAGE = 3 * 224 * 224;

    private ColdStart() {
    }

    /** One fresh JVM's cold start. */
    record Sample(Case benchmarkCase, Contender contender, String implementation, long loadNanos, long firstNanos,
                  int calls, long callsNanos) {
    }

    /**
     * The child: {@code ColdStart$Child <contender> <case> [calls]}, e.g. {@code ColdStart$Child
     * VECTOR toBlocked64}; prints one {@link #TAG} line. A class of its own, so that starting it
     * initialises nothing of the suite (no {@link Case}, whose layouts are Strider's code): its
     * constants are compiled in.
     */
    public static final class Child {

        private Child() {
        }

        public static void main(String... args) {
            if (args.length < 2) {
                System.err.println("usage: ColdStart SCALAR|VECTOR|THREADS|TUNED toBlocked64|normalizeImage [calls]");
                System.exit(2);
            }
            String contender = args[0];
            String caseId = args[1];
            int calls = args.length > 2 ? Integer.parseInt(args[2]) : CALLS;
            Random random = new Random(7);
            String measured;
            switch (caseId) {
                case "toBlocked64": {
                    float[] src = new float[FEATURES];
                    float[] dst = new float[FEATURES];
                    for (int i = 0; i < src.length; i++) {
                        src[i] = random.nextFloat() - 0.5f;
                    }
                    measured = measure(() -> contender.equals("TUNED") ? Strider.load(BlockedOps.class)
                            : Strider.load(BlockedOps.class, Target.valueOf(contender)),
                            ops -> ops.toBlocked64(src, dst), calls);
                    break;
                }
                case "normalizeImage": {
                    byte[] src = new byte[IMAGE];
                    float[] dst = new float[IMAGE];
                    random.nextBytes(src);
                    measured = measure(() -> contender.equals("TUNED") ? Strider.load(ImageOps.class)
                            : Strider.load(ImageOps.class, Target.valueOf(contender)),
                            ops -> ops.normalize(src, dst), calls);
                    break;
                }
                default:
                    System.err.println("not a cold-start kernel: " + caseId + " (toBlocked64, normalizeImage)");
                    System.exit(2);
                    return;
            }
            System.out.println(String.join("\t", TAG, caseId, contender, measured));
        }

        /**
         * Loads the kernel set and makes {@code calls} calls, timed; the implementation, the
         * nanoseconds of the load, of the first call and of all calls, and the calls, as the
         * {@link #TAG} line writes them. The lambdas exist before the clock starts (arguments are
         * evaluated first), so their linkage is not timed.
         */
        private static <T> String measure(Supplier<T> load, Consumer<T> call, int calls) {
            long start = System.nanoTime();
            T ops = load.get();
            long loaded = System.nanoTime();
            call.accept(ops);
            long firstDone = System.nanoTime();
            for (int i = 1; i < calls; i++) {
                call.accept(ops);
            }
            long done = System.nanoTime();
            return String.join("\t", ops.getClass().getSimpleName(), Long.toString(loaded - start),
                    Long.toString(firstDone - loaded), Integer.toString(calls), Long.toString(done - loaded));
        }
    }

    /**
     * The sample in a child's standard output: the {@link #TAG} line, whatever else it printed.
     *
     * @throws IllegalArgumentException when there is no such line, or it is not as {@link Child#main} writes it
     */
    static Sample parse(String output) {
        for (String line : output.split("\n")) {
            String[] f = line.strip().split("\t");
            if (f[0].equals(TAG)) {
                try {
                    if (f.length != 8) {
                        throw new IllegalArgumentException(f.length + " fields, not 8");
                    }
                    return new Sample(Case.ofBenchmark(f[1]), Contender.valueOf(f[2]), f[3], Long.parseLong(f[4]),
                            Long.parseLong(f[5]), Integer.parseInt(f[6]), Long.parseLong(f[7]));
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("not a cold-start line: '" + line.strip() + "' ("
                            + e.getMessage() + ")", e);
                }
            }
        }
        throw new IllegalArgumentException("no " + TAG + " line in the output: " + output.strip());
    }

    /** The samples per kernel and contender, as medians and ranges, in the order of {@link #CASES} and {@link #CONTENDERS}. */
    static ColdStarts summarise(List<Sample> samples, int calls, int jvms) {
        Map<Case, Map<Contender, List<Sample>>> grouped = new LinkedHashMap<>();
        for (Sample s : samples) {
            if (s.calls() != calls) {
                throw new IllegalArgumentException("a sample of " + s.calls() + " calls among samples of " + calls);
            }
            grouped.computeIfAbsent(s.benchmarkCase(), c -> new EnumMap<>(Contender.class))
                    .computeIfAbsent(s.contender(), k -> new ArrayList<>()).add(s);
        }
        List<ColdStartResult> results = new ArrayList<>();
        for (Case c : Case.values()) {
            Map<Contender, List<Sample>> byContender = grouped.get(c);
            if (byContender == null) {
                continue;
            }
            byContender.forEach((k, list) -> {
                List<String> implementations = list.stream().map(Sample::implementation).distinct().toList();
                results.add(new ColdStartResult(c.id(), c.title(), k, String.join(", ", implementations),
                        Spread.of(list.stream().mapToDouble(Sample::loadNanos).toArray()),
                        Spread.of(list.stream().mapToDouble(Sample::firstNanos).toArray()),
                        Spread.of(list.stream().mapToDouble(Sample::callsNanos).toArray())));
            });
        }
        return new ColdStarts(calls, jvms, results);
    }

    /**
     * The command of a fresh JVM measuring one contender: this JVM's {@code java} and class path,
     * {@code jvmArgs} (the vector module, the tuner's mode), then {@link Child#main}'s arguments.
     */
    static List<String> command(List<String> jvmArgs, Contender contender, Case c, int calls) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Child.class.getName());
        command.add(contender.name());
        command.add(c.id());
        command.add(Integer.toString(calls));
        return command;
    }

    /**
     * Runs {@code jvms} fresh JVMs per case and contender, a round of one each at a time, in a
     * shuffled order per round; {@code progress} hears of each.
     *
     * @throws IOException when a child cannot start, fails, or prints no sample
     */
    static List<Sample> run(List<Case> cases, int jvms, int calls, List<String> jvmArgs,
                            Consumer<String> progress) throws IOException, InterruptedException {
        List<Sample> samples = new ArrayList<>();
        Random shuffle = new Random(11);
        for (int round = 0; round < jvms; round++) {
            List<Object[]> order = new ArrayList<>();
            for (Case c : cases) {
                for (Contender k : CONTENDERS) {
                    order.add(new Object[] {c, k});
                }
            }
            Collections.shuffle(order, shuffle);
            for (Object[] job : order) {
                Case c = (Case) job[0];
                Contender k = (Contender) job[1];
                Path log = Files.createTempFile("strider-cold-start-", ".txt");
                String out;
                try {
                    Process p = new ProcessBuilder(command(jvmArgs, k, c, calls)).redirectErrorStream(true)
                            .redirectOutput(log.toFile()).start();
                    p.getOutputStream().close();
                    if (!p.waitFor(120, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        throw new IOException("cold start of " + k + " " + c.id() + " took over 2 minutes");
                    }
                    out = Files.readString(log, StandardCharsets.UTF_8);
                    if (p.exitValue() != 0) {
                        throw new IOException("cold start of " + k + " " + c.id() + " exited with " + p.exitValue()
                                + ": " + out.strip());
                    }
                } finally {
                    Files.deleteIfExists(log);
                }
                Sample s;
                try {
                    s = parse(out);
                } catch (IllegalArgumentException e) {
                    throw new IOException(e.getMessage(), e);
                }
                samples.add(s);
                progress.accept(String.format(Locale.ROOT, "cold start %d/%d: %s %s (%s) %s for %d calls", round + 1,
                        jvms, c.id(), k, s.implementation(), Format.time(s.callsNanos()), calls));
            }
        }
        return samples;
    }
}

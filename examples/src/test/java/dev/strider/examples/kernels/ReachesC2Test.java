package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.strider.Strider;
import dev.strider.runtime.Device;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;

/**
 * The guard against JIT cliffs: every method of the examples' VECTOR classes (the shape the rule
 * loads here, before Java 25 at most 256 bits), called without pause, must reach C2 (a tier-4 compilation that succeeds,
 * JFR's {@code jdk.Compilation}) without a bailout: the method, or the private nest it calls
 * ({@code _range}, the variant it runs, such as {@code _blocks4}), as a whole or by an on-stack replacement of its loop. A
 * C2 compilation of the method itself counts for its nests too, which C2 inlines or calls compiled
 * (a record of every inlining decision, {@code jdk.CompilerInlining}, slowed JFR's stream past the
 * budget on JDK 25). Vector API code runs boxed, hundreds of times slower, until then: a method
 * that never reaches C2, or reaches it seconds late, is a cliff. The test prints, per method, the
 * time from the return of its first call to the end of its C2 compilation (issue 18 asks for at
 * most 200 ms); it asserts only that C2 came, within {@link #BUDGET}, since a test asserts no
 * timings on a shared machine.
 */
class ReachesC2Test {

    /** How long a method is called, at most, waiting for C2. */
    private static final Duration BUDGET = Duration.ofSeconds(8);
    /** Elements of every array argument: enough for the largest layout of the examples (1x64x256x256). */
    private static final int ELEMENTS = 1 << 22;

    /** Tier-4 compilations that succeeded, by "Class.method": when each ended. */
    private final Map<String, Instant> compiled = new ConcurrentHashMap<>();
    /** The start of each method's first compilation at any tier, by "Class.method". */
    private final Map<String, Instant> firstSeen = new ConcurrentHashMap<>();
    /** The end of every successful tier-4 compilation, by "Class.method". */
    private final Map<String, List<Instant>> c2Ends = new ConcurrentHashMap<>();
    /** Tier-4 compilations that failed, by "Class.method". */
    private final Map<String, String> failed = new ConcurrentHashMap<>();
    /** How many compilations JFR has delivered, and what went wrong with the stream, if anything. */
    private final java.util.concurrent.atomic.AtomicLong events = new java.util.concurrent.atomic.AtomicLong();
    private final List<Throwable> streamErrors = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * Runs {@link #main} in a JVM of its own: in this one the other tests have called the methods
     * already, and what was compiled before the recording starts is never reported.
     */
    @Test
    void everyVectorMethodReachesC2WithoutBailout() throws Exception {
        assumeTrue(Device.current().vectorBits() > 0, "needs the vector module (the pom adds it to the tests)");
        measureInAJvmOfItsOwn(System.getProperty("java.class.path"));
    }

    /**
     * The same for {@link BlockedOps}'s classes compiled for Java 25, which the runnable jar gives
     * JDK 25 in place of the base ones ({@link Java25Forms}): the child JVM's class path puts their
     * directory first, as the multi-release jar does, so {@code Strider.load} finds them under the
     * base names.
     */
    @Test
    void theJava25FormsReachC2WithoutBailout() throws Exception {
        assumeTrue(Device.current().vectorBits() > 0, "needs the vector module (the pom adds it to the tests)");
        assumeTrue(Java25Forms.runHere(), "the jar gives the Java 25 forms to JDK 25 and later only");
        measureInAJvmOfItsOwn(Java25Forms.root() + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                JAVA_25_FORMS);
    }

    /** The argument of {@link #main} that measures the Java 25 forms of BlockedOps only. */
    private static final String JAVA_25_FORMS = "java25-forms";

    private static void measureInAJvmOfItsOwn(String classPath, String... args) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "--add-modules", "jdk.incubator.vector",
                "-cp", classPath, ReachesC2Test.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), output);
        System.out.print(output);
        List<String> problems = output.lines().filter(l -> l.startsWith("PROBLEM ")).toList();
        assertEquals(List.of(), problems, output);
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("[C2] "), output);
    }

    /** The measurement, in a fresh JVM: prints the table, and a {@code PROBLEM} line per failure. */
    public static void main(String[] args) throws Exception {
        boolean java25Forms = args.length > 0 && args[0].equals(JAVA_25_FORMS);
        new ReachesC2Test().measure(java25Forms ? List.of(BlockedOps.class)
                : List.of(BlockedOps.class, ImageOps.class, PipelineOps.class), java25Forms);
    }

    private void measure(List<Class<?>> sets, boolean java25Forms) throws Exception {
        List<String> report = new ArrayList<>();
        List<String> late = new ArrayList<>();
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            rs.onEvent("jdk.Compilation", this::compilation);
            rs.onError(streamErrors::add);
            rs.setOrdered(false); // delivered as soon as read: only the first tier-4 time per method matters
            rs.startAsync();
            for (Class<?> set : sets) {
                Object kernels = Strider.load(set, dev.strider.Target.VECTOR);
                if (!kernels.getClass().getSimpleName().contains("_Vector")) {
                    System.out.println("PROBLEM no VECTOR class: " + kernels.getClass().getName());
                    continue;
                }
                String from = kernels.getClass().getProtectionDomain().getCodeSource().getLocation().toString();
                if (java25Forms != from.contains(Java25Forms.VERSIONED)) {
                    System.out.println("PROBLEM " + kernels.getClass().getName() + " came from " + from);
                }
                for (Method m : set.getMethods()) {
                    if (Modifier.isAbstract(m.getModifiers())) {
                        Duration took = untilC2(kernels, m);
                        String name = kernels.getClass().getSimpleName() + "." + m.getName();
                        report.add(String.format("%-45s %s", name, took == null ? "no C2 within " + BUDGET.toMillis()
                                + " ms" : took.isZero() ? "during the first call" : took.toMillis() + " ms"));
                        if (took == null) {
                            late.add(name);
                        }
                    }
                }
            }
            for (Class<?> set : sets) {
                variants(set, report, late);
            }
        }
        report.sort(Comparator.naturalOrder());
        System.out.println("[C2] " + Runtime.version() + ", " + Device.current().describe()
                + (java25Forms ? "; BlockedOps compiled for Java 25" : "")
                + "; from the first call's return to C2 code, calling without pause:\n  " + String.join("\n  ", report));
        failed.entrySet().stream().filter(e -> e.getKey().contains("_Vector")).sorted(Map.Entry.comparingByKey())
                .forEach(e -> System.out.println("PROBLEM C2 bailed out: " + e.getKey() + ": " + e.getValue()));
        streamErrors.forEach(t -> System.out.println("PROBLEM the JFR stream failed: " + t));
        late.forEach(name -> System.out.println("PROBLEM never reached C2: " + name + " (" + events.get()
                + " compilations seen in all)"));
    }

    /**
     * The other vector variants of the VECTOR class's methods ({@code KernelProvider.variants()},
     * those of register width above 0), which the tuner times: each through an instance of its own
     * ({@code create(variant)}), called until its nest is C2 code. Its nest is the one private
     * method of the name's family first compiled after the instance's first call began (the ones
     * measured before were compiled already; the rule's variant, measured above, is skipped by the
     * variant field its constructor set); only the nest's own C2 compilation counts (a nest
     * moving vectors is too large for C2 to inline into the public method).
     */
    private void variants(Class<?> set, List<String> report, List<String> late) throws Exception {
        Object rule = Strider.load(set, dev.strider.Target.VECTOR);
        Class<?> c = rule.getClass();
        dev.strider.runtime.KernelProvider provider = (dev.strider.runtime.KernelProvider)
                Class.forName(c.getName() + "$Provider").getConstructor().newInstance();
        for (Method m : set.getMethods()) {
            String key = m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                    .collect(java.util.stream.Collectors.joining(", ", "(", ")"));
            List<String> names = provider.variants().get(key);
            List<Integer> bits = provider.variantBits().get(key);
            if (names == null || bits == null) {
                continue;
            }
            // the variant the rule instance runs, measured above: the field its constructor set
            java.lang.reflect.Field chosen = c.getDeclaredField(m.getName() + "Variant");
            chosen.setAccessible(true);
            int ruleVariant = chosen.getInt(rule);
            for (int v = 0; v < names.size(); v++) {
                if (bits.get(v) == 0 || v == ruleVariant) {
                    continue;
                }
                String label = c.getSimpleName() + "." + m.getName() + " #" + v + " (" + names.get(v) + ")";
                Duration took = variantUntilC2(provider.create(v), m);
                report.add(String.format("%-45s %s", label, took == null ? "no C2 within " + BUDGET.toMillis() + " ms"
                        : took.isZero() ? "during the first call" : took.toMillis() + " ms"));
                if (took == null) {
                    late.add(label);
                }
            }
        }
    }

    /**
     * Calls {@code m} on {@code kernels} until the variant it runs is C2 code: the time from the first
     * call's return, or null when C2 did not come within the budget.
     */
    private Duration variantUntilC2(Object kernels, Method m) throws Exception {
        settle();
        Class<?> c = kernels.getClass();
        Method impl = c.getMethod(m.getName(), m.getParameterTypes());
        Object[] args = arguments(m);
        String family = c.getName() + "." + m.getName() + "_";
        Instant before = Instant.now();
        impl.invoke(kernels, args);
        Instant first = Instant.now();
        Instant deadline = first.plus(BUDGET);
        while (Instant.now().isBefore(deadline)) {
            long batch = System.nanoTime() + 1_000_000;
            do {
                impl.invoke(kernels, args);
            } while (System.nanoTime() < batch);
            String nest = firstSeen.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(family) && !e.getKey().endsWith("_steps")
                            && !e.getKey().endsWith("_range") && !e.getValue().isBefore(before))
                    .map(Map.Entry::getKey).findFirst().orElse(null);
            List<Instant> ends = c2Ends.getOrDefault(nest == null ? "" : nest, List.of());
            if (!ends.isEmpty()) {
                Instant done = ends.stream().min(Comparator.naturalOrder()).get();
                return done.isBefore(first) ? Duration.ZERO : Duration.between(first, done);
            }
        }
        return null;
    }

    /**
     * Waits, at most {@link #SETTLE_AT_MOST}, until the JIT is idle: no compilation running and
     * both queues empty (HotSpot's {@code Compiler.queue} diagnostic command, as {@code jcmd}
     * prints it), at two looks {@link #LOOK_EVERY} apart. What ran before (JFR's parser of this
     * test's own stream, reflection, the last variant's whole-method compilation after the
     * on-stack one that ended its measurement) leaves compilations queued, and a method measured
     * behind them waits for the compiler threads. Without this, the first method measured in a
     * JVM (nChw16c to nchw, JDK 17) took 310-321 ms to reach C2 in the test and 11-91 ms alone
     * (AMD EPYC Zen 4): C2 spent the difference on JFR's parser and ASM's {@code Frame.execute}.
     */
    private static void settle() throws Exception {
        javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        javax.management.ObjectName commands = new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand");
        if (!server.isRegistered(commands)) {
            return;
        }
        long end = System.nanoTime() + SETTLE_AT_MOST.toNanos();
        int idleLooks = 0;
        while (idleLooks < 2 && System.nanoTime() < end) {
            String queue = (String) server.invoke(commands, "compilerQueue", new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
            boolean idle = queue.lines().map(String::strip)
                    .allMatch(l -> l.isEmpty() || l.equals("Empty") || l.endsWith(":"));
            idleLooks = idle ? idleLooks + 1 : 0;
            Thread.sleep(LOOK_EVERY.toMillis());
        }
    }

    /** How long apart the JIT's queue is looked at, and how long to wait for it to empty at most. */
    private static final Duration LOOK_EVERY = Duration.ofMillis(10);
    private static final Duration SETTLE_AT_MOST = Duration.ofSeconds(1);

    /** Calls {@code m} until it and the nest it runs are C2 code; the time that took, or null. */
    private Duration untilC2(Object kernels, Method m) throws Exception {
        settle();
        Class<?> c = kernels.getClass();
        Method impl = c.getMethod(m.getName(), m.getParameterTypes());
        Object[] args = arguments(m);
        impl.invoke(kernels, args);
        Instant first = Instant.now();
        String self = c.getName() + "." + m.getName();
        Nests nests = nests(c, m.getName());
        Instant deadline = first.plus(BUDGET);
        while (Instant.now().isBefore(deadline)) {
            long batch = System.nanoTime() + 1_000_000; // about a millisecond of calls between looks
            do {
                impl.invoke(kernels, args);
            } while (System.nanoTime() < batch);
            // The code that runs the nest: the method itself, or the nests it calls (compiled, or
            // within the method's C2 code); a method that only checks and calls is no cliff of its own.
            List<String> work = new ArrayList<>(nests.always());
            nests.variants().stream().filter(compiled::containsKey).findFirst().ifPresent(work::add);
            boolean variantRuns = nests.variants().isEmpty() || work.size() > nests.always().size();
            if (work.isEmpty()) {
                work.add(self);
            }
            if ((variantRuns || compiled.containsKey(self))
                    && work.stream().allMatch(n -> compiled.containsKey(n) || compiled.containsKey(self))) {
                Instant done = first;
                for (String n : work) {
                    Instant t = compiled.containsKey(n) ? compiled.get(n) : compiled.get(self);
                    done = t.isAfter(done) ? t : done;
                }
                return Duration.between(first, done);
            }
        }
        return null;
    }

    /**
     * The private nests {@code name} calls: {@code name_range} for a method THREADS splits; or
     * for a method of several variants, the variant methods ({@code name_blocks4}, {@code
     * name_scalar}, ...), of which the instance runs the one its constructor chose. Only that one
     * is ever called, so only it can be compiled: the first of them compiled is the one that runs.
     */
    private static Nests nests(Class<?> c, String name) {
        List<String> always = new ArrayList<>();
        List<String> variants = new ArrayList<>();
        for (Method d : c.getDeclaredMethods()) {
            String n = d.getName();
            if (n.equals(name + "_range")) {
                always.add(c.getName() + "." + n);
            } else if (n.startsWith(name + "_") && !n.equals(name + "_steps") && Modifier.isPrivate(d.getModifiers())) {
                variants.add(c.getName() + "." + n);
            }
        }
        // With variants, name_range only switches to the variant's chunk method: called once per
        // call, it is no nest of its own.
        return new Nests(variants.isEmpty() ? always : List.of(), variants);
    }

    /** The nests that always run, and the variants of which one does. */
    private record Nests(List<String> always, List<String> variants) {
    }

    private void compilation(RecordedEvent e) {
        events.incrementAndGet();
        RecordedMethod method = e.getValue("method");
        String name = method.getType().getName() + "." + method.getName();
        // events come unordered: keep the earliest start
        firstSeen.merge(name, e.getStartTime(), (x, y) -> x.isBefore(y) ? x : y);
        if (e.getInt("compileLevel") != 4) {
            return;
        }
        // An on-stack replacement counts: a method whose calls take long runs its loops as C2 code
        // that way long before it has been called often enough for a whole-method compilation.
        if (e.getBoolean("succeded")) {
            compiled.putIfAbsent(name, e.getEndTime());
            c2Ends.computeIfAbsent(name, k -> new java.util.concurrent.CopyOnWriteArrayList<>()).add(e.getEndTime());
        } else {
            failed.put(name, "compile " + e.getLong("compileId") + " failed");
        }
    }

    /** Arrays of {@link #ELEMENTS} zeros, and zero values, for the parameters of {@code m}. */
    static Object[] arguments(Method m) {
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = types[i].isArray() ? Array.newInstance(types[i].getComponentType(), ELEMENTS)
                    : Array.get(Array.newInstance(types[i], 1), 0);
        }
        return args;
    }
}

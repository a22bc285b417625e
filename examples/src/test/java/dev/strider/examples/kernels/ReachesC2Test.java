package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.strider.Strider;
import dev.strider.runtime.Device;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
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
 * The guard against JIT cliffs: every method of the examples' VECTOR classes (the shape this
 * machine prefers), called without pause, must reach C2 (a tier-4 compilation that succeeds,
 * JFR's {@code jdk.Compilation}) without a bailout, and so must the private nest it runs when C2
 * does not inline it (a tier-4 on-stack replacement of its loop counts). Vector API code runs boxed, hundreds of times slower, until then: a method
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
    /** Tier-4 compilations that failed, by "Class.method". */
    private final Map<String, String> failed = new ConcurrentHashMap<>();
    /** Tier-4 compile ids, to tell C2's inlining from C1's. */
    private final Set<Long> tier4 = ConcurrentHashMap.newKeySet();
    /** "caller -> callee" by compile id. */
    private final Map<Long, Set<String>> inlined = new ConcurrentHashMap<>();

    @Test
    void everyVectorMethodReachesC2WithoutBailout() throws Exception {
        assumeTrue(Device.current().vectorBits() > 0, "needs the vector module (the pom adds it to the tests)");
        List<String> report = new ArrayList<>();
        List<String> late = new ArrayList<>();
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            rs.enable("jdk.CompilerInlining");
            rs.onEvent("jdk.Compilation", this::compilation);
            rs.onEvent("jdk.CompilerInlining", this::inlining);
            rs.startAsync();
            for (Class<?> set : List.of(BlockedOps.class, ImageOps.class, PipelineOps.class)) {
                Object kernels = Strider.loadOneThread(set);
                assertTrue(kernels.getClass().getSimpleName().contains("_Vector"), kernels.getClass().getName());
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
        }
        report.sort(Comparator.naturalOrder());
        System.out.println("[C2] " + Runtime.version() + ", " + Device.current().describe()
                + "; from the first call's return to C2 code, calling without pause:\n  " + String.join("\n  ", report));
        List<String> ours = failed.entrySet().stream().filter(e -> e.getKey().contains("_Vector"))
                .map(e -> e.getKey() + ": " + e.getValue()).sorted().toList();
        assertEquals(List.of(), ours, "C2 bailed out");
        assertEquals(List.of(), late, "never reached C2");
    }

    /** Calls {@code m} until it and the nest it runs are C2 code; the time that took, or null. */
    private Duration untilC2(Object kernels, Method m) throws Exception {
        Class<?> c = kernels.getClass();
        Method impl = c.getMethod(m.getName(), m.getParameterTypes());
        Object[] args = arguments(m);
        impl.invoke(kernels, args);
        Instant first = Instant.now();
        String self = c.getName() + "." + m.getName();
        List<String> nests = nests(c, m.getName());
        Instant deadline = first.plus(BUDGET);
        while (Instant.now().isBefore(deadline)) {
            long batch = System.nanoTime() + 1_000_000; // about a millisecond of calls between looks
            do {
                impl.invoke(kernels, args);
            } while (System.nanoTime() < batch);
            // The code that runs the nest: the method itself, or the nests it calls (compiled, or
            // inlined into its C2 code); a method that only checks and calls is no cliff of its own.
            List<String> work = nests.isEmpty() ? List.of(self) : nests;
            if (work.stream().allMatch(n -> compiled.containsKey(n) || inlinedByC2(self, n) && compiled.containsKey(self))) {
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
     * The private nests {@code name} calls on this JVM: {@code name_range} for a method THREADS
     * splits, and of {@code name_inRegisters} and {@code name_scalar} the one {@code CHEAP_REARRANGE}
     * picks.
     */
    private static List<String> nests(Class<?> c, String name) throws ReflectiveOperationException {
        List<String> nests = new ArrayList<>();
        Set<String> declared = ConcurrentHashMap.newKeySet();
        Arrays.stream(c.getDeclaredMethods()).forEach(d -> declared.add(d.getName()));
        if (declared.contains(name + "_range")) {
            nests.add(c.getName() + "." + name + "_range");
        }
        if (declared.contains(name + "_inRegisters")) {
            Field cheap = c.getDeclaredField("CHEAP_REARRANGE");
            cheap.setAccessible(true);
            nests.add(c.getName() + "." + name + (cheap.getBoolean(null) ? "_inRegisters" : "_scalar"));
        }
        return nests;
    }

    private boolean inlinedByC2(String caller, String callee) {
        for (Map.Entry<Long, Set<String>> e : inlined.entrySet()) {
            if (tier4.contains(e.getKey()) && e.getValue().contains(caller + " -> " + callee)) {
                return true;
            }
        }
        return false;
    }

    private void compilation(RecordedEvent e) {
        RecordedMethod method = e.getValue("method");
        if (e.getInt("compileLevel") != 4) {
            return;
        }
        // An on-stack replacement counts: a method whose calls take long runs its loops as C2 code
        // that way long before it has been called often enough for a whole-method compilation.
        String name = method.getType().getName() + "." + method.getName();
        tier4.add(e.getLong("compileId"));
        if (e.getBoolean("succeded")) {
            compiled.putIfAbsent(name, e.getEndTime());
        } else {
            failed.put(name, "compile " + e.getLong("compileId") + " failed");
        }
    }

    private void inlining(RecordedEvent e) {
        if (!e.getBoolean("succeeded")) {
            return;
        }
        RecordedMethod caller = e.getValue("caller");
        jdk.jfr.consumer.RecordedObject callee = e.getValue("callee");
        String edge = caller.getType().getName() + "." + caller.getName() + " -> "
                + callee.getString("type").replace('/', '.') + "." + callee.getString("name");
        inlined.computeIfAbsent(e.getLong("compileId"), k -> ConcurrentHashMap.newKeySet()).add(edge);
    }

    private static Object[] arguments(Method m) {
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = types[i].isArray() ? Array.newInstance(types[i].getComponentType(), ELEMENTS)
                    : Array.get(Array.newInstance(types[i], 1), 0);
        }
        return args;
    }
}

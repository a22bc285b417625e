package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Target;
import dev.strider.TuneMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tuner on hand-written candidates of known speed (each spins for a fixed time per call):
 * what it routes to, what it writes to and reads from the wisdom file, and what it does when a
 * candidate fails or the file is corrupt. The choice rule itself is {@code ChoiceTest}'s.
 */
class TunerTest {

    /** The kernel set: one method, which writes its name into {@code out[0]}. */
    interface SpinOps {
        void spin(int[] out);
    }

    /** A candidate taking {@code nanos} per call, or throwing when {@code nanos} is negative. */
    record Spinner(int id, long nanos) implements SpinOps {
        @Override
        public void spin(int[] out) {
            if (nanos < 0) {
                throw new IllegalStateException("spinner " + id + " fails");
            }
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            out[0] = 1; // every candidate computes the same
        }
    }

    /** A hand-written dispatcher, as TunedWriter writes one. */
    static final class Dispatcher implements SpinOps {
        volatile SpinOps slot;

        Dispatcher(TunableKernels.Routes routes) {
            slot = (SpinOps) routes.initial(0);
            routes.bind((BiConsumer<Integer, Object>) (m, k) -> slot = (SpinOps) k);
        }

        @Override
        public void spin(int[] out) {
            slot.spin(out);
        }
    }

    static final TunableKernels SET = new TunableKernels() {
        @Override
        public List<String> methods() {
            return List.of("spin(int[])");
        }

        @Override
        public boolean split(int method) {
            return false;
        }

        @Override
        public String fingerprint() {
            return "test-fingerprint";
        }

        @Override
        public Workload workload(int method) {
            int[] out = new int[1];
            return Workloads.of(4, k -> ((SpinOps) k).spin(out));
        }

        @Override
        public Object dispatcher(Routes routes) {
            return new Dispatcher(routes);
        }
    };

    private static KernelProvider provider(Target target, int bits, String name, Supplier<Object> create,
                                           Map<String, List<String>> variants, List<Long> variantNanos) {
        return new ServiceProvider(SpinOps.class, target, bits, name, create, List.of()) {
            @Override
            public Map<String, List<String>> variants() {
                return variants;
            }

            @Override
            public Object create(int variant) {
                return new Spinner(100 + variant, variantNanos.get(variant));
            }
        };
    }

    private static TuneSettings settings(TuneMode mode, Path wisdom) {
        return new TuneSettings(mode, "test", wisdom, 400, 60_000, 0);
    }

    /** SCALAR at 40 us a call; VECTOR 256 with two variants, 60 and 10 us. */
    private static List<KernelProvider> candidates(long scalarNanos) {
        KernelProvider vector = provider(Target.VECTOR, 256, "t.Spin_Vector256", () -> new Spinner(2, 60_000),
                Map.of("spin(int[])", List.of("slow blocks", "fast blocks")), List.of(60_000L, 10_000L));
        KernelProvider scalar = provider(Target.SCALAR, 0, "t.Spin_Scalar", () -> new Spinner(1, scalarNanos),
                Map.of(), List.of());
        return List.of(vector, scalar);
    }

    private static Spinner routed(Tuner t) {
        return (Spinner) ((Dispatcher) t.bestDispatcher()).slot;
    }

    @Test
    void measureStartsOnScalarRoutesToTheFastestVariantAndWritesWisdom(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wisdom.tsv");
        Tuner t = new Tuner(SpinOps.class, SET, settings(TuneMode.MEASURE, file), candidates(40_000), null);
        assertEquals(1, routed(t).id(), "cold start: SCALAR");
        t.tuneAll();
        assertEquals(101, routed(t).id(), "variant 1 of VECTOR 256, 10 us against 40 and 60");
        String explain = t.describe(true);
        assertTrue(explain.contains("Spin_Vector256 (fast blocks)"), explain);
        assertTrue(explain.contains("measured here"), explain);
        String text = Files.readString(file);
        assertTrue(text.startsWith(Wisdom.HEADER + "\n"), text);
        assertTrue(text.contains("\tt.TunerTest$SpinOps\t".replace("t.", "dev.strider.runtime."))
                || text.contains(SpinOps.class.getName()), text);
        assertTrue(text.contains("\tspin(int[])\tSpin_Vector256#1\tSpin_Vector256#1\t"), text);

        Tuner fromWisdom = new Tuner(SpinOps.class, SET, settings(TuneMode.WISDOM, file), candidates(40_000), null);
        assertEquals(101, routed(fromWisdom).id(), "wisdom mode: the winner from the first call, nothing timed");
        assertTrue(fromWisdom.describe(true).contains("from the wisdom file"), fromWisdom.describe(true));
    }

    @Test
    void beforeJava25OnlyVariantsOfVariantZerosRegisterWidthAndScalarOnesAreTimedTogether() {
        List<Integer> bits = List.of(128, 256, 512, 0, 128);
        assertTrue(Tuner.timedTogether(bits, 0, false, null));
        assertTrue(!Tuner.timedTogether(bits, 1, false, null) && !Tuner.timedTogether(bits, 2, false, null));
        assertTrue(Tuner.timedTogether(bits, 3, false, null) && Tuner.timedTogether(bits, 4, false, null));
        assertTrue(Tuner.timedTogether(null, 5, false, null), "widths unknown: every variant");
        for (int v = 0; v < bits.size(); v++) {
            assertTrue(Tuner.timedTogether(bits, v, true, null), "widths together: every variant");
        }
    }

    /** Where the provider names one width for a method, that width and the scalar variants, on every JDK. */
    @Test
    void aWidthTheProviderNamesIsTimedAloneOnEveryJdk() {
        List<Integer> bits = List.of(128, 256, 512, 256, 0);
        for (boolean together : List.of(true, false)) {
            List<Integer> timed = new java.util.ArrayList<>();
            for (int v = 0; v < bits.size(); v++) {
                if (Tuner.timedTogether(bits, v, together, 256)) {
                    timed.add(v);
                }
            }
            assertEquals(List.of(1, 3, 4), timed, "widths together: " + together);
        }
    }

    @Test
    void aFailingCandidateFallsBackToTheRuleAndCallsGoOn(@TempDir Path dir) throws Exception {
        Tuner t = new Tuner(SpinOps.class, SET, settings(TuneMode.MEASURE, dir.resolve("w.tsv")), candidates(-1), null);
        t.tuneAll();
        assertEquals(2, routed(t).id(), "the rule's choice: VECTOR 256 as create() makes it");
        int[] out = new int[1];
        ((SpinOps) t.bestDispatcher()).spin(out);
        assertEquals(1, out[0]);
        assertTrue(t.describe(true).contains("tuning failed"), t.describe(true));
    }

    @Test
    void aCorruptWisdomFileIsIgnoredAndRewritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wisdom.tsv");
        Files.writeString(file, "not wisdom\n\u0000\u0001");
        Tuner t = new Tuner(SpinOps.class, SET, settings(TuneMode.MEASURE, file), candidates(40_000), null);
        assertTrue(t.describe(true).contains("ignored: its first line is not"), t.describe(true));
        t.tuneAll();
        assertEquals(101, routed(t).id());
        assertTrue(Files.readString(file).startsWith(Wisdom.HEADER), "rewritten whole");
    }
}

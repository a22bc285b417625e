package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The selection rule on made-up devices, without ServiceLoader. */
class PolicyTest {

    static final Device FOUR_CORES_256 = new Device("17.0.15", 4, true, 256, null);
    static final Device ONE_CORE_256 = new Device("17.0.15", 1, true, 256, null);
    static final Device NO_VECTOR_MODULE = new Device("17.0.15", 4, false, 0, null);

    private final StubProvider scalar = StubProvider.scalar();
    private final StubProvider v128 = StubProvider.vector(128);
    private final StubProvider v256 = StubProvider.vector(256);
    private final StubProvider v512 = StubProvider.vector(512);
    private final StubProvider threads = StubProvider.threads();
    /** In no particular order, as ServiceLoader may find them. */
    private final List<KernelProvider> all = List.of(scalar, v512, v128, threads, v256);

    private static List<String> runnable(Ranking ranking) {
        return ranking.runnable().stream().map(KernelProvider::className).collect(Collectors.toList());
    }

    private static Map<String, String> rejected(Ranking ranking) {
        return ranking.rejected().stream()
                .collect(Collectors.toMap(r -> r.provider().className(), Ranking.Rejection::reason));
    }

    /**
     * On a machine preferring 512-bit vectors, before Java 25 the 256-bit class comes first (one
     * register width per JVM, {@link Device#oneWidthBits()}), then 128, then 512 as a last resort;
     * from Java 25 the preferred shape first, as everywhere.
     */
    @Test
    void beforeJava25AtMost256BitsComeFirst() {
        Device jdk17 = new Device("17.0.15", 4, true, 512, null);
        Device jdk25 = new Device("25.0.1", 4, true, 512, null);
        assertEquals(List.of("Stub_Threads", "Stub_Vector256", "Stub_Vector128", "Stub_Vector512", "Stub_Scalar"),
                runnable(Policy.rank(jdk17, 4, Request.BEST, all)));
        assertEquals(List.of("Stub_Threads", "Stub_Vector512", "Stub_Vector256", "Stub_Vector128", "Stub_Scalar"),
                runnable(Policy.rank(jdk25, 4, Request.BEST, all)));
        assertEquals(List.of("Stub_Vector512", "Stub_Scalar"),
                runnable(Policy.rank(jdk17, 4, Request.ONE_THREAD, List.of(scalar, v512))), "512 bits when nothing narrower is generated");
        assertTrue(Policy.rank(jdk17, 4, Request.BEST, all).rule().contains("256 bits or narrower"),
                Policy.rank(jdk17, 4, Request.BEST, all).rule());
        // a 256-bit machine sees no difference
        assertEquals(List.of("Stub_Threads", "Stub_Vector256", "Stub_Vector128", "Stub_Scalar"),
                runnable(Policy.rank(FOUR_CORES_256, 4, Request.BEST, all)));
    }

    @Test
    void threadsThenPreferredVectorThenNarrowerThenScalar() {
        Ranking r = Policy.rank(FOUR_CORES_256, 4, Request.BEST, all);
        assertEquals(List.of("Stub_Threads", "Stub_Vector256", "Stub_Vector128", "Stub_Scalar"), runnable(r));
        assertEquals(Map.of("Stub_Vector512",
                        "512-bit vectors are wider than this machine's preferred 256-bit shape; the Vector API would emulate them"),
                rejected(r));
        assertTrue(r.rule().startsWith("THREADS when more than 1 core"), r.rule());
    }

    @Test
    void oneCoreRejectsThreads() {
        Ranking r = Policy.rank(ONE_CORE_256, 4, Request.BEST, all);
        assertEquals(List.of("Stub_Vector256", "Stub_Vector128", "Stub_Scalar"), runnable(r));
        assertEquals("this machine has 1 core", rejected(r).get("Stub_Threads"));
    }

    @Test
    void withoutTheVectorModuleEveryShapeIsRejected() {
        Ranking r = Policy.rank(NO_VECTOR_MODULE, 4, Request.BEST, all);
        assertEquals(List.of("Stub_Threads", "Stub_Scalar"), runnable(r));
        String reason = "jdk.incubator.vector is not in this JVM's boot layer; run with --add-modules jdk.incubator.vector";
        assertEquals(Map.of("Stub_Vector128", reason, "Stub_Vector256", reason, "Stub_Vector512", reason), rejected(r));
    }

    @Test
    void anUnreadablePreferredShapeRejectsVectorsWithTheReason() {
        Device unknown = new Device("25", 4, true, 0, "reading VectorShape.preferredShape() failed: boom");
        Ranking r = Policy.rank(unknown, 4, Request.ONE_THREAD, all);
        assertEquals(List.of("Stub_Scalar"), runnable(r));
        assertEquals("the preferred vector shape is unknown: reading VectorShape.preferredShape() failed: boom",
                rejected(r).get("Stub_Vector128"));
    }

    @Test
    void aNarrowMachineTakesItsOwnShapeFirst() {
        Device neon = new Device("21", 8, true, 128, null);
        Ranking r = Policy.rank(neon, 8, Request.ONE_THREAD, all);
        assertEquals(List.of("Stub_Vector128", "Stub_Scalar"), runnable(r));
        assertTrue(rejected(r).get("Stub_Vector256").startsWith("256-bit vectors are wider than this machine's preferred 128-bit"));
    }

    @Test
    void oneThreadNeverTakesThreads() {
        Ranking r = Policy.rank(FOUR_CORES_256, 4, Request.ONE_THREAD, all);
        assertEquals(List.of("Stub_Vector256", "Stub_Vector128", "Stub_Scalar"), runnable(r));
        assertTrue(rejected(r).get("Stub_Threads").startsWith("runs on several threads"));
    }

    @Test
    void forcedTargetsKeepOnlyTheirClasses() {
        assertEquals(List.of("Stub_Scalar"), runnable(Policy.rank(FOUR_CORES_256, 4, Request.SCALAR, all)));
        Ranking vector = Policy.rank(FOUR_CORES_256, 4, Request.VECTOR, all);
        assertEquals(List.of("Stub_Vector256", "Stub_Vector128"), runnable(vector));
        assertEquals("not the forced target VECTOR", rejected(vector).get("Stub_Scalar"));
        assertTrue(rejected(vector).get("Stub_Vector512").contains("wider"), "forcing VECTOR does not allow emulation");
        // A forced THREADS runs even where it would not be preferred: benchmarks compare it anywhere.
        assertEquals(List.of("Stub_Threads"), runnable(Policy.rank(ONE_CORE_256, 1, Request.THREADS, all)));
    }

    @Test
    void noCandidatesIsAnEmptyRanking() {
        Ranking r = Policy.rank(FOUR_CORES_256, 4, Request.BEST, List.of());
        assertEquals(List.of(), r.runnable());
        assertEquals(List.of(), r.rejected());
    }
}

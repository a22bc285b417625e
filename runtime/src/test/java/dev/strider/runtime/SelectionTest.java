package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.runtime.StubProvider.StubOps;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Choosing and creating instances for made-up devices and providers. */
class SelectionTest {

    private static final Device DEVICE = PolicyTest.FOUR_CORES_256;
    private static final String NO_VECTOR_CLASS = "jdk/incubator/vector/FloatVector";

    private static Selection selection(KernelProvider... providers) {
        return new Selection(StubOps.class, DEVICE, 4, List.of(providers), List.of());
    }

    private static String name(Object instance) {
        return ((StubOps) instance).name();
    }

    private static StubProvider unloadableVector256() {
        return StubProvider.vector(256).creating(() -> {
            throw new NoClassDefFoundError(NO_VECTOR_CLASS);
        });
    }

    @Test
    void theBestRunnableCandidateIsChosen() {
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(256), StubProvider.threads());
        assertEquals("Stub_Threads", name(s.instance(Request.BEST)));
        assertEquals("Stub_Vector256", name(s.instance(Request.ONE_THREAD)));
        assertEquals("Stub_Scalar", name(s.instance(Request.SCALAR)));
    }

    @Test
    void aCandidateThatFailsToLoadIsSkippedForTheNext() {
        Selection s = selection(StubProvider.scalar(), unloadableVector256(), StubProvider.vector(128));
        assertEquals("Stub_Vector128", name(s.instance(Request.BEST)));

        String explain = s.explain(Request.BEST, "the best target");
        assertTrue(explain.contains("Stub_Vector256  VECTOR 256 bits  skipped: failed to load: NoClassDefFoundError "
                + NO_VECTOR_CLASS + "\n"), explain);
        assertTrue(explain.contains("Stub_Vector128  VECTOR 128 bits  chosen\n"), explain);
        assertTrue(explain.contains("Stub_Scalar     SCALAR           not preferred: VECTOR 128 bits ranks higher\n"),
                explain);
        assertTrue(explain.contains("  result      Stub_Vector128\n"), explain);
    }

    @Test
    void aRuntimeExceptionFromCreateIsSkippedToo() {
        Selection s = selection(StubProvider.scalar(),
                StubProvider.vector(256).creating(() -> {
                    throw new IllegalStateException("no SIMD today");
                }));
        assertEquals("Stub_Scalar", name(s.instance(Request.BEST)));
        assertTrue(s.explain(Request.BEST, "best").contains("skipped: failed to load: IllegalStateException no SIMD today"));
    }

    @Test
    void aCauseIsNamedWhenTheErrorHasNoMessage() {
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(256).creating(() -> {
            throw new ExceptionInInitializerError(new ArithmeticException("/ by zero"));
        }));
        assertEquals("Stub_Scalar", name(s.instance(Request.BEST)));
        assertTrue(s.explain(Request.BEST, "best").contains(
                "skipped: failed to load: ExceptionInInitializerError (caused by ArithmeticException / by zero)"));
    }

    @Test
    void virtualMachineErrorsAreNotSwallowed() {
        Selection s = selection(StubProvider.scalar().creating(() -> {
            throw new OutOfMemoryError("test");
        }));
        assertThrows(OutOfMemoryError.class, () -> s.instance(Request.BEST));
    }

    @Test
    void anInstanceOfTheWrongTypeIsSkipped() {
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(128).creating(() -> "not kernels"));
        assertEquals("Stub_Scalar", name(s.instance(Request.BEST)));
        assertTrue(s.explain(Request.BEST, "best").contains(
                "skipped: create() returned a java.lang.String, not an implementation of " + StubOps.class.getName()));
    }

    @Test
    void whenNoneCanRunTheErrorListsEveryCandidateAndWhy() {
        Device noModule = PolicyTest.NO_VECTOR_MODULE;
        Selection s = new Selection(StubOps.class, noModule, 4,
                List.of(StubProvider.vector(256), StubProvider.scalar().creating(() -> {
                    throw new NoClassDefFoundError("Stub_Scalar");
                })), List.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.instance(Request.BEST));
        assertEquals("no generated class of " + StubOps.class.getName() + " can run as the best target on this device"
                + " (Java 17.0.15, 4 cores, vector module absent):\n"
                + "  Stub_Scalar     SCALAR           skipped: failed to load: NoClassDefFoundError Stub_Scalar\n"
                + "  Stub_Vector256  VECTOR 256 bits  rejected: jdk.incubator.vector is not in this JVM's boot layer;"
                + " run with --add-modules jdk.incubator.vector", e.getMessage());
        // The failure is cached with its message, and explain says it rather than throwing.
        assertEquals(e.getMessage(), assertThrows(IllegalStateException.class, () -> s.instance(Request.BEST)).getMessage());
        String explain = s.explain(Request.BEST, "best");
        assertTrue(explain.contains("result      none can run"), explain);
    }

    @Test
    void aForcedTargetThatIsNotGeneratedIsNamed() {
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(256));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.instance(Request.THREADS));
        assertEquals(StubOps.class.getName() + " has no generated THREADS class (generated: SCALAR, VECTOR 256 bits);"
                + " add THREADS to @Kernels(targets = ...)", e.getMessage());
    }

    @Test
    void aForcedTargetThatCannotRunGivesTheReasons() {
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(512), unloadableVector256());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.instance(Request.VECTOR));
        assertTrue(e.getMessage().startsWith("no generated class of " + StubOps.class.getName()
                + " can run as forced target VECTOR"), e.getMessage());
        assertTrue(e.getMessage().contains("Stub_Vector256  VECTOR 256 bits  skipped: failed to load: NoClassDefFoundError"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Stub_Vector512  VECTOR 512 bits  rejected: 512-bit vectors are wider"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Stub_Scalar     SCALAR           rejected: not the forced target VECTOR"),
                e.getMessage());
    }

    @Test
    void noProvidersKeepsTheHelpfulMessage() {
        Selection s = new Selection(StubOps.class, DEVICE, 4, List.of(),
                List.of("ServiceConfigurationError dev.strider.runtime.KernelProvider: Provider x.Missing not found"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.instance(Request.BEST));
        assertTrue(e.getMessage().startsWith("no generated kernels for " + StubOps.class.getName()
                + ": is it annotated with @dev.strider.Kernels, and does the build run strider-processor"
                + " (on annotationProcessorPaths from JDK 23 on)?"), e.getMessage());
        assertTrue(e.getMessage().contains("unreadable service entry: ServiceConfigurationError"), e.getMessage());
        String explain = s.explain(Request.BEST, "best");
        assertTrue(explain.contains("candidates  none: no generated class is registered for it;"), explain);
    }

    @Test
    void oneInstancePerClassWhateverTheRequest() {
        AtomicInteger created = new AtomicInteger();
        Selection s = selection(StubProvider.threads(), StubProvider.scalar().creating(() -> {
            created.incrementAndGet();
            return (StubOps) () -> "counted";
        }));
        Object scalar = s.instance(Request.ONE_THREAD);
        assertSame(scalar, s.instance(Request.SCALAR));
        assertSame(scalar, s.instance(Request.ONE_THREAD));
        assertEquals(1, created.get());
        assertSame(s.instance(Request.BEST), s.instance(Request.THREADS));
    }

    @Test
    void aFailedCreateIsNotRetried() {
        AtomicInteger calls = new AtomicInteger();
        Selection s = selection(StubProvider.scalar(), StubProvider.vector(256).creating(() -> {
            calls.incrementAndGet();
            throw new NoClassDefFoundError(NO_VECTOR_CLASS);
        }));
        s.instance(Request.BEST);
        s.instance(Request.ONE_THREAD);
        assertThrows(IllegalStateException.class, () -> s.instance(Request.VECTOR));
        assertEquals(1, calls.get());
    }
}

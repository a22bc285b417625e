package dev.strider.processor.model;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * What the compilation offers generated code to reach memory outside arrays: the Java release it
 * targets, whether {@code java.lang.foreign.MemorySegment} is final there (Java 22 and later), and
 * whether the compiling JDK's {@code jdk.incubator.vector} loads vectors from segments
 * ({@code fromMemorySegment}, Java 19 and later). The planner decides per operand from these;
 * the writers render what it decided.
 *
 * <p>The Vector API's byte buffer loads ({@code fromByteBuffer}, {@code intoByteBuffer}) are
 * never used, though a JDK before 20 offers them: Java 20 removed them, and a class compiled for
 * Java 17 runs on every later JDK, where such a call throws {@code NoSuchMethodError}.
 *
 * @param release           the {@code --release} (or source level) of the compilation: 17, 22, 25
 * @param segments          true when {@code MemorySegment} parameters can be compiled without preview
 * @param vectorSegments    true when the Vector API loads from and stores to segments
 */
public record JavaApis(int release, boolean segments, boolean vectorSegments) {

    /** The first release whose FFM API ({@code MemorySegment}, {@code Arena}) is final. */
    public static final int FFM_RELEASE = 22;

    /** Arrays and buffers only, no vector loads but from arrays: what Java 17 without the vector module offers. */
    public static final JavaApis JAVA_17 = new JavaApis(17, false, false);

    /** What this compilation offers. */
    public static JavaApis of(ProcessingEnvironment env) {
        Elements elements = env.getElementUtils();
        int release = env.getSourceVersion().ordinal();
        boolean segments = release >= FFM_RELEASE && elements.getTypeElement("java.lang.foreign.MemorySegment") != null;
        TypeElement floats = elements.getTypeElement("jdk.incubator.vector.FloatVector");
        return new JavaApis(release, segments, segments && has(floats, "fromMemorySegment"));
    }

    /**
     * True when the Vector API of this compilation loads vectors from {@code memory}: arrays always;
     * segments, and buffers through them, where it has segment loads.
     */
    public boolean vectorLoads(Memory memory) {
        return switch (memory) {
            case VALUE -> false;
            case ARRAY -> true;
            case SEGMENT, BUFFER, BYTE_BUFFER -> vectorSegments;
        };
    }

    private static boolean has(TypeElement type, String method) {
        return type != null && type.getEnclosedElements().stream()
                .anyMatch(e -> e.getKind() == ElementKind.METHOD && e.getSimpleName().contentEquals(method));
    }
}

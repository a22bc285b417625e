package dev.strider.processor.model;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
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
 * @param twoVectorSelects  true when the Vector API selects lanes from two vectors by an index vector
 *                          ({@code selectFrom(v1, v2)}, Java 24 and later), which transposes may use in
 *                          the forms a class runs from Java 25 ({@code VectorPlan.Stages#selects})
 */
public record JavaApis(int release, boolean segments, boolean vectorSegments, boolean twoVectorSelects) {

    /** Without two-vector selects. */
    public JavaApis(int release, boolean segments, boolean vectorSegments) {
        this(release, segments, vectorSegments, false);
    }

    /** The first release whose FFM API ({@code MemorySegment}, {@code Arena}) is final. */
    public static final int FFM_RELEASE = 22;

    /** The first release whose Vector API selects lanes from two vectors ({@code selectFrom(v1, v2)}). */
    public static final int SELECTS_RELEASE = 24;

    /** Arrays and buffers only, no vector loads but from arrays: what Java 17 without the vector module offers. */
    public static final JavaApis JAVA_17 = new JavaApis(17, false, false);

    /** What this compilation offers. */
    public static JavaApis of(ProcessingEnvironment env) {
        Elements elements = env.getElementUtils();
        int release = env.getSourceVersion().ordinal();
        boolean segments = release >= FFM_RELEASE && elements.getTypeElement("java.lang.foreign.MemorySegment") != null;
        TypeElement floats = elements.getTypeElement("jdk.incubator.vector.FloatVector");
        return new JavaApis(release, segments, segments && has(floats, "fromMemorySegment"), selectsFromTwo(floats));
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

    /**
     * True when {@code floats} has {@code selectFrom(Vector, Vector)}: Java 24's, not Java 17's
     * {@code selectFrom(Vector, VectorMask)}. The API is the one the compilation sees, so a
     * {@code --release 17} compilation on JDK 25 sees Java 17's.
     */
    private static boolean selectsFromTwo(TypeElement floats) {
        return floats != null && floats.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.METHOD && e.getSimpleName().contentEquals("selectFrom"))
                .map(e -> ((ExecutableElement) e).getParameters())
                .anyMatch(ps -> ps.size() == 2 && ps.stream().allMatch(p -> p.asType() instanceof DeclaredType d
                        && ((TypeElement) d.asElement()).getQualifiedName().contentEquals("jdk.incubator.vector.Vector")));
    }
}

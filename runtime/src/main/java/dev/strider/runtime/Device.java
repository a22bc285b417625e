package dev.strider.runtime;

import java.util.Optional;

/**
 * What this JVM and machine offer the kernel targets: the Java version, the number of cores,
 * and whether the Vector API can run here and at which preferred shape.
 *
 * <p>{@link #current()} probes once, cheaply, and never fails. The runtime has no dependency on
 * {@code jdk.incubator.vector}: the module is looked up in the boot layer (it is there only
 * when the JVM runs with {@code --add-modules jdk.incubator.vector}), and its preferred shape is
 * read by reflection. Anything that goes wrong while reading it leaves {@link #vectorBits()} at
 * 0 and keeps the reason for {@link KernelLoader#explain}.
 */
public final class Device {

    static final String VECTOR_MODULE = "jdk.incubator.vector";

    private final String javaVersion;
    private final int cores;
    private final boolean vectorModule;
    private final int vectorBits;
    private final String vectorProblem;

    /**
     * A device as given, for tests.
     *
     * @param vectorBits    the preferred vector shape in bits, 0 when unknown or absent
     * @param vectorProblem why the module is present but its preferred shape is unknown, else null
     */
    Device(String javaVersion, int cores, boolean vectorModule, int vectorBits, String vectorProblem) {
        this.javaVersion = javaVersion;
        this.cores = cores;
        this.vectorModule = vectorModule;
        this.vectorBits = vectorBits;
        this.vectorProblem = vectorProblem;
    }

    /** This JVM on this machine, probed on first use. */
    public static Device current() {
        return Probe.CURRENT;
    }

    /** Lazy holder: the probe runs on the first call of {@link #current()}, once. */
    private static final class Probe {
        static final Device CURRENT = probe();

        private static Device probe() {
            String java = System.getProperty("java.version", "(unknown version)");
            int cores = Runtime.getRuntime().availableProcessors();
            Optional<Module> module = ModuleLayer.boot().findModule(VECTOR_MODULE);
            if (module.isEmpty()) {
                return new Device(java, cores, false, 0, null);
            }
            try {
                Class<?> shape = Class.forName(module.get(), "jdk.incubator.vector.VectorShape");
                if (shape == null) {
                    return new Device(java, cores, true, 0, "jdk.incubator.vector.VectorShape is not in the module");
                }
                Object preferred = shape.getMethod("preferredShape").invoke(null);
                int bits = (Integer) shape.getMethod("vectorBitSize").invoke(preferred);
                return new Device(java, cores, true, bits, null);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return new Device(java, cores, true, 0, "reading VectorShape.preferredShape() failed: " + Selection.describe(e));
            }
        }
    }

    /** True when {@code jdk.incubator.vector} is in the boot layer, so VECTOR classes can load. */
    public boolean vectorModule() {
        return vectorModule;
    }

    /**
     * The bit size of {@code VectorShape.preferredShape()}: the widest vectors this machine runs
     * in hardware. 0 when the module is absent or the shape could not be read.
     */
    public int vectorBits() {
        return vectorBits;
    }

    /** {@code Runtime.availableProcessors()} when probed. */
    public int cores() {
        return cores;
    }

    /**
     * True when {@code VectorShuffle}-driven {@code rearrange} takes its shuffle as it is, from
     * Java 24 (JDK-8340079: rearrange wraps its indexes); before, every call checks the indexes
     * again. Generated VECTOR classes whose in-cache transpose blocks rearrange in most of their
     * stages (64-bit lanes, 8x8 floats) run them in registers only where this holds: on Java 17
     * such transposes measured 0.63-0.89x the speed of the scalar nest (nchw to nChw16c
     * 1x64x56x56 in 8x8 float blocks: 86 us against 64 us; on Java 25: 47 us).
     */
    public boolean cheapRearrange() {
        return feature(javaVersion) >= 24;
    }

    /**
     * True when Vector API code of several register widths keeps its intrinsics in one JVM, from
     * Java 25. Before, C2 compiles a vector method through the Vector API's shared methods
     * ({@code FloatVector.intoArray}, {@code AbstractVector.reinterpretAsInts}), whose type profiles
     * every width in the JVM feeds; once two widths have run, the species such a method reads is no
     * longer a constant and the store or reinterpret falls back to Java code that allocates
     * ({@code -XX:+PrintIntrinsics}: "missing constant"). On Java 17, nchw to nChw16c 1x64x56x56
     * in 8x8 float blocks ran at 340-540 us beside the 4x4 blocks in one JVM against 25-33 us alone;
     * on Java 25 all four transposes timed together ran as fast as alone (AMD EPYC Zen 4). Releases
     * between 17 and 25 are not measured and keep the one-width rule.
     */
    public boolean widthsTogether() {
        return feature(javaVersion) >= 25;
    }

    /**
     * The widest VECTOR class the rule prefers where {@link #widthsTogether()} does not hold (before
     * Java 25): 256 bits, so that one register width runs in the JVM. There a class's 128-bit 4x4
     * blocks beside its own 512-bit relu, flip or u8 normalize fell to the Vector API's Java code,
     * 10-25x slower, and the 512-bit methods with them; in the 256-bit classes, whose rules take
     * 256-bit blocks before Java 24 ({@code ClassPlanner}), every method ran beside the others at
     * about its speed alone, which for the elementwise ones is their 512-bit speed (AMD EPYC Zen 4,
     * JDK 17: nchw to nChw16c 1x64x56x56 in 8x8 blocks 19.9 us alone, 21.3-21.8 beside relu,
     * normalize, flip and the other blocked reorders; the 4x4 blocks 25.6 alone, 363-604 beside a
     * 512-bit method; the u8 normalize 16.3-18.4 us at 256 bits, 16.8 at 512, 49.4 at 128). 0 where
     * every width may run together.
     */
    public int oneWidthBits() {
        return widthsTogether() ? 0 : ONE_WIDTH_BITS;
    }

    /** {@link #oneWidthBits()} before Java 25: the width whose classes' rules then run no other. */
    public static final int ONE_WIDTH_BITS = 256;

    /**
     * True when generated VECTOR classes run the value-lane form of their variants (floats moved as
     * {@code FloatVector}s, never reinterpreted), from Java 25. Until C2 compiles it, the Vector
     * API runs a {@code reinterpretAs...} as Java code that stores the vector into a heap segment;
     * that records a heap segment in the JDK's shared segment-store profiles, and C2 then checks
     * every vector store to a native segment in full, in every kernel of the JVM (nchw to nChw16c
     * 1x64x56x56 on native segments: 114-130 us against 38-41 with no reinterpret run anywhere;
     * AMD EPYC Zen 4, JDK 25). Moving floats in their own lanes needs no reinterpret, but keeps a
     * NaN's bits before C2 only from Java 25: JDK 17's Java code for {@code rearrange} reads a float
     * lane through {@code Float.floatToIntBits}, which turns every NaN into 0x7FC00000; JDK 25's
     * reads it through {@code floatToRawIntBits}. Releases between are not checked and keep the
     * reinterpreting form.
     */
    public boolean valueLanes() {
        return feature(javaVersion) >= 25;
    }

    /** The feature release of a {@code java.version} ({@code 17.0.15} is 17), or this JVM's. */
    static int feature(String javaVersion) {
        try {
            return Runtime.Version.parse(javaVersion).feature();
        } catch (IllegalArgumentException e) {
            return Runtime.version().feature();
        }
    }

    /** The {@code java.version} property: {@code 17.0.15}. */
    public String javaVersion() {
        return javaVersion;
    }

    /** Why the preferred shape is unknown although the module is present; null otherwise. */
    String vectorProblem() {
        return vectorProblem;
    }

    /**
     * One line: {@code Java 25, 2 cores, vector module present, preferred vector shape 256 bits};
     * before Java 24 it adds that rearrange checks its shuffle on every call.
     */
    public String describe() {
        StringBuilder sb = new StringBuilder("Java ").append(javaVersion)
                .append(", ").append(cores).append(cores == 1 ? " core" : " cores");
        if (!vectorModule) {
            sb.append(", vector module absent");
        } else if (vectorBits > 0) {
            sb.append(", vector module present, preferred vector shape ").append(vectorBits).append(" bits");
            if (!cheapRearrange()) {
                sb.append(", rearrange checks its shuffle on every call (before Java 24)");
            }
        } else {
            sb.append(", vector module present, preferred vector shape unknown (").append(vectorProblem).append(')');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}

package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.OffHeapOps;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;

/**
 * The segment contenders, which need Java 22's final FFM API: the kernel set {@code SegmentOps}
 * and its loop {@code SegmentSlice} live in {@code src/main/java22}, which a build on JDK 22 or
 * later compiles with {@code --release 22} into {@value #ROOT} inside the classes (and so the jar),
 * beside a service file of their own. Nothing on the class path names them: the base
 * {@code META-INF/services} never lists their providers, so a JDK 17 run of the same jar never
 * tries to load a class it cannot read. On JDK 22 or later this class opens {@value #ROOT} with a
 * class loader of its own, whose parent is this one: {@code Strider.load(SegmentOps)} then finds
 * the segment providers through that loader, and everything else (the runtime, the array kernels,
 * {@link OffHeapSlice}) is the application's own. The same directory holds {@code OffHeapOps22},
 * the buffer kernels compiled for Java 22, which the buffer contenders run on JDK 20 and later
 * ({@link #bufferKernelSet()}).
 */
final class SegmentContenders {

    /** Where the classes compiled for Java 22 sit, relative to the class path's roots. */
    static final String ROOT = "java22/";
    /** Their service file: its presence says the build compiled them. */
    static final String SERVICES = ROOT + "META-INF/services/dev.strider.runtime.KernelProvider";
    static final String KERNEL_SET = "dev.strider.examples.kernels.SegmentOps";
    static final String BUFFER_KERNEL_SET = "dev.strider.examples.kernels.OffHeapOps22";
    static final String SLICE = "dev.strider.examples.bench.SegmentSlice";

    private static ClassLoader loader;

    private SegmentContenders() {
    }

    /** Why the segment contenders cannot run in this JVM; null when they can. */
    static String unavailable() {
        int feature = Runtime.version().feature();
        if (feature < 22) {
            return "JDK " + feature + " has no final FFM API (segments need JDK 22 or later)";
        }
        if (SegmentContenders.class.getClassLoader().getResource(SERVICES) == null) {
            return "the build compiled no classes for Java 22 (" + ROOT + " is missing: build on JDK 22 or later)";
        }
        return null;
    }

    /** Whether they can. */
    static boolean available() {
        return unavailable() == null;
    }

    /**
     * The class loader of {@value #ROOT}, made once.
     *
     * @throws IllegalStateException when the segment contenders cannot run here
     */
    static synchronized ClassLoader loader() {
        String why = unavailable();
        if (why != null) {
            throw new IllegalStateException(why);
        }
        if (loader == null) {
            ClassLoader parent = SegmentContenders.class.getClassLoader();
            String services = parent.getResource(SERVICES).toString();
            try {
                URL root = new URL(services.substring(0, services.length() - SERVICES.length() + ROOT.length()));
                loader = new URLClassLoader("strider-java22", new URL[] {root}, parent);
            } catch (MalformedURLException e) {
                throw new IllegalStateException("cannot open " + ROOT + " at " + services, e);
            }
        }
        return loader;
    }

    /** The kernel set {@code SegmentOps}, for {@code Strider.awaitTuning} and {@code Strider.explain}. */
    static Class<?> kernelSet() {
        try {
            return Class.forName(KERNEL_SET, true, loader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(KERNEL_SET + " is not in " + ROOT, e);
        }
    }

    /**
     * The buffer kernels the suite runs here: on JDK 22+ with the classes compiled for Java 22,
     * {@code OffHeapOps22}, whose VECTOR classes reach the buffers through segments in vectors;
     * elsewhere {@link OffHeapOps} (compiled for Java 17), whose VECTOR classes run their scalar nests
     * on buffers (never the Vector API's {@code fromByteBuffer}, which JDK 20 removed).
     */
    static Class<? extends OffHeapOps> bufferKernelSet() {
        if (!available()) {
            return OffHeapOps.class;
        }
        try {
            return Class.forName(BUFFER_KERNEL_SET, true, loader()).asSubclass(OffHeapOps.class);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(BUFFER_KERNEL_SET + " is not in " + ROOT, e);
        }
    }

    /** {@link #bufferKernelSet()}'s class for {@code target} (SCALAR, VECTOR, THREADS; TUNED: {@code Strider.load(set)}). */
    static OffHeapOps bufferKernels(Contender target) {
        Class<? extends OffHeapOps> set = bufferKernelSet();
        if (set == null) {
            throw new IllegalStateException("no buffer kernels run on JDK " + Runtime.version().feature()
                    + " without the classes compiled for Java 22");
        }
        return target == Contender.TUNED ? Strider.load(set) : Strider.load(set, Target.valueOf(target.name()));
    }

    /**
     * A segment contender's slice, in a hidden copy of {@code SegmentSlice} of its own: the case's
     * input copied from {@code t}'s direct buffer into a fresh native segment, its output a native
     * segment of the case's size.
     *
     * @param k one of {@code SEGMENT_SCALAR}, {@code SEGMENT_VECTOR}, {@code SEGMENT_THREADS}, {@code SEGMENT_TUNED}
     */
    static OffHeapSlice slice(Case c, Contender k, Tensors t) {
        if (k.memory() != Contender.Memory.SEGMENT) {
            throw new IllegalArgumentException(k + " is not a segment contender");
        }
        ByteBuffer input = t.directInput(c);
        int outputBytes = t.directOutput(c).capacity();
        try {
            Class<?> slice = Class.forName(SLICE, true, loader());
            MethodHandle create = MethodHandles.publicLookup().findStatic(slice, "create", MethodType.methodType(
                    OffHeapSlice.class, String.class, String.class, ByteBuffer.class, int.class));
            return (OffHeapSlice) create.invoke(c.id(), k.onArrays().name(), input, outputBytes);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make the " + k + " slice of " + c, e);
        }
    }
}

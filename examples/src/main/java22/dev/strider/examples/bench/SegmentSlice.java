package dev.strider.examples.bench;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.SegmentOps;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;

/**
 * A segment contender's loop, as {@link Slice} is the others': {@code calls} calls of the case's
 * method of {@link SegmentOps} on two native segments. Compiled for Java 22, loaded only on JDK
 * 22+ ({@link SegmentContenders}). A template as {@link Slice} is: {@link #create} makes a hidden
 * copy of it per contender, so each contender's call site sees one receiver; so no nested classes
 * and no lambdas here.
 */
public final class SegmentSlice implements OffHeapSlice {

    private final String caseId;
    private final SegmentOps ops;
    private final MemorySegment src;
    private final MemorySegment dst;

    public SegmentSlice(String caseId, SegmentOps ops, MemorySegment src, MemorySegment dst) {
        this.caseId = caseId;
        this.ops = ops;
        this.src = src;
        this.dst = dst;
    }

    @Override
    public long run(int calls) {
        long start = System.nanoTime();
        switch (caseId) {
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    ops.toBlocked64(src, dst);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    ops.toInterleaved(src, dst);
                }
                break;
            case "normalizeImage":
                for (int i = 0; i < calls; i++) {
                    ops.normalize(src, dst);
                }
                break;
            default:
                throw new IllegalStateException("no segment kernel for case " + caseId);
        }
        return System.nanoTime() - start;
    }

    @Override
    public String kernel() {
        return ops.getClass().getSimpleName();
    }

    @Override
    public float[] output() {
        return dst.toArray(ValueLayout.JAVA_FLOAT);
    }

    /**
     * A hidden copy of this class running {@code target}'s class of {@link SegmentOps}
     * ({@code SCALAR}, {@code VECTOR}, {@code THREADS}; {@code TUNED}: {@code Strider.load(SegmentOps.class)})
     * on native segments of an automatic arena, 16-byte aligned as arrays and direct buffers are:
     * the input a copy of {@code input}'s bytes, the output {@code outputBytes} long.
     */
    public static OffHeapSlice create(String caseId, String target, ByteBuffer input, int outputBytes)
            throws Throwable {
        SegmentOps ops = target.equals("TUNED") ? Strider.load(SegmentOps.class)
                : Strider.load(SegmentOps.class, Target.valueOf(target));
        Arena arena = Arena.ofAuto();
        MemorySegment src = arena.allocate(input.capacity(), 16);
        MemorySegment.copy(MemorySegment.ofBuffer(input), 0, src, 0, input.capacity());
        MemorySegment dst = arena.allocate(outputBytes, 16);
        MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(classFile(), true);
        MethodHandle constructor = copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class,
                String.class, SegmentOps.class, MemorySegment.class, MemorySegment.class));
        return (OffHeapSlice) constructor.invoke(caseId, ops, src, dst);
    }

    private static byte[] classFile() throws IOException {
        try (InputStream in = SegmentSlice.class.getResourceAsStream("SegmentSlice.class")) {
            if (in == null) {
                throw new IOException("SegmentSlice.class is not beside its class");
            }
            return in.readAllBytes();
        }
    }
}

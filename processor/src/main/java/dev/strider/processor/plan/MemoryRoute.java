package dev.strider.processor.plan;

import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.Memory;
import dev.strider.processor.model.Param;
import java.util.Optional;

/**
 * How one generated method reaches one operand's memory, decided per operand and class by
 * {@link ClassPlanner}: element by element through the array, the buffer or the segment, and,
 * in a VECTOR class, a vector at a time through whichever load the compiling JDK's Vector API
 * offers for that memory. A buffer is first sliced at its position, so element 0 is there.
 */
public enum MemoryRoute {
    /** A scalar value, not memory. */
    VALUE(false),
    /** {@code a[i]}; vectors {@code fromArray}. */
    ARRAY(true),
    /**
     * {@code b.get(i)} ({@code b.getFloat(4 * i)} for a byte buffer) on a slice at the position, and
     * by address in bytes where the buffers allow ({@link MethodPlan#byAddress}); no vectors.
     */
    BUFFER(false),
    /**
     * A buffer as {@link #BUFFER}, and through {@code MemorySegment.ofBuffer} of the slice (Java 22 and
     * later): vectors in the buffer's order, and scalar nests in bytes where the buffers are in native
     * order ({@link MethodPlan#viewsInBytes}).
     */
    BUFFER_SEGMENT(true),
    /**
     * {@code s.getAtIndex(JAVA_FLOAT_UNALIGNED, i)}, or {@code s.get(JAVA_FLOAT_UNALIGNED, offset)} where the nest
     * counts bytes ({@link MethodPlan#byteOffsets}); vectors {@code fromMemorySegment}, native order.
     */
    SEGMENT(true);

    private final boolean vectors;

    MemoryRoute(boolean vectors) {
        this.vectors = vectors;
    }

    /** True when vectors load from and store to the memory this way. */
    public boolean vectors() {
        return vectors;
    }

    /** True for the routes through a buffer, which the method slices at its position first. */
    public boolean buffer() {
        return this == BUFFER || this == BUFFER_SEGMENT;
    }

    /** True for the routes whose vectors load from and store to a {@code MemorySegment}. */
    public boolean segment() {
        return this == SEGMENT || this == BUFFER_SEGMENT;
    }

    /** Element by element: the route of SCALAR and THREADS classes, and of VECTOR's scalar nests. */
    public static MemoryRoute scalar(Param p) {
        return switch (p.memory()) {
            case VALUE -> VALUE;
            case ARRAY -> ARRAY;
            case BUFFER, BYTE_BUFFER -> BUFFER;
            case SEGMENT -> SEGMENT;
        };
    }

    /**
     * Element by element, and for a buffer through its segment view where the compilation has the
     * final FFM API ({@link #BUFFER_SEGMENT}, whose scalar nests may then count bytes): the route of
     * SCALAR classes.
     */
    public static MemoryRoute viewed(Param p, JavaApis apis) {
        MemoryRoute scalar = scalar(p);
        return scalar == BUFFER && apis.segments() ? BUFFER_SEGMENT : scalar;
    }

    /**
     * The route with vectors, where the compiling JDK's Vector API offers a load for this memory:
     * arrays always, segments from Java 22 ({@code fromMemorySegment}) and buffers through segments
     * there; empty elsewhere (buffers when the compilation targets Java 17 to 21: see
     * {@link JavaApis} for why never {@code fromByteBuffer}), and for values.
     */
    public static Optional<MemoryRoute> vector(Param p, JavaApis apis) {
        if (!apis.vectorLoads(p.memory())) {
            return Optional.empty();
        }
        return Optional.of(switch (p.memory()) {
            case BUFFER, BYTE_BUFFER -> BUFFER_SEGMENT;
            default -> scalar(p);
        });
    }
}

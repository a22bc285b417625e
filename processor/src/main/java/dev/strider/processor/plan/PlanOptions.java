package dev.strider.processor.plan;

import dev.strider.processor.model.JavaApis;

/**
 * The option values planning reads (the processor's {@code -A} options, as plain values).
 *
 * @param unrollLimit   the most elements a fully unrolled inner loop may have (halved until a method fits
 *                      the byte budget)
 * @param tileAbove     transposes of more elements than this are tiled ({@link Planner#TILE_ABOVE_ELEMENTS})
 * @param threadsAbove  THREADS splits methods of at least this many elements
 * @param transposeBits the width in bits of the square blocks VECTOR transposes move through registers by
 *                      the rule (at most each class's own); wider blocks are variants
 * @param apis          what the compilation offers to reach buffers and segments, with vectors or without
 */
public record PlanOptions(int unrollLimit, long tileAbove, long threadsAbove, int transposeBits, JavaApis apis) {

    /** Options for a compilation that offers what Java 17 does ({@link JavaApis#JAVA_17}). */
    public PlanOptions(int unrollLimit, long tileAbove, long threadsAbove, int transposeBits) {
        this(unrollLimit, tileAbove, threadsAbove, transposeBits, JavaApis.JAVA_17);
    }

    public PlanOptions {
        if (unrollLimit < 1) {
            throw new IllegalArgumentException("unrollLimit is " + unrollLimit + "; it must be at least 1");
        }
    }
}

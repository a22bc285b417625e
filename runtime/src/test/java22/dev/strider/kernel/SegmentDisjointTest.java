package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

/** {@link Checks#disjoint} on memory segments, native and heap, and on segments beside arrays and buffers. */
class SegmentDisjointTest {

    private static void overlaps(Object in, Object out, int lo, int hi, boolean samePlace) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Checks.disjoint("in", in, "out", out, 4, lo, hi, samePlace));
        assertTrue(e.getMessage().startsWith("in and out overlap in memory: "), e.getMessage());
    }

    private static void disjoint(Object in, Object out, int lo, int hi, boolean samePlace) {
        assertDoesNotThrow(() -> Checks.disjoint("in", in, "out", out, 4, lo, hi, samePlace));
    }

    @Test
    void nativeSlices() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(100);
            overlaps(s, s.asSlice(8), 0, 10, false);
            overlaps(s, s.asSlice(8), 0, 10, true);
            disjoint(s, s.asSlice(8), 0, 2, false);
            disjoint(s, s.asSlice(0), 0, 25, true);
            overlaps(s, s.asSlice(0), 0, 25, false);
            disjoint(s, s.asSlice(40), 0, 10, false);
            overlaps(s.asSlice(3), s.asSlice(40), 0, 10, false); // 3..42 and 40..79
            assertEquals("in and out overlap in memory: out's element 0 is 37 bytes after in's, so in's elements 9..9"
                    + " share bytes with out's elements 0..0; use separate memory or disjoint regions",
                    assertThrows(IllegalArgumentException.class,
                            () -> Checks.disjoint("in", s.asSlice(3), "out", s.asSlice(40), 4, 0, 10, false)).getMessage());
            disjoint(s, arena.allocate(100), 0, 25, false);
            disjoint(s, Arena.ofAuto().allocate(100), 0, 25, false);
            overlaps(s.asReadOnly(), s.asSlice(4), 0, 10, false);
        }
        try (Arena shared = Arena.ofShared()) {
            MemorySegment s = shared.allocate(64);
            overlaps(s.asSlice(4, 16), s.asSlice(16), 0, 4, false);
            disjoint(s.asSlice(4, 12), s.asSlice(16), 0, 4, false);
        }
    }

    @Test
    void heapSegmentsArraysAndBuffers() {
        float[] a = new float[10];
        MemorySegment whole = MemorySegment.ofArray(a);
        overlaps(a, whole, 0, 10, false);
        disjoint(a, whole, 0, 10, true);
        overlaps(a, whole.asSlice(8), 0, 10, true);
        disjoint(a, whole.asSlice(8), 0, 2, false);
        overlaps(whole.asSlice(8).asReadOnly(), a, 0, 8, false);
        overlaps(FloatBuffer.wrap(a).position(1), whole.asSlice(4), 0, 9, false);
        disjoint(FloatBuffer.wrap(a).position(1), whole.asSlice(4), 0, 9, true); // the same place
        overlaps(MemorySegment.ofBuffer(FloatBuffer.wrap(a).asReadOnlyBuffer()), whole.asSlice(12), 0, 5, false);
        disjoint(whole, new float[10], 0, 10, false);
        disjoint(whole, MemorySegment.ofArray(new float[10]), 0, 10, false);

        byte[] bytes = new byte[40];
        overlaps(bytes, MemorySegment.ofArray(bytes).asSlice(1), 0, 9, false);
        overlaps(ByteBuffer.wrap(bytes, 5, 20), MemorySegment.ofArray(bytes).asSlice(7), 0, 5, false);
        disjoint(ByteBuffer.wrap(bytes, 5, 20), MemorySegment.ofArray(bytes).asSlice(9), 0, 1, false);
        disjoint(MemorySegment.ofArray(bytes), a, 0, 10, false); // other arrays
    }

    @Test
    void directBuffersAndNativeSegments() {
        ByteBuffer direct = ByteBuffer.allocateDirect(64);
        MemorySegment s = MemorySegment.ofBuffer(direct);
        overlaps(direct, s.asSlice(4), 0, 4, false);
        disjoint(direct, s, 0, 16, true);
        overlaps(direct.duplicate().position(8).slice().asFloatBuffer(), s.asSlice(12), 0, 4, false);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(64);
            overlaps(n.asByteBuffer().position(8), n.asSlice(4), 0, 4, false);
            disjoint(n.asByteBuffer(), direct, 0, 16, false);
            disjoint(n, s, 0, 16, false);
        }
    }
}

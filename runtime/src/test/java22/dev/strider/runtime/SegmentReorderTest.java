package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.Memory;
import dev.strider.kernel.RandomLayouts;
import dev.strider.kernel.Segments;
import dev.strider.layout.TensorLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The generic reorder on memory segments (JDK 22+) against the same reorder on arrays: native
 * segments of confined, shared and automatic arenas, heap segments over byte arrays and arrays of
 * the type, slices at odd byte offsets, read-only inputs, and segments beside arrays and buffers.
 * Bad segments (closed, of another thread, read-only, too small, overlapping) leave the
 * destination as it was.
 */
class SegmentReorderTest {

    private static final ElementType[] TYPES = ElementType.values();

    @Property(tries = 400)
    void segmentsMatchTheArrayReorder(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 5, 5);
        TensorLayout a = RandomLayouts.writable(r, sizes);
        TensorLayout b = RandomLayouts.writable(r, sizes);
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        ReorderKernel k = new GenericReorder(a, b, type);
        Object srcValues = Memory.zeroPadded(Memory.random(type, r, a.bufferSize()), a);
        Object dstValues = Memory.random(type, r, b.bufferSize());
        Object expected = Memory.copy(dstValues);
        k.reorder(srcValues, expected);

        try (Arena arena = r.nextBoolean() ? Arena.ofConfined() : Arena.ofShared()) {
            Segments.Spec ds = Segments.Spec.random(r, type, true);
            Segments.Made dst = ds.make(dstValues, arena);
            if (r.nextInt(3) == 0) { // a buffer or an array as the source
                Memory.Spec ss = Memory.Spec.random(r, type, false);
                Object src = ss.make(srcValues);
                k.reorder(src, dst.operand());
                assertArrayEquals(Memory.contents(ss.make(srcValues)), Memory.contents(src));
            } else {
                Segments.Spec ss = Segments.Spec.random(r, type, false);
                Segments.Made src = ss.make(srcValues, arena);
                k.reorder(src.operand(), dst.operand());
                assertArrayEquals(ss.make(srcValues, arena).contents(), src.contents());
            }
            assertArrayEquals(ds.make(expected, arena).contents(), dst.contents(), () -> ds + ": " + a + " -> " + b);
        }
    }

    @Property(tries = 200)
    void aSegmentSourceIntoBuffersAndArrays(@ForAll Random r) {
        int[] sizes = {1 + r.nextInt(2), 1 + r.nextInt(40), 1 + r.nextInt(3), 1 + r.nextInt(4)};
        String[] formats = {"nchw", "nhwc", "nChw8c", "nChw16c"};
        TensorLayout a = TensorLayout.of("NCHW", sizes, formats[r.nextInt(formats.length)]);
        TensorLayout b = TensorLayout.of("NCHW", sizes, formats[r.nextInt(formats.length)]).withOffset(r.nextInt(3));
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        ReorderKernel k = new GenericReorder(a, b, type);
        Object srcValues = Memory.zeroPadded(Memory.random(type, r, a.bufferSize()), a);
        Object dstValues = Memory.random(type, r, b.bufferSize());
        Object expected = Memory.copy(dstValues);
        k.reorder(srcValues, expected);
        Segments.Spec ss = Segments.Spec.random(r, type, false);
        Memory.Spec ds = Memory.Spec.random(r, type, true);
        Object dst = ds.make(dstValues);
        k.reorder(ss.make(srcValues, Arena.ofAuto()).operand(), dst);
        assertArrayEquals(Memory.contents(ds.make(expected)), Memory.contents(dst), () -> ss + " -> " + ds);
    }

    // ---------------------------------------------------------------- bad segments

    private static final TensorLayout PLAIN = TensorLayout.packed("NCHW", 1, 11, 2, 3);
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", new int[] {1, 11, 2, 3}, "nChw8c");
    private static final ReorderKernel FLOATS = new GenericReorder(PLAIN, BLOCKED, ElementType.FLOAT);

    private static MemorySegment source(Arena arena) {
        MemorySegment s = arena.allocate(4L * PLAIN.bufferSize() + 1).asSlice(1); // odd address
        for (int i = 0; i < PLAIN.bufferSize(); i++) {
            s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * i, i);
        }
        return s;
    }

    private static MemorySegment sentinels(Arena arena, long bytes) {
        MemorySegment d = arena.allocate(bytes);
        d.fill(Memory.SENTINEL);
        return d;
    }

    private static void untouched(MemorySegment d) {
        for (long i = 0; i < d.byteSize(); i++) {
            assertEquals(Memory.SENTINEL, d.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
        }
    }

    @Test
    void aClosedArenaIsRefusedBeforeAnythingIsWritten() {
        try (Arena live = Arena.ofConfined()) {
            MemorySegment dst = sentinels(live, 4L * BLOCKED.bufferSize());
            Arena closing = Arena.ofConfined();
            MemorySegment src = source(closing);
            closing.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> FLOATS.reorder(src, dst));
            assertEquals("src: the arena of this segment is closed", e.getMessage());
            untouched(dst);

            Arena closingDst = Arena.ofShared();
            MemorySegment closedDst = sentinels(closingDst, 4L * BLOCKED.bufferSize());
            closingDst.close();
            MemorySegment liveSrc = source(live);
            MemorySegment before = MemorySegment.ofArray(liveSrc.toArray(ValueLayout.JAVA_BYTE));
            assertThrows(IllegalStateException.class, () -> FLOATS.reorder(liveSrc, closedDst));
            assertEquals(-1, before.mismatch(liveSrc));
        }
    }

    @Test
    void aConfinedSegmentUsedFromAnotherThreadIsRefusedBeforeAnythingIsWritten() throws Exception {
        try (Arena confined = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            MemorySegment mine = sentinels(confined, 4L * BLOCKED.bufferSize());
            MemorySegment sharedSrc = source(shared);
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> CompletableFuture.runAsync(() -> FLOATS.reorder(sharedSrc, mine)).get());
            assertTrue(e.getCause() instanceof IllegalStateException, e.getCause().toString());
            assertTrue(e.getCause().getMessage().startsWith("dst: this segment is confined to another thread than "),
                    e.getCause().getMessage());
            untouched(mine);

            MemorySegment mySrc = source(confined);
            MemorySegment sharedDst = sentinels(shared, 4L * BLOCKED.bufferSize());
            e = assertThrows(ExecutionException.class,
                    () -> CompletableFuture.runAsync(() -> FLOATS.reorder(mySrc, sharedDst)).get());
            assertTrue(e.getCause().getMessage().startsWith("src: this segment is confined"), e.getCause().getMessage());
            untouched(sharedDst);

            FLOATS.reorder(mySrc, mine); // on its own thread, fine
            assertEquals(PLAIN.offsetOf(0, 1, 0, 0),
                    mine.get(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * BLOCKED.offsetOf(0, 1, 0, 0)));
        }
    }

    @Test
    void badDestinationsAreLeftUntouched() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = source(arena);
            MemorySegment small = sentinels(arena, 4L * BLOCKED.bufferSize() - 1);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FLOATS.reorder(src, small));
            assertEquals("dst has " + (4L * BLOCKED.bufferSize() - 1) + " bytes, room for " + (BLOCKED.bufferSize() - 1)
                    + " elements of 4 bytes, but its layout needs " + BLOCKED.bufferSize() + " (" + BLOCKED + ")",
                    e.getMessage());
            untouched(small);

            MemorySegment readOnly = sentinels(arena, 4L * BLOCKED.bufferSize());
            e = assertThrows(IllegalArgumentException.class, () -> FLOATS.reorder(src, readOnly.asReadOnly()));
            assertTrue(e.getMessage().startsWith("dst is read-only"), e.getMessage());
            untouched(readOnly);

            // Overlap: the destination a few floats into the source's memory.
            MemorySegment memory = sentinels(arena, 1000);
            IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class,
                    () -> FLOATS.reorder(memory, memory.asSlice(12)));
            assertTrue(overlap.getMessage().startsWith("src and dst overlap in memory: dst's element 0 is 12 bytes"
                    + " after src's"), overlap.getMessage());
            untouched(memory);
            assertThrows(IllegalArgumentException.class, () -> FLOATS.reorder(memory.asSlice(5), memory.asByteBuffer()));
            untouched(memory);

            // A heap segment no buffer reaches in place: over an int[] for a float reorder.
            int[] ints = new int[BLOCKED.bufferSize()];
            e = assertThrows(IllegalArgumentException.class, () -> FLOATS.reorder(src, MemorySegment.ofArray(ints)));
            assertTrue(e.getMessage().startsWith("dst is a heap MemorySegment over an int[]"), e.getMessage());
            assertArrayEquals(new int[BLOCKED.bufferSize()], ints);
            float[] floats = new float[BLOCKED.bufferSize() + 1];
            e = assertThrows(IllegalArgumentException.class,
                    () -> FLOATS.reorder(src, MemorySegment.ofArray(floats).asSlice(2)));
            assertTrue(e.getMessage().startsWith("dst is a heap MemorySegment over a float[] starting inside an element"),
                    e.getMessage());
            assertArrayEquals(new float[BLOCKED.bufferSize() + 1], floats);
        }
    }

    @Test
    void aReadOnlyHeapSegmentOverATypedArrayIsALimitationOfTheGenericKernel() {
        float[] values = new float[PLAIN.bufferSize()];
        float[] out = new float[BLOCKED.bufferSize()];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FLOATS.reorder(MemorySegment.ofArray(values).asReadOnly(), out));
        assertTrue(e.getMessage().startsWith("src is a read-only heap MemorySegment over an array other than byte[]"),
                e.getMessage());
        // ... which its writable form, and a read-only one over bytes, do not have.
        FLOATS.reorder(MemorySegment.ofArray(values), out);
        FLOATS.reorder(MemorySegment.ofArray(new byte[4 * PLAIN.bufferSize()]).asReadOnly(), out);
    }

    @Test
    @SuppressWarnings("restricted") // reinterpret, on memory this test allocates
    void segmentsBeyondTwoGigabytes() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(4L * PLAIN.bufferSize());
            small.fill((byte) 0);
            // Larger than 2 GB, but only its first bytes are touched: reinterpret makes the size.
            MemorySegment huge = small.reinterpret(3L << 30);
            float[] out = new float[BLOCKED.bufferSize()];
            FLOATS.reorder(huge, out);
            // A layout that needs more than 2 GB of the segment is refused before anything happens.
            TensorLayout big = TensorLayout.packed("HW", 600_000, 1000);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FloatKernels.view("src", huge, big));
            assertEquals("src: its layout needs 2400000000 bytes of the segment, but the generic kernels reach a"
                    + " segment through a ByteBuffer, which holds at most 2147483647 bytes; use a generated kernel or"
                    + " split the tensor", e.getMessage());
        }
    }

    @Test
    void theRegistryCallsTheGeneratedSegmentMethod() {
        ReorderKernel k = KernelRegistry.reorder(OffHeapOps.ROWS, OffHeapOps.COLUMNS, ElementType.FLOAT,
                OffHeapOps.class.getClassLoader());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(24);
            for (int i = 0; i < 6; i++) {
                src.set(ValueLayout.JAVA_FLOAT_UNALIGNED, 4L * i, i + 1);
            }
            MemorySegment dst = arena.allocate(24);
            int before = OffHeapOps_Scalar.calls("segments");
            assertEquals(KernelLoader.load(OffHeapOps.class).getClass().getName()
                    + ".transposeSegments(MemorySegment, MemorySegment)", k.origin(src, dst));
            k.reorder(src, dst);
            assertEquals(before + 1, OffHeapOps_Scalar.calls("segments"));
            assertArrayEquals(new float[] {1, 3, 5, 2, 4, 6}, dst.toArray(ValueLayout.JAVA_FLOAT));

            // A segment beside a buffer: no generated method takes that pair, the generic kernel runs.
            java.nio.FloatBuffer out = java.nio.ByteBuffer.allocateDirect(24).order(ByteOrder.nativeOrder()).asFloatBuffer();
            assertEquals("generic FloatKernels.reorder", k.origin(src, out));
            k.reorder(src, out);
            assertEquals(5f, out.get(2));
        }
    }
}

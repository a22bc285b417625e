package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.kernel.Memory;
import dev.strider.kernel.Memory.Kind;
import dev.strider.kernel.Memory.Spec;
import dev.strider.kernel.RandomLayouts;
import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The generic reorder a {@link ReorderKernel} runs, on every kind of memory against the same
 * reorder on arrays: random layouts (plain, padded, blocked, offset), nChw8c and nChw16c with
 * channel tails, direct and heap buffers in both byte orders, byte buffers holding each type,
 * non-zero positions. Bad operands must leave the destination as it was, byte for byte.
 */
class OffHeapReorderTest {

    private static final ElementType[] TYPES = ElementType.values();

    @Property(tries = 500)
    void theOffHeapReorderMatchesTheArrayReorder(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 5, 5);
        check(r, RandomLayouts.writable(r, sizes), RandomLayouts.writable(r, sizes));
    }

    @Property(tries = 300)
    void blockedChannelsWithTails(@ForAll Random r) {
        int[] sizes = {1 + r.nextInt(2), 1 + r.nextInt(40), 1 + r.nextInt(3), 1 + r.nextInt(4)};
        String[] formats = {"nchw", "nhwc", "nChw8c", "nChw16c"};
        TensorLayout a = TensorLayout.of("NCHW", sizes, formats[r.nextInt(formats.length)]);
        TensorLayout b = TensorLayout.of("NCHW", sizes, formats[r.nextInt(formats.length)]);
        check(r, r.nextBoolean() ? a : a.withOffset(1 + r.nextInt(7)), r.nextBoolean() ? b : b.withOffset(1 + r.nextInt(7)));
    }

    private static void check(Random r, TensorLayout a, TensorLayout b) {
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        ReorderKernel k = new GenericReorder(a, b, type);
        Object srcValues = Memory.zeroPadded(Memory.random(type, r, a.bufferSize()), a);
        Object dstValues = Memory.random(type, r, b.bufferSize());
        Object expected = Memory.copy(dstValues);
        k.reorder(srcValues, expected); // the array kernel

        Spec ss = Spec.random(r, type, false);
        Spec ds = Spec.random(r, type, true);
        Object src = ss.make(srcValues);
        Object dst = ds.make(dstValues);
        k.reorder(src, dst);
        assertArrayEquals(Memory.contents(ds.make(expected)), Memory.contents(dst), () -> ss + " -> " + ds + ": " + a + " -> " + b);
        assertArrayEquals(Memory.contents(ss.make(srcValues)), Memory.contents(src), "the source is unchanged");
    }

    // ---------------------------------------------------------------- bad operands

    private static final TensorLayout PLAIN = TensorLayout.packed("NCHW", 1, 11, 2, 3);
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", new int[] {1, 11, 2, 3}, "nChw8c");

    /** Every bad source, for each type and writable kind of destination: the destination keeps its sentinels. */
    @Test
    void badSourcesLeaveTheDestinationUntouched() {
        Random r = new Random(15);
        for (ElementType type : TYPES) {
            ReorderKernel k = new GenericReorder(PLAIN, BLOCKED, type);
            int n = PLAIN.bufferSize();
            List<Supplier<Object>> bad = List.of(
                    () -> new Spec(type, Kind.HEAP, ByteOrder.BIG_ENDIAN, 2, 0, 1).make(Memory.random(type, r, n - 1)),
                    () -> new Spec(type, Kind.DIRECT_BYTES, ByteOrder.BIG_ENDIAN, 3, 0, 0).make(Memory.random(type, r, n - 1)),
                    () -> ByteBuffer.allocate(n * type.bytes() - 1),
                    () -> type == ElementType.INT ? FloatBuffer.allocate(n) : IntBuffer.allocate(n),
                    () -> CharBuffer.allocate(4 * n),
                    () -> "src",
                    () -> type == ElementType.LONG ? new int[n] : new long[n]);
            for (Kind kind : Kind.values()) {
                if (!kind.writable()) {
                    continue;
                }
                Spec ds = new Spec(type, kind, ByteOrder.LITTLE_ENDIAN, 3, 1, 2);
                for (Supplier<Object> s : bad) {
                    Object dst = ds.make(Memory.sentinels(type, BLOCKED.bufferSize()));
                    long[] before = Memory.contents(dst);
                    Object src = s.get();
                    assertThrows(IllegalArgumentException.class, () -> k.reorder(src, dst), () -> ds + " " + src);
                    assertArrayEquals(before, Memory.contents(dst), () -> ds + " " + src);
                }
            }
        }
    }

    @Test
    void badDestinationsAreLeftUntouched() {
        Random r = new Random(16);
        for (ElementType type : TYPES) {
            ReorderKernel k = new GenericReorder(PLAIN, BLOCKED, type);
            Object src = new Spec(type, Kind.DIRECT, ByteOrder.BIG_ENDIAN, 1, 0, 1).make(Memory.random(type, r, PLAIN.bufferSize()));
            for (Kind kind : Kind.values()) {
                // read-only at full size, or writable and one element short
                int size = kind.writable() ? BLOCKED.bufferSize() - 1 : BLOCKED.bufferSize();
                Object dst = new Spec(type, kind, ByteOrder.BIG_ENDIAN, 5, 0, 3).make(Memory.sentinels(type, size));
                long[] before = Memory.contents(dst);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.reorder(src, dst));
                assertTrue(e.getMessage().startsWith(kind.writable() ? "dst has " : "dst is read-only"), e.getMessage());
                assertArrayEquals(before, Memory.contents(dst), kind::toString);
            }
        }
    }

    @Test
    void overlappingOperandsAreRejectedBeforeAnythingIsWritten() {
        ReorderKernel k = new GenericReorder(PLAIN, BLOCKED, ElementType.FLOAT);
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer memory = (direct ? ByteBuffer.allocateDirect(1000) : ByteBuffer.allocate(1000)).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 250; i++) {
                memory.putFloat(4 * i, i);
            }
            long[] before = Memory.contents(memory);
            ByteBuffer shifted = memory.duplicate().position(12); // three floats on
            assertThrows(IllegalArgumentException.class, () -> k.reorder(memory, shifted));
            assertThrows(IllegalArgumentException.class, () -> k.reorder(shifted, memory.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer()));
            assertThrows(IllegalArgumentException.class, () -> k.reorder(memory.duplicate().position(1), memory)); // unaligned
            assertArrayEquals(before, Memory.contents(memory));
        }
        float[] a = new float[200];
        FloatBuffer wrapped = FloatBuffer.wrap(a).position(50);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.reorder(a, wrapped));
        assertTrue(e.getMessage().startsWith("src and dst overlap in memory: dst's element 0 is 200 bytes after src's"),
                e.getMessage());
        assertArrayEquals(new float[200], a);

        // The same layout at the very same place: a copy onto itself, allowed as for one array.
        ReorderKernel same = new GenericReorder(BLOCKED, BLOCKED, ElementType.FLOAT);
        a[3] = 7;
        same.reorder(a, FloatBuffer.wrap(a));
        assertTrue(a[3] == 7);
    }
}

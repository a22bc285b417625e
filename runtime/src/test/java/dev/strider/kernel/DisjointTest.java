package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Checks#disjoint}: on JDK 17 to 21 through arrays, {@code hasArray()} and the buffers'
 * fields; on JDK 22+ through {@code MemorySegment.ofBuffer}. The same cases must hold on both.
 */
class DisjointTest {

    private static void overlaps(Object in, Object out, int elementBytes, int lo, int hi, boolean samePlace) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Checks.disjoint("src", in, "dst", out, elementBytes, lo, hi, samePlace));
        assertTrue(e.getMessage().startsWith("src and dst overlap in memory: "), e.getMessage());
    }

    private static void disjoint(Object in, Object out, int elementBytes, int lo, int hi, boolean samePlace) {
        assertDoesNotThrow(() -> Checks.disjoint("src", in, "dst", out, elementBytes, lo, hi, samePlace));
    }

    @Test
    void oneArrayTwice() {
        float[] a = new float[10];
        overlaps(a, a, 4, 0, 10, false);
        disjoint(a, a, 4, 0, 10, true);
        disjoint(a, new float[10], 4, 0, 10, false);
        disjoint(a, a, 4, 3, 3, false); // no elements
        assertEquals("src and dst overlap in memory: dst starts where src starts, so src's elements 2..9 share bytes"
                + " with dst's elements 2..9; use separate memory or disjoint regions",
                assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", a, "dst", a, 4, 2, 10, false))
                        .getMessage());
    }

    @Test
    void aHeapBufferWrappingTheOtherOperandsArray() {
        float[] a = new float[10];
        FloatBuffer same = FloatBuffer.wrap(a);
        overlaps(a, same, 4, 0, 10, false);
        disjoint(a, same, 4, 0, 10, true); // the very same place: in place
        disjoint(same, a, 4, 0, 10, true);

        FloatBuffer shifted = FloatBuffer.wrap(a).position(2);
        overlaps(a, shifted, 4, 0, 10, true);
        overlaps(shifted, a, 4, 0, 10, true);
        disjoint(a, shifted, 4, 0, 2, false); // a's 0..1 and a's 2..3
        overlaps(a, shifted, 4, 0, 3, false);
        assertEquals("src and dst overlap in memory: dst's element 0 is 8 bytes after src's, so src's elements 2..9"
                + " share bytes with dst's elements 0..7; only an operand at the very same place (in place) may overlap;"
                + " use separate memory or disjoint regions",
                assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", a, "dst", shifted, 4, 0, 10, true))
                        .getMessage());

        // arrayOffset 3 and position 1: element 0 is a[4].
        FloatBuffer offset = FloatBuffer.wrap(a).position(3).slice().position(1);
        assertEquals(3, offset.arrayOffset());
        disjoint(a, offset, 4, 0, 4, false);
        overlaps(a, offset, 4, 0, 5, false);
        assertEquals("src and dst overlap in memory: dst's element 0 is 16 bytes before src's, so src's elements 0..5"
                + " share bytes with dst's elements 4..9; use separate memory or disjoint regions",
                assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", offset, "dst", a, 4, 0, 10, false))
                        .getMessage());
    }

    @Test
    void aByteBufferWrappingTheOtherOperandsBytes() {
        byte[] bytes = new byte[40];
        ByteBuffer wrapped = ByteBuffer.wrap(bytes, 4, 36); // position 4: element 0 (a float) at byte 4
        overlaps(bytes, wrapped, 4, 0, 9, false);
        overlaps(bytes, wrapped, 4, 0, 9, true);
        disjoint(bytes, wrapped, 4, 0, 1, false);
        ByteBuffer sliced = ByteBuffer.wrap(bytes).position(6).slice().position(2); // arrayOffset 6: element 0 at byte 8
        disjoint(bytes, sliced, 4, 0, 2, false);
        overlaps(bytes, sliced, 4, 0, 3, false);
        disjoint(new byte[40], wrapped, 4, 0, 9, false);
        // Unaligned: element 0 of one at byte 1 of the other; the last 3 bytes of dst are not an element.
        ByteBuffer odd = ByteBuffer.wrap(bytes).position(1);
        assertEquals("src and dst overlap in memory: dst's element 0 is 1 byte after src's, so src's elements 0..9"
                + " share bytes with dst's elements 0..8; use separate memory or disjoint regions",
                assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", bytes, "dst", odd, 4, 0, 10, false))
                        .getMessage());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void buffersSlicesAndViewsOverTheSameMemory(boolean direct) {
        ByteBuffer memory = direct ? ByteBuffer.allocateDirect(64) : ByteBuffer.allocate(64);
        ByteBuffer whole = memory.duplicate();
        ByteBuffer at8 = memory.duplicate().position(8);
        overlaps(whole, at8, 4, 0, 16, false);
        disjoint(whole, at8, 4, 0, 2, false);
        disjoint(whole, whole.duplicate(), 4, 0, 16, true);

        FloatBuffer view = memory.duplicate().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        FloatBuffer viewAt8 = memory.duplicate().position(8).slice().asFloatBuffer(); // big-endian
        overlaps(view, viewAt8, 4, 0, 14, false);
        overlaps(view, viewAt8, 4, 0, 14, true);
        disjoint(view, viewAt8, 4, 0, 2, false);
        overlaps(whole, viewAt8, 4, 0, 3, false);
        disjoint(view, memory.duplicate().asFloatBuffer(), 4, 0, 16, true); // same place, other order: in place

        FloatBuffer viewAt4ByPosition = memory.duplicate().asFloatBuffer().position(1);
        overlaps(viewAt8, viewAt4ByPosition, 4, 0, 2, false);
        disjoint(viewAt8, viewAt4ByPosition, 4, 1, 2, false); // 12..15 and 8..11

        ByteBuffer other = direct ? ByteBuffer.allocateDirect(64) : ByteBuffer.allocate(64);
        disjoint(view, other.asFloatBuffer(), 4, 0, 16, false);
        disjoint(memory.duplicate(), other, 1, 0, 64, false);

        // A read-only buffer over the same memory
        overlaps(memory.asReadOnlyBuffer().position(4), whole, 4, 0, 15, false);
        overlaps(view.asReadOnlyBuffer(), viewAt8, 4, 0, 14, false);
    }

    @Test
    void readOnlyHeapBuffersOverAnArray() {
        float[] a = new float[10];
        FloatBuffer readOnly = FloatBuffer.wrap(a).position(3).asReadOnlyBuffer();
        overlaps(readOnly, a, 4, 0, 7, false);
        disjoint(readOnly, a, 4, 0, 3, false);
        disjoint(readOnly, new float[10], 4, 0, 7, false);
        IntBuffer ints = IntBuffer.wrap(new int[10]);
        disjoint(ints.asReadOnlyBuffer(), ints.duplicate().position(5).slice(), 4, 0, 5, false);
        overlaps(ints.asReadOnlyBuffer(), ints.duplicate().position(4).slice(), 4, 0, 5, false);
    }

    @Test
    void elementsBeyondAnOperandsEndAreNotCompared() {
        float[] a = new float[10];
        FloatBuffer tail = FloatBuffer.wrap(a, 8, 2); // a[8], a[9]
        disjoint(tail, a, 4, 2, 10, false); // tail has no elements 2..9
        overlaps(tail, a, 4, 0, 10, false);
    }

    @Test
    void eachOperandsOwnRange() {
        float[] a = new float[40];
        FloatBuffer in = FloatBuffer.wrap(a).position(15); // in's element 0 is a[15]
        // out = a uses elements 20..29; in uses 0..9 = a[15..24]: they share a[20..24]
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Checks.disjoint("src", in, 0, 10, "dst", a, 20, 30, 4, false));
        assertEquals("src and dst overlap in memory: dst's element 0 is 60 bytes before src's, so src's elements 5..9"
                + " share bytes with dst's elements 20..24; use separate memory or disjoint regions", e.getMessage());
        assertDoesNotThrow(() -> Checks.disjoint("src", in, 0, 5, "dst", a, 20, 30, 4, false));
        assertDoesNotThrow(() -> Checks.disjoint("src", in, 0, 10, "dst", a, 25, 30, 4, false));
    }

    @Test
    void whatIsNotMemory() {
        assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", "text", "dst", new float[1], 4, 0, 1, false));
        assertThrows(NullPointerException.class, () -> Checks.disjoint("src", null, "dst", new float[1], 4, 0, 1, false));
        Buffer b = FloatBuffer.allocate(1);
        assertThrows(IllegalArgumentException.class, () -> Checks.disjoint("src", b, "dst", b, 0, 0, 1, false));
    }
}

package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What generated nests by address ({@code MethodPlan.byAddress}) rely on: which buffers {@link
 * RawMemory#usable} takes, and that {@link RawMemory#address} plus a byte offset is the byte the
 * buffer's own absolute {@code get} and {@code put} reach at that offset from its position.
 */
class RawMemoryTest {

    private static final boolean BEFORE_22 = Runtime.version().feature() < 22;

    @Test
    void onlyDirectAlignedBuffersBeforeJdk22() {
        ByteBuffer direct = ByteBuffer.allocateDirect(64).order(ByteOrder.nativeOrder());
        assertEquals(BEFORE_22, RawMemory.usable(direct, 4, 64));
        assertEquals(BEFORE_22, RawMemory.usable(direct.asFloatBuffer(), 4, 64));
        assertEquals(BEFORE_22, RawMemory.usable(direct.asReadOnlyBuffer(), 4, 64), "read-only: readable");
        assertFalse(RawMemory.usable(direct, 4, 65), "fewer bytes remain than asked");
        assertFalse(RawMemory.usable(direct.asFloatBuffer().position(1), 4, 64));
        assertFalse(RawMemory.usable(ByteBuffer.allocate(64), 1, 1), "a heap buffer has no address");
        assertFalse(RawMemory.usable(FloatBuffer.wrap(new float[4]), 4, 4));
        // floats from byte 1 are misaligned; bytes never are; a float view from byte 4 is aligned
        assertFalse(RawMemory.usable(direct.position(1), 4, 4));
        assertEquals(BEFORE_22, RawMemory.usable(direct.position(1), 1, 63));
        assertEquals(BEFORE_22, RawMemory.usable(direct.position(4).slice().asFloatBuffer().position(1), 4, 56));
    }

    @Test
    void noAddressOfAHeapBufferNorFromJdk22() {
        assertThrows(IllegalArgumentException.class, () -> RawMemory.address(FloatBuffer.wrap(new float[4])));
        if (!BEFORE_22) {
            assertThrows(IllegalArgumentException.class, () -> RawMemory.address(ByteBuffer.allocateDirect(8)));
        }
    }

    @Test
    void anAddressReachesWhatTheBufferReachesFromItsPosition() {
        Assumptions.assumeTrue(BEFORE_22, "buffers are reached by address on JDK 17 to 21 only");
        ByteBuffer bytes = ByteBuffer.allocateDirect(64).order(ByteOrder.nativeOrder());
        FloatBuffer floats = bytes.asFloatBuffer();
        floats.position(3);
        long taken = RawMemory.addressesTaken();
        long at = RawMemory.address(floats);
        assertEquals(taken + 1, RawMemory.addressesTaken());
        RawMemory.putFloat(at + 8, -2.5f);
        assertEquals(-2.5f, floats.get(5), "element 2 from position 3");
        assertEquals(-2.5f, RawMemory.getFloat(at + 8));
        bytes.putInt(12, 0x12345678);
        assertEquals(0x12345678, RawMemory.getInt(at));
        ByteBuffer slice = bytes.position(20).slice(); // bytes 20 on, over the float above
        long sliceAt = RawMemory.address(slice);
        RawMemory.putByte(sliceAt + 1, (byte) 7);
        RawMemory.putShort(sliceAt + 2, (short) -3);
        RawMemory.putLong(sliceAt + 8, Long.MIN_VALUE + 5);
        RawMemory.putDouble(sliceAt + 16, Math.PI);
        assertEquals(7, bytes.get(21));
        assertEquals(-3, bytes.getShort(22));
        assertEquals(Long.MIN_VALUE + 5, bytes.getLong(28));
        assertEquals(Math.PI, bytes.getDouble(36));
        assertEquals(Math.PI, RawMemory.getDouble(sliceAt + 16));
        assertEquals(-3, RawMemory.getShort(sliceAt + 2));
        assertEquals(7, RawMemory.getByte(sliceAt + 1));
        assertEquals(Long.MIN_VALUE + 5, RawMemory.getLong(sliceAt + 8));
        assertTrue(at != 0);
    }
}

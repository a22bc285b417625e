package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import org.junit.jupiter.api.Test;

/** A pair of layouts with generated reorders for several kinds of memory, in two kernel sets. */
class OffHeapRegistryTest {

    private static final ClassLoader LOADER = OffHeapOps.class.getClassLoader();
    private static final float[] MATRIX = {1, 2, 3, 4, 5, 6}; // rows {1,2}, {3,4}, {5,6}
    private static final float[] TRANSPOSED = {1, 3, 5, 2, 4, 6};

    private static ReorderKernel kernel() {
        return KernelRegistry.reorder(OffHeapOps.ROWS, OffHeapOps.COLUMNS, ElementType.FLOAT, LOADER);
    }

    private static String offHeapOps() {
        return KernelLoader.load(OffHeapOps.class).getClass().getName();
    }

    private static FloatBuffer floats(float[] values, boolean direct) {
        FloatBuffer b = direct ? ByteBuffer.allocateDirect(4 * values.length + 8).order(ByteOrder.nativeOrder())
                .asFloatBuffer() : FloatBuffer.allocate(values.length + 2);
        b.position(2);
        for (int i = 0; i < values.length; i++) {
            b.put(2 + i, values[i]);
        }
        return b;
    }

    private static float[] read(FloatBuffer b) {
        float[] v = new float[6];
        for (int i = 0; i < 6; i++) {
            v[i] = b.get(b.position() + i);
        }
        return v;
    }

    @Test
    void eachKindOfMemoryGoesToTheMethodThatTakesIt() {
        ReorderKernel k = kernel();
        assertTrue(k.generated());

        float[] dst = new float[6];
        int arrays = OffHeapOps_Scalar.calls("arrays");
        assertEquals(offHeapOps() + ".transpose(float[], float[])", k.origin(MATRIX, dst));
        k.reorder(MATRIX, dst);
        assertArrayEquals(TRANSPOSED, dst);
        assertEquals(arrays + 1, OffHeapOps_Scalar.calls("arrays"));

        FloatBuffer src = floats(MATRIX, true);
        FloatBuffer out = floats(new float[6], false);
        int buffers = OffHeapOps_Scalar.calls("buffers");
        assertEquals(offHeapOps() + ".transpose(FloatBuffer, FloatBuffer)", k.origin(src, out));
        k.reorder(src, out);
        assertArrayEquals(TRANSPOSED, read(out));
        assertEquals(buffers + 1, OffHeapOps_Scalar.calls("buffers"));
        assertEquals(2, out.position(), "nothing moves the position");

        ByteBuffer bytesIn = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        bytesIn.asFloatBuffer().put(MATRIX);
        ByteBuffer bytesOut = ByteBuffer.allocateDirect(24);
        int bytes = OffHeapOps_Scalar.calls("bytes");
        assertTrue(k.generated(bytesIn, bytesOut));
        k.reorder(bytesIn, bytesOut);
        assertEquals(bytes + 1, OffHeapOps_Scalar.calls("bytes"));
        float[] got = new float[6];
        bytesOut.asFloatBuffer().get(got);
        assertArrayEquals(TRANSPOSED, got);
    }

    @Test
    void anotherKernelSetsMethodWhenOnlyItFits() {
        ReorderKernel k = kernel();
        FloatBuffer out = floats(new float[6], true);
        int before = MixedOps.Scalar.CALLS.get();
        assertEquals(MixedOps.Scalar.class.getName() + ".toColumns(float[], FloatBuffer)", k.origin(MATRIX, out));
        k.reorder(MATRIX, out);
        assertArrayEquals(TRANSPOSED, read(out));
        assertEquals(before + 1, MixedOps.Scalar.CALLS.get());
    }

    @Test
    void otherwiseTheGenericKernelRunsOnTheArguments() {
        ReorderKernel k = kernel();
        FloatBuffer src = floats(MATRIX, false);
        ByteBuffer dst = ByteBuffer.allocate(30).position(3);
        assertFalse(k.generated(src, dst));
        assertEquals("generic FloatKernels.reorder", k.origin(src, dst));
        k.reorder(src, dst);
        float[] got = new float[6];
        dst.duplicate().asFloatBuffer().get(got);
        assertArrayEquals(TRANSPOSED, got);
        assertEquals(3, dst.position());

        float[] back = new float[6];
        assertEquals("generic FloatKernels.reorder", k.origin(floats(MATRIX, true), back));
        k.reorder(floats(MATRIX, true), back);
        assertArrayEquals(TRANSPOSED, back);
    }

    @Test
    void originListsEveryMethodByItsParameterClasses() {
        String set = offHeapOps();
        String segments = OffHeapOps_Scalar.segmentClass() == null ? ""
                : set + ".transposeSegments(MemorySegment, MemorySegment); ";
        assertEquals(set + ".transpose(float[], float[]); " + set + ".transpose(FloatBuffer, FloatBuffer); " + set
                + ".transposeBytes(ByteBuffer, ByteBuffer); " + segments + MixedOps.Scalar.class.getName()
                + ".toColumns(float[], FloatBuffer); otherwise generic FloatKernels.reorder", kernel().origin());
    }

    @Test
    void memoryOfAnotherTypeIsRejectedBeforeAnyMethodRuns() {
        ReorderKernel k = kernel();
        int buffers = OffHeapOps_Scalar.calls("buffers");
        FloatBuffer out = floats(new float[6], false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.reorder(IntBuffer.allocate(6), out));
        assertEquals("src is an IntBuffer but this float reorder takes float[], FloatBuffer, ByteBuffer or MemorySegment",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> k.reorder(floats(MATRIX, false), "dst"));
        assertEquals("dst is a java.lang.String but this float reorder takes float[], FloatBuffer, ByteBuffer or"
                + " MemorySegment", e.getMessage());
        assertEquals(buffers, OffHeapOps_Scalar.calls("buffers"));
        assertArrayEquals(new float[6], read(out));
    }

    @Test
    void generatedReorderNamesItsParameterClasses() {
        TensorLayout l = TensorLayout.packed("HW", 2, 2);
        GeneratedReorder arrays = new GeneratedReorder("m", ElementType.INT, l, l, (k, s, d) -> { });
        assertEquals(int[].class, arrays.srcClass());
        assertEquals(int[].class, arrays.dstClass());
        assertEquals("m(int[], int[])", arrays.signature());
        assertTrue(arrays.takes(new int[4], new int[4]));
        assertFalse(arrays.takes(new int[4], IntBuffer.allocate(4)));

        GeneratedReorder mixed = new GeneratedReorder("m", ElementType.INT, ByteBuffer.class, IntBuffer.class, l, l,
                (k, s, d) -> { });
        assertTrue(mixed.takes(ByteBuffer.allocateDirect(16), IntBuffer.allocate(4)));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GeneratedReorder("m", ElementType.INT, FloatBuffer.class, int[].class, l, l, (k, s, d) -> { }));
        assertEquals("m: a int reorder's src is a int[], IntBuffer, ByteBuffer or MemorySegment, not java.nio.FloatBuffer",
                e.getMessage());
    }
}

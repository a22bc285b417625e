package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import org.junit.jupiter.api.Test;

class KernelRegistryTest {

    private static final ClassLoader LOADER = FakeOps.class.getClassLoader();
    private static final float[] MATRIX = {1, 2, 3, 4, 5, 6}; // rows {1,2,3}, {4,5,6}
    private static final float[] TRANSPOSED = {1, 4, 2, 5, 3, 6};

    @Test
    void aRegisteredPairGetsTheGeneratedMethod() {
        ReorderKernel k = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.FLOAT, LOADER);
        assertTrue(k.generated());
        String method = KernelLoader.load(FakeOps.class).getClass().getName() + ".transpose(float[], float[])";
        assertEquals(method + "; otherwise generic FloatKernels.reorder", k.origin());
        assertEquals(method, k.origin(MATRIX, new float[6]));
        assertTrue(k.generated(MATRIX, new float[6]));
        assertEquals(FakeOps.ROWS, k.src());
        assertEquals(FakeOps.COLUMNS, k.dst());
        assertEquals(ElementType.FLOAT, k.type());

        int before = FakeOps_Scalar.TRANSPOSES.get();
        float[] dst = new float[6];
        k.reorder(MATRIX, dst);
        assertArrayEquals(TRANSPOSED, dst);
        assertEquals(before + 1, FakeOps_Scalar.TRANSPOSES.get(), "the fake's transpose ran");
        assertSame(k, KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.FLOAT, LOADER));
    }

    @Test
    void layoutsMatchByTheirMapping() {
        // Built another way, the same mapping: columns packed is strides {1, 2}.
        TensorLayout columns = TensorLayout.strided("HW", new int[] {2, 3}, new int[] {1, 2});
        assertTrue(KernelRegistry.reorder(TensorLayout.packed("HW", 2, 3), columns, ElementType.FLOAT, LOADER).generated());
    }

    @Test
    void theContextClassLoaderIsSearchedByDefault() {
        assertTrue(KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.FLOAT).generated());
    }

    @Test
    void otherwiseTheGenericKernel() {
        ReorderKernel back = KernelRegistry.reorder(FakeOps.COLUMNS, FakeOps.ROWS, ElementType.FLOAT, LOADER);
        assertFalse(back.generated());
        assertEquals("generic FloatKernels.reorder", back.origin());
        float[] dst = new float[6];
        back.reorder(TRANSPOSED, dst);
        assertArrayEquals(MATRIX, dst);

        ReorderKernel ints = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.INT, LOADER);
        assertFalse(ints.generated(), "the element type is part of the key");
        assertEquals("generic IntKernels.reorder", ints.origin());
        int[] out = new int[6];
        ints.reorder(new int[] {1, 2, 3, 4, 5, 6}, out);
        assertArrayEquals(new int[] {1, 4, 2, 5, 3, 6}, out);

        ReorderKernel bytes = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.BYTE, LOADER);
        byte[] b = new byte[6];
        bytes.reorder(new byte[] {1, 2, 3, 4, 5, 6}, b);
        assertArrayEquals(new byte[] {1, 4, 2, 5, 3, 6}, b);
        assertEquals("generic ByteKernels.reorder", bytes.origin());
    }

    @Test
    void arraysOfTheWrongTypeAreRejectedBeforeAnythingRuns() {
        ReorderKernel generated = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.FLOAT, LOADER);
        int before = FakeOps_Scalar.TRANSPOSES.get();
        float[] dst = new float[6];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> generated.reorder(new int[6], dst));
        assertEquals("src is an int[] but this float reorder takes float[], FloatBuffer, ByteBuffer or MemorySegment",
                e.getMessage());
        assertEquals(before, FakeOps_Scalar.TRANSPOSES.get(), "the generated method was not called");

        ReorderKernel generic = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.DOUBLE, LOADER);
        e = assertThrows(IllegalArgumentException.class, () -> generic.reorder(new double[6], new float[6]));
        assertEquals("dst is a float[] but this double reorder takes double[], DoubleBuffer, ByteBuffer or MemorySegment",
                e.getMessage());
        assertEquals("src is null", assertThrows(NullPointerException.class, () -> generic.reorder(null, new double[6]))
                .getMessage());
    }

    @Test
    void aGeneratedMethodChecksItsOwnLengths() {
        ReorderKernel k = KernelRegistry.reorder(FakeOps.ROWS, FakeOps.COLUMNS, ElementType.FLOAT, LOADER);
        assertThrows(IllegalArgumentException.class, () -> k.reorder(new float[5], new float[6]));
    }
}

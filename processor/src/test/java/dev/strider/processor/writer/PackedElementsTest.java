package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.Convert;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.Nibbles;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Memory;
import dev.strider.processor.plan.ClassPlanner;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What holds 4-bit elements two to a byte apart from other bytes: THREADS never splits a packed
 * destination (two threads would write the halves of one byte), the registry lists no packed copy
 * among byte reorders (its byte callers count bytes, not nibbles), and an input and an output that
 * share a byte are refused before anything is written, in one array and in one buffer's memory.
 */
class PackedElementsTest {

    private static final TensorLayout ROWS = TensorLayout.of("AB", new int[] {15, 16}, "ab");
    private static final TensorLayout COLUMNS = TensorLayout.of("AB", new int[] {15, 16}, "ba");

    private static KernelMethod.Reorder u4Transpose(String name, Memory memory) {
        return (KernelMethod.Reorder) Samples.reorder(name, ElementType.BYTE, ROWS, COLUMNS)
                .withParams(p -> p.holding(NarrowFormat.U4).in(memory));
    }

    @Test
    void threadsNeverSplitsAPackedDestination() {
        KernelMethod.Reorder packed = u4Transpose("packed", Memory.ARRAY);
        KernelMethod.Reorder bytes = Samples.reorder("bytes", ElementType.BYTE, ROWS, COLUMNS);
        KernelSet set = new KernelSet("packedsplit", List.of("Ops"), List.of(Target.SCALAR, Target.THREADS),
                List.of(packed, bytes));
        assertFalse(ClassPlanner.split(set, packed, 1), "a u4 destination of 240 elements, threads above 1");
        assertTrue(ClassPlanner.split(set, bytes, 1), "the same layouts in bytes");
        String threads = Writers.threads(set, 1).toString();
        assertTrue(threads.contains("called directly (4-bit elements share bytes, which one thread writes)"), threads);
    }

    @Test
    void theRegistryListsNoPackedCopy() {
        KernelMethod.Reorder packed = u4Transpose("packed", Memory.ARRAY);
        KernelMethod.Reorder bytes = Samples.reorder("bytes", ElementType.BYTE, ROWS, COLUMNS);
        KernelSet set = new KernelSet("packedregistry", List.of("Ops"), List.of(Target.SCALAR), List.of(packed, bytes));
        CompiledKernels compiled = CompiledKernels.compile(set, List.of(Writers.scalar(set, 64)));
        assertEquals(List.of("bytes(byte[], byte[])"), compiled.provider(set.generatedName(Target.SCALAR)).reorders()
                .stream().map(dev.strider.runtime.GeneratedReorder::signature).toList());
    }

    @Test
    void anInputAndAnOutputSharingAByteAreRefusedUntouched() {
        KernelMethod.Reorder onArrays = u4Transpose("onArrays", Memory.ARRAY);
        KernelMethod.Reorder onBuffers = u4Transpose("onBuffers", Memory.BYTE_BUFFER);
        KernelSet set = new KernelSet("packedoverlap", List.of("Ops"), List.of(Target.SCALAR), List.of(onArrays, onBuffers));
        List<JavaFile> files = List.of(Writers.scalar(set, 64));
        CompiledKernels compiled = CompiledKernels.compile(set, files);

        // one array for both: the layouts' 120 bytes meet
        byte[] one = new byte[120];
        Arrays.fill(one, (byte) 0x5a);
        AssertionError e = assertThrows(AssertionError.class,
                () -> GeneratedVersusGenericTest.call(compiled.instance.getClass(), compiled.instance, "onArrays",
                        new Object[] {one, one}));
        assertEquals("src and dst are the same array and share elements 0..119 with different layouts; use separate"
                + " arrays or disjoint regions", e.getCause().getMessage());
        assertTrue(Arrays.equals(filled(120), one), "nothing written");
        IllegalArgumentException generic = assertThrows(IllegalArgumentException.class, () -> Convert.reorder(one,
                ROWS, NarrowFormat.U4, false, one, COLUMNS, NarrowFormat.U4, false, 1, 0));
        assertEquals("src and dst are the same array and share bytes 0..119; use separate arrays or disjoint regions",
                generic.getMessage());

        // one direct buffer: dst starts in src's last byte, so src's element 239 and dst's element 0 share it
        ByteBuffer memory = ByteBuffer.allocateDirect(240);
        memory.put(0, filled(240));
        ByteBuffer src = memory.slice(0, 120);
        ByteBuffer dst = memory.slice(119, 120);
        AssertionError overlap = assertThrows(AssertionError.class,
                () -> GeneratedVersusGenericTest.call(compiled.instance.getClass(), compiled.instance, "onBuffers",
                        new Object[] {src, dst}));
        assertTrue(overlap.getCause().getMessage().startsWith("src and dst overlap in memory: dst's element 0 is 119"
                + " bytes after src's"), overlap.getCause().getMessage());
        byte[] after = new byte[240];
        memory.get(0, after);
        assertTrue(Arrays.equals(filled(240), after), "nothing written");

        // a byte apart they do not meet: the transpose moves each element's four bits
        byte[] values = new byte[120];
        for (int i = 0; i < values.length; i++) {
            values[i] = (byte) (i * 37 + 11);
        }
        memory.put(0, values);
        ByteBuffer apart = memory.slice(120, 120);
        GeneratedVersusGenericTest.call(compiled.instance.getClass(), compiled.instance, "onBuffers",
                new Object[] {memory.slice(0, 120), apart});
        byte[] moved = new byte[120];
        apart.get(0, moved);
        for (int a = 0; a < 15; a++) {
            for (int b = 0; b < 16; b++) {
                assertEquals(Nibbles.get(values, a * 16 + b), Nibbles.get(moved, b * 15 + a), "(" + a + ", " + b + ")");
            }
        }
    }

    private static byte[] filled(int n) {
        byte[] a = new byte[n];
        Arrays.fill(a, (byte) 0x5a);
        return a;
    }
}

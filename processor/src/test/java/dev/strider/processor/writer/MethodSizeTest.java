package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.BinaryOp;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.RandomLayouts;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * HotSpot never JIT-compiles a method whose bytecode exceeds 8000 bytes ({@code HugeMethodLimit}):
 * such a kernel would run interpreted. The sizes are read from the compiled class files.
 */
class MethodSizeTest {

    private static final int HUGE_METHOD_LIMIT = 8000;

    @Test
    void everyGeneratedMethodStaysBelowHugeMethodLimit() {
        int[] image = {1, 3, 224, 224};
        int[] act = {1, 64, 56, 56};
        int[] tail = {1, 17, 56, 56};
        int[] both = {3, 17, 5, 7};
        List<KernelMethod> methods = new ArrayList<>(List.of(
                Samples.reorder("toNhwc", ElementType.FLOAT, TensorLayout.packed("NCHW", image), TensorLayout.of("NCHW", image, "nhwc")),
                Samples.reorder("toBlocked64", ElementType.FLOAT, TensorLayout.packed("NCHW", act), TensorLayout.of("NCHW", act, "nChw16c")),
                Samples.reorder("fromBlocked17", ElementType.FLOAT, TensorLayout.of("NCHW", tail, "nChw16c"), TensorLayout.packed("NCHW", tail)),
                Samples.reorder("twoTails", ElementType.DOUBLE, TensorLayout.of("NCHW", both, "NChw16n16c"), TensorLayout.of("NCHW", both, "nChw8c")),
                Samples.reorder("weights", ElementType.FLOAT, TensorLayout.packed("OIHW", 33, 17, 3, 3), TensorLayout.of("OIHW", new int[] {33, 17, 3, 3}, "OIhw4i16o4i")),
                Samples.convert("u8", ElementType.BYTE, TensorLayout.of("NCHW", image, "nhwc"), ElementType.FLOAT, TensorLayout.packed("NCHW", image), true, 1 / 255.0, -0.5),
                Samples.unary("relu", ElementType.FLOAT, UnaryOp.RELU, TensorLayout.of("NCHW", tail, "nChw16c"), TensorLayout.of("NCHW", tail, "nChw16c")),
                Samples.binary("bias", ElementType.FLOAT, BinaryOp.ADD, TensorLayout.packed("NCHW", act), TensorLayout.packed("NCHW", 1, 64, 1, 1), TensorLayout.packed("NCHW", act)),
                Samples.slice("flip", ElementType.FLOAT, TensorLayout.packed("NCHW", image), SliceWindow.of(TensorLayout.packed("NCHW", image),
                        new int[4], image, new int[] {1, 1, 1, -1}), TensorLayout.packed("NCHW", image))));
        Random r = new Random(7);
        for (int i = 0; i < 30; i++) {
            int[] sizes = RandomLayouts.sizes(r, 6, 9);
            methods.add(Samples.reorder("random" + i, ElementType.values()[r.nextInt(6)], RandomLayouts.readable(r, sizes),
                    RandomLayouts.writable(r, sizes)));
        }
        KernelSet set = new KernelSet("sizes", List.of("Big"), List.of(Target.SCALAR), methods);
        CompiledKernels compiled = CompiledKernels.compile(set, new ScalarWriter(ProcessorOptions.defaults()));
        int checked = 0;
        int largest = 0;
        for (Map.Entry<String, byte[]> c : compiled.classFiles.entrySet()) {
            for (Map.Entry<String, Integer> m : CodeLengths.of(c.getValue()).entrySet()) {
                assertTrue(m.getValue() < HUGE_METHOD_LIMIT, c.getKey() + "." + m.getKey() + " has " + m.getValue()
                        + " bytes of bytecode");
                largest = Math.max(largest, m.getValue());
                checked++;
            }
        }
        assertTrue(checked > methods.size(), "read " + checked + " methods");
        System.out.println("[method sizes] " + checked + " methods, the largest " + largest + " bytes");
    }
}

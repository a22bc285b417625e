package dev.strider.processor.writer;

import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.Planner;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Declarations the random differential tests once found wrong, kept as they were found, on every
 * target and option mix those tests use, against the generic kernels.
 */
class FoundCasesTest {

    /**
     * Zero-row tail blocks were planned for a dim blocked twice ({@code Ba2b3b}), whose pieces end
     * before the dim's size: the zero rows overwrote real elements.
     */
    @Test
    void aDimBlockedTwiceGetsNoZeroRowTailBlocks() {
        TensorLayout from = TensorLayout.of("AB", new int[] {17, 26}, "Ab4a8a").withOffset(1);
        TensorLayout to = TensorLayout.of("AB", new int[] {17, 26}, "Ba2b3b").withOffset(3);
        everyMix(Samples.reorder("nested", ElementType.FLOAT, from, to));
    }

    /**
     * A sum post-op reads the destination: pad vectors that zero whole vectors from the dim's start
     * zeroed its real elements first ({@code A8a4a} with 2 elements).
     */
    @Test
    void aSumReadsTheDestinationBeforeAnythingWritesIt() {
        TensorLayout from = TensorLayout.strided("A", new int[] {2}, new int[] {0});
        TensorLayout to = TensorLayout.of("A", new int[] {2}, "A8a4a");
        KernelMethod.Reorder c = Samples.convert("summed", ElementType.DOUBLE, from, false, ElementType.DOUBLE, to, false,
                0.85, 0.5);
        everyMix(new KernelMethod.Reorder(c.name(), c.src(), c.from(), c.dst(), c.to(), false, false, 0.85, 0.5, 0.5));
        TensorLayout plain = TensorLayout.packed("NCHW", 1, 17, 5, 4);
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw16c");
        KernelMethod.Reorder f = Samples.convert("toBlocked", ElementType.FLOAT, plain, false, ElementType.FLOAT, blocked,
                false, 1, 0);
        everyMix(new KernelMethod.Reorder(f.name(), f.src(), f.from(), f.dst(), f.to(), false, false, 1, 0, 1));
    }

    private static void everyMix(KernelMethod m) {
        Random r = new Random(3);
        for (int unroll : new int[] {64, 2}) {
            for (long threadsAbove : new long[] {1, 200}) {
                for (int bits : new int[] {ProcessorOptions.DEFAULT_TRANSPOSE_BITS, 512}) {
                    KernelSet set = new KernelSet("found", List.of("Ops"),
                            List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), List.of(m));
                    List<com.palantir.javapoet.JavaFile> files = GeneratedVersusGenericTest.everyTarget(set, unroll,
                            Planner.TILE_ABOVE_ELEMENTS, threadsAbove, bits);
                    for (Object kernels : GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, files))) {
                        GeneratedVersusGenericTest.check(kernels, m, r);
                    }
                }
            }
        }
    }
}

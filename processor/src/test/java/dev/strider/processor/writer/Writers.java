package dev.strider.processor.writer;

import com.palantir.javapoet.JavaFile;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.plan.ClassPlanner;
import dev.strider.processor.plan.PlanOptions;
import dev.strider.processor.plan.Planner;

/** A kernel set planned and written for one target, with the option values a test picks. */
final class Writers {

    private Writers() {
    }

    static PlanOptions options(int unroll, long tileAbove, long threadsAbove, int transposeBits) {
        return new PlanOptions(unroll, tileAbove, threadsAbove, transposeBits);
    }

    /** SCALAR with the default options but the unroll limit. */
    static JavaFile scalar(KernelSet set, int unroll) {
        return scalar(set, unroll, Planner.TILE_ABOVE_ELEMENTS, ProcessorOptions.DEFAULT_THREADS_ABOVE);
    }

    static JavaFile scalar(KernelSet set, int unroll, long tileAbove, long threadsAbove) {
        return ScalarWriter.write(ClassPlanner.scalar(set, options(unroll, tileAbove, threadsAbove,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS)));
    }

    static JavaFile vector(KernelSet set, int unroll, long tileAbove, long threadsAbove, int bits, int transposeBits) {
        return VectorWriter.write(ClassPlanner.vector(set, options(unroll, tileAbove, threadsAbove, transposeBits), bits));
    }

    /** The classes of every target, planned for a compilation that offers {@code apis}: SCALAR, VECTOR per shape, THREADS. */
    static java.util.List<JavaFile> everyTarget(KernelSet set, int unroll, long threadsAbove, int transposeBits,
                                                dev.strider.processor.model.JavaApis apis) {
        PlanOptions o = new PlanOptions(unroll, Planner.TILE_ABOVE_ELEMENTS, threadsAbove, transposeBits, apis);
        java.util.List<JavaFile> files = new java.util.ArrayList<>();
        files.add(ScalarWriter.write(ClassPlanner.scalar(set, o)));
        for (int bits : VectorWriter.SHAPES) {
            files.add(VectorWriter.write(ClassPlanner.vector(set, o, bits)));
        }
        files.add(ThreadsWriter.write(ClassPlanner.threads(set, o)));
        return files;
    }

    static JavaFile threads(KernelSet set, long threadsAbove) {
        return ThreadsWriter.write(ClassPlanner.threads(set, options(ProcessorOptions.DEFAULT_UNROLL_LIMIT,
                Planner.TILE_ABOVE_ELEMENTS, threadsAbove, ProcessorOptions.DEFAULT_TRANSPOSE_BITS)));
    }
}

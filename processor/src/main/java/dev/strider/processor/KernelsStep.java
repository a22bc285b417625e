package dev.strider.processor;

import com.palantir.javapoet.JavaFile;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.LayoutResolver;
import dev.strider.processor.model.ModelBuilder;
import dev.strider.processor.plan.ClassPlanner;
import dev.strider.processor.plan.PlanOptions;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.validation.Message;
import dev.strider.processor.validation.TargetSupport;
import dev.strider.processor.report.LayoutReportWriter;
import dev.strider.processor.writer.GeneratedClass;
import dev.strider.processor.writer.ScalarWriter;
import dev.strider.processor.writer.ThreadsWriter;
import dev.strider.processor.writer.TunedWriter;
import dev.strider.processor.writer.VectorWriter;
import dev.strider.Target;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/**
 * One {@code @Kernels} interface, start to end: build the model (validating it), print the
 * report, and when it has no error plan a class per target ({@link ClassPlanner}) and write it ({@code <Interface>_Scalar},
 * {@code _Vector128/256/512}, {@code _Threads}), each with the interface as its single
 * originating element, and unless {@code -Astrider.report=false} the layout report
 * {@code <Interface>.layouts.html} beside them.
 */
final class KernelsStep {

    /** What became of a declaration. */
    sealed interface Outcome {
        /** Written; {@code providers} are the binary names of the classes' {@code KernelProvider}s. */
        record Written(List<String> providers) implements Outcome {
        }

        /** Errors were reported; nothing is written. */
        record Failed() implements Outcome {
        }

        /** It names something not resolved yet: try again next round. Nothing was printed. */
        record Deferred() implements Outcome {
        }
    }

    private final ProcessingEnvironment env;
    private final ProcessorOptions options;
    private final TargetSupport targets;
    private final JavaApis apis;
    private final Set<String> printed;

    /**
     * @param printed the keys of the diagnostics printed so far in this compilation
     * @param apis    what the compilation offers generated code for buffers and segments
     */
    KernelsStep(ProcessingEnvironment env, ProcessorOptions options, Set<String> printed, JavaApis apis) {
        this.env = env;
        this.options = options;
        this.targets = new TargetSupport(env.getElementUtils(), options.targets());
        this.apis = apis;
        this.printed = printed;
    }

    /**
     * @param lastChance true when processing is over: an unresolved declaration is then reported
     *                   instead of deferred
     */
    Outcome process(TypeElement type, LayoutResolver layouts, boolean lastChance) {
        ModelBuilder.Result result = new ModelBuilder(env.getElementUtils(), layouts, targets, apis).build(type);
        if (result.isUnresolved() && !lastChance) {
            return new Outcome.Deferred();
        }
        result.report().printTo(env.getMessager(), printed);
        result.unresolved().printTo(env.getMessager(), printed);
        if (result.kernelSet().isEmpty()) {
            return new Outcome.Failed();
        }
        return write(type, result.kernelSet().get());
    }

    private Outcome write(TypeElement type, KernelSet set) {
        PlanOptions planning = new PlanOptions(options.unrollLimit(), Planner.TILE_ABOVE_ELEMENTS,
                options.threadsAbove(), options.transposeBits(), apis);
        List<GeneratedClass> classes = new ArrayList<>();
        for (Target target : set.targets()) {
            switch (target) {
                case SCALAR:
                    classes.add(ScalarWriter.generate(ClassPlanner.scalar(set, planning)));
                    break;
                case VECTOR:
                    for (int bits : options.vectorShapes()) {
                        classes.add(VectorWriter.generate(ClassPlanner.vector(set, planning, bits)));
                    }
                    break;
                default:
                    classes.add(ThreadsWriter.generate(ClassPlanner.threads(set, planning)));
            }
        }
        // The tuner's dispatcher: not a target of its own, so the report leaves it out.
        List<JavaFile> files = new ArrayList<>();
        classes.forEach(c -> files.add(c.file()));
        files.add(TunedWriter.generate(classes));
        List<String> providers = new ArrayList<>();
        for (JavaFile file : files) {
            String name = file.typeSpec().name();
            String qualified = set.packageName().isEmpty() ? name : set.packageName() + "." + name;
            if (!file.packageName().equals(set.packageName())) {
                throw new IllegalStateException("the writer made " + file.packageName() + "." + name + " for "
                        + set.qualifiedName());
            }
            try {
                JavaFileObject source = env.getFiler().createSourceFile(qualified, type);
                try (Writer writer = source.openWriter()) {
                    file.writeTo(writer);
                }
            } catch (IOException e) {
                env.getMessager().printMessage(Message.WRITE_FAILED.kind(),
                        Message.WRITE_FAILED.format(qualified, e.getMessage()), type);
                return new Outcome.Failed();
            }
            if (file.typeSpec().typeSpecs().stream().anyMatch(t -> t.name().equals("Provider"))) {
                providers.add(qualified + "$Provider");
            }
        }
        if (options.report()) {
            writeReport(type, set, classes);
        }
        return new Outcome.Written(providers);
    }

    /**
     * The layout report beside the generated sources. The kernels are written by now, so a report
     * that cannot be written is a warning, never an error, and nothing escapes from here.
     */
    private void writeReport(TypeElement type, KernelSet set, List<GeneratedClass> classes) {
        String name = LayoutReportWriter.fileName(set);
        String path = set.packageName().isEmpty() ? name : set.packageName().replace('.', '/') + "/" + name;
        try {
            String html = LayoutReportWriter.write(set, classes);
            FileObject file = env.getFiler().createResource(StandardLocation.SOURCE_OUTPUT, set.packageName(), name,
                    type);
            try (Writer writer = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                writer.write(html);
            }
        } catch (IOException e) {
            env.getMessager().printMessage(Message.REPORT_FAILED.kind(),
                    Message.REPORT_FAILED.format(path, e.getMessage()), type);
        } catch (RuntimeException e) {
            env.getMessager().printMessage(Message.REPORT_FAILED.kind(),
                    Message.REPORT_FAILED.format(path, e + " (please report it)"), type);
        }
    }
}

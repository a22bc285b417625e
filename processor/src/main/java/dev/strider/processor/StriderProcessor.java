package dev.strider.processor;

import com.google.auto.service.AutoService;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.LayoutResolver;
import dev.strider.processor.validation.Message;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The Strider annotation processor: for every {@code @dev.strider.Kernels} interface it checks the
 * declaration (and the {@code @Layout} types its methods name) and writes
 * a class per target ({@code <Interface>_Scalar}, {@code _Vector256}, {@code _Threads}); when
 * processing is over it lists the generated providers in
 * {@code META-INF/services/dev.strider.runtime.KernelProvider}. It also checks that every
 * {@code @Layout} is on an interface, whether a kernel method names it or not.
 *
 * <p>It never throws: an unexpected exception becomes an error on the declaration being processed.
 * Nothing it keeps grows with a layout's element count or a dim's size (offsets are computed from
 * sizes, strides and blocks); should memory still run out, the declaration gets that error too,
 * once the work that filled the heap has been dropped.
 */
@AutoService(Processor.class)
public class StriderProcessor extends AbstractProcessor {

    static final String KERNELS = "dev.strider.Kernels";
    static final String LAYOUT = "dev.strider.Layout";
    static final String SERVICE_FILE = "META-INF/services/dev.strider.runtime.KernelProvider";

    /** How many stack frames an internal error shows. */
    private static final int FRAMES = 8;

    private ProcessorOptions options;
    private KernelsStep step;
    /** Keys of the diagnostics printed so far: each is printed once per compilation. */
    private final Set<String> printed = new HashSet<>();
    /** Canonical names of declarations done with (written or failed). */
    private final Set<String> done = new HashSet<>();
    /** Canonical names of declarations that named something unresolved: tried again next round. */
    private Set<String> deferred = new LinkedHashSet<>();
    /** Binary names of the generated providers, sorted for a deterministic service file. */
    private final SortedSet<String> providers = new TreeSet<>();
    /** What the compilation offers for buffers and segments: read from it, unless a test says otherwise. */
    private final Optional<JavaApis> apis;

    public StriderProcessor() {
        this.apis = Optional.empty();
    }

    /** For tests: a processor that plans as if the compilation offered {@code apis} (a Java 21 one, say). */
    StriderProcessor(JavaApis apis) {
        this.apis = Optional.of(apis);
    }

    @Override
    public synchronized void init(ProcessingEnvironment processingEnv) {
        super.init(processingEnv);
        options = ProcessorOptions.parse(processingEnv.getOptions(), processingEnv.getMessager());
        step = new KernelsStep(processingEnv, options, printed, apis.orElseGet(() -> JavaApis.of(processingEnv)));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(KERNELS, LAYOUT);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return ProcessorOptions.names();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
        try {
            boolean over = roundEnv.processingOver();
            LayoutResolver layouts = new LayoutResolver(processingEnv.getElementUtils());
            checkLayoutPlacements(roundEnv, layouts);
            for (TypeElement type : declarations(roundEnv)) {
                processSafely(type, layouts, over);
            }
            if (over) {
                writeServiceFile();
            }
        } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError | OutOfMemoryError e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    Message.INTERNAL_ERROR.format("this round", e, frames(e)));
        }
        return false;
    }

    /** Those deferred from earlier rounds, then this round's, in the order javac gives them. */
    private Collection<TypeElement> declarations(RoundEnvironment roundEnv) {
        Map<String, TypeElement> types = new LinkedHashMap<>();
        for (String name : deferred) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
            if (type != null) {
                types.put(name, type);
            }
        }
        deferred = new LinkedHashSet<>();
        TypeElement kernels = processingEnv.getElementUtils().getTypeElement(KERNELS);
        if (kernels != null) {
            for (Element e : roundEnv.getElementsAnnotatedWith(kernels)) {
                if (e instanceof TypeElement) {
                    types.putIfAbsent(((TypeElement) e).getQualifiedName().toString(), (TypeElement) e);
                }
            }
        }
        return types.values();
    }

    /**
     * Every {@code @Layout} of this round's types, used by a kernel method or not, must be on an
     * interface. Nothing is deferred: where an annotation is placed needs no other type.
     */
    private void checkLayoutPlacements(RoundEnvironment roundEnv, LayoutResolver layouts) {
        TypeElement layout = processingEnv.getElementUtils().getTypeElement(LAYOUT);
        if (layout == null) {
            return;
        }
        for (Element e : roundEnv.getElementsAnnotatedWith(layout)) {
            if (!(e instanceof TypeElement)) {
                continue; // @Target(TYPE): javac has reported it
            }
            TypeElement type = (TypeElement) e;
            try {
                layouts.placement(type).printTo(processingEnv.getMessager(), printed);
            } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError | OutOfMemoryError ex) {
                processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                        Message.INTERNAL_ERROR.format(type.getQualifiedName(), ex, frames(ex)), type);
            }
        }
    }

    private void processSafely(TypeElement type, LayoutResolver layouts, boolean over) {
        String name = type.getQualifiedName().toString();
        if (done.contains(name)) {
            return;
        }
        try {
            KernelsStep.Outcome outcome = processKernels(type, layouts, over);
            if (outcome instanceof KernelsStep.Outcome.Deferred) {
                deferred.add(name);
                return;
            }
            if (outcome instanceof KernelsStep.Outcome.Written) {
                providers.addAll(((KernelsStep.Outcome.Written) outcome).providers());
            }
        } catch (RuntimeException | AssertionError | LinkageError | StackOverflowError | OutOfMemoryError e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    Message.INTERNAL_ERROR.format(name, e, frames(e)), type);
        }
        done.add(name);
    }

    /** One declaration; package-private so that a test can make it fail. */
    KernelsStep.Outcome processKernels(TypeElement type, LayoutResolver layouts, boolean lastChance) {
        return step.process(type, layouts, lastChance);
    }

    private static String frames(Throwable e) {
        StringBuilder sb = new StringBuilder();
        StackTraceElement[] trace = e.getStackTrace();
        for (int i = 0; i < Math.min(FRAMES, trace.length); i++) {
            sb.append("\n\tat ").append(trace[i]);
        }
        if (trace.length > FRAMES) {
            sb.append("\n\t...");
        }
        return sb.toString();
    }

    /** Once, when processing is over: every provider generated in this compilation, sorted. */
    private void writeServiceFile() {
        if (providers.isEmpty()) {
            return;
        }
        try {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", SERVICE_FILE);
            try (Writer writer = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                for (String provider : providers) {
                    writer.write(provider);
                    writer.write('\n');
                }
            }
        } catch (IOException | RuntimeException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    Message.WRITE_FAILED.format(SERVICE_FILE, e));
        }
    }
}

package dev.strider.processor.validation;

import dev.strider.Target;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Which targets are generated for a kernel set, and why the others are not. SCALAR is always
 * generated: it is what every other target falls back to at run time (and what THREADS runs per
 * chunk when VECTOR cannot load). VECTOR is generated only when this compilation can read
 * {@code jdk.incubator.vector}; otherwise a note says how to enable it, and the build goes on.
 */
public final class TargetSupport {

    /** The module the VECTOR target compiles against. */
    public static final String VECTOR_MODULE = "jdk.incubator.vector";

    private static final String VECTOR_PROBE = "jdk.incubator.vector.VectorSpecies";

    private final Elements elements;
    private final Optional<List<Target>> override;

    /**
     * @param override the targets of {@code -Astrider.targets}, which replace those of every
     *                 {@code @Kernels}; empty to use each declaration's own
     */
    public TargetSupport(Elements elements, Optional<List<Target>> override) {
        this.elements = elements;
        this.override = override;
    }

    /**
     * The targets to generate for {@code type}, in enum order. Notes go on {@code targetsValue} (the
     * {@code targets} value of {@code @Kernels}, null when defaulted or overridden by the option),
     * at the element that names the target.
     *
     * @param scalarName the generated SCALAR class's simple name, for the notes
     */
    public List<Target> select(TypeElement type, AnnotationMirror kernels, AnnotationValue targetsValue,
                               List<Target> declared, String scalarName, ValidationReport report) {
        Set<Target> generated = EnumSet.of(Target.SCALAR);
        generated.addAll(override.orElse(declared));
        AnnotationValue at = override.isPresent() ? null : element(targetsValue, Target.VECTOR);
        if (generated.contains(Target.VECTOR) && !vectorModuleReadable(type)) {
            report.report(Message.VECTOR_MODULE, type, kernels, at, scalarName);
            generated.remove(Target.VECTOR);
        }
        return List.copyOf(generated);
    }

    /** The element of {@code targets = {...}} that names {@code target}, else the whole value (or null). */
    private static AnnotationValue element(AnnotationValue targets, Target target) {
        if (targets != null && targets.getValue() instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof AnnotationValue v && v.getValue() instanceof VariableElement constant
                        && constant.getSimpleName().contentEquals(target.name())) {
                    return v;
                }
            }
        }
        return targets;
    }

    /**
     * True when code in {@code type}'s module can use {@code jdk.incubator.vector}: the module is
     * in this compilation's module graph (for the unnamed module on JDK 17 and later only with
     * {@code --add-modules jdk.incubator.vector}) and, for a named module, required by it.
     */
    boolean vectorModuleReadable(TypeElement type) {
        ModuleElement vector = elements.getModuleElement(VECTOR_MODULE);
        if (vector == null || elements.getTypeElement(VECTOR_PROBE) == null) {
            return false;
        }
        ModuleElement module = elements.getModuleOf(type);
        if (module == null || module.isUnnamed()) {
            return true;
        }
        for (ModuleElement.RequiresDirective requires : ElementFilter.requiresIn(module.getDirectives())) {
            if (requires.getDependency().getQualifiedName().contentEquals(VECTOR_MODULE)) {
                return true;
            }
        }
        return false;
    }
}

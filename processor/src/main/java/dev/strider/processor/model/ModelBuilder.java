package dev.strider.processor.model;

import dev.strider.BinaryOp;
import dev.strider.kernel.Checks;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.UnaryKind;
import dev.strider.kernel.UnaryOp;
import dev.strider.Overflow;
import dev.strider.Rounding;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.validation.Message;
import dev.strider.processor.validation.TargetSupport;
import dev.strider.processor.validation.ValidationReport;
import dev.strider.Target;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import dev.strider.Compensation;
import dev.strider.Side;
import dev.strider.kernel.Quantization;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Builds the model of one {@code @Kernels} interface from its elements, checking everything the
 * generated code relies on. Every problem goes to the report on the narrowest position (element,
 * annotation, value); one bad method does not stop the others from being checked. The kernel set
 * is built only when there is no error.
 */
public final class ModelBuilder {

    static final String KERNELS = "dev.strider.Kernels";

    static final String ELEMENTS = "dev.strider.Elements";

    static final String SCALE = "dev.strider.Scale";

    static final String ZERO_POINT = "dev.strider.ZeroPoint";

    static final String COMPENSATION = "dev.strider.Compensation";

    private static final String TENSOR_TYPES = "an array of double, float, long, int, short or byte, a typed buffer"
            + " (DoubleBuffer, FloatBuffer, LongBuffer, IntBuffer, ShortBuffer), or a ByteBuffer or MemorySegment with"
            + " @Elements";
    private static final String SCALAR_TYPES = "one of double, float, long, int, short or byte";
    /** How a {@code @Reorder} names its rounding and overflow: {@code rounding = Rounding.HALF_EVEN}. */
    private static final String ROUNDING = "rounding = Rounding.";
    private static final String OVERFLOW = "overflow = Overflow.";

    /**
     * What building found.
     *
     * @param kernelSet  present when there is no error and nothing unresolved
     * @param report     the errors and notes
     * @param unresolved an error per type or value javac could not resolve; when not empty the
     *                   declaration should be tried again in a later round, and these printed
     *                   only if it is still unresolved when processing is over
     */
    public record Result(Optional<KernelSet> kernelSet, ValidationReport report, ValidationReport unresolved) {

        public boolean isUnresolved() {
            return !unresolved.isEmpty();
        }
    }

    private final Elements elements;
    private final LayoutResolver layouts;
    private final TargetSupport targets;
    private final JavaApis apis;

    public ModelBuilder(Elements elements, LayoutResolver layouts, TargetSupport targets, JavaApis apis) {
        this.elements = elements;
        this.layouts = layouts;
        this.targets = targets;
        this.apis = apis;
    }

    /** Builds the kernel set {@code type} declares; {@code type} carries {@code @Kernels}. */
    public Result build(TypeElement type) {
        ValidationReport report = new ValidationReport();
        ValidationReport unresolved = new ValidationReport();
        AnnotationMirror kernels = AnnotationReader.find(type, KERNELS)
                .orElseThrow(() -> new IllegalArgumentException(type + " is not annotated with @Kernels"));
        String scalarName = new KernelSet(packageName(type), simpleNames(type), List.of(), List.of())
                .generatedName(Target.SCALAR);

        if (type.getKind() != ElementKind.INTERFACE) {
            report.report(Message.KERNELS_NOT_INTERFACE, type, kernels, type.getSimpleName(), describeKind(type));
            return new Result(Optional.empty(), report, unresolved);
        }
        checkImplementable(type, kernels, report);
        checkInherited(type, kernels, report);

        List<Target> selected = List.of();
        try {
            AnnotationReader values = new AnnotationReader(elements, type, kernels);
            List<Target> declared = values.enumConstants("targets").stream().map(Target::valueOf)
                    .collect(Collectors.toList());
            selected = targets.select(type, kernels, values.explicit("targets"), declared, scalarName, report);
        } catch (Unresolved u) {
            unresolved(unresolved, u, scalarName);
        }

        List<KernelMethod> methods = new ArrayList<>();
        boolean complete = true;
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (!isKernel(method, report)) {
                continue;
            }
            try {
                Optional<KernelMethod> built = method(method, report).filter(m -> fitsByteBuffers(method, m, report));
                complete &= built.isPresent();
                built.ifPresent(methods::add);
                if (built.isPresent() && selected.contains(Target.VECTOR)) {
                    noteScalarMemory(method, built.get(), report);
                }
            } catch (Unresolved u) {
                complete = false;
                unresolved(unresolved, u, scalarName);
            }
        }

        Optional<KernelSet> set = Optional.empty();
        if (complete && !report.hasErrors() && unresolved.isEmpty()) {
            set = Optional.of(new KernelSet(packageName(type), simpleNames(type), selected, methods, memberTypes(type)));
        }
        return new Result(set, report, unresolved);
    }

    private static void unresolved(ValidationReport unresolved, Unresolved u, String scalarName) {
        unresolved.report(Message.UNRESOLVED, u.element, u.annotation, u.value, u.what, scalarName);
    }

    // ------------------------------------------------------------------ the interface

    /** {@code a class}, {@code an enum}, {@code an annotation type}. */
    static String describeKind(TypeElement type) {
        String kind = type.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        return ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind;
    }

    private void checkImplementable(TypeElement type, AnnotationMirror kernels, ValidationReport report) {
        List<String> reasons = new ArrayList<>();
        if (type.getNestingKind() == NestingKind.LOCAL) {
            reasons.add("it is local to a method (declare it at top level or as a member)");
        }
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            reasons.add("it is private");
        }
        for (Element e = type.getEnclosingElement(); e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                reasons.add("its enclosing type " + e.getSimpleName() + " is private");
            }
        }
        if (type.getModifiers().contains(Modifier.SEALED)) {
            reasons.add("it is sealed");
        }
        if (!type.getTypeParameters().isEmpty()) {
            reasons.add("it declares type parameters " + typeParameters(type.getTypeParameters()));
        }
        if (!reasons.isEmpty()) {
            report.report(Message.KERNELS_NOT_IMPLEMENTABLE, type, kernels, type.getSimpleName(),
                    String.join("; ", reasons));
        }
    }

    /** Abstract methods inherited from superinterfaces would have to be generated too: not supported. */
    private void checkInherited(TypeElement type, AnnotationMirror kernels, ValidationReport report) {
        List<ExecutableElement> declared = ElementFilter.methodsIn(type.getEnclosedElements());
        for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(type))) {
            Element owner = m.getEnclosingElement();
            if (owner.equals(type) || !m.getModifiers().contains(Modifier.ABSTRACT)
                    || owner.getKind() != ElementKind.INTERFACE) {
                continue;
            }
            boolean overridden = false;
            for (ExecutableElement d : declared) {
                overridden |= elements.overrides(d, m, type);
            }
            if (!overridden) {
                report.report(Message.INHERITED_METHOD, type, kernels, type.getSimpleName(), m,
                        ((TypeElement) owner).getQualifiedName());
            }
        }
    }

    /** The simple names of the member types {@code type} declares or inherits, sorted. */
    private List<String> memberTypes(TypeElement type) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (TypeElement member : ElementFilter.typesIn(elements.getAllMembers(type))) {
            names.add(member.getSimpleName().toString());
        }
        return List.copyOf(names);
    }

    private static List<String> simpleNames(TypeElement type) {
        List<String> names = new ArrayList<>();
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            names.add(e.getSimpleName().toString());
        }
        Collections.reverse(names);
        return names;
    }

    private String packageName(TypeElement type) {
        PackageElement p = elements.getPackageOf(type);
        return p.isUnnamed() ? "" : p.getQualifiedName().toString();
    }

    private static String typeParameters(List<? extends TypeParameterElement> parameters) {
        return parameters.stream().map(p -> p.getSimpleName().toString()).collect(Collectors.joining(", ", "<", ">"));
    }

    // ------------------------------------------------------------------ methods

    /**
     * False for the methods the generated class does not implement: default, static and private
     * methods (an error when they carry a kernel annotation, which would be ignored), and abstract
     * redeclarations of {@code equals}, {@code hashCode} or {@code toString}, which Object implements.
     */
    private boolean isKernel(ExecutableElement method, ValidationReport report) {
        if (method.getModifiers().contains(Modifier.ABSTRACT)) {
            return !overridesObjectMethod(method);
        }
        String what = method.isDefault() ? "default" : method.getModifiers().contains(Modifier.STATIC) ? "static"
                : "private";
        for (AnnotationMirror m : method.getAnnotationMirrors()) {
            KernelKind.of(m).ifPresent(kind -> report.report(Message.KERNEL_NOT_ABSTRACT, method, m,
                    kind.simpleName(), what, method.getSimpleName()));
        }
        return false;
    }

    /** An abstract method as a kernel, or empty when it has errors (reported). */
    private Optional<KernelMethod> method(ExecutableElement method, ValidationReport report) {
        List<AnnotationMirror> annotations = new ArrayList<>();
        List<KernelKind> kinds = new ArrayList<>();
        for (AnnotationMirror m : method.getAnnotationMirrors()) {
            KernelKind.of(m).ifPresent(k -> {
                annotations.add(m);
                kinds.add(k);
            });
        }
        String name = method.getSimpleName().toString();
        if (annotations.isEmpty()) {
            report.report(Message.MISSING_KERNEL, method, name);
            return Optional.empty();
        }
        if (annotations.size() > 1) {
            String all = kinds.stream().map(k -> "@" + k.simpleName()).collect(Collectors.joining(" and "));
            report.report(Message.MULTIPLE_KERNELS, method, annotations.get(1), name, all);
            return Optional.empty();
        }
        boolean ok = true;
        if (method.getReturnType().getKind() != TypeKind.VOID) {
            report.report(Message.RETURN_TYPE, method, name, method.getReturnType());
            ok = false;
        }
        if (!method.getTypeParameters().isEmpty()) {
            report.report(Message.GENERIC_METHOD, method, name, typeParameters(method.getTypeParameters()));
            ok = false;
        }
        KernelKind kind = kinds.get(0);
        AnnotationReader values = new AnnotationReader(elements, method, annotations.get(0));
        Optional<List<Param>> params = params(method, kind, report);
        Optional<KernelMethod> built = new MethodBuilder(name, kind, values, params, report).build();
        return ok ? built : Optional.empty();
    }

    private boolean overridesObjectMethod(ExecutableElement method) {
        TypeElement object = elements.getTypeElement("java.lang.Object");
        for (ExecutableElement m : ElementFilter.methodsIn(object.getEnclosedElements())) {
            if (m.getModifiers().contains(Modifier.PUBLIC)
                    && elements.overrides(method, m, (TypeElement) method.getEnclosingElement())) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when every {@code ByteBuffer} parameter of {@code m} can hold its layout; else an error on
     * each that cannot: a byte buffer holds at most {@code Integer.MAX_VALUE} bytes, and a layout of
     * wider elements may need more (a typed buffer or a segment holds them).
     */
    private static boolean fitsByteBuffers(ExecutableElement method, KernelMethod m, ValidationReport report) {
        boolean fits = true;
        List<? extends VariableElement> declared = method.getParameters();
        for (int i = 0; i < m.params().size(); i++) {
            Param p = m.params().get(i);
            if (p.memory() != Memory.BYTE_BUFFER) {
                continue;
            }
            int elements = m.layoutOf(p).layout().bufferSize();
            long bytes = p.packed() ? dev.strider.kernel.Nibbles.bytes(elements) : (long) elements * p.type().bytes();
            if (bytes > Integer.MAX_VALUE) {
                String typed = p.isNarrow() ? Memory.bufferName(p.narrow().storage()) : Memory.bufferName(p.type());
                String label = p.isNarrow() ? p.narrow().label() : p.type().javaName();
                report.report(Message.BYTE_BUFFER_CAPACITY, declared.get(i), p.declared(), m.name(), label, bytes,
                        Integer.MAX_VALUE, typed);
                fits = false;
            }
        }
        return fits;
    }

    /** A note on each parameter the Vector API of this compilation loads no vectors from. */
    private void noteScalarMemory(ExecutableElement method, KernelMethod m, ValidationReport report) {
        List<? extends VariableElement> declared = method.getParameters();
        for (int i = 0; i < m.params().size(); i++) {
            Param p = m.params().get(i);
            if (p.tensor() && !apis.vectorLoads(p.memory())) {
                report.report(Message.VECTOR_MEMORY, declared.get(i), m.name(), apis.release(), p.javaType(), p.declared());
            }
        }
    }

    /** The parameters as the kernel kind expects them, or empty (with the errors reported). */
    private Optional<List<Param>> params(ExecutableElement method, KernelKind kind, ValidationReport report) {
        List<? extends VariableElement> declared = method.getParameters();
        String name = method.getSimpleName().toString();
        List<KernelKind.Role> roles = kind.roles();
        boolean placed = true;
        for (int i = 0; i < declared.size(); i++) {
            VariableElement p = declared.get(i);
            Optional<AnnotationMirror> q = quantizationOf(p);
            if (q.isPresent() && kind != KernelKind.REORDER) {
                report.report(Message.QUANTIZATION_KERNEL, p, q.get(), AnnotationReader.simpleName(q.get()),
                        p.getSimpleName(), name, kind.simpleName());
                placed = false;
            } else if (q.isPresent() && i < roles.size()) {
                report.report(Message.QUANTIZATION_PLACE, p, q.get(), AnnotationReader.simpleName(q.get()),
                        p.getSimpleName(), name, roles.get(i).name());
                placed = false;
            } else if (q.isEmpty() && kind == KernelKind.REORDER && i >= roles.size()) {
                report.report(Message.QUANTIZATION_MISSING, p, p.getSimpleName(), name);
                placed = false;
            }
        }
        if (!placed) {
            return Optional.empty();
        }
        if (declared.size() < roles.size() || declared.size() > roles.size() && kind != KernelKind.REORDER) {
            String count = declared.size() + (declared.size() == 1 ? " parameter" : " parameters");
            report.report(Message.PARAMETER_COUNT, method, kind.simpleName(), name, count,
                    kind.simpleName(), roles.size(), name, kind.signature());
            return Optional.empty();
        }
        List<Param> params = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < declared.size(); i++) {
            VariableElement p = declared.get(i);
            TypeMirror type = p.asType();
            if (isUnresolved(type)) {
                throw new Unresolved("the type of parameter " + p.getSimpleName() + " of " + name, p, null, null);
            }
            if (i >= roles.size() && compensates(p) && (AnnotationReader.find(p, SCALE).isPresent()
                    || AnnotationReader.find(p, ZERO_POINT).isPresent())) {
                AnnotationMirror other = AnnotationReader.find(p, SCALE).orElseGet(
                        () -> AnnotationReader.find(p, ZERO_POINT).orElseThrow());
                String role = AnnotationReader.qualifiedName(other).equals(SCALE) ? "scale" : "zero point";
                report.report(Message.COMPENSATION_ROLE, p, other, p.getSimpleName(), name,
                        AnnotationReader.simpleName(other), role);
                ok = false;
                continue;
            }
            Optional<Param> param = i >= roles.size() && compensates(p) ? compensationParam(p, name, type, report)
                    : i >= roles.size() ? quantizationParam(p, name, type, report)
                    : roles.get(i).tensor() ? tensor(p, name, type, report) : value(p, name, type, report);
            if (param.isEmpty()) {
                ok = false;
                continue;
            }
            params.add(param.get());
        }
        if (!ok) {
            return Optional.empty();
        }
        if (kind != KernelKind.REORDER) {
            for (int i = 0; i < params.size(); i++) {
                Param p = params.get(i);
                if (p.isNarrow() && p.narrow().packed()) {
                    report.report(Message.PACKED_OPERATION, declared.get(i), p.name(), name, p.narrow().label(),
                            kind.simpleName());
                    ok = false;
                }
            }
            if (!ok) {
                return Optional.empty();
            }
        }
        if (kind.arithmetic()) {
            for (int i = 0; i < params.size(); i++) {
                Param p = params.get(i);
                if (p.isNarrow()) {
                    report.report(Message.HALF_ARITHMETIC, declared.get(i), p.name(), name, p.narrow().label(),
                            kind.simpleName());
                    ok = false;
                }
            }
            if (!ok) {
                return Optional.empty();
            }
        }
        if (kind.oneElementType()) {
            Param first = params.get(0);
            for (int i = 1; i < params.size(); i++) {
                Param p = params.get(i);
                if (!p.sameNumbers(first)) {
                    report.report(Message.ELEMENT_TYPE_MISMATCH, declared.get(i), p.name(), name, typeName(p),
                            first.name(), typeName(first), kind.simpleName());
                    ok = false;
                }
            }
        }
        return ok ? Optional.of(params) : Optional.empty();
    }

    /** The {@code @Scale}, {@code @ZeroPoint} or {@code @Compensation} on {@code p}, if any. */
    private static Optional<AnnotationMirror> quantizationOf(VariableElement p) {
        Optional<AnnotationMirror> scale = AnnotationReader.find(p, SCALE);
        if (scale.isPresent()) {
            return scale;
        }
        Optional<AnnotationMirror> zero = AnnotationReader.find(p, ZERO_POINT);
        return zero.isPresent() ? zero : AnnotationReader.find(p, COMPENSATION);
    }

    /** True when {@code p} carries {@code @Compensation}: an output of its own, not a quantization parameter. */
    private static boolean compensates(VariableElement p) {
        return AnnotationReader.find(p, COMPENSATION).isPresent();
    }

    /** A compensation: an {@code int[]} (oneDNN's int32), without {@code @Elements}. */
    private Optional<Param> compensationParam(VariableElement p, String method, TypeMirror type,
                                              ValidationReport report) {
        String name = p.getSimpleName().toString();
        Optional<ElementType> array = arrayOf(type);
        if (array.isEmpty() || array.get() != ElementType.INT || AnnotationReader.find(p, ELEMENTS).isPresent()) {
            String what = type + (AnnotationReader.find(p, ELEMENTS).isPresent() ? " with @Elements" : "");
            report.report(Message.COMPENSATION_TYPE, p, name, method, primitive(type).isPresent() ? "one " + what
                    : (what.matches("[aeiouAEIOU].*") ? "an " : "a ") + what);
            return Optional.empty();
        }
        return Optional.of(new Param(name, ElementType.INT, Memory.ARRAY));
    }

    /**
     * A scale or zero point: one value ({@code float} scale, {@code int} zero point) or an array
     * (scales {@code float[]} or bf16/f16 in an {@code @Elements} {@code short[]}; zero points
     * {@code int[]} or {@code byte[]}). Its {@code per} is checked against the layouts later.
     */
    private Optional<Param> quantizationParam(VariableElement p, String method, TypeMirror type,
                                              ValidationReport report) {
        AnnotationMirror q = quantizationOf(p).orElseThrow();
        boolean scale = AnnotationReader.qualifiedName(q).equals(SCALE);
        String per = new AnnotationReader(elements, p, q).string("per");
        String name = p.getSimpleName().toString();
        String want = scale ? "scale is a float, a float[], or bf16 or f16 numbers in an @Elements(Bf16.class) short[]"
                + " or @Elements(F16.class) short[]"
                : "zero point is an int, an int[] (s32), a byte[] (s8), or s4 or u4 numbers two to a byte in an"
                        + " @Elements(S4.class) byte[] or @Elements(U4.class) byte[]";
        Optional<ElementType> primitive = primitive(type);
        if (primitive.isPresent()) {
            if (primitive.get() != (scale ? ElementType.FLOAT : ElementType.INT)) {
                report.report(Message.QUANTIZATION_TYPE, p, name, method, "a " + type, scale ? "scale" : "zero point",
                        want.substring(want.indexOf(" is ") + 1));
                return Optional.empty();
            }
            if (!per.isEmpty()) {
                report.report(Message.QUANTIZATION_TYPE, p, name, method, "one " + type, scale ? "scale" : "zero point",
                        "per \"" + per + "\" takes one value per index: declare " + (scale ? "float[] " : "int[] ") + name);
                return Optional.empty();
            }
            if (AnnotationReader.find(p, ELEMENTS).isPresent()) {
                report.report(Message.QUANTIZATION_TYPE, p, name, method, "a " + type + " with @Elements",
                        scale ? "scale" : "zero point", "value says its type itself; remove @Elements");
                return Optional.empty();
            }
            return Optional.of(new Param(name, primitive.get(), Memory.VALUE));
        }
        Optional<ElementType> array = arrayOf(type);
        Optional<AnnotationMirror> elements = AnnotationReader.find(p, ELEMENTS);
        NarrowFormat narrow = elements.map(ModelBuilder::elementsNarrow).orElse(null);
        boolean fits = array.isPresent() && (scale
                ? array.get() == ElementType.FLOAT && elements.isEmpty()
                        || array.get() == ElementType.SHORT && narrow != null && narrow.storage() == ElementType.SHORT
                : (array.get() == ElementType.INT || array.get() == ElementType.BYTE) && elements.isEmpty()
                        || array.get() == ElementType.BYTE && (narrow == NarrowFormat.S4 || narrow == NarrowFormat.U4));
        if (!fits) {
            report.report(Message.QUANTIZATION_TYPE, p, name, method, "a " + type
                    + (elements.isPresent() ? " with @Elements(" + elementsLiteral(elements.get()) + ")" : ""),
                    scale ? "scale" : "zero point", want.substring(want.indexOf(" is ") + 1));
            return Optional.empty();
        }
        Param param = new Param(name, array.get(), Memory.ARRAY);
        return Optional.of(narrow != null ? param.holding(narrow) : param);
    }

    private static boolean isUnresolved(TypeMirror type) {
        TypeMirror t = type;
        while (t.getKind() == TypeKind.ARRAY) {
            t = ((ArrayType) t).getComponentType();
        }
        return t.getKind() == TypeKind.ERROR;
    }

    private static Optional<ElementType> arrayOf(TypeMirror type) {
        return type.getKind() == TypeKind.ARRAY ? primitive(((ArrayType) type).getComponentType()) : Optional.empty();
    }

    /** A scalar parameter: one of the six primitives, and no {@code @Elements}. */
    private Optional<Param> value(VariableElement p, String method, TypeMirror type, ValidationReport report) {
        Optional<ElementType> primitive = primitive(type);
        if (primitive.isEmpty()) {
            report.report(Message.PARAMETER_TYPE, p, p.getSimpleName(), method, type, SCALAR_TYPES);
            return Optional.empty();
        }
        Optional<AnnotationMirror> elements = AnnotationReader.find(p, ELEMENTS);
        if (elements.isPresent()) {
            report.report(Message.ELEMENTS_MISPLACED, p, elements.get(), elementsValue(elements.get()),
                    elementsLiteral(elements.get()), p.getSimpleName(), method,
                    "a " + type + " value says its type itself; remove @Elements");
            return Optional.empty();
        }
        return Optional.of(new Param(p.getSimpleName().toString(), primitive.get(), Memory.VALUE));
    }

    /**
     * A tensor parameter: an array, a typed buffer, or a {@code ByteBuffer} or {@code MemorySegment}
     * whose {@code @Elements} names the element type; a segment only where its API is final.
     */
    private Optional<Param> tensor(VariableElement p, String method, TypeMirror type, ValidationReport report) {
        String name = p.getSimpleName().toString();
        Optional<AnnotationMirror> elements = AnnotationReader.find(p, ELEMENTS);
        Optional<ElementType> declared = Optional.empty();
        NarrowFormat narrow = null;
        if (elements.isPresent()) {
            narrow = elementsNarrow(elements.get());
            declared = narrow != null ? Optional.of(narrow.storage()) : elementsType(elements.get());
            if (declared.isEmpty()) {
                report.report(Message.ELEMENTS_TYPE, p, elements.get(), elementsValue(elements.get()),
                        elementsLiteral(elements.get()), name, method);
                return Optional.empty();
            }
        }
        Optional<ElementType> array = arrayOf(type);
        if (array.isPresent() && narrow != null) {
            if (array.get() != narrow.storage()) {
                report.report(Message.ELEMENTS_MISPLACED, p, elements.get(), elementsValue(elements.get()),
                        elementsLiteral(elements.get()), name, method, narrowStorage(narrow, type.toString()));
                return Optional.empty();
            }
            return Optional.of(new Param(name, narrow.storage(), Memory.ARRAY).holding(narrow));
        }
        if (array.isPresent()) {
            if (elements.isPresent()) {
                report.report(Message.ELEMENTS_MISPLACED, p, elements.get(), elementsValue(elements.get()),
                        elementsLiteral(elements.get()), name, method,
                        "an array " + type + " says its element type itself; remove @Elements");
                return Optional.empty();
            }
            return Optional.of(new Param(name, array.get(), Memory.ARRAY));
        }
        String qualified = type.getKind() == TypeKind.DECLARED
                ? ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString() : "";
        for (ElementType t : ElementType.values()) {
            if (t != ElementType.BYTE && qualified.equals("java.nio." + Memory.bufferName(t))) {
                if (narrow != null && t != narrow.storage()) {
                    report.report(Message.ELEMENTS_MISPLACED, p, elements.get(), elementsValue(elements.get()),
                            elementsLiteral(elements.get()), name, method, narrowStorage(narrow, Memory.bufferName(t)));
                    return Optional.empty();
                }
                if (declared.isPresent() && declared.get() != t) {
                    report.report(Message.ELEMENTS_MISPLACED, p, elements.get(), elementsValue(elements.get()),
                            elementsLiteral(elements.get()), name, method, "a " + Memory.bufferName(t) + " holds "
                                    + t.javaName() + " elements, not " + declared.get().javaName());
                    return Optional.empty();
                }
                return Optional.of(new Param(name, t, Memory.BUFFER).holding(narrow));
            }
        }
        Memory memory = qualified.equals("java.nio.ByteBuffer") ? Memory.BYTE_BUFFER
                : qualified.equals("java.lang.foreign.MemorySegment") ? Memory.SEGMENT : null;
        if (memory == null) {
            report.report(Message.PARAMETER_TYPE, p, name, method, type, TENSOR_TYPES);
            return Optional.empty();
        }
        if (memory == Memory.SEGMENT && !apis.segments()) {
            report.report(Message.SEGMENT_RELEASE, p, name, method, apis.release());
            return Optional.empty();
        }
        if (declared.isEmpty()) {
            String simple = memory.typeName(ElementType.BYTE);
            report.report(Message.ELEMENTS_MISSING, p, name, method, simple, simple, name);
            return Optional.empty();
        }
        return Optional.of(new Param(name, declared.get(), memory).holding(narrow));
    }

    /** Why {@code narrow} numbers cannot sit in {@code storage}: they take 16 bits, 8, or 4 packed two to a byte. */
    private static String narrowStorage(NarrowFormat narrow, String storage) {
        if (narrow.packed()) {
            return "an " + narrow.label() + " number takes 4 bits, two to a byte: declare a byte[], ByteBuffer or"
                    + " MemorySegment, not a " + storage;
        }
        return narrow.storage() == ElementType.SHORT
                ? "a " + narrow.label() + " number takes 16 bits: declare a short[], ShortBuffer, ByteBuffer or MemorySegment,"
                        + " not a " + storage
                : "an " + narrow.label() + " number takes 8 bits: declare a byte[], ByteBuffer or MemorySegment, not a "
                        + storage;
    }

    /** {@link NarrowFormat#BF16} for {@code @Elements(Bf16.class)}, likewise for the other marker classes, else null. */
    private static NarrowFormat elementsNarrow(AnnotationMirror elements) {
        AnnotationValue v = elementsValue(elements);
        if (v != null && v.getValue() instanceof DeclaredType t) {
            String qualified = ((TypeElement) t.asElement()).getQualifiedName().toString();
            for (NarrowFormat h : NarrowFormat.values()) {
                if (qualified.equals("dev.strider." + h.markerName())) {
                    return h;
                }
            }
        }
        return null;
    }

    private static AnnotationValue elementsValue(AnnotationMirror elements) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : elements.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals("value")) {
                return e.getValue();
            }
        }
        return null;
    }

    /** {@code float.class}, as the user wrote it. */
    private static String elementsLiteral(AnnotationMirror elements) {
        AnnotationValue v = elementsValue(elements);
        return v == null ? "" : v.getValue() + ".class";
    }

    private static Optional<ElementType> elementsType(AnnotationMirror elements) {
        AnnotationValue v = elementsValue(elements);
        return v != null && v.getValue() instanceof TypeMirror t ? primitive(t) : Optional.empty();
    }

    private static Optional<ElementType> primitive(TypeMirror type) {
        switch (type.getKind()) {
            case DOUBLE:
            case FLOAT:
            case LONG:
            case INT:
            case SHORT:
            case BYTE:
                return Optional.of(ElementType.ofJavaName(type.getKind().name().toLowerCase(Locale.ROOT)));
            default:
                return Optional.empty();
        }
    }

    /** {@code float[]} or {@code float}; {@code bf16 short[]}, {@code f8_e4m3 byte[]} for narrow floats. */
    static String typeName(Param p) {
        return p.isNarrow() ? p.narrow().label() + " " + p.javaType() : p.javaType();
    }

    // ------------------------------------------------------------------ one kernel annotation

    /** Reads and checks one kernel annotation against the method's parameters. */
    private final class MethodBuilder {

        private final String name;
        private final KernelKind kind;
        private final AnnotationReader values;
        private final Optional<List<Param>> params;
        private final ValidationReport report;
        private boolean ok = true;

        MethodBuilder(String name, KernelKind kind, AnnotationReader values, Optional<List<Param>> params,
                      ValidationReport report) {
            this.name = name;
            this.kind = kind;
            this.values = values;
            this.params = params;
            this.report = report;
        }

        Optional<KernelMethod> build() {
            Optional<KernelMethod> method;
            switch (kind) {
                case REORDER: method = reorder(); break;
                case SLICE: method = slice(); break;
                case FILL: method = fill(); break;
                case UNARY: method = unary(); break;
                case BINARY: method = binary(); break;
                default: throw new AssertionError(kind);
            }
            return ok && params.isPresent() ? method : Optional.empty();
        }

        private Optional<KernelMethod> reorder() {
            Optional<NamedLayout> from = layout("from");
            Optional<NamedLayout> to = layout("to");
            boolean unsigned = values.bool("unsignedSource");
            boolean unsignedDestination = values.bool("unsignedDestination");
            double scale = finite("scale");
            double shift = finite("shift");
            double sum = finite("sum");
            Rounding rounding = Rounding.valueOf(values.enumConstant("rounding"));
            Overflow overflow = Overflow.valueOf(values.enumConstant("overflow"));
            if (unsigned && params.isPresent() && (!params.get().get(0).type().hasUnsignedReading()
                    || params.get().get(0).isNarrow())) {
                Param src = params.get().get(0);
                error(Message.UNSIGNED_SOURCE, "unsignedSource", src.name(), typeName(src));
            }
            if (params.isPresent()) {
                Param dst = params.get().get(1);
                if (unsignedDestination && (!dst.type().hasUnsignedWriting() || dst.isNarrow())) {
                    error(Message.UNSIGNED_DESTINATION, "unsignedDestination", dst.name(), typeName(dst));
                }
                // s4 and u4 round and saturate as the integers do; the other narrow formats as floats
                if (dst.type().isFloatingPoint() || dst.isNarrow() && !dst.narrow().integral()) {
                    if (rounding != Rounding.UNSPECIFIED) {
                        error(Message.NARROWING_UNUSED, "rounding", ROUNDING + rounding, dst.name(), typeName(dst));
                    }
                    if (overflow != Overflow.UNSPECIFIED) {
                        error(Message.NARROWING_UNUSED, "overflow", OVERFLOW + overflow, dst.name(), typeName(dst));
                    }
                }
            }
            if (from.isPresent() && to.isPresent()) {
                try {
                    Checks.sameShape(role("from", from.get()), from.get().layout(), role("to", to.get()), to.get().layout());
                } catch (IllegalArgumentException e) {
                    error(Message.REORDER_SHAPE, "to", e.getMessage());
                }
            }
            to.ifPresent(l -> writable("to", l));
            if (!complete(from, to)) {
                return Optional.empty();
            }
            List<Param> p = params.get();
            List<QuantParam> quantization = quantization(p, to.get(), scale, shift, sum);
            List<CompParam> compensation = compensation(p, to.get(), unsignedDestination);
            if (!ok) {
                return Optional.empty();
            }
            KernelMethod.Reorder reorder = new KernelMethod.Reorder(name, p.get(0), from.get(), p.get(1), to.get(),
                    unsigned, unsignedDestination, scale, shift, sum, quantization, compensation);
            Narrowing.of(reorder).ifPresent(n -> {
                List<String> unsaid = new ArrayList<>();
                if (n.rounds() && rounding == Rounding.UNSPECIFIED) {
                    unsaid.add(ROUNDING + Rounding.HALF_EVEN);
                }
                if (overflow == Overflow.UNSPECIFIED) {
                    unsaid.add(OVERFLOW + Overflow.SATURATE);
                }
                if (!unsaid.isEmpty()) {
                    report.report(Message.NARROWING, values.element(), values.mirror(), name, n.types(), n.describe(),
                            String.join(", ", unsaid));
                }
            });
            return Optional.of(reorder);
        }

        /**
         * The scales and zero points after src and dst, each checked: {@code per} names dims of the
         * layouts in order, no side's scale or zero point is given twice (the compile-time
         * {@code scale} is the source's scale, {@code shift} the destination's zero point), and no
         * zero point goes with a sum.
         */
        private List<QuantParam> quantization(List<Param> p, NamedLayout to, double scale, double shift, double sum) {
            List<QuantParam> out = new ArrayList<>();
            List<? extends VariableElement> declared = ((ExecutableElement) values.element()).getParameters();
            Map<Quantization.Step, String> given = new HashMap<>();
            if (scale != 1) {
                given.put(Quantization.Step.MULTIPLY_SRC_SCALE, "scale = " + scale);
            }
            if (shift != 0) {
                given.put(Quantization.Step.ADD_DST_ZERO_POINT, "shift = " + shift);
            }
            for (int i = 2; i < p.size(); i++) {
                VariableElement v = declared.get(i);
                if (compensates(v)) {
                    continue;
                }
                AnnotationMirror a = quantizationOf(v).orElseThrow();
                AnnotationReader r = new AnnotationReader(elements, v, a);
                Quantization.Kind kind = AnnotationReader.qualifiedName(a).equals(SCALE) ? Quantization.Kind.SCALE
                        : Quantization.Kind.ZERO_POINT;
                Side side = Side.valueOf(r.enumConstant("value"));
                String per = r.string("per");
                int[] groups = r.ints("groups");
                QuantParam q = new QuantParam(p.get(i), kind, side, per, groups);
                if (!namesDims(v, a, r, per, to)) {
                    ok = false;
                } else {
                    String groupsProblem = Quantization.groupsProblem(to.layout(), per, groups);
                    if (groupsProblem != null) {
                        report.report(Message.QUANTIZATION_GROUPS, v, a, r.explicit("groups"),
                                java.util.Arrays.toString(groups).replace('[', '{').replace(']', '}'),
                                v.getSimpleName(), name, groupsProblem);
                        ok = false;
                    }
                }
                String before = given.putIfAbsent(q.step(), "parameter " + v.getSimpleName());
                if (before != null) {
                    report.report(Message.QUANTIZATION_TWICE, v, a, v.getSimpleName(), name,
                            side.name().toLowerCase(Locale.ROOT) + " " + kind.label(), before);
                    ok = false;
                }
                if (kind == Quantization.Kind.ZERO_POINT && sum != 0) {
                    report.report(Message.QUANTIZATION_SUM, v, a, "the zero point " + v.getSimpleName(), name, sum);
                    ok = false;
                }
                out.add(q);
            }
            if (!out.isEmpty() && shift != 0 && sum != 0) {
                error(Message.QUANTIZATION_SUM, "shift", "shift = " + shift + ", the destination zero point,", name, sum);
            }
            return out;
        }

        /**
         * True when {@code per} of parameter {@code v}'s annotation {@code a} names dims of the
         * layouts in order; else reports {@code [StriderQuantizationPer]} on {@code per}. Scales, zero
         * points and compensations all name their dims so.
         */
        private boolean namesDims(VariableElement v, AnnotationMirror a, AnnotationReader r, String per, NamedLayout to) {
            String problem = Quantization.perProblem(to.layout().dims(), per);
            if (problem != null) {
                report.report(Message.QUANTIZATION_PER, v, a, r.explicit("per"), per, v.getSimpleName(), name, problem);
            }
            return problem == null;
        }

        /**
         * The compensations after the scales and zero points, each checked: they come last, the
         * destination is s8 weights (a {@code byte[]} written signed), {@code per} names dims of the
         * layouts in order, and no kind is given twice.
         */
        private List<CompParam> compensation(List<Param> p, NamedLayout to, boolean unsignedDestination) {
            List<CompParam> out = new ArrayList<>();
            List<? extends VariableElement> declared = ((ExecutableElement) values.element()).getParameters();
            Map<Compensation.Kind, String> given = new HashMap<>();
            String first = null;
            for (int i = 2; i < p.size(); i++) {
                VariableElement v = declared.get(i);
                if (!compensates(v)) {
                    if (first != null) {
                        AnnotationMirror a = quantizationOf(v).orElseThrow();
                        report.report(Message.COMPENSATION_PLACE, v, a, AnnotationReader.simpleName(a),
                                v.getSimpleName(), name, first);
                        ok = false;
                    }
                    continue;
                }
                AnnotationMirror a = AnnotationReader.find(v, COMPENSATION).orElseThrow();
                AnnotationReader r = new AnnotationReader(elements, v, a);
                Compensation.Kind kind = Compensation.Kind.valueOf(r.enumConstant("value"));
                String per = r.string("per");
                first = first == null ? v.getSimpleName().toString() : first;
                Param dst = p.get(1);
                if (dst.type() != ElementType.BYTE || dst.isNarrow() || unsignedDestination) {
                    report.report(Message.COMPENSATION_DESTINATION, v, a, v.getSimpleName(), name, dst.name(),
                            unsignedDestination ? "written unsigned (u8)" : typeName(dst));
                    ok = false;
                }
                if (!namesDims(v, a, r, per, to)) {
                    ok = false;
                }
                String before = given.putIfAbsent(kind, "parameter " + v.getSimpleName());
                if (before != null) {
                    report.report(Message.COMPENSATION_TWICE, v, a, v.getSimpleName(), name, kind.flag(), before);
                    ok = false;
                }
                out.add(new CompParam(p.get(i), kind, per));
            }
            return out;
        }

        private Optional<KernelMethod> slice() {
            Optional<NamedLayout> from = layout("from");
            int[] offsets = values.ints("offsets");
            int[] sizes = values.ints("sizes");
            int[] strides = values.ints("strides");
            int[] outputSizes = values.ints("outputSizes");
            TypeMirror toType = values.type("to");
            boolean packed = toType.getKind() == TypeKind.VOID;
            Optional<NamedLayout> to = packed ? Optional.empty() : layouts.resolve(values, "to", toType, report);
            if (!packed && to.isEmpty()) {
                ok = false;
            }
            if (from.isEmpty()) {
                return Optional.empty();
            }
            SliceWindow window;
            try {
                window = SliceWindow.of(from.get().layout(), offsets, sizes, strides);
                if (outputSizes.length > 0) {
                    window = window.withOutputSizes(outputSizes);
                }
            } catch (IllegalArgumentException e) {
                SliceBlame blame = SliceBlame.of(e.getMessage());
                int dim = blame.perDim ? LayoutResolver.dimAfter(blame.prefix, e.getMessage(), from.get().layout().dims())
                        : -1;
                errorAt(blame.message, dim >= 0 ? values.explicitElement(blame.member, dim) : values.explicit(blame.member),
                        e.getMessage());
                return Optional.empty();
            }
            if (packed) {
                try {
                    to = Optional.of(new NamedLayout("packed slice output", window.packedOutput()));
                } catch (IllegalArgumentException e) {
                    error(Message.SLICE_OUTPUT_SIZE, values.isExplicit("outputSizes") ? "outputSizes" : "sizes",
                            "packed slice output: " + e.getMessage());
                    return Optional.empty();
                }
            } else if (to.isPresent()) {
                try {
                    Checks.sliceFits(from.get().layout(), window, to.get().layout());
                } catch (IllegalArgumentException e) {
                    error(Message.SLICE_OUTPUT, "to", to.get().name(), e.getMessage());
                }
                writable("to", to.get());
            }
            if (!complete(from, to)) {
                return Optional.empty();
            }
            List<Param> p = params.get();
            return Optional.of(new KernelMethod.Slice(name, p.get(0), from.get(), window, p.get(1), to.get()));
        }

        private Optional<KernelMethod> fill() {
            Optional<NamedLayout> layout = layout("layout");
            layout.ifPresent(l -> writable("layout", l));
            if (!complete(layout)) {
                return Optional.empty();
            }
            List<Param> p = params.get();
            return Optional.of(new KernelMethod.Fill(name, p.get(0), layout.get(), p.get(1)));
        }

        private Optional<KernelMethod> unary() {
            UnaryKind op = UnaryKind.valueOf(values.enumConstant("op"));
            Optional<NamedLayout> in = layout("in");
            Optional<NamedLayout> out = layout("out");
            double scale = finite("scale");
            double shift = finite("shift");
            if (op != UnaryKind.SCALE_SHIFT) {
                for (String member : List.of("scale", "shift")) {
                    if (values.isExplicit(member)) {
                        error(Message.SCALE_SHIFT_UNUSED, member, member, op);
                    }
                }
            }
            if (in.isPresent() && out.isPresent()) {
                try {
                    Checks.sameShape(role("in", in.get()), in.get().layout(), role("out", out.get()), out.get().layout());
                } catch (IllegalArgumentException e) {
                    error(Message.UNARY_SHAPE, "out", e.getMessage());
                }
            }
            out.ifPresent(l -> writable("out", l));
            if (!complete(in, out)) {
                return Optional.empty();
            }
            List<Param> p = params.get();
            return Optional.of(new KernelMethod.Unary(name, UnaryOp.of(op, scale, shift), p.get(0), in.get(),
                    p.get(1), out.get()));
        }

        private Optional<KernelMethod> binary() {
            BinaryOp op = BinaryOp.valueOf(values.enumConstant("op"));
            Optional<NamedLayout> a = layout("a");
            Optional<NamedLayout> b = layout("b");
            Optional<NamedLayout> out = layout("out");
            if (out.isPresent()) {
                for (String member : List.of("a", "b")) {
                    Optional<NamedLayout> operand = member.equals("a") ? a : b;
                    if (operand.isPresent()) {
                        try {
                            Checks.broadcastable(role(member, operand.get()), operand.get().layout(), out.get().layout());
                        } catch (IllegalArgumentException e) {
                            error(Message.BINARY_BROADCAST, member, e.getMessage());
                        }
                    }
                }
                writable("out", out.get());
            }
            if (!complete(a, b, out)) {
                return Optional.empty();
            }
            List<Param> p = params.get();
            return Optional.of(new KernelMethod.Binary(name, op, p.get(0), a.get(), p.get(1), b.get(), p.get(2),
                    out.get()));
        }

        // -------------------------------------------------------------- helpers

        private Optional<NamedLayout> layout(String member) {
            Optional<NamedLayout> layout = layouts.resolve(values, member, report);
            if (layout.isEmpty()) {
                ok = false;
            }
            return layout;
        }

        /** {@code from (Planar)}: how the runtime's checks name an operand here. */
        private String role(String member, NamedLayout layout) {
            return member + " (" + layout.name() + ")";
        }

        private void writable(String member, NamedLayout layout) {
            if (layout.layout().overlaps()) {
                // "to layout Broadcast", but @Fill's member is itself called layout: "layout Broadcast"
                String what = (member.equals("layout") ? "" : member + " ") + "layout " + layout.name();
                error(Message.OVERLAPPING_OUTPUT, member, what, layout.layout().overlapReason());
            }
        }

        private double finite(String member) {
            double value = values.real(member);
            if (!Double.isFinite(value)) {
                error(Message.NON_FINITE, member, member, value);
            }
            return value;
        }

        @SafeVarargs
        private boolean complete(Optional<NamedLayout>... layouts) {
            for (Optional<NamedLayout> l : layouts) {
                if (l.isEmpty()) {
                    return false;
                }
            }
            return ok && params.isPresent();
        }

        private void error(Message message, String member, Object... args) {
            errorAt(message, values.explicit(member), args);
        }

        /** On {@code value} of the annotation: a member's value or one element of an array. */
        private void errorAt(Message message, AnnotationValue value, Object... args) {
            report.report(message, values.element(), values.mirror(), value, args);
            ok = false;
        }
    }

    /**
     * Which {@code @Slice} member a {@link SliceWindow} error is about, from the start of the
     * runtime's message (its wording is pinned by one test per message), and whether it is about
     * the element of one dim (the dim letter follows the prefix), where the diagnostic then points.
     */
    enum SliceBlame {
        OFFSETS_RANK("slice offsets ", "offsets", Message.SLICE_RANK, false),
        SIZES_RANK("slice sizes ", "sizes", Message.SLICE_RANK, false),
        STRIDES_RANK("slice strides ", "strides", Message.SLICE_RANK, false),
        OUTPUT_RANK("slice output sizes ", "outputSizes", Message.SLICE_RANK, false),
        STRIDE("slice stride of dim ", "strides", Message.SLICE_STRIDE, true),
        OFFSET("window offset of dim ", "offsets", Message.SLICE_WINDOW, true),
        SIZE("window size of dim ", "sizes", Message.SLICE_WINDOW, true),
        PAST_INPUT("window of dim ", "sizes", Message.SLICE_WINDOW, true),
        OUTPUT_SIZE("output size of dim ", "outputSizes", Message.SLICE_OUTPUT_SIZE, true),
        /** A message not foreseen here: on the whole annotation. */
        OTHER("", "", Message.SLICE_WINDOW, false);

        final String prefix;
        final String member;
        final Message message;
        final boolean perDim;

        SliceBlame(String prefix, String member, Message message, boolean perDim) {
            this.prefix = prefix;
            this.member = member;
            this.message = message;
            this.perDim = perDim;
        }

        static SliceBlame of(String message) {
            for (SliceBlame b : values()) {
                if (message != null && message.startsWith(b.prefix)) {
                    return b;
                }
            }
            return OTHER;
        }
    }
}

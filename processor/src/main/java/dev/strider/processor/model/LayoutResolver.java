package dev.strider.processor.model;

import dev.strider.layout.TensorLayout;
import dev.strider.processor.validation.Message;
import dev.strider.processor.validation.ValidationReport;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Turns the class literals of kernel annotations ({@code from = Planar.class}) into layouts, by
 * reading the {@code @Layout} annotation of the named type and building it with the runtime's
 * {@link TensorLayout#declared}. A bad layout is reported on the {@code @Layout} value at fault, in the
 * runtime's words. One resolver serves a round: each layout type is read once, and its
 * diagnostics are added to the report of every declaration that uses it.
 */
public final class LayoutResolver {

    static final String LAYOUT = "dev.strider.Layout";

    /** A layout type read: its layout, or the diagnostics that explain why there is none. */
    private record Resolved(Optional<NamedLayout> layout, ValidationReport diagnostics) {
    }

    private final Elements elements;
    private final Map<String, Resolved> cache = new HashMap<>();

    public LayoutResolver(Elements elements) {
        this.elements = elements;
    }

    /**
     * The layout that {@code member} of {@code annotation} names; empty (with the errors in
     * {@code report}) when it names no valid layout.
     *
     * @throws Unresolved when the class literal names a type javac cannot resolve
     */
    Optional<NamedLayout> resolve(AnnotationReader annotation, String member, ValidationReport report) {
        TypeMirror type = annotation.type(member);
        return resolve(annotation, member, type, report);
    }

    /** As {@link #resolve(AnnotationReader, String, ValidationReport)} for a type already read. */
    Optional<NamedLayout> resolve(AnnotationReader annotation, String member, TypeMirror type, ValidationReport report) {
        if (type.getKind() != TypeKind.DECLARED) {
            report.report(Message.NOT_A_LAYOUT, annotation.element(), annotation.mirror(),
                    annotation.explicit(member), type.toString());
            return Optional.empty();
        }
        TypeElement layoutType = (TypeElement) ((DeclaredType) type).asElement();
        Optional<AnnotationMirror> layoutAnnotation = AnnotationReader.find(layoutType, LAYOUT);
        if (layoutAnnotation.isEmpty()) {
            report.report(Message.NOT_A_LAYOUT, annotation.element(), annotation.mirror(),
                    annotation.explicit(member), layoutType.getSimpleName());
            return Optional.empty();
        }
        String key = layoutType.getQualifiedName().toString();
        Resolved resolved = cache.get(key);
        if (resolved == null) {
            resolved = read(layoutType, layoutAnnotation.get());
            cache.put(key, resolved);
        }
        report.addAll(resolved.diagnostics());
        return resolved.layout();
    }

    /**
     * Checks where a {@code @Layout} is: only an interface (top level or nested) names a layout.
     * The processor calls this for every type that carries it, used by a kernel method or not;
     * a kernel method that names such a type gets the same diagnostic, printed once.
     */
    public ValidationReport placement(TypeElement type) {
        ValidationReport report = new ValidationReport();
        AnnotationReader.find(type, LAYOUT).ifPresent(mirror -> placement(type, mirror, report));
        return report;
    }

    private static boolean placement(TypeElement type, AnnotationMirror mirror, ValidationReport report) {
        if (type.getKind() == ElementKind.INTERFACE) {
            return true;
        }
        report.report(Message.LAYOUT_NOT_INTERFACE, type, mirror, type.getSimpleName(), ModelBuilder.describeKind(type),
                type.getSimpleName());
        return false;
    }

    private Resolved read(TypeElement type, AnnotationMirror mirror) {
        ValidationReport placed = new ValidationReport();
        if (!placement(type, mirror, placed)) {
            return new Resolved(Optional.empty(), placed);
        }
        AnnotationReader values = new AnnotationReader(elements, type, mirror);
        String dims = values.string("dims");
        int[] sizes = values.ints("sizes");
        String format = values.string("format");
        int[] strides = values.ints("strides");
        int offset = values.integer("offset");
        ValidationReport diagnostics = new ValidationReport();
        try {
            TensorLayout layout = TensorLayout.declared(dims, sizes, format, strides, offset);
            String qualified = type.getQualifiedName().toString();
            String pkg = elements.getPackageOf(type).getQualifiedName().toString();
            String declaredAs = pkg.isEmpty() ? qualified : qualified.substring(pkg.length() + 1);
            return new Resolved(Optional.of(new NamedLayout(type.getSimpleName().toString(), layout, declaredAs)),
                    diagnostics);
        } catch (IllegalArgumentException e) {
            Field field = blame(dims, sizes, format, strides, offset);
            AnnotationValue at = field.member == null ? null : values.explicit(field.member);
            int dim = field.dimNamed(e.getMessage(), dims);
            if (dim >= 0) {
                at = values.explicitElement(field.member, dim);
            }
            diagnostics.report(field.message, type, mirror, at, e.getMessage());
            return new Resolved(Optional.empty(), diagnostics);
        }
    }

    /**
     * The {@code @Layout} members, each with the message for the errors it causes, and for an
     * array the start of the runtime's messages about one of its elements ({@code size of dim C
     * is 0}), which then point at that element.
     */
    enum Field {
        DIMS("dims", Message.LAYOUT_DIMS, null),
        SIZES("sizes", Message.LAYOUT_SIZES, "size of dim "),
        FORMAT("format", Message.LAYOUT_FORMAT, null),
        STRIDES("strides", Message.LAYOUT_STRIDES, "stride of dim "),
        FORMAT_AND_STRIDES("strides", Message.LAYOUT_FORMAT_AND_STRIDES, null),
        OFFSET("offset", Message.LAYOUT_OFFSET, null),
        /** Should not happen: {@link TensorLayout#declared} failed but none of its steps did. */
        UNKNOWN(null, Message.LAYOUT_SIZES, null);

        final String member;
        final Message message;
        private final String perDim;

        Field(String member, Message message, String perDim) {
            this.member = member;
            this.message = message;
            this.perDim = perDim;
        }

        /** The position in {@code dims} of the dim {@code message} is about, or -1 when it is about the whole value. */
        int dimNamed(String message, String dims) {
            return dimAfter(perDim, message, dims);
        }
    }

    /**
     * The position in {@code dims} of the dim letter that follows {@code prefix} at the start of
     * {@code message} ({@code "size of dim "} and {@code "size of dim C is 0"} give C), or -1.
     */
    static int dimAfter(String prefix, String message, String dims) {
        if (prefix == null || message == null || !message.startsWith(prefix) || message.length() <= prefix.length()) {
            return -1;
        }
        return dims.toUpperCase(Locale.ROOT).indexOf(message.charAt(prefix.length()));
    }

    /**
     * Which member made {@link TensorLayout#declared} fail: its steps, in its order, each with the
     * runtime's own factory (the layout math is not repeated here, only split by member).
     */
    static Field blame(String dims, int[] sizes, String format, int[] strides, int offset) {
        boolean hasFormat = !format.isEmpty();
        boolean hasStrides = strides.length > 0;
        if (hasFormat && hasStrides) {
            return Field.FORMAT_AND_STRIDES;
        }
        int[] ones = new int[dims.length()];
        Arrays.fill(ones, 1);
        if (fails(() -> TensorLayout.packed(dims, ones))) {
            return Field.DIMS;
        }
        if (fails(() -> TensorLayout.packed(dims, sizes))) {
            return Field.SIZES;
        }
        if (hasFormat && fails(() -> TensorLayout.of(dims, sizes, format))) {
            // A tag that holds for sizes of 1 is well formed: the sizes pad past what an array can index.
            return fails(() -> TensorLayout.of(dims, ones, format)) ? Field.FORMAT : Field.SIZES;
        }
        if (hasStrides && fails(() -> TensorLayout.strided(dims, sizes, strides))) {
            return Field.STRIDES;
        }
        if (fails(() -> TensorLayout.declared(dims, sizes, format, strides, offset))) {
            return Field.OFFSET;
        }
        return Field.UNKNOWN;
    }

    private static boolean fails(Runnable step) {
        try {
            step.run();
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }
}

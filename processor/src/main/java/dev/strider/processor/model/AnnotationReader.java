package dev.strider.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads the values of one annotation through its mirror (never through the annotation proxy, which
 * cannot give class literals). A value javac could not attribute (an unresolved class literal,
 * a value of the wrong type) throws {@link Unresolved}: javac reports it itself.
 */
final class AnnotationReader {

    private final Element element;
    private final AnnotationMirror mirror;
    private final Map<? extends ExecutableElement, ? extends AnnotationValue> explicit;
    private final Map<? extends ExecutableElement, ? extends AnnotationValue> withDefaults;

    AnnotationReader(Elements elements, Element element, AnnotationMirror mirror) {
        this.element = element;
        this.mirror = mirror;
        this.explicit = mirror.getElementValues();
        this.withDefaults = elements.getElementValuesWithDefaults(mirror);
    }

    /** The annotation on {@code element} whose type has this canonical name. */
    static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (qualifiedName(m).equals(qualifiedName)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    static String qualifiedName(AnnotationMirror m) {
        return ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
    }

    static String simpleName(AnnotationMirror m) {
        return m.getAnnotationType().asElement().getSimpleName().toString();
    }

    Element element() {
        return element;
    }

    AnnotationMirror mirror() {
        return mirror;
    }

    /** The value as written, or null when the member is left at its default. */
    AnnotationValue explicit(String member) {
        return lookup(explicit, member);
    }

    /**
     * Element {@code index} of an array value as written ({@code 0} of {@code sizes = {1, 0, 3}}),
     * so that a diagnostic about one element points at it; the whole value when it has no such
     * element, null when the member is left at its default.
     */
    AnnotationValue explicitElement(String member, int index) {
        AnnotationValue whole = explicit(member);
        if (whole != null && whole.getValue() instanceof List<?> list && index >= 0 && index < list.size()
                && list.get(index) instanceof AnnotationValue element) {
            return element;
        }
        return whole;
    }

    boolean isExplicit(String member) {
        return explicit(member) != null;
    }

    String string(String member) {
        return as(member, String.class, value(member));
    }

    int integer(String member) {
        return as(member, Integer.class, value(member));
    }

    boolean bool(String member) {
        return as(member, Boolean.class, value(member));
    }

    double real(String member) {
        return as(member, Double.class, value(member));
    }

    int[] ints(String member) {
        List<AnnotationValue> list = list(member);
        int[] values = new int[list.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = element(member, i, Integer.class, list.get(i));
        }
        return values;
    }

    /** A class literal's type; {@code void.class} is a type of kind VOID. */
    TypeMirror type(String member) {
        TypeMirror type = as(member, TypeMirror.class, value(member));
        if (type.getKind() == TypeKind.ERROR) {
            throw unresolved(member);
        }
        return type;
    }

    /** The constant name of an enum value. */
    String enumConstant(String member) {
        return as(member, VariableElement.class, value(member)).getSimpleName().toString();
    }

    List<String> enumConstants(String member) {
        List<String> names = new ArrayList<>();
        List<AnnotationValue> list = list(member);
        for (int i = 0; i < list.size(); i++) {
            names.add(element(member, i, VariableElement.class, list.get(i)).getSimpleName().toString());
        }
        return names;
    }

    /** Element {@code index} of an array; one javac could not attribute is unresolved at that element. */
    private <T> T element(String member, int index, Class<T> type, AnnotationValue v) {
        Object o = v.getValue();
        if (!type.isInstance(o)) {
            Unresolved whole = unresolved(member);
            throw new Unresolved(whole.what, element, mirror, explicitElement(member, index));
        }
        return type.cast(o);
    }

    private List<AnnotationValue> list(String member) {
        List<?> raw = as(member, List.class, value(member));
        List<AnnotationValue> values = new ArrayList<>();
        for (Object o : raw) {
            if (!(o instanceof AnnotationValue)) {
                throw unresolved(member);
            }
            values.add((AnnotationValue) o);
        }
        return values;
    }

    private AnnotationValue value(String member) {
        AnnotationValue v = lookup(withDefaults, member);
        if (v == null) {
            throw unresolved(member); // a required member javac has already reported missing
        }
        return v;
    }

    private <T> T as(String member, Class<T> type, AnnotationValue v) {
        Object o = v.getValue();
        if (!type.isInstance(o)) {
            throw unresolved(member); // javac's error value, "<error>"
        }
        return type.cast(o);
    }

    Unresolved unresolved(String member) {
        String where = element instanceof ExecutableElement ? " on method " + element.getSimpleName()
                : " on " + element;
        return new Unresolved("the " + member + " value of @" + simpleName(mirror) + where,
                element, mirror, explicit(member));
    }

    private static AnnotationValue lookup(Map<? extends ExecutableElement, ? extends AnnotationValue> map, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : map.entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return e.getValue();
            }
        }
        return null;
    }
}

package dev.strider.processor.validation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The diagnostics found while building one declaration's model, each on the narrowest position
 * known: an element, the annotation on it and the annotation value at fault. Diagnostics are kept
 * in the order found and reported once: the same message on the same position (say, a bad layout
 * used by two methods) is kept once.
 */
public final class ValidationReport {

    /**
     * One diagnostic.
     *
     * @param annotation null to point at the element
     * @param value      null to point at the whole annotation
     */
    public record Item(Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation,
                       AnnotationValue value) {

        public Item {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(element, "element");
            if (value != null && annotation == null) {
                throw new IllegalArgumentException("an annotation value needs its annotation");
            }
        }

        /**
         * Equal for the same message at the same position. Built from names rather than object
         * identity, so that it stays equal across rounds (javac may enter a type anew each round).
         */
        public String key() {
            return kind + "|" + describe(element) + "|" + annotation + "|" + value + "|" + message;
        }

        private static String describe(Element e) {
            StringBuilder sb = new StringBuilder();
            for (Element at = e; at != null; at = at.getEnclosingElement()) {
                sb.append(at.getKind()).append(':').append(at).append('/');
            }
            return sb.toString();
        }
    }

    private final Map<String, Item> items = new LinkedHashMap<>();

    /** Reports {@code message} on an element. */
    public void report(Message message, Element element, Object... args) {
        add(new Item(message.kind(), message.format(args), element, null, null));
    }

    /** Reports {@code message} on an annotation of an element. */
    public void report(Message message, Element element, AnnotationMirror annotation, Object... args) {
        add(new Item(message.kind(), message.format(args), element, annotation, null));
    }

    /**
     * Reports {@code message} on one value of an annotation. A null {@code value} (the member was
     * left at its default, so has no position of its own) points at the annotation.
     */
    public void report(Message message, Element element, AnnotationMirror annotation, AnnotationValue value,
                       Object... args) {
        add(new Item(message.kind(), message.format(args), element, annotation, value));
    }

    public void add(Item item) {
        items.putIfAbsent(item.key(), item);
    }

    public void addAll(ValidationReport other) {
        other.items.values().forEach(this::add);
    }

    public boolean hasErrors() {
        for (Item item : items.values()) {
            if (item.kind() == Diagnostic.Kind.ERROR) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    /** The diagnostics in the order found. */
    public List<Item> items() {
        return Collections.unmodifiableList(new ArrayList<>(items.values()));
    }

    /**
     * Prints every diagnostic not yet in {@code printed} (the keys of everything printed during
     * this compilation, so that a layout shared by two kernel sets is blamed once), and adds it.
     */
    public void printTo(Messager messager, Set<String> printed) {
        for (Item item : items.values()) {
            if (!printed.add(item.key())) {
                continue;
            }
            if (item.value() != null) {
                messager.printMessage(item.kind(), item.message(), item.element(), item.annotation(), item.value());
            } else if (item.annotation() != null) {
                messager.printMessage(item.kind(), item.message(), item.element(), item.annotation());
            } else {
                messager.printMessage(item.kind(), item.message(), item.element());
            }
        }
    }
}

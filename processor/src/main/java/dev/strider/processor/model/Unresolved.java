package dev.strider.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Thrown while reading a declaration that names a type javac could not resolve (yet: another
 * processor may generate it in a later round), or whose annotation value javac could not
 * attribute. javac reports the cause itself; the processor defers the declaration to the next
 * round and, if it is still unresolved when processing is over, says what was not generated.
 */
final class Unresolved extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Where: the element, and the annotation and value when the culprit is an annotation value. */
    final transient Element element;
    final transient AnnotationMirror annotation;
    final transient AnnotationValue value;
    /** What: {@code the from value of @Reorder on toPlanar}, {@code parameter src of toPlanar}. */
    final String what;

    Unresolved(String what, Element element, AnnotationMirror annotation, AnnotationValue value) {
        super(what, null, false, false);
        this.what = what;
        this.element = element;
        this.annotation = annotation;
        this.value = value;
    }
}

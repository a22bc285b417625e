package dev.strider.processor.model;

import dev.strider.layout.TensorLayout;

/**
 * A layout as declared: the simple name of the {@code @Layout} type ({@code "Planar"}), or a
 * description such as {@code "packed slice output"}, and the runtime's layout model.
 *
 * @param declaredAs the {@code @Layout} type's name within its package ({@code "ImageOps.Planar"}
 *                   for a type nested in {@code ImageOps}), which tells layouts of one simple name
 *                   apart in the layout report; empty for a layout no type declares
 */
public record NamedLayout(String name, TensorLayout layout, String declaredAs) {

    /** A layout no {@code @Layout} type declares, such as a slice's packed output. */
    public NamedLayout(String name, TensorLayout layout) {
        this(name, layout, "");
    }
}

package dev.strider.processor.model;

import dev.strider.layout.Layout;

/**
 * A layout as declared: the simple name of the {@code @Layout} type ({@code "Planar"}), or a
 * description such as {@code "packed slice output"}, and the runtime's layout model.
 */
public record NamedLayout(String name, Layout layout) {
}

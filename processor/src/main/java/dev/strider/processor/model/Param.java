package dev.strider.processor.model;

import dev.strider.kernel.ElementType;

/** A parameter of a kernel method: its name and element type ({@code float[] src}, or {@code float value}). */
public record Param(String name, ElementType type, boolean array) {

    public static Param array(String name, ElementType type) {
        return new Param(name, type, true);
    }

    public static Param scalar(String name, ElementType type) {
        return new Param(name, type, false);
    }
}

package dev.strider.processor.model;

import dev.strider.kernel.ElementType;

/**
 * A parameter of a kernel method: its name and element type ({@code float[] src}, or {@code float value}).
 *
 * @param name     the name the generated code uses
 * @param declared the name the user declared, which messages quote (the same unless the generated
 *                 code renamed the parameter)
 */
public record Param(String name, ElementType type, boolean array, String declared) {

    public Param(String name, ElementType type, boolean array) {
        this(name, type, array, name);
    }

    public static Param array(String name, ElementType type) {
        return new Param(name, type, true);
    }

    public static Param scalar(String name, ElementType type) {
        return new Param(name, type, false);
    }

    /** The same parameter under another name in generated code; messages still quote {@link #declared}. */
    public Param renamed(String newName) {
        return new Param(newName, type, array, declared);
    }
}

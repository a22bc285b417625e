package dev.strider.processor.model;

import dev.strider.Target;
import java.util.List;
import java.util.Locale;

/**
 * A validated {@code @Kernels} interface: where it lives, the targets to generate and its
 * methods in declaration order.
 *
 * @param packageName the interface's package ({@code ""} for the unnamed package)
 * @param simpleNames the interface's simple name, preceded by those of its enclosing types
 */
public record KernelSet(String packageName, List<String> simpleNames, List<Target> targets,
                        List<KernelMethod> methods) {

    public KernelSet {
        simpleNames = List.copyOf(simpleNames);
        targets = List.copyOf(targets);
        methods = List.copyOf(methods);
    }

    /** {@code <Interface>_<Target>}, e.g. {@code ImageOps_Scalar}; {@code Outer_ImageOps_Scalar} when nested. */
    public String generatedName(Target target) {
        String t = target.name();
        return String.join("_", simpleNames) + "_" + t.charAt(0) + t.substring(1).toLowerCase(Locale.ROOT);
    }

    /** The canonical name: {@code com.example.Outer.ImageOps}. */
    public String qualifiedName() {
        String nested = String.join(".", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }
}

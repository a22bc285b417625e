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
 * @param memberTypes the simple names of the member types the interface declares or inherits
 *                    (its nested layout interfaces among them): generated classes inherit them,
 *                    so they hide any imported type of the same name
 */
public record KernelSet(String packageName, List<String> simpleNames, List<Target> targets,
                        List<KernelMethod> methods, List<String> memberTypes) {

    public KernelSet {
        simpleNames = List.copyOf(simpleNames);
        targets = List.copyOf(targets);
        methods = List.copyOf(methods);
        memberTypes = List.copyOf(memberTypes);
    }

    /** A set whose interface has no member types. */
    public KernelSet(String packageName, List<String> simpleNames, List<Target> targets, List<KernelMethod> methods) {
        this(packageName, simpleNames, targets, methods, List.of());
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

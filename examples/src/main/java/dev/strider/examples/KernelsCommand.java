package dev.strider.examples;

import dev.strider.Strider;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code kernels}: which generated class {@code Strider.load} picks for a kernel set on this
 * machine, and why the others were not picked.
 *
 * <pre>
 * strider-examples kernels ImageOps
 * java --add-modules jdk.incubator.vector -jar strider-examples.jar kernels dev.strider.examples.kernels.ImageOps
 * </pre>
 */
@Command(name = "kernels",
        sortOptions = false,
        description = {
            "Explain which generated class of a kernel set runs on this machine.",
            "Prints the device (Java version, cores, vector shape), the thread pool, the strider.target override,"
                    + " the selection rule and every generated class: chosen, skipped (it failed to load),"
                    + " not preferred, or rejected, with the reason; then, per method, what the tuner routes it to"
                    + " and why (cold start, measured here, the wisdom file, the rule)."},
        footer = {"",
            "Examples:",
            "  strider-examples kernels ImageOps",
            "  java --add-modules jdk.incubator.vector -jar strider-examples.jar kernels --tune BlockedOps",
            "  java --add-modules jdk.incubator.vector -jar strider-examples.jar kernels BlockedOps",
            "  java -Dstrider.target=scalar -jar strider-examples.jar kernels ImageOps"})
final class KernelsCommand implements Callable<Integer> {

    /** Where short names are looked up. */
    static final String KERNELS_PACKAGE = "dev.strider.examples.kernels";

    @Parameters(paramLabel = "KERNEL_SET",
            description = "The @Kernels interface: a class name, or a simple name in " + KERNELS_PACKAGE + " (ImageOps).")
    String name;

    @Option(names = "--tune", description = "Measure every method now (strider.tune=measure, the default mode) and"
            + " show each candidate's time and the one chosen; without it, methods not called yet show their cold start.")
    boolean tune;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Class<?> kernelSet = resolve(name);
        PrintWriter out = spec.commandLine().getOut();
        out.print(tune ? Strider.tune(kernelSet) : Strider.explain(kernelSet));
        out.flush();
        return 0;
    }

    /** {@code name} as given, else within {@link #KERNELS_PACKAGE}; an interface either way. */
    private Class<?> resolve(String name) {
        ClassLoader loader = KernelsCommand.class.getClassLoader();
        Class<?> type = find(name, loader);
        if (type == null && name.indexOf('.') < 0) {
            type = find(KERNELS_PACKAGE + "." + name, loader);
        }
        if (type == null) {
            throw new ParameterException(spec.commandLine(), "no class " + name
                    + (name.indexOf('.') < 0 ? " or " + KERNELS_PACKAGE + "." + name : "") + " on the class path");
        }
        if (!type.isInterface()) {
            throw new ParameterException(spec.commandLine(), type.getName()
                    + " is not an interface; a kernel set is an interface annotated with @dev.strider.Kernels");
        }
        return type;
    }

    private static Class<?> find(String className, ClassLoader loader) {
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}

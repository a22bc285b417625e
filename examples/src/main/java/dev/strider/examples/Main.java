package dev.strider.examples;

import dev.strider.examples.conformance.ConformanceCommand;
import dev.strider.examples.demo.DemoCommand;
import dev.strider.examples.demo.DemoOptions;
import dev.strider.examples.demo.WeightsCommand;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code strider-examples}: the command line of the examples. With no command it runs the demo
 * ({@code demo}, whose options it takes too), so that the first command a reader types shows the
 * generated kernels at work; {@code --help} lists the commands.
 */
@Command(name = "strider-examples",
        description = {"Strider examples: a picture through generated kernels, how tensor layouts map logical"
                + " indices to memory, and which generated kernels run on this machine.",
            "With no command, runs the demo with the options below."},
        synopsisSubcommandLabel = "[COMMAND]",
        subcommands = {DemoCommand.class, WeightsCommand.class, ExplainCommand.class, KernelsCommand.class, ConformanceCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Callable<Integer> {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Mixin
    DemoOptions demo;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return DemoCommand.run(spec, demo);
    }

    public static void main(String... args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line as {@link #main} does, without exiting: the exit code is returned. */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cmd = new CommandLine(new Main())
                .setOut(out)
                .setErr(err)
                .setParameterExceptionHandler(Main::usageError);
        try {
            return cmd.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * Bad arguments, from the parser or from the layout model (thrown as a
     * {@link ParameterException} by the commands): one {@code error:} line, a hint, exit code 2.
     */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String message = String.valueOf(e.getMessage());
        if (message.regionMatches(true, 0, "error: ", 0, 7)) {
            message = message.substring(7);
        }
        err.println("error: " + message);
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}

package dev.strider.examples.conformance;

import dev.strider.examples.conformance.BatchReader.Occurrence;
import dev.strider.examples.conformance.Classifier.Capabilities;
import dev.strider.examples.conformance.Classifier.Reason;
import dev.strider.examples.conformance.Classifier.Verdict;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code conformance}: reads oneDNN's benchdnn reorder batch files as benchdnn does and prints how
 * many of their cases Strider can declare, and why not the others.
 *
 * <pre>
 * strider-examples conformance
 * strider-examples conformance --list not-declarable test_reorder_smoke
 * strider-examples conformance --dir ~/oneDNN/tests/benchdnn/inputs/reorder
 * </pre>
 */
@Command(name = "conformance",
        sortOptions = false,
        description = {
            "Read oneDNN's benchdnn reorder batch files (v3.11, shipped in the jar) as benchdnn reads them, and"
                    + " classify the cases a CPU runs with fixed dims: declarable with Strider, or every reason not.",
            "Prints cases read, distinct, left out (cross-engine, run-time dims, invalid), CPU cases with fixed dims,"
                    + " declarable, and per reason; for this build and as issue 20 measured (main at d96cf26);"
                    + " and how many declarable cases take their scales and zero points at call time."},
        footer = {"",
            "Examples:",
            "  strider-examples conformance",
            "  strider-examples conformance --list declarable test_reorder_smoke",
            "  strider-examples conformance --dir ~/oneDNN/tests/benchdnn/inputs/reorder test_reorder_all"})
public final class ConformanceCommand implements Callable<Integer> {

    /** What {@code --list} prints. */
    enum Listing { NONE, DECLARABLE, NOT_DECLARABLE, ALL }

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "Top-level batch files, each read as one benchdnn run (default: test_reorder_all,"
                    + " test_reorder_ci, test_reorder_smoke, test_reorder_gpu).")
    List<String> files;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Read the batch files from DIR (a oneDNN checkout's tests/benchdnn/inputs/reorder)"
                    + " instead of the copy in the jar.")
    Path dir;

    @Option(names = "--list", paramLabel = "WHICH", converter = ListingConverter.class,
            description = "Also print the CPU fixed-dims cases: none (default), declarable, not-declarable or all;"
                    + " each with where it is first listed, benchdnn's options for it, and its reasons.")
    Listing list = Listing.NONE;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    /** picocli's converter for {@link Listing}: {@code not-declarable} and {@code NOT_DECLARABLE} alike. */
    static final class ListingConverter implements picocli.CommandLine.ITypeConverter<Listing> {
        @Override
        public Listing convert(String value) {
            try {
                return Listing.valueOf(value.replace('-', '_').toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value
                        + "' is not one of none, declarable, not-declarable, all");
            }
        }
    }

    @Override
    public Integer call() {
        BatchReader reader;
        if (dir != null) {
            if (!Files.isDirectory(dir)) {
                throw new ParameterException(spec.commandLine(), "--dir " + dir + " is not a directory");
            }
            reader = BatchReader.directory(dir);
        } else {
            reader = BatchReader.onednn();
        }
        List<String> names = files == null || files.isEmpty() ? Suite.ISSUE_20_FILES : files;
        Suite suite;
        try {
            suite = Suite.read(reader, names);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(Suite.table(names, suite.counts(Capabilities.current()), suite.counts(Capabilities.ISSUE_20)));
        List<Verdict> verdicts = suite.verdicts(Capabilities.current());
        long declarable = verdicts.stream().filter(Verdict::declarable).count();
        long runTime = verdicts.stream().filter(v -> v.declaration().map(d -> d.runTime()).orElse(false)).count();
        out.printf(Locale.ROOT, "%nof the %,d declarable today, %,d take their scales and zero points at call time"
                + " (@Scale, @ZeroPoint: some vary along dims), %,d as compile-time scale and shift or none%n",
                declarable, runTime, declarable - runTime);
        if (list != Listing.NONE) {
            out.println();
            for (Verdict v : verdicts) {
                if (list == Listing.ALL || (list == Listing.DECLARABLE) == v.declarable()) {
                    Occurrence o = suite.distinct().get(v.reorder());
                    String reasons = v.reasons().stream().map(Reason::label).collect(Collectors.joining("; "));
                    out.println(o.where() + "  " + v.reorder().repro() + (reasons.isEmpty() ? "" : "  # " + reasons));
                }
            }
        }
        out.flush();
        return 0;
    }
}

package dev.strider.examples;

import dev.strider.layout.TensorLayout;
import dev.strider.report.HtmlPage;
import dev.strider.report.MemoryMap;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code explain}: builds a layout the way {@code @Layout} declares one and shows its strides,
 * padded sizes, buffer size and, when it is small enough, its memory map. With {@code --html} it
 * also writes the drawing the processor's layout report makes for a declared layout (the same
 * {@code dev.strider.report} code, from {@code strider-report}), for a layout not declared anywhere yet.
 *
 * <pre>
 * strider-examples explain --dims NCHW --sizes 1,17,5,4 --format nChw8c
 * strider-examples explain --dims HW --sizes 2,3 --strides 5,1
 * strider-examples explain --dims NCHW --sizes 1,17,5,4 --format nChw8c --html nChw8c.html
 * </pre>
 */
@Command(name = "explain",
        sortOptions = false,
        customSynopsis = {
            "strider-examples explain --dims=DIMS --sizes=SIZE[,SIZE...]",
            "                         [--format=TAG | --strides=STRIDE[,STRIDE...]]",
            "                         [--offset=OFFSET] [--html=FILE] [-h]"},
        description = {
            "Show how a layout maps logical indices to memory.",
            "Prints the strides, padded sizes and buffer size and, for layouts of at most "
                    + MemoryMap.MAX_ELEMENTS + " elements, a memory map: each slot of the buffer and what it holds,"
                    + " then each index and its offset.",
            "Without --format or --strides the layout is packed in the order of --dims.",
            "With --html it also writes a page that draws the layout (logical view and linear memory, pad lanes,"
                    + " gaps and broadcast marked), as the annotation processor's layout report does."},
        footer = {"",
            "Examples:",
            "  strider-examples explain --dims NCHW --sizes 1,17,5,4 --format nChw8c",
            "  strider-examples explain --dims HW --sizes 2,3 --format wh",
            "  strider-examples explain --dims HW --sizes 2,3 --strides 5,1",
            "  strider-examples explain --dims HW --sizes 2,3 --strides 0,1",
            "  strider-examples explain --dims NCHW --sizes 1,17,5,4 --format nChw8c --html nChw8c.html"})
final class ExplainCommand implements Callable<Integer> {

    @Option(names = "--dims", required = true, paramLabel = "DIMS",
            description = "Logical dims, one letter each, outermost first, e.g. NCHW.")
    String dims;

    @Option(names = "--sizes", required = true, split = ",", paramLabel = "SIZE",
            description = "Logical sizes, comma separated, one per dim, e.g. 1,17,5,4.")
    int[] sizes;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Memory memory;

    static final class Memory {
        @Option(names = "--format", paramLabel = "TAG",
                description = "A memory order (nhwc, wh) or a oneDNN blocked tag (nChw8c, OIhw16i16o).")
        String format;

        @Option(names = "--strides", split = ",", paramLabel = "STRIDE",
                description = "Strides in elements, one per dim: larger than packed pads, 0 broadcasts.")
        int[] strides;
    }

    @Option(names = "--offset", defaultValue = "0", paramLabel = "OFFSET",
            description = "Base offset in elements (default: ${DEFAULT-VALUE}).")
    int offset;

    @Option(names = "--html", paramLabel = "FILE",
            description = "Also write the layout's drawing to FILE, a self-contained HTML page (any size of layout:"
                    + " a large one is drawn in part).")
    Path html;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String format = memory == null ? null : memory.format;
        int[] strides = memory == null ? null : memory.strides;
        TensorLayout layout;
        try {
            layout = TensorLayout.declared(dims, sizes, format, strides, offset);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }

        PrintWriter out = spec.commandLine().getOut();
        out.println(layout);
        out.println();
        Optional<String> tooLarge = MemoryMap.tooLarge(layout);
        if (tooLarge.isPresent()) {
            out.print(MemoryMap.describe(layout));
            out.println();
            out.println("Memory map omitted: " + tooLarge.get() + ". Try smaller sizes to see it.");
        } else {
            out.print(MemoryMap.render(layout));
        }
        if (html != null) {
            String name = layout.dims() + (layout.format().isEmpty() ? "" : " " + layout.format());
            try {
                Path parent = html.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(html, new HtmlPage("Layout " + layout).layout(name, layout).render(),
                        StandardCharsets.UTF_8);
            } catch (IOException e) {
                out.flush();
                spec.commandLine().getErr().println("error: could not write " + html + ": " + e);
                spec.commandLine().getErr().flush();
                return 1;
            }
            out.println();
            out.println("Wrote the drawing to " + html.toAbsolutePath());
        }
        out.flush();
        return 0;
    }
}

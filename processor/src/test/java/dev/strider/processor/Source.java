package dev.strider.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * A test source file that knows where its text is, so that a test names the place a diagnostic
 * must point at by quoting it: {@code "strides = |{1, 1, 1, 0}"} is the line containing
 * {@code strides = {1, 1, 1, 0}}, at the column of the {@code |}.
 */
final class Source {

    /** The imports every kernel declaration in these tests uses. */
    static final List<String> HEADER = List.of(
            "package test;",
            "",
            "import dev.strider.*;",
            "import dev.strider.BinaryOp;",
            "import dev.strider.UnaryKind;",
            "import dev.strider.Target;",
            "");

    /** Layouts of NCHW {1, 3, 4, 5} in three memory layouts, and a few others. */
    static final List<String> LAYOUTS = List.of(
            "",
            "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}) interface Planar {}",
            "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nhwc\") interface Interleaved {}",
            "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nChw8c\") interface Blocked {}",
            "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, strides = {0, 0, 5, 1}) interface Broadcast {}",
            "@Layout(dims = \"NCHW\", sizes = {1, 1, 4, 1}) interface Column {}",
            "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 3}) interface Narrow {}",
            "interface NotALayout {}");

    final String qualifiedName;
    final List<String> lines;
    final JavaFileObject file;

    private Source(String qualifiedName, List<String> lines) {
        this.qualifiedName = qualifiedName;
        this.lines = List.copyOf(lines);
        this.file = JavaFileObjects.forSourceLines(qualifiedName, this.lines);
    }

    static Source of(String qualifiedName, String... lines) {
        return new Source(qualifiedName, Arrays.asList(lines));
    }

    /** {@code test.Ops}: the header, the given lines, then {@link #LAYOUTS}. */
    static Source ops(String... body) {
        List<String> all = new ArrayList<>(HEADER);
        all.addAll(Arrays.asList(body));
        all.addAll(LAYOUTS);
        return new Source("test.Ops", all);
    }

    /** The 1-based line holding {@code place} (without its {@code |}); it must be unique. */
    long line(String place) {
        String text = place.replace("|", "");
        long found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                if (found >= 0) {
                    throw new IllegalArgumentException("\"" + text + "\" is on lines " + found + " and " + (i + 1));
                }
                found = i + 1;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("\"" + text + "\" is on no line of " + qualifiedName);
        }
        return found;
    }

    /** The 1-based column of the {@code |} in {@code place}, or of its start when it has none. */
    long column(String place) {
        String text = place.replace("|", "");
        int bar = Math.max(place.indexOf('|'), 0);
        return lines.get((int) line(place) - 1).indexOf(text) + bar + 1;
    }

    static Compilation compile(Source... sources) {
        return compile(new StriderProcessor(), List.of(), sources);
    }

    static Compilation compile(StriderProcessor processor, List<String> options, Source... sources) {
        List<JavaFileObject> files = new ArrayList<>();
        for (Source s : sources) {
            files.add(s.file);
        }
        return Compiler.javac().withProcessors(processor).withOptions(options).compile(files);
    }

    /** An error with exactly this text on the place quoted. */
    void assertError(Compilation compilation, String message, String place) {
        assertThat(compilation).hadErrorContaining(message).inFile(file).onLine(line(place)).atColumn(column(place));
    }

    /** A note with exactly this text on the place quoted. */
    void assertNote(Compilation compilation, String message, String place) {
        assertThat(compilation).hadNoteContaining(message).inFile(file).onLine(line(place)).atColumn(column(place));
    }

    /** The only error: this text on the place quoted. */
    void assertOnlyError(Compilation compilation, String message, String place) {
        assertThat(compilation).failed();
        assertError(compilation, message, place);
        assertThat(compilation).hadErrorCount(1);
    }
}

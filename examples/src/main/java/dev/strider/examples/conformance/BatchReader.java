package dev.strider.examples.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads benchdnn reorder batch files as benchdnn's reorder driver reads them, into the list of
 * cases it would run ({@code tests/benchdnn/reorder/bench_reorder.cpp}, {@code utils/parser.cpp},
 * {@code common.cpp}'s {@code batch} at oneDNN v3.11):
 *
 * <ul>
 *   <li>A file is a list of whitespace-separated tokens; a token starting with {@code #} ends
 *       its line (a comment); a token ending with {@code \} is joined to the next one, so
 *       {@code --attr-scales=a, \} on one line and {@code b} on the next are
 *       {@code --attr-scales=a,b}.</li>
 *   <li>Options set driver settings, which persist until {@code --reset} sets them back to their
 *       defaults ({@code --sdt=f32 --ddt=f32 --stag=abx --dtag=abx}, no attributes, no flags, no
 *       run-time dims, no cross-engine). Global options ({@code --engine},
 *       {@code --allow-enum-tags-only}) survive {@code --reset}.</li>
 *   <li>An option's value is a comma-separated list; an empty value is the default list, and an
 *       empty entry ({@code --attr-scales=,src:per_dim_1}) is the default entry.</li>
 *   <li>{@code --batch=FILE} reads FILE (relative to the including file's directory) with the
 *       same settings, which it may change for the rest of the including file too: benchdnn
 *       passes the same settings object down.</li>
 *   <li>Any other token is a problem: dims {@code 2x64x3x3}, optionally followed by a name
 *       {@code _n"..."}. It runs the cross product of every list, in benchdnn's order: sdt, ddt,
 *       stag, dtag, oflag, cross-engine, attributes (scales, zero points, post-ops, rounding),
 *       run-time dim mask.</li>
 * </ul>
 *
 * <p>Tags are checked with benchdnn's grammar ({@link Tags#check}) when read, and normalized
 * against the problem's rank ({@link Tags#normalize}). Unknown options are errors, as in
 * benchdnn; options that filter implementations ({@code --skip-impl}, {@code --impl}) or only
 * validate tags ({@code --allow-enum-tags-only}) are read and have no effect on the cases. Each
 * top-level file is read as one benchdnn run, starting from the defaults.
 */
public final class BatchReader {

    /** One case where a batch file asks for it: the file, the line of its problem and the problem's name. */
    public record Occurrence(ReorderCase reorder, String file, int line, String name) {
        /** {@code test_reorder_all:12}. */
        public String where() {
            return file + ":" + line;
        }
    }

    /** A batch file that benchdnn would refuse: the file, line and token at fault. */
    public static final class BatchException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BatchException(String where, String token, String message) {
            super(where + ": " + message + " (at \"" + token + "\")");
        }
    }

    private final Function<String, Optional<String>> files;

    private BatchReader(Function<String, Optional<String>> files) {
        this.files = files;
    }

    /** Files read from the class path under {@code root} ({@code benchdnn/reorder}). */
    public static BatchReader classpath(ClassLoader loader, String root) {
        return new BatchReader(name -> {
            try (InputStream in = loader.getResourceAsStream(root + "/" + name)) {
                return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The batch files of oneDNN v3.11 that ship with the examples ({@code benchdnn/reorder} on the class path). */
    public static BatchReader onednn() {
        return classpath(BatchReader.class.getClassLoader(), "benchdnn/reorder");
    }

    /** Files read from a directory. */
    public static BatchReader directory(Path dir) {
        return new BatchReader(name -> {
            try {
                return Optional.of(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Files given as text, by name (names may have directories: {@code sub/file}). */
    public static BatchReader of(Map<String, String> texts) {
        Map<String, String> copy = Map.copyOf(texts);
        return new BatchReader(name -> Optional.ofNullable(copy.get(name)));
    }

    /** Every case {@code file} asks for, in benchdnn's order, duplicates included. */
    public List<Occurrence> read(String file) {
        Run run = new Run();
        if (files.apply(file).isEmpty()) {
            throw new IllegalArgumentException("cannot open file " + file);
        }
        run.batch(file, "command line", "--batch=" + file);
        return run.cases;
    }

    // ---------------------------------------------------------------- one benchdnn run

    /** A token and the line it starts on. */
    private record Token(String text, int line) {
    }

    /** Driver settings: every list option, reset by --reset. */
    private static final class Settings {
        List<DataType> sdt = List.of(DataType.F32);
        List<DataType> ddt = List.of(DataType.F32);
        List<String> stag = List.of("abx");
        List<String> dtag = List.of("abx");
        List<List<ReorderCase.Flag>> oflag = List.of(List.of());
        List<String> crossEngine = List.of("none");
        List<Integer> runtimeDimMask = List.of(0);
        List<List<Attributes.Scale>> scales = List.of(List.of());
        List<List<Attributes.ZeroPoint>> zeroPoints = List.of(List.of());
        List<List<Attributes.Sum>> postOps = List.of(List.of());
        List<List<Attributes.Rounding>> rounding = List.of(List.of());
    }

    private final class Run {
        final List<Occurrence> cases = new ArrayList<>();
        Settings s = new Settings();
        String engine = "cpu";
        int depth;

        void batch(String file, String where, String token) {
            String text = files.apply(file).orElseThrow(() -> new BatchException(where, token, "cannot open file " + file));
            if (++depth > 32) {
                throw new BatchException(where, token, "batch files include each other more than 32 deep");
            }
            String dir = file.lastIndexOf('/') < 0 ? "" : file.substring(0, file.lastIndexOf('/') + 1);
            for (Token t : tokens(text)) {
                String at = file + ":" + t.line();
                try {
                    option(t.text(), dir, at);
                } catch (BatchException e) {
                    throw e;
                } catch (IllegalArgumentException e) {
                    throw new BatchException(at, t.text(), e.getMessage());
                }
            }
            depth--;
        }

        private void option(String o, String dir, String at) {
            String v;
            if (o.equals("--reset")) {
                s = new Settings();
            } else if ((v = value(o, "batch")) != null) {
                batch(dir + v, at, o);
            } else if ((v = value(o, "sdt")) != null) {
                s.sdt = list(v, List.of(DataType.F32), DataType::of);
            } else if ((v = value(o, "ddt")) != null) {
                s.ddt = list(v, List.of(DataType.F32), DataType::of);
            } else if ((v = value(o, "stag")) != null) {
                s.stag = list(v, List.of("abx"), BatchReader::tag);
            } else if ((v = value(o, "dtag")) != null) {
                s.dtag = list(v, List.of("abx"), BatchReader::tag);
            } else if ((v = value(o, "oflag")) != null) {
                s.oflag = list(v, List.of(List.of()), BatchReader::flags);
            } else if ((v = value(o, "cross-engine")) != null) {
                s.crossEngine = list(v, List.of("none"), BatchReader::crossEngine);
            } else if ((v = value(o, "runtime-dim-mask")) != null) {
                s.runtimeDimMask = list(v, List.of(0), BatchReader::atoi);
            } else if ((v = value(o, "attr-scales")) != null) {
                s.scales = list(v, List.of(List.of()), Attributes::parseScales);
            } else if ((v = value(o, "attr-zero-points")) != null) {
                s.zeroPoints = list(v, List.of(List.of()), Attributes::parseZeroPoints);
            } else if ((v = value(o, "attr-post-ops")) != null) {
                s.postOps = list(v, List.of(List.of()), Attributes::parsePostOps);
            } else if ((v = value(o, "attr-rounding-mode")) != null) {
                s.rounding = list(v, List.of(List.of()), Attributes::parseRounding);
            } else if ((v = value(o, "engine")) != null) {
                engine = v.isEmpty() ? "cpu" : v.split(":")[0].toLowerCase(java.util.Locale.ROOT);
                if (!engine.equals("cpu") && !engine.equals("gpu")) {
                    throw new IllegalArgumentException("unknown engine \"" + v + "\" (cpu, gpu)");
                }
            } else if (value(o, "allow-enum-tags-only") != null || value(o, "skip-impl") != null
                    || value(o, "impl") != null || value(o, "global-impl") != null
                    || value(o, "global-skip-impl") != null) {
                // implementation filters and tag validation: no effect on which cases run
            } else if (o.startsWith("-")) {
                throw new IllegalArgumentException(o.startsWith("--") ? "unknown option (this reader knows the options"
                        + " of oneDNN's reorder batch files)" : "options are passed with a -- prefix");
            } else {
                problem(o, at);
            }
        }

        private void problem(String token, String at) {
            int n = token.indexOf('n');
            String dimsText = n < 0 ? token : token.substring(0, n);
            String name = n < 0 ? "" : token.substring(n + 1);
            if (dimsText.endsWith("_")) {
                dimsText = dimsText.substring(0, dimsText.length() - 1);
            }
            List<Long> dims = new ArrayList<>();
            for (String d : dimsText.split("x", -1)) {
                if (d.isEmpty() || !d.chars().allMatch(Character::isDigit)) {
                    throw new IllegalArgumentException("dims are integers separated by x");
                }
                dims.add(Long.parseLong(d));
            }
            if (dims.size() > Tags.MAX_NDIMS) {
                throw new IllegalArgumentException("more than " + Tags.MAX_NDIMS + " dims");
            }
            int ndims = dims.size();
            int line = Integer.parseInt(at.substring(at.lastIndexOf(':') + 1));
            String file = at.substring(0, at.lastIndexOf(':'));
            for (DataType sdt : s.sdt) {
                for (DataType ddt : s.ddt) {
                    for (String stag : s.stag) {
                        for (String dtag : s.dtag) {
                            for (List<ReorderCase.Flag> flags : s.oflag) {
                                for (String cross : s.crossEngine) {
                                    for (Attributes attr : attributes()) {
                                        for (int mask : s.runtimeDimMask) {
                                            String e = cross.equals("none") ? engine : cross;
                                            ReorderCase c = new ReorderCase(dims, sdt, ddt, Tags.normalize(stag, ndims),
                                                    Tags.normalize(dtag, ndims), attr, flags, e, mask);
                                            cases.add(new Occurrence(c, file, line, name));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        /** {@code base_settings_t::finalize}: the cross product of the attribute lists. */
        private List<Attributes> attributes() {
            List<Attributes> out = new ArrayList<>();
            for (List<Attributes.Scale> sc : s.scales) {
                for (List<Attributes.ZeroPoint> zp : s.zeroPoints) {
                    for (List<Attributes.Sum> po : s.postOps) {
                        for (List<Attributes.Rounding> rm : s.rounding) {
                            out.add(new Attributes(sc, zp, po, rm));
                        }
                    }
                }
            }
            return out;
        }
    }

    // ---------------------------------------------------------------- tokens and values

    /** {@code common.cpp}'s {@code batch}: tokens, comments to the end of the line, {@code \} joins. */
    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        boolean continued = false;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            for (String word : lines[i].trim().split("\\s+")) {
                if (word.isEmpty()) {
                    continue;
                }
                if (word.startsWith("#")) {
                    break;
                }
                int line = i + 1;
                if (continued) {
                    if (out.isEmpty()) {
                        throw new BatchException("line " + line, word, "a line break with nothing before it");
                    }
                    Token previous = out.remove(out.size() - 1);
                    word = previous.text() + word;
                    line = previous.line();
                }
                if (word.endsWith("\\")) {
                    continued = true;
                    if (word.length() == 1) {
                        continue;
                    }
                    word = word.substring(0, word.length() - 1);
                } else {
                    continued = false;
                }
                out.add(new Token(word, line));
            }
        }
        return out;
    }

    /** The value of {@code --name=value}, or null when {@code option} is another option. */
    private static String value(String option, String name) {
        String prefix = "--" + name + "=";
        return option.startsWith(prefix) ? option.substring(prefix.length()) : null;
    }

    /** {@code parse_vector_str}: an empty value is the default list; entries are split at commas. */
    private static <T> List<T> list(String value, List<T> def, Function<String, T> parse) {
        if (value.isEmpty()) {
            return def;
        }
        List<T> out = new ArrayList<>();
        for (String entry : value.split(",", -1)) {
            out.add(parse.apply(entry));
        }
        return List.copyOf(out);
    }

    private static String tag(String tag) {
        if (!Tags.check(tag)) {
            throw new IllegalArgumentException("unknown or invalid tag \"" + tag + "\"");
        }
        return tag;
    }

    /** {@code FLAG:MASK[+...]}; an empty entry is no flag. */
    private static List<ReorderCase.Flag> flags(String entry) {
        List<ReorderCase.Flag> out = new ArrayList<>();
        if (!entry.isEmpty()) {
            for (String f : entry.split("\\+", -1)) {
                out.add(ReorderCase.Flag.of(f));
            }
        }
        return List.copyOf(out);
    }

    private static String crossEngine(String s) {
        String k = s.toLowerCase(java.util.Locale.ROOT);
        if (!k.equals("none") && !k.equals("cpu2gpu") && !k.equals("gpu2cpu")) {
            throw new IllegalArgumentException("unknown cross-engine kind \"" + s + "\" (none, cpu2gpu, gpu2cpu)");
        }
        return k;
    }

    /** C's {@code atoi}, as benchdnn reads {@code --runtime-dim-mask}: the leading digits, 0 for none. */
    private static int atoi(String s) {
        int i = 0;
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }
}

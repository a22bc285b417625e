package dev.strider.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The wisdom file: what the tuner measured, so that a later JVM pays nothing to choose. A text
 * file, one choice per line, tab-separated: machine key, kernel set, fingerprint of its generated
 * code, method key, the one-thread choice, the overall choice (THREADS or the same), their times
 * per call in nanoseconds, and the machine in words. Entries of other machines, JDKs and builds
 * stay in the file but are never used. Immutable; {@link #with} and {@link #write} make and store
 * a new one.
 */
final class Wisdom {

    static final String HEADER = "# Strider wisdom 1: the measured choice per method; delete the file to measure again";
    private static final int FIELDS = 9;

    /** One measured method. Labels are {@code Class} (the rule's variant) or {@code Class#n} (variant n). */
    record Entry(String machine, String kernelSet, String fingerprint, String method, String oneThread, String best,
                 double oneThreadNanos, double bestNanos, String machineWords) {

        String key() {
            return machine + "\t" + kernelSet + "\t" + method;
        }

        String line() {
            return String.join("\t", machine, kernelSet, fingerprint, method, oneThread, best,
                    String.format(Locale.ROOT, "%.1f", oneThreadNanos), String.format(Locale.ROOT, "%.1f", bestNanos),
                    machineWords);
        }
    }

    /** What reading gave: the entries, or none and the reason the file was ignored (null when it was fine or absent). */
    record Read(Wisdom wisdom, String problem) {
    }

    private final Map<String, Entry> entries;

    private Wisdom(Map<String, Entry> entries) {
        this.entries = entries;
    }

    static Wisdom empty() {
        return new Wisdom(Map.of());
    }

    /** The entry for this machine, kernel set and method, if its fingerprint matches the code that runs now. */
    Entry find(String machine, String kernelSet, String fingerprint, String method) {
        Entry e = entries.get(machine + "\t" + kernelSet + "\t" + method);
        return e != null && e.fingerprint().equals(fingerprint) ? e : null;
    }

    int size() {
        return entries.size();
    }

    /** This wisdom with {@code entry} replacing any of the same machine, kernel set and method. */
    Wisdom with(Entry entry) {
        Map<String, Entry> copy = new LinkedHashMap<>(entries);
        copy.put(entry.key(), entry);
        return new Wisdom(copy);
    }

    /** Every entry of {@code newer} over this one's. */
    Wisdom merged(Wisdom newer) {
        Map<String, Entry> copy = new LinkedHashMap<>(entries);
        copy.putAll(newer.entries);
        return new Wisdom(copy);
    }

    /** The file's text. */
    String text() {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        entries.values().forEach(e -> sb.append(e.line()).append('\n'));
        return sb.toString();
    }

    /** Parses a wisdom file's text; anything malformed makes the whole file untrusted. */
    static Read parse(String text) {
        String[] lines = text.split("\n", -1);
        if (lines.length == 0 || !lines[0].strip().equals(HEADER)) {
            return new Read(empty(), "its first line is not \"" + HEADER + "\"");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != FIELDS) {
                return new Read(empty(), "line " + (i + 1) + " has " + f.length + " fields, not " + FIELDS);
            }
            double one;
            double best;
            try {
                one = Double.parseDouble(f[6]);
                best = Double.parseDouble(f[7]);
            } catch (NumberFormatException e) {
                return new Read(empty(), "line " + (i + 1) + " has no time in nanoseconds where one belongs");
            }
            for (int k = 0; k < 6; k++) {
                if (f[k].isBlank()) {
                    return new Read(empty(), "line " + (i + 1) + " has an empty field " + (k + 1));
                }
            }
            Entry e = new Entry(f[0], f[1], f[2], f[3], f[4], f[5], one, best, f[8]);
            entries.put(e.key(), e);
        }
        return new Read(new Wisdom(entries), null);
    }

    /** Reads {@code file}: empty when it does not exist; ignored, with the reason, when it cannot be read or parsed. */
    static Read read(Path file) {
        if (file == null || !Files.exists(file)) {
            return new Read(empty(), null);
        }
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return new Read(empty(), "it cannot be read (" + Selection.describe(e) + ")");
        }
    }

    /**
     * Writes this wisdom, merged over what the file holds now (another JVM may have added to it),
     * through a temporary file and a move, so a reader never sees half a file.
     *
     * @throws IOException when it cannot be written
     */
    void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Read current = read(file);
        String text = current.wisdom().merged(this).text();
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}

package dev.strider.runtime;

import dev.strider.TuneMode;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The tuner's settings, from system properties (read when a kernel set is first loaded):
 * {@value #MODE} ({@code rules}, {@code measure}, {@code wisdom}; default {@code measure}),
 * {@value #WISDOM} (the wisdom file, or {@code none}; default {@code $XDG_CACHE_HOME/strider/wisdom.tsv},
 * else {@code ~/.cache/strider/wisdom.tsv}), {@value #METHOD_BUDGET} (milliseconds of measuring per
 * method, default 8000: a method stops measuring once its candidates are compiled and timed, most
 * within a second, but one with transposes in 8x8 and 16x16 blocks needs 1-1.5 s of calling per
 * such candidate before C2 compiles it), {@value #TOTAL_BUDGET} (per JVM, default 30000) and {@value #VECTOR_BITS} (the
 * VECTOR class the tuner times: 128, 256 or 512, else the first narrower one generated; by default
 * the first in rule order, the preferred shape, before Java 25 at most 256 bits; the tuner times
 * one shape per JVM, see {@code Selection}).
 *
 * @param wisdom the wisdom file, or null for none (one {@value #WISDOM} names must be writable in measure mode)
 */
record TuneSettings(TuneMode mode, String modeSource, Path wisdom, long methodBudgetMillis,
                    long totalBudgetMillis, int vectorBits) {

    static final String MODE = "strider.tune";
    static final String WISDOM = "strider.wisdom";
    static final String METHOD_BUDGET = "strider.tune.methodMillis";
    static final String TOTAL_BUDGET = "strider.tune.totalMillis";
    static final String VECTOR_BITS = "strider.tune.vectorBits";
    static final long DEFAULT_METHOD_BUDGET = 8000;
    static final long DEFAULT_TOTAL_BUDGET = 30000;

    /** The settings the system properties and environment give, {@code mode} overriding {@value #MODE} when not null. */
    static TuneSettings fromSystem(TuneMode mode) {
        return parse(System::getProperty, System::getenv, mode);
    }

    /**
     * @param properties the system properties
     * @param env        the environment ({@code XDG_CACHE_HOME})
     * @param override   the mode set in code, or null
     * @throws IllegalStateException naming the property, its value and the allowed values
     */
    static TuneSettings parse(UnaryOperator<String> properties, UnaryOperator<String> env, TuneMode override) {
        TuneMode mode;
        String source;
        String value = properties.apply(MODE);
        if (override != null) {
            mode = override;
            source = "set in code";
        } else if (value == null || value.isBlank()) {
            mode = TuneMode.MEASURE;
            source = MODE + " is not set; measure is the default";
        } else {
            mode = null;
            for (TuneMode m : TuneMode.values()) {
                if (m.name().equalsIgnoreCase(value.trim())) {
                    mode = m;
                }
            }
            if (mode == null) {
                throw new IllegalStateException(MODE + "=" + value + " is not a tuning mode: use rules, measure or wisdom"
                        + " (any case), or leave it unset for measure");
            }
            source = MODE + "=" + value.trim();
        }
        long method = millis(properties, METHOD_BUDGET, DEFAULT_METHOD_BUDGET);
        long total = millis(properties, TOTAL_BUDGET, DEFAULT_TOTAL_BUDGET);
        String bitsValue = properties.apply(VECTOR_BITS);
        int bits = 0;
        if (bitsValue != null && !bitsValue.isBlank()) {
            switch (bitsValue.trim()) {
                case "128": bits = 128; break;
                case "256": bits = 256; break;
                case "512": bits = 512; break;
                default:
                    throw new IllegalStateException(VECTOR_BITS + "=" + bitsValue + " is not a vector shape: use 128, 256"
                            + " or 512, or leave it unset for the preferred shape");
            }
        }
        String wisdomValue = properties.apply(WISDOM);
        Path wisdom;
        boolean explicit = wisdomValue != null && !wisdomValue.isBlank();
        if (mode == TuneMode.RULES) {
            wisdom = null;
        } else if (explicit && wisdomValue.trim().equalsIgnoreCase("none")) {
            wisdom = null;
        } else if (explicit) {
            try {
                wisdom = Path.of(wisdomValue.trim()).toAbsolutePath();
            } catch (InvalidPathException e) {
                throw new IllegalStateException(WISDOM + "=" + wisdomValue + " is not a path (" + e.getMessage()
                        + "): give a file, or none for no wisdom file");
            }
            if (mode == TuneMode.MEASURE) {
                String problem = unwritable(wisdom);
                if (problem != null) {
                    throw new IllegalStateException(WISDOM + "=" + wisdomValue + " cannot be written: " + problem
                            + "; give a writable file, or none for no wisdom file");
                }
            }
        } else {
            wisdom = defaultWisdom(properties, env);
        }
        return new TuneSettings(mode, source, wisdom, method, total, bits);
    }

    private static long millis(UnaryOperator<String> properties, String name, long fallback) {
        String value = properties.apply(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        long millis;
        try {
            millis = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            millis = 0;
        }
        if (millis <= 0) {
            throw new IllegalStateException(name + "=" + value + " is not a budget: give a whole number of milliseconds"
                    + " above 0 (default " + fallback + ")");
        }
        return millis;
    }

    /** {@code $XDG_CACHE_HOME/strider/wisdom.tsv}, else {@code ~/.cache/strider/wisdom.tsv}; null without a home. */
    static Path defaultWisdom(UnaryOperator<String> properties, UnaryOperator<String> env) {
        try {
            String cache = env.apply("XDG_CACHE_HOME");
            if (cache != null && !cache.isBlank()) {
                return Path.of(cache, "strider", "wisdom.tsv").toAbsolutePath();
            }
            String home = properties.apply("user.home");
            return home == null || home.isBlank() ? null : Path.of(home, ".cache", "strider", "wisdom.tsv");
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** Why {@code file} cannot be written (its nearest existing directory is not writable), or null. */
    static String unwritable(Path file) {
        if (Files.isDirectory(file)) {
            return file + " is a directory";
        }
        if (Files.exists(file)) {
            return Files.isWritable(file) ? null : file + " is not writable";
        }
        Path dir = file.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null || !Files.isDirectory(dir)) {
            return "no directory to create it in";
        }
        return Files.isWritable(dir) ? null : dir + " is not writable";
    }

    /** One line for explain: {@code measure (strider.tune is not set; ...), wisdom file ~/.cache/...}. */
    String describe() {
        String file = mode == TuneMode.RULES ? "" : ", wisdom file " + (wisdom == null ? "none" : wisdom.toString());
        return mode.name().toLowerCase(Locale.ROOT) + " (" + modeSource + ")" + file;
    }
}

package dev.strider.examples.onednn;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import org.bytedeco.dnnl.dnnl_version_t;
import org.bytedeco.dnnl.global.dnnl;

/**
 * What the wrapper needs from oneDNN's C API besides the primitives: loading the native library
 * with a clear error, checking every {@code dnnl_status_t}, turning names (format tags, data
 * types) into oneDNN's constants, and describing the library for benchmark records.
 *
 * <p>Names are looked up by reflection on the JavaCPP preset's {@code global.dnnl} class, which
 * holds every {@code dnnl_format_tag_t} as a {@code dnnl_<tag>} field: any tag oneDNN knows works
 * without a table here, and an unknown one fails naming the tag.
 */
public final class OneDnn {

    /** The statuses of {@code dnnl_status_t}, for messages; values are read from the preset. */
    private static final List<String> STATUSES = List.of("dnnl_success", "dnnl_out_of_memory",
            "dnnl_invalid_arguments", "dnnl_unimplemented", "dnnl_last_impl_reached", "dnnl_runtime_error",
            "dnnl_not_required", "dnnl_invalid_graph", "dnnl_invalid_graph_op", "dnnl_invalid_shape",
            "dnnl_invalid_data_type");

    private OneDnn() {
    }

    /**
     * Loads the native library (JavaCPP extracts it from the {@code dnnl} platform jar on first
     * use). Idempotent.
     *
     * @throws IllegalStateException naming the platform and the cause when it cannot load, e.g.
     *                               when the {@code linux-x86_64} jar is not on the class path
     */
    public static void load() {
        try {
            Natives.touch();
        } catch (LinkageError e) {
            throw new IllegalStateException("oneDNN's native library did not load on " + System.getProperty("os.name")
                    + " " + System.getProperty("os.arch") + " (is org.bytedeco:dnnl with the platform classifier, e.g."
                    + " linux-x86_64, on the class path?): " + describe(e), e);
        }
    }

    /** Its initialiser loads the natives, once; a failure stays a {@link LinkageError} on every later touch. */
    private static final class Natives {
        static {
            org.bytedeco.javacpp.Loader.load(dnnl.class);
        }

        static void touch() {
            // class initialisation does the work
        }
    }

    private static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        for (Throwable c = e.getCause(); c != null && c != e; c = c.getCause()) {
            sb.append("; caused by ").append(c);
        }
        return sb.toString();
    }

    /**
     * Throws unless {@code status} is {@code dnnl_success}.
     *
     * @param call the C function that returned it, with what it was asked: the message names both
     */
    static void check(int status, String call) {
        if (status != dnnl.dnnl_success) {
            throw new IllegalStateException(call + " failed: " + statusName(status) + " (" + status + ")");
        }
    }

    /** {@code dnnl_unimplemented} for 3; {@code unknown status} for values the preset does not name. */
    static String statusName(int status) {
        for (String name : STATUSES) {
            if (Integer.valueOf(status).equals(intConstant(name))) {
                return name;
            }
        }
        return "unknown status";
    }

    /**
     * The {@code dnnl_format_tag_t} of a tag: {@code nChw16c} gives {@code dnnl_nChw16c}. The name
     * must follow the tag grammar (letters, then {@code <digits><letter>} blocks) and its value lie
     * strictly between {@code dnnl_format_tag_any} and {@code dnnl_format_tag_last}, so that other
     * constants ({@code f32}, {@code success}) are not taken for tags; oneDNN itself then checks
     * the tag against the number of dims.
     */
    static int formatTag(String tag) {
        Integer value = tag.matches("[A-Za-z]+([0-9]+[A-Za-z])*") ? intConstant("dnnl_" + tag) : null;
        if (value == null || value <= dnnl.dnnl_format_tag_any || value >= dnnl.dnnl_format_tag_last) {
            throw new IllegalArgumentException("oneDNN has no format tag '" + tag + "' (no dnnl_" + tag
                    + " format tag in " + dnnl.class.getName() + ")");
        }
        return value;
    }

    /** A tag oneDNN names, as the same tag with its dim letters renamed: see {@link #permutedTag}. */
    record PermutedTag(int tag, int[] letterOf) {
    }

    /**
     * For a tag that {@code dnnl_format_tag_t} does not name ({@code Ab16a}, {@code acdefb},
     * {@code BA16b16a}: benchdnn builds those from the string with oneDNN's internals), a renaming
     * of its dim letters that it does name ({@code aB16b}): {@code letterOf[i]} is the dim the
     * named tag's letter {@code i} stands for. A memory described with the named tag on dims so
     * renamed, then {@code dnnl_memory_desc_permute_axes}, is the memory the tag describes. Null
     * when no renaming is named.
     */
    static PermutedTag permutedTag(String tag) {
        if (!tag.matches("[A-Za-z]+([0-9]+[A-Za-z])*")) {
            return null;
        }
        int n = (int) tag.chars().filter(Character::isLetter).map(Character::toLowerCase).distinct().count();
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        do {
            StringBuilder renamed = new StringBuilder();
            for (char ch : tag.toCharArray()) {
                if (Character.isLetter(ch)) {
                    char base = Character.isUpperCase(ch) ? 'A' : 'a';
                    int dim = ch - base;
                    if (dim >= n) {
                        return null;
                    }
                    renamed.append((char) (base + p[dim]));
                } else {
                    renamed.append(ch);
                }
            }
            Integer value = intConstant("dnnl_" + renamed);
            if (value != null && value > dnnl.dnnl_format_tag_any && value < dnnl.dnnl_format_tag_last) {
                int[] letterOf = new int[n];
                for (int i = 0; i < n; i++) {
                    letterOf[p[i]] = i;
                }
                return new PermutedTag(value, letterOf);
            }
        } while (nextPermutation(p));
        return null;
    }

    private static boolean nextPermutation(int[] p) {
        int i = p.length - 2;
        while (i >= 0 && p[i] >= p[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = p.length - 1;
        while (p[j] <= p[i]) {
            j--;
        }
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
        return true;
    }

    /** The {@code dnnl_data_type_t} of a type. */
    static int dataType(DataType type) {
        Integer value = intConstant(type.constant());
        if (value == null) {
            throw new IllegalStateException("the oneDNN preset has no " + type.constant());
        }
        return value;
    }

    /** A public static int field of the preset, or null. */
    private static Integer intConstant(String name) {
        load();
        try {
            Field f = dnnl.class.getField(name);
            if (f.getType() != int.class || !Modifier.isStatic(f.getModifiers())) {
                return null;
            }
            return f.getInt(null);
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + dnnl.class.getName() + "." + name, e);
        }
    }

    /** The first constant of the preset with this prefix and value, without the prefix, or the number. */
    private static String constantName(String prefix, int value) {
        load();
        for (Field f : dnnl.class.getFields()) {
            if (f.getName().startsWith(prefix) && f.getType() == int.class && Modifier.isStatic(f.getModifiers())) {
                try {
                    if (f.getInt(null) == value) {
                        return f.getName().substring(prefix.length()).toLowerCase(java.util.Locale.ROOT);
                    }
                } catch (IllegalAccessException e) {
                    // not a readable constant: skip it
                }
            }
        }
        return String.valueOf(value);
    }

    /**
     * The library as a benchmark record needs it: {@code oneDNN 3.11.0, CPU runtime omp, ISA avx2}.
     * The ISA is what oneDNN's JIT actually uses on this machine; the runtime says which thread
     * count setting applies (OMP_NUM_THREADS for omp).
     */
    public static Info info() {
        load();
        dnnl_version_t v = dnnl.dnnl_version();
        String version = v.major() + "." + v.minor() + "." + v.patch();
        return new Info(version, constantName("DNNL_RUNTIME_", dnnl.DNNL_CPU_RUNTIME),
                constantName("dnnl_cpu_isa_", dnnl.dnnl_get_effective_cpu_isa()));
    }

    /**
     * The version, CPU threading runtime ({@code omp}, {@code seq}, {@code tbb}, ...) and the
     * effective CPU ISA ({@code avx2}, {@code avx512_core}, ...).
     */
    public record Info(String version, String cpuRuntime, String isa) {
        @Override
        public String toString() {
            return "oneDNN " + version + ", CPU runtime " + cpuRuntime + ", ISA " + isa;
        }
    }
}

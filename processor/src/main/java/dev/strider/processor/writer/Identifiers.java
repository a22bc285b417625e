package dev.strider.processor.writer;

import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Param;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Every identifier a generated class declares, chosen in one place so that none can clash with
 * the user's names or with the types the generated code refers to (as JMH's {@code Identifiers}
 * does for its generated benchmarks). A writer makes one per class with {@link #of} and renders
 * the names it hands out; it never spells an identifier of its own.
 *
 * <ul>
 * <li><b>Parameters</b> keep the user's names, except one named like a type the generated code
 * calls ({@code Checks}, {@code FloatKernels}, the set's SCALAR class, ...) or like a package root
 * ({@code dev}, {@code java}): that would shadow {@code Checks.capacity(...)} or a qualified name, so the
 * generated method names it {@code Checks_}. Messages still say {@code Checks}
 * ({@link Param#declared()}).</li>
 * <li><b>Types</b> the generated code refers to are written fully qualified where a member type
 * the class inherits from the interface (or the interface itself) has the same simple name
 * ({@link #qualified()}).</li>
 * <li><b>Helper methods</b> ({@code m_range}, {@code m_steps}, {@code m_compensate}, and per variant {@code m_blocks4},
 * {@code m_scalar}) are named once per kernel set, so that the one-thread classes and THREADS
 * agree; overloads get the overload's number ({@code steps2_steps}) and no helper takes a user's
 * method name.</li>
 * <li><b>Fields</b> ({@code U8_VALUES}, {@code FLIP_SRC_W}, {@code FLOAT_256}, {@code body}) take no
 * name of any parameter of the class, whose local would hide the field (a {@code float[]
 * U8_VALUES} parameter would silently be read instead of the table), nor each other's: methods
 * whose names differ only in case get {@code U8_VALUES} and {@code U8_VALUES_}.</li>
 * <li><b>Locals</b> of a method ({@link Scope}) take no parameter's name, no type's, no package
 * root's, and always hold a lower-case letter, so they can never hide a field, all of whose names
 * are upper case or taken from the user's parameter list.</li>
 * </ul>
 */
final class Identifiers {

    /** The simple names of every type generated code names, in expressions or otherwise. */
    static final Set<String> TYPES = Set.of(
            "Checks", "HalfFloats", "Float8s", "Float4s", "Int4s", "Nibbles", "NarrowFormat", "Quantization", "Compensations", "Arrays", "DoubleKernels", "FloatKernels", "LongKernels", "IntKernels", "ShortKernels", "ByteKernels",
            "DoubleVector", "FloatVector", "LongVector", "IntVector", "ShortVector", "ByteVector",
            "Vector", "VectorSpecies", "VectorShuffle", "VectorMask", "VectorOperators",
            "KernelProvider", "GeneratedReorder", "ElementType", "TensorLayout", "Target", "KernelLoader", "Parallel",
            "Device", "Generated", "Override", "Double", "Float", "Object", "String", "Class", "List", "Map",
            "IllegalArgumentException", "Provider", "Chunks", "TunableKernels", "Workloads", "Integer", "BiConsumer",
            "Tuning", "MethodHandle", "MethodHandles", "Throwable", "ReflectiveOperationException", "LinkageError",
            "MemorySegment", "ValueLayout", "ByteOrder", "ByteBuffer", "DoubleBuffer", "FloatBuffer", "LongBuffer",
            "IntBuffer", "ShortBuffer", "Arena", "Thread");

    /** The parameter of the constructor that picks a variant: no field takes its name. */
    static final String VARIANT = "variant";

    /** The first segments of the packages of those types: a local of that name hides a qualified name. */
    static final Set<String> PACKAGE_ROOTS = Set.of("dev", "java", "javax", "jdk");

    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private final KernelSet set;
    private final List<String> qualified;
    private final Map<KernelMethod, Integer> index = new IdentityHashMap<>();
    private final List<Map<String, String>> helpers = new ArrayList<>();
    private final List<String[]> bounds = new ArrayList<>();
    /** Per method, what its helper methods' names start with: its name, or with its overload's number. */
    private final List<String> bases = new ArrayList<>();
    /** Every helper method's name handed out, and every method's of the user. */
    private final Set<String> helperNames;
    /** What no field may be called: every parameter, type and package root. */
    private final Set<String> notFields = new HashSet<>();
    private final Map<String, String> fields = new HashMap<>();
    private final Set<String> fieldNames = new HashSet<>();

    private Identifiers(KernelSet set) {
        this.set = set;
        Set<String> clash = new TreeSet<>(set.memberTypes());
        clash.addAll(set.simpleNames());
        clash.retainAll(TYPES);
        this.qualified = List.copyOf(clash);
        notFields.addAll(TYPES);
        notFields.addAll(PACKAGE_ROOTS);
        notFields.add(VARIANT);
        Set<String> userMethods = new HashSet<>();
        Map<String, Integer> overloads = new HashMap<>();
        for (KernelMethod m : set.methods()) {
            userMethods.add(m.name());
            overloads.merge(m.name(), 1, Integer::sum);
            m.params().forEach(p -> notFields.add(p.name()));
        }
        helperNames = new HashSet<>(userMethods);
        Map<String, Integer> seen = new HashMap<>();
        for (KernelMethod m : set.methods()) {
            index.put(m, helpers.size());
            int ordinal = seen.merge(m.name(), 1, Integer::sum);
            String base = overloads.get(m.name()) > 1 ? m.name() + ordinal : m.name();
            bases.add(base);
            Map<String, String> names = new HashMap<>();
            helpers.add(names);
            for (String suffix : List.of("range", "steps", "chunks")) {
                helper(m, suffix);
            }
            if (m instanceof KernelMethod.Reorder r && r.compensates()) {
                helper(m, "compensate");
                helper(m, "compensateChunk");
            }
            Set<String> avoid = new HashSet<>(TYPES);
            avoid.addAll(PACKAGE_ROOTS);
            m.params().forEach(p -> avoid.add(p.name()));
            bounds.add(new String[] {free("from", avoid), free("to", avoid)});
        }
    }

    /**
     * The identifiers of the classes generated for {@code declared}: its parameters renamed where
     * they would hide a type the generated code names. The same declaration always gets the same
     * names, in every writer.
     */
    static Identifiers of(KernelSet declared) {
        List<KernelMethod> methods = new ArrayList<>();
        // the SCALAR class is named in expressions too (Ops_Scalar.m_compensate(...))
        String scalar = declared.generatedName(dev.strider.Target.SCALAR);
        for (KernelMethod m : declared.methods()) {
            Set<String> names = new HashSet<>();
            m.params().forEach(p -> names.add(p.name()));
            methods.add(m.withParams(p -> {
                if (!TYPES.contains(p.name()) && !PACKAGE_ROOTS.contains(p.name()) && !p.name().equals(scalar)) {
                    return p;
                }
                String name = p.name() + "_";
                while (names.contains(name) || TYPES.contains(name) || name.equals(scalar)) {
                    name += "_";
                }
                names.add(name);
                return p.renamed(name);
            }));
        }
        return new Identifiers(new KernelSet(declared.packageName(), declared.simpleNames(), declared.targets(),
                methods, declared.memberTypes()));
    }

    /** The kernel set as the writers render it: its parameters under their generated names. */
    KernelSet set() {
        return set;
    }

    /** The simple names of referenced types that must be written fully qualified in this class. */
    List<String> qualified() {
        return qualified;
    }

    /** {@code m_range}: runs a chunk of {@code m}'s split node, for THREADS. */
    String range(KernelMethod m) {
        return helper(m, "range");
    }

    /** {@code m_steps}: how many steps {@code m}'s split node has, for THREADS. */
    String steps(KernelMethod m) {
        return helper(m, "steps");
    }

    /** {@code m_chunks}: the one-thread class whose chunks a THREADS call of {@code m} runs, for THREADS. */
    String chunks(KernelMethod m) {
        return helper(m, "chunks");
    }

    /**
     * {@code m_compensate}: the SCALAR class's static method that writes a compensating reorder's
     * compensations, which every class calls.
     */
    String compensate(KernelMethod m) {
        return helper(m, "compensate");
    }

    /** {@code m_compensateChunk}: the sums of a chunk of {@code m}'s compensation nest, for THREADS. */
    String compensateChunk(KernelMethod m) {
        return helper(m, "compensateChunk");
    }

    /**
     * {@code m_blocks4}, {@code m_scalar}: the private method of one variant of {@code m}. The
     * helpers of THREADS are named first, for every method, so that every class agrees on them;
     * variants are named when asked, clear of those and of each other.
     */
    String variant(KernelMethod m, String suffix) {
        return helper(m, suffix);
    }

    /** The final field that holds the variant {@code m} runs: {@code toBlocked64Variant}. */
    String choice(KernelMethod m) {
        return field("variant " + indexOf(m), bases.get(indexOf(m)) + "Variant");
    }

    private String helper(KernelMethod m, String suffix) {
        int i = indexOf(m);
        return helpers.get(i).computeIfAbsent(suffix, s -> {
            String name = bases.get(i) + "_" + s;
            while (!helperNames.add(name)) {
                name += "_";
            }
            return name;
        });
    }

    /** The chunk bounds, {@code from} and {@code to}, clear of {@code m}'s parameters. */
    String[] bounds(KernelMethod m) {
        return bounds.get(indexOf(m)).clone();
    }

    /** {@code m}'s position in the set: part of the names of the fields that belong to it. */
    int indexOf(KernelMethod m) {
        Integer i = index.get(m);
        if (i == null) {
            throw new IllegalArgumentException(m.name() + " is not a method of " + set.qualifiedName()
                    + " as Identifiers.set() gives it");
        }
        return i;
    }

    /** The field named {@code base} (shared by every method that asks for it): {@code FLOAT_256}. */
    String field(String base) {
        return field(base, base);
    }

    /**
     * The field for {@code key}, named {@code base} or, when that is taken, {@code base_}: the same
     * key always gets the same name, two keys never do.
     */
    String field(String key, String base) {
        String name = fields.get(key);
        if (name != null) {
            return name;
        }
        name = base;
        while (notFields.contains(name) || fieldNames.contains(name)) {
            name += "_";
        }
        fields.put(key, name);
        fieldNames.add(name);
        return name;
    }

    /** The 256 values a converting reorder from bytes writes: {@code NORMALIZE_VALUES}. */
    String byteTable(KernelMethod m) {
        return field("values " + indexOf(m), m.name().toUpperCase(java.util.Locale.ROOT) + "_VALUES");
    }

    /** An offset table of {@code m}'s nest: {@code FLIP_SRC_W}. */
    String table(KernelMethod m, String operand, String node) {
        return field("table " + indexOf(m) + " " + operand + " " + node,
                (m.name() + "_" + operand + "_" + node).toUpperCase(java.util.Locale.ROOT));
    }

    /** A fresh scope for the locals of one method body of {@code m}. */
    Scope scope(KernelMethod m) {
        Set<String> avoid = new HashSet<>(TYPES);
        avoid.addAll(PACKAGE_ROOTS);
        m.params().forEach(p -> avoid.add(p.name()));
        avoid.addAll(List.of(bounds(m)));
        return new Scope(avoid);
    }

    /** {@code base}, or {@code base_}, {@code base__}, ... : the first not in {@code avoid}. */
    static String free(String base, Set<String> avoid) {
        String name = base;
        while (avoid.contains(name)) {
            name += "_";
        }
        return name;
    }

    /**
     * The locals of one method body. A name is handed out once per base and kept for the whole
     * body (sibling loops over the same node share their variable); distinct bases never share a
     * name, whatever blocks they are declared in.
     */
    static final class Scope {
        private final Set<String> avoid;
        private final Map<String, String> locals = new HashMap<>();
        private final Set<String> taken = new LinkedHashSet<>();
        private final Set<String> prefixes = new HashSet<>();

        Scope(Set<String> avoid) {
            this.avoid = avoid;
        }

        /** The local for {@code base}: {@code hw}, or {@code hw_} when a parameter is called {@code hw}. */
        String local(String base) {
            String name = locals.get(base);
            if (name != null) {
                return name;
            }
            name = hasLowerCase(base) ? base : base + "v";
            while (isTaken(name)) {
                name += "_";
            }
            locals.put(base, name);
            taken.add(name);
            return name;
        }

        /**
         * A prefix {@code p} for numbered locals {@code p0, p1, ...} ({@code r0} for the rows of a
         * transpose): {@code base}, or {@code base_} when a taken name is {@code base} and a number.
         * Every later local avoids the family.
         */
        String numbered(String base) {
            String prefix = base;
            while (familyTaken(prefix)) {
                prefix += "_";
            }
            prefixes.add(prefix);
            return prefix;
        }

        private boolean isTaken(String name) {
            if (avoid.contains(name) || taken.contains(name)) {
                return true;
            }
            for (String p : prefixes) {
                if (name.startsWith(p) && DIGITS.matcher(name.substring(p.length())).matches()) {
                    return true;
                }
            }
            return false;
        }

        private boolean familyTaken(String prefix) {
            if (prefixes.contains(prefix)) {
                return false; // the same family again (a later block): its numbers are free there
            }
            for (Set<String> names : List.of(avoid, taken)) {
                for (String n : names) {
                    if (n.startsWith(prefix) && DIGITS.matcher(n.substring(prefix.length())).matches()) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static boolean hasLowerCase(String s) {
            return !s.equals(s.toUpperCase(java.util.Locale.ROOT));
        }
    }

}

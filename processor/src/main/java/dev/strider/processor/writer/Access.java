package dev.strider.processor.writer;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import dev.strider.kernel.ElementType;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.Memory;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.LoopPlan;
import dev.strider.processor.plan.MemoryRoute;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * The loads and stores of one method body, by the route its plan chose per operand
 * ({@link MemoryRoute}): {@code a[i]} on an array, {@code b.get(i)} on a buffer sliced at its
 * position, {@code s.getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i)} on a segment (or {@code s.get(..., offset)}
 * where the nest counts bytes, {@code MethodPlan.byteOffsets}), and the vector
 * loads of each. Everything else about the body (nest, literals, unrolling) is the same for every
 * kind of memory. The buffers' slices and segment views a body uses are declared by
 * {@link #prologue()}, asked once the body is written.
 */
final class Access {

    static final ClassName MEMORY_SEGMENT = ClassName.get(Memory.FOREIGN_PACKAGE, "MemorySegment");
    static final ClassName VALUE_LAYOUT = ClassName.get(Memory.FOREIGN_PACKAGE, "ValueLayout");
    static final ClassName BYTE_ORDER = ClassName.get("java.nio", "ByteOrder");
    static final ClassName BYTE_BUFFER = ClassName.get("java.nio", "ByteBuffer");
    static final ClassName ARENA = ClassName.get(Memory.FOREIGN_PACKAGE, "Arena");
    static final ClassName NIBBLES = ClassName.get("dev.strider.kernel", "Nibbles");
    static final ClassName RAW_MEMORY = ClassName.get("dev.strider.kernel", "RawMemory");
    static final ClassName REFERENCE = ClassName.get("java.lang.ref", "Reference");

    /** A name or a number: an index that needs no parentheses when multiplied. */
    private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*|\\d+");

    private final KernelMethod method;
    private final MethodPlan plan;
    private final Identifiers.Scope scope;
    private final LoopPlan loops;
    /** The segment view of each buffer whose vectors go through {@code MemorySegment.ofBuffer}, once used. */
    private final Map<Param, String> views = new LinkedHashMap<>();
    /** The byte buffer over each segment of 4-bit elements, which {@code Nibbles} reads and writes, once used. */
    private final Map<Param, String> nibbleViews = new LinkedHashMap<>();
    /**
     * The byte order of each buffer whose vectors go through a segment, read once into a local:
     * read from the buffer at every load and store ({@code src.order()}), C2 reloaded it after each
     * store to native memory, and 8x8 blocks on direct buffers ran at 93-123 us against 24-27 with
     * the local (nchw to nChw16c 1x64x56x56, AMD EPYC Zen 4, JDK 25; 4x4 blocks 35-52 either way).
     */
    private final Map<Param, String> orders = new LinkedHashMap<>();
    /**
     * The field holding the exact class of a vector of an element type and a width in bits
     * ({@code FLOAT_256_CLASS}), which stores cast to where the plan says so
     * ({@link dev.strider.processor.plan.VectorPlan#exactStores}); null where they do not.
     */
    private final BiFunction<ElementType, Integer, String> exactClasses;
    /**
     * The offsets of segment operands count bytes, not elements ({@code MethodPlan.byteOffsets}), and
     * buffers are read and written through their segment views ({@code MethodPlan.viewsInBytes}).
     */
    private final boolean byteOffsets;
    /**
     * Buffers are read and written by address ({@code MethodPlan.byAddress}), in byte offsets: the
     * address of each, a parameter of the nest, once used.
     */
    private final boolean byAddress;
    private final Map<Param, String> addresses = new LinkedHashMap<>();

    /**
     * @param method the method as the class writes it (its parameters renamed where they would clash)
     * @param plan   the method's plan, whose routes are in parameter order
     */
    Access(KernelMethod method, MethodPlan plan, Identifiers.Scope scope) {
        this(method, plan, scope, null);
    }

    /**
     * @param loops the nest whose offsets the body's reads take, when they all come from it: then a
     *              4-bit operand whose offsets the plan proves even ({@link LoopPlan#evenOffsets})
     *              is read from a known half of its byte; null for none
     */
    Access(KernelMethod method, MethodPlan plan, Identifiers.Scope scope, LoopPlan loops) {
        this(method, plan, scope, loops, null, false);
    }

    /**
     * @param exactClasses the field of the exact vector class of an element type and width, which every
     *                     vector store casts to; null for plain stores
     * @param byteOffsets  the offsets of segment operands count bytes ({@code MethodPlan.byteOffsets}): an
     *                     access takes them as they are, {@code get(layout, offset)}
     */
    Access(KernelMethod method, MethodPlan plan, Identifiers.Scope scope, LoopPlan loops,
           BiFunction<ElementType, Integer, String> exactClasses, boolean byteOffsets) {
        this(method, plan, scope, loops, exactClasses, byteOffsets, false);
    }

    /**
     * @param byAddress buffers are reached by address ({@code MethodPlan.byAddress}): then
     *                  {@code byteOffsets} holds too, and {@code RawMemory.getFloat(srcAddress + offset)}
     *                  reads a buffer
     */
    Access(KernelMethod method, MethodPlan plan, Identifiers.Scope scope, LoopPlan loops,
           BiFunction<ElementType, Integer, String> exactClasses, boolean byteOffsets, boolean byAddress) {
        if (byAddress && !byteOffsets) {
            throw new IllegalArgumentException("addresses take offsets in bytes");
        }
        this.method = method;
        this.plan = plan;
        this.scope = scope;
        this.loops = loops;
        this.exactClasses = exactClasses;
        this.byteOffsets = byteOffsets;
        this.byAddress = byAddress;
    }

    /** The Java type of a parameter: {@code float}, {@code float[]}, {@code FloatBuffer}, {@code MemorySegment}. */
    static TypeName type(Param p) {
        TypeName primitive = KernelClass.primitive(p.type());
        return switch (p.memory()) {
            case VALUE -> primitive;
            case ARRAY -> ArrayTypeName.of(primitive);
            case BUFFER -> ClassName.get("java.nio", Memory.bufferName(p.type()));
            case BYTE_BUFFER -> BYTE_BUFFER;
            case SEGMENT -> MEMORY_SEGMENT;
        };
    }

    // ------------------------------------------------------------------ the body's start

    /**
     * What the body declares before its first load: each buffer sliced at its position (so that
     * element 0 is there, and a byte buffer keeps its order), and the segment views of buffers
     * whose vectors go through segments.
     */
    CodeBlock prologue() {
        CodeBlock.Builder b = CodeBlock.builder();
        for (Param p : method.params()) {
            MemoryRoute route = route(p);
            if (!route.buffer()) {
                continue;
            }
            if (p.memory() == Memory.BYTE_BUFFER) {
                b.addStatement("$N = $N.slice().order($N.order())", p.name(), p.name(), p.name());
            } else {
                b.addStatement("$N = $N.slice()", p.name(), p.name());
            }
        }
        views.forEach((p, view) -> b.addStatement("$T $N = $T.ofBuffer($N)", MEMORY_SEGMENT, view, MEMORY_SEGMENT, p.name()));
        orders.forEach((p, order) -> b.addStatement("$T $N = $N.order()", BYTE_ORDER, order, p.name()));
        // the tensor's bytes only: a segment of more than 2^31 - 1 bytes has no byte buffer view
        nibbleViews.forEach((p, view) -> b.addStatement("$T $N = $N.asSlice(0, $LL).asByteBuffer()", BYTE_BUFFER, view,
                p.name(), dev.strider.kernel.Nibbles.bytes(method.layoutOf(p).layout().bufferSize())));
        if (!b.isEmpty()) {
            return CodeBlock.builder().add("// element 0 of each buffer at its position\n").add(b.build()).build();
        }
        return b.build();
    }

    // ------------------------------------------------------------------ one element

    /** The element of {@code p} at {@code index}: for packed 4-bit elements its four bits, {@code Nibbles.get(p, index)}. */
    CodeBlock read(Param p, CodeBlock index) {
        if (p.packed()) {
            Optional<NestWriter.Offset> at = NestWriter.Offset.parse(index);
            if (loops != null && at.isPresent() && loops.evenOffsets(p == method.output() ? 0 : Problem.operand(method, p))) {
                // an even variable plus a literal: the literal says which half of which byte
                long literal = at.get().literal();
                long half = Math.floorDiv(literal, 2);
                CodeBlock b = at.get().variable() == null ? CodeBlock.of("$L", half)
                        : half == 0 ? CodeBlock.of("$N >> 1", at.get().variable())
                        : CodeBlock.of("($N >> 1) $L $L", at.get().variable(), half < 0 ? "-" : "+", Math.abs(half));
                return CodeBlock.of("$T.$L($N, $L)", NIBBLES, Math.floorMod(literal, 2) == 0 ? "low" : "high", nibbles(p), b);
            }
            return CodeBlock.of("$T.get($N, $L)", NIBBLES, nibbles(p), index);
        }
        if (byAddress && route(p) == MemoryRoute.BUFFER) {
            return CodeBlock.of("$T.get$L($N + $L)", RAW_MEMORY, KernelClass.titled(p.type()), address(p), longIndex(index));
        }
        if (byteOffsets && route(p) == MemoryRoute.BUFFER_SEGMENT) {
            return CodeBlock.of("$N.get($T.$L, $L)", view(p), VALUE_LAYOUT, layout(p.type()), longIndex(index));
        }
        return switch (route(p)) {
            case VALUE -> throw new IllegalArgumentException(p.name() + " is a value");
            case ARRAY -> CodeBlock.of("$N[$L]", p.name(), index);
            case BUFFER, BUFFER_SEGMENT -> p.memory() == Memory.BYTE_BUFFER && p.type() != ElementType.BYTE
                    ? CodeBlock.of("$N.get$L($L)", p.name(), KernelClass.titled(p.type()), byteIndex(index, p.type(), false))
                    : CodeBlock.of("$N.get($L)", p.name(), index);
            case SEGMENT -> CodeBlock.of("$N.$L($T.$L, $L)", p.name(), byteOffsets ? "get" : "getAtIndex", VALUE_LAYOUT,
                    layout(p.type()), longIndex(index));
        };
    }

    /** {@code p[index] = value;} in the memory's own spelling; {@code Nibbles.set(p, index, value);} for 4-bit elements. */
    CodeBlock write(Param p, CodeBlock index, CodeBlock value) {
        if (p.packed()) {
            return CodeBlock.of("$T.set($N, $L, $L);\n", NIBBLES, nibbles(p), index, value);
        }
        if (byAddress && route(p) == MemoryRoute.BUFFER) {
            return CodeBlock.of("$T.put$L($N + $L, $L);\n", RAW_MEMORY, KernelClass.titled(p.type()), address(p),
                    longIndex(index), value);
        }
        if (byteOffsets && route(p) == MemoryRoute.BUFFER_SEGMENT) {
            return CodeBlock.of("$N.set($T.$L, $L, $L);\n", view(p), VALUE_LAYOUT, layout(p.type()), longIndex(index), value);
        }
        return switch (route(p)) {
            case VALUE -> throw new IllegalArgumentException(p.name() + " is a value");
            case ARRAY -> CodeBlock.of("$N[$L] = $L;\n", p.name(), index, value);
            case BUFFER, BUFFER_SEGMENT -> p.memory() == Memory.BYTE_BUFFER && p.type() != ElementType.BYTE
                    ? CodeBlock.of("$N.put$L($L, $L);\n", p.name(), KernelClass.titled(p.type()),
                            byteIndex(index, p.type(), false), value)
                    : CodeBlock.of("$N.put($L, $L);\n", p.name(), index, value);
            case SEGMENT -> CodeBlock.of("$N.$L($T.$L, $L, $L);\n", p.name(), byteOffsets ? "set" : "setAtIndex", VALUE_LAYOUT,
                    layout(p.type()), longIndex(index), value);
        };
    }

    /** A zero into {@code p[index]} (a pad lane). */
    CodeBlock zero(Param p, CodeBlock index) {
        if (p.packed()) {
            return write(p, index, CodeBlock.of("0"));
        }
        if (route(p) == MemoryRoute.ARRAY) {
            return CodeBlock.of("$N[$L] = 0;\n", p.name(), index);
        }
        boolean narrow = p.type() == ElementType.BYTE || p.type() == ElementType.SHORT;
        return write(p, index, narrow ? CodeBlock.of("($L) 0", p.type().javaName()) : CodeBlock.of("0"));
    }

    // ------------------------------------------------------------------ vectors

    /** {@code FloatVector.fromArray(species, p, index)}, or the load of {@code p}'s route. */
    CodeBlock load(Param p, ClassName vector, String species, CodeBlock index) {
        return switch (route(p)) {
            case ARRAY -> CodeBlock.of("$T.fromArray($N, $N, $L)", vector, species, p.name(), index);
            case BUFFER_SEGMENT -> CodeBlock.of("$T.fromMemorySegment($N, $N, $L, $N)", vector, species, view(p),
                    byteIndex(index, p.type(), true), order(p));
            case SEGMENT -> CodeBlock.of("$T.fromMemorySegment($N, $N, $L, $T.nativeOrder())", vector, species, p.name(),
                    segmentBytes(index, p.type()), BYTE_ORDER);
            default -> throw new IllegalStateException(p.name() + " has no vector route: " + route(p));
        };
    }

    /**
     * {@code value.intoArray(p, index);}, or the store of {@code p}'s route, for a vector of {@code lanes}
     * of {@code p}'s elements; cast to its exact class first where the plan says so.
     */
    CodeBlock store(CodeBlock value, int lanes, Param p, CodeBlock index) {
        value = exact(value, p.type(), lanes);
        return switch (route(p)) {
            case ARRAY -> CodeBlock.of("$L.intoArray($N, $L);\n", value, p.name(), index);
            case BUFFER_SEGMENT -> CodeBlock.of("$L.intoMemorySegment($N, $L, $N);\n", value, view(p),
                    byteIndex(index, p.type(), true), order(p));
            case SEGMENT -> CodeBlock.of("$L.intoMemorySegment($N, $L, $T.nativeOrder());\n", value, p.name(),
                    segmentBytes(index, p.type()), BYTE_ORDER);
            default -> throw new IllegalStateException(p.name() + " has no vector route: " + route(p));
        };
    }

    /**
     * {@code value}, a vector of {@code lanes} elements of {@code type}, as its exact class where the plan's
     * stores say so ({@code ((FloatVector) FLOAT_256_CLASS.cast(value))}); else {@code value}.
     */
    CodeBlock exact(CodeBlock value, ElementType type, int lanes) {
        if (exactClasses == null) {
            return value;
        }
        return CodeBlock.of("(($T) $N.cast($L))", VectorWriter.vectorClass(type),
                exactClasses.apply(type, lanes * 8 * type.bytes()), value);
    }

    /** The route the plan chose for {@code p}. */
    MemoryRoute route(Param p) {
        int i = method.params().indexOf(p);
        if (i < 0) {
            throw new IllegalArgumentException(p.name() + " is not a parameter of " + method.name());
        }
        return plan.routes().get(i);
    }

    /**
     * What {@code Nibbles} takes for {@code p}'s 4-bit elements: its array or (sliced) byte buffer,
     * or for a segment a byte buffer over the tensor's bytes of it ({@code asSlice(0, n)
     * .asByteBuffer()}: the runtime compiles for Java 17 and names no segments), declared by
     * {@link #prologue()}.
     */
    private String nibbles(Param p) {
        return p.memory() == Memory.SEGMENT ? nibbleViews.computeIfAbsent(p, q -> scope.local(q.name() + "Bytes")) : p.name();
    }

    /**
     * The locals the prologue declares that the nest reads, as parameters, where a buffer's vectors
     * go through a segment view (else none): its views, byte orders and 4-bit views. A vector
     * variant makes them in a method of their own and passes them to the method of its nest: made
     * in the nest's method, whose C2 code then lost its speed once another variant of the class had
     * run (direct buffers, nchw to nChw16c 1x64x56x56, the 8x8 blocks 63.5-64.5 us after 3,000 calls
     * of the 4x4 ones against 23.0 first; 22.5-24.0 with the views passed in; AMD EPYC Zen 4, JDK
     * 25), as segments passed in never did.
     */
    List<com.palantir.javapoet.ParameterSpec> handOff() {
        if (views.isEmpty() && addresses.isEmpty()) {
            return List.of();
        }
        List<com.palantir.javapoet.ParameterSpec> locals = new java.util.ArrayList<>();
        views.values().forEach(view -> locals.add(com.palantir.javapoet.ParameterSpec.builder(MEMORY_SEGMENT, view).build()));
        addresses.values().forEach(a -> locals.add(com.palantir.javapoet.ParameterSpec.builder(TypeName.LONG, a).build()));
        nibbleViews.values().forEach(view -> locals.add(com.palantir.javapoet.ParameterSpec.builder(BYTE_BUFFER, view).build()));
        orders.values().forEach(order -> locals.add(com.palantir.javapoet.ParameterSpec.builder(BYTE_ORDER, order).build()));
        return locals;
    }

    /**
     * For a nest in bytes through its buffers' views ({@code MethodPlan.viewsInBytes}): what its caller
     * runs it on, every viewed buffer of elements wider than a byte in native order
     * ({@code src.order() == ByteOrder.nativeOrder()}), where the views read native order; empty
     * where only byte buffers of bytes are viewed, whose order reads nothing. By address ({@code
     * MethodPlan.byAddress}): every buffer usable so, its layout's bytes remaining ({@code
     * RawMemory.usable(src, 4, 802816L)}), and, for elements wider than a byte, in native order.
     */
    Optional<CodeBlock> nativeOrders() {
        CodeBlock.Builder b = CodeBlock.builder();
        for (Param p : addresses.keySet()) {
            // the bytes its layout spans, asked again of the slice: no other thread moves that
            long bytes = method.layoutOf(p).layout().bufferSize() * p.type().bytes();
            b.add(b.isEmpty() ? "$T.usable($N, $L, $LL)" : " && $T.usable($N, $L, $LL)", RAW_MEMORY, p.name(),
                    p.type().bytes(), bytes);
            if (p.type().bytes() > 1) {
                b.add(" && $N.order() == $T.nativeOrder()", p.name(), BYTE_ORDER);
            }
        }
        for (Param p : views.keySet()) {
            if (p.type().bytes() > 1) {
                b.add(b.isEmpty() ? "$N.order() == $T.nativeOrder()" : " && $N.order() == $T.nativeOrder()", p.name(),
                        BYTE_ORDER);
            }
        }
        return b.isEmpty() ? Optional.empty() : Optional.of(b.build());
    }

    /** {@code MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst)}: the views {@link #handOff} names, as the caller makes them. */
    CodeBlock viewArguments() {
        CodeBlock.Builder b = CodeBlock.builder();
        for (Param p : views.keySet()) {
            b.add(b.isEmpty() ? "$T.ofBuffer($N)" : ", $T.ofBuffer($N)", MEMORY_SEGMENT, p.name());
        }
        for (Param p : addresses.keySet()) {
            b.add(b.isEmpty() ? "$T.address($N)" : ", $T.address($N)", RAW_MEMORY, p.name());
        }
        return b.build();
    }

    /**
     * {@code Reference.reachabilityFence(src);} for each buffer reached by address, which its
     * caller runs after the nest: a direct buffer's memory is freed with the buffer, and the nest
     * holds only its address, so the buffer must stay reachable until the nest returns.
     */
    CodeBlock fences() {
        CodeBlock.Builder b = CodeBlock.builder();
        addresses.keySet().forEach(p -> b.addStatement("$T.reachabilityFence($N)", REFERENCE, p.name()));
        return b.build();
    }

    private String address(Param p) {
        return addresses.computeIfAbsent(p, q -> scope.local(q.name() + "Address"));
    }

    private String order(Param p) {
        return orders.computeIfAbsent(p, q -> scope.local(q.name() + "Order"));
    }

    private String view(Param p) {
        return views.computeIfAbsent(p, q -> scope.local(q.name() + "Memory"));
    }

    // ------------------------------------------------------------------ the tuner's workloads

    /**
     * Declares {@code p} as the tuner's workload of {@code length} elements: an array, a direct
     * buffer in native order or a segment of an automatic arena, as the method takes it, filled by
     * {@code Workloads.filled} when {@code filled} (an input), zero otherwise.
     */
    static CodeBlock workload(Param p, int length, boolean filled, ClassName workloads) {
        TypeName primitive = KernelClass.primitive(p.type());
        // 16-bit floats get the codes of 1 to 7, not 1 to 7 as codes (f16 subnormals, slow to widen)
        String fill = p.narrow() == dev.strider.kernel.NarrowFormat.F16 ? "filledF16"
                : p.narrow() == dev.strider.kernel.NarrowFormat.BF16 ? "filledBf16" : "filled";
        CodeBlock values = filled ? CodeBlock.of("$T.$L(new $T[$L])", workloads, fill, primitive, length) : null;
        long bytes = (long) length * p.type().bytes();
        String typed = KernelClass.titled(p.type());
        return switch (p.memory()) {
            case VALUE -> throw new IllegalArgumentException(p.name() + " is a value");
            case ARRAY -> filled ? CodeBlock.of("$T $N = $L;\n", type(p), p.name(), values)
                    : CodeBlock.of("$T $N = new $T[$L];\n", type(p), p.name(), primitive, length);
            // a direct buffer holds at most 2^31 - 1 bytes; a larger tensor of wider elements takes a heap buffer
            case BUFFER -> bytes > Integer.MAX_VALUE
                    ? CodeBlock.of("$T $N = $T.allocate($L)$L;\n", type(p), p.name(), type(p), length,
                            filled ? CodeBlock.of(".put(0, $L)", values) : CodeBlock.of(""))
                    : CodeBlock.of("$T $N = $T.allocateDirect($L).order($T.nativeOrder()).as$LBuffer()$L;\n",
                            type(p), p.name(), BYTE_BUFFER, bytes, BYTE_ORDER, typed,
                            filled ? CodeBlock.of(".put(0, $L)", values) : CodeBlock.of(""));
            case BYTE_BUFFER -> {
                CodeBlock.Builder b = CodeBlock.builder().addStatement("$T $N = $T.allocateDirect($L).order($T.nativeOrder())",
                        BYTE_BUFFER, p.name(), BYTE_BUFFER, bytes, BYTE_ORDER);
                if (filled) {
                    b.addStatement(p.type() == ElementType.BYTE ? "$N.put(0, $L)" : "$N.as$LBuffer().put(0, $L)",
                            p.type() == ElementType.BYTE ? new Object[] {p.name(), values} : new Object[] {p.name(), typed, values});
                }
                yield b.build();
            }
            case SEGMENT -> {
                CodeBlock.Builder b = CodeBlock.builder().addStatement("$T $N = $T.ofAuto().allocate($LL)", MEMORY_SEGMENT,
                        p.name(), ARENA, bytes);
                if (filled) {
                    b.addStatement("$T.copy($L, 0, $N, $T.$L, 0, $L)", MEMORY_SEGMENT, values, p.name(), VALUE_LAYOUT,
                            layout(p.type()), length);
                }
                yield b.build();
            }
        };
    }

    // ------------------------------------------------------------------ spelling

    /** {@code JAVA_FLOAT_UNALIGNED}; bytes need no alignment and have no unaligned layout. */
    static String layout(ElementType type) {
        String name = "JAVA_" + type.name().toUpperCase(Locale.ROOT);
        return type == ElementType.BYTE ? name : name + "_UNALIGNED";
    }

    /** The byte offset of a segment operand's {@code index}: itself where offsets count bytes, else scaled ({@link #byteIndex}). */
    private CodeBlock segmentBytes(CodeBlock index, ElementType type) {
        return byteOffsets ? longIndex(index) : byteIndex(index, type, true);
    }

    /** {@code i + 3L}: a segment's long element index, its literal added after the variable is widened ({@link #byteIndex}). */
    private static CodeBlock longIndex(CodeBlock index) {
        return variablePlusLiteral(index).map(o -> CodeBlock.of("$N $L $LL", o.variable(), o.literal() < 0 ? "-" : "+",
                Math.abs(o.literal()))).orElse(index);
    }

    /** {@code index} as a local variable plus a nonzero literal ({@code NestWriter.Offset}), if it is one. */
    private static Optional<NestWriter.Offset> variablePlusLiteral(CodeBlock index) {
        return NestWriter.Offset.parse(index).filter(o -> o.variable() != null && o.literal() != 0);
    }

    /**
     * {@code 4 * (i + 3)}, {@code i} for bytes; for a segment's long offsets {@code 4L * i + 12L}
     * and {@code i + 3L}: the literal is added in long, after the variable is widened, so that C2
     * folds it into the address of the access instead of widening each sum of int variable and
     * literal again (the same value: offsets are int indices that do not overflow).
     */
    private static CodeBlock byteIndex(CodeBlock index, ElementType type, boolean wide) {
        String text = index.toString();
        Optional<NestWriter.Offset> sum = wide ? variablePlusLiteral(index) : Optional.empty();
        if (sum.isPresent()) {
            long literal = sum.get().literal() * type.bytes();
            CodeBlock variable = type.bytes() == 1 ? CodeBlock.of("$N", sum.get().variable())
                    : CodeBlock.of("$LL * $N", type.bytes(), sum.get().variable());
            return CodeBlock.of("$L $L $LL", variable, literal < 0 ? "-" : "+", Math.abs(literal));
        }
        if (type.bytes() == 1) {
            return index;
        }
        String factor = type.bytes() + (wide ? "L" : "");
        if (text.matches("\\d+")) {
            return CodeBlock.of("$L$L", Long.parseLong(text) * type.bytes(), wide ? "L" : "");
        }
        return SIMPLE.matcher(text).matches()
                ? CodeBlock.of("$L * $L", factor, index)
                : CodeBlock.of("$L * ($L)", factor, index);
    }
}

package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.RawMemory;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Memory;
import dev.strider.processor.model.Param;
import dev.strider.runtime.Parallel;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The generated kernels on buffers and segments against the generic kernels on arrays: random
 * declarations as {@link GeneratedVersusGenericTest} makes them, each tensor parameter turned into
 * a typed buffer, a byte buffer or (on a JDK with the final FFM API) a segment, and each argument
 * placed at random: heap or direct, either byte order, at a position or a byte offset inside a
 * larger buffer or segment (unaligned for byte buffers and segments), native segments of
 * confined, shared and automatic arenas and heap ones. Every target and variant computes every
 * element the generic kernels compute, and nothing before element 0 changes. Bad inputs throw
 * before anything is written.
 */
class OffHeapKernelsTest {

    /** The release the kernels are compiled for: this JDK's where it has the final FFM API, else 17. */
    static final int RELEASE = Runtime.version().feature() >= JavaApis.FFM_RELEASE ? Runtime.version().feature() : 17;
    static final boolean SEGMENTS = RELEASE >= JavaApis.FFM_RELEASE;
    /**
     * What this JDK's javac offers: segments, and vectors from them and from buffers, from 22;
     * two-vector selects, from 24 (the Java 25 forms of 512-bit classes select their rows).
     */
    static final JavaApis APIS = new JavaApis(RELEASE, SEGMENTS, SEGMENTS, RELEASE >= JavaApis.SELECTS_RELEASE);

    private static final ForkJoinPool POOL = new ForkJoinPool(3);
    private static final byte SENTINEL = 0x5A;

    @BeforeAll
    static void threeWorkers() {
        Parallel.usePool(POOL);
    }

    @Test
    void offHeapKernelsComputeWhatTheGenericKernelsCompute() {
        long seed = Long.getLong("strider.seed", 20261125L);
        Random r = new Random(seed);
        int cases = 0;
        Map<String, Integer> kinds = new TreeMap<>();
        for (int batch = 0; batch < 4; batch++) {
            // THREADS over the fork-join pool in even batches, over Parallel's team of watching workers in odd ones
            if (batch % 2 == 0) {
                Parallel.usePool(POOL);
            } else {
                Parallel.useTeam();
            }
            List<KernelMethod> methods = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                methods.add(offHeap(GeneratedVersusGenericTest.randomMethod(r, "m" + i), r));
            }
            KernelSet set = new KernelSet("offheap" + batch, List.of("Ops"),
                    List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods);
            List<JavaFile> files = Writers.everyTarget(set, batch % 2 == 0 ? 64 : 2, batch % 2 == 0 ? 1 : 200,
                    batch / 2 == 0 ? ProcessorOptions.DEFAULT_TRANSPOSE_BITS : 512, APIS);
            List<Object> targets = GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, files, RELEASE));
            for (KernelMethod m : methods) {
                for (Object target : targets) {
                    check(target, m, r, kinds);
                    cases++;
                }
            }
        }
        Parallel.usePool(POOL);
        System.out.println("[off-heap] " + cases + " cases passed on release " + RELEASE + " (seed " + seed
                + "); arguments placed: " + kinds);
        for (String kind : List.of("heap buffer", "direct buffer", "byte buffer")) {
            assertTrue(kinds.getOrDefault(kind, 0) > 0, kind + ": " + kinds);
        }
        if (SEGMENTS) {
            assertTrue(kinds.getOrDefault("native segment", 0) > 0 && kinds.getOrDefault("heap segment", 0) > 0,
                    kinds::toString);
        }
    }

    /**
     * Methods whose tensors are all segments count their scalar nests' offsets in bytes ({@code
     * MethodPlan.byteOffsets}): every class and variant computes what the generic kernels compute,
     * among them the VECTOR classes' scalar nests, which zero padded outputs' pad lanes in vectors at
     * those offsets; and the SCALAR class reads and writes at byte offsets, never by index.
     */
    @Test
    void segmentsAloneCountTheirScalarOffsetsInBytes() {
        Assumptions.assumeTrue(SEGMENTS, "MemorySegment parameters need release " + JavaApis.FFM_RELEASE);
        Random r = new Random(20261128L);
        KernelSet set = padsWidthsAndRandoms("segmentsAlone", r, p -> Memory.SEGMENT);
        List<JavaFile> files = classes(set, 1 << 30);
        String scalar = scalarClass(files);
        assertFalse(scalar.contains("AtIndex("), "the SCALAR class counts bytes:\n" + scalar);
        assertTrue(scalar.contains("dst.set(ValueLayout.JAVA_FLOAT_UNALIGNED, "), scalar);
        Map<String, Integer> kinds = checkEveryClass(set, files, r, 1);
        assertTrue(kinds.getOrDefault("native segment", 0) > 0 && kinds.getOrDefault("heap segment", 0) > 0,
                kinds::toString);
    }

    /**
     * Methods whose tensors are all buffers (or buffers and segments), compiled where segments are
     * final, have a second scalar nest that counts bytes through the buffers' segment views ({@code
     * MethodPlan.viewsInBytes}), run where the buffers are in native order: every class and variant
     * computes what the generic kernels compute on buffers of both orders, heap and direct, at
     * positions, THREADS in chunks; and the SCALAR class has both nests, the one in bytes (a chunk's)
     * reading through the views.
     */
    @Test
    void buffersInNativeOrderCountBytesThroughTheirViews() {
        Assumptions.assumeTrue(SEGMENTS, "segment views of buffers need release " + JavaApis.FFM_RELEASE);
        Random r = new Random(20261129L);
        KernelSet set = padsWidthsAndRandoms("buffersInBytes", r,
                p -> p.type() == ElementType.BYTE || r.nextInt(3) == 0 ? Memory.BYTE_BUFFER : Memory.BUFFER);
        List<JavaFile> files = classes(set, 1);
        String scalar = scalarClass(files);
        String flat = scalar.replaceAll("\\s+", " ");
        assertTrue(flat.matches("(?s).*private void toBlocked_scalarBytes\\(\\w+ src, \\w+ dst, int from, int to, MemorySegment srcMemory, "
                + "MemorySegment dstMemory\\).*"), "the nest in bytes takes the views:\n" + scalar);
        assertTrue(flat.contains("toBlocked_scalarBytes(src, dst, from, to, MemorySegment.ofBuffer(src), MemorySegment.ofBuffer(dst));"),
                scalar);
        assertTrue(scalar.contains("dstMemory.set(ValueLayout.JAVA_FLOAT_UNALIGNED, "), scalar);
        assertTrue(scalar.contains("dst.order() == ByteOrder.nativeOrder()"), scalar);
        Map<String, Integer> kinds = checkEveryClass(set, files, r, 3);
        System.out.println("[off-heap] buffers through views in bytes: " + kinds);
        for (String kind : List.of("heap buffer", "direct buffer", "byte buffer", "buffers in native order",
                "a buffer in another order")) {
            assertTrue(kinds.getOrDefault(kind, 0) > 0, kind + ": " + kinds);
        }
    }

    /**
     * Methods whose tensors are all buffers, compiled for Java 17 (no final FFM API), have a second
     * scalar nest that counts bytes and reaches the buffers by address ({@code MethodPlan.byAddress},
     * {@code RawMemory}), run where every buffer is direct, in native order, aligned to its elements
     * and views no segment, on a JDK before 22: every class and variant computes what the generic
     * kernels compute on buffers of both orders, heap and direct, at aligned and misaligned
     * positions, THREADS in chunks; the SCALAR class has both nests and keeps the buffers reachable
     * until its nest by address returns; and on JDK 17 to 21 some calls did go by address.
     */
    @Test
    void directBuffersAreReachedByAddressWithoutTheFfmApi() {
        Random r = new Random(20261130L);
        KernelSet set = padsWidthsAndRandoms("buffersByAddress", r,
                p -> p.type() == ElementType.BYTE || r.nextInt(3) == 0 ? Memory.BYTE_BUFFER : Memory.BUFFER);
        List<JavaFile> files = Writers.everyTarget(set, ProcessorOptions.DEFAULT_UNROLL_LIMIT, 1,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS, new JavaApis(17, false, false));
        String scalar = scalarClass(files);
        String flat = scalar.replaceAll("\\s+", " ");
        assertTrue(flat.matches("(?s).*private void toBlocked_scalarBytes\\(\\w+ src, \\w+ dst, int from, int to, long srcAddress, "
                + "long dstAddress\\).*"), "the nest in bytes takes the addresses:\n" + scalar);
        assertTrue(flat.contains("if (RawMemory.usable(src, 4, 1360L) && src.order() == ByteOrder.nativeOrder() && RawMemory.usable(dst, 4, 1920L) "
                + "&& dst.order() == ByteOrder.nativeOrder()) { toBlocked_scalarBytes(src, dst, from, to, RawMemory.address(src), "
                + "RawMemory.address(dst)); Reference.reachabilityFence(src); Reference.reachabilityFence(dst); } else {"), scalar);
        assertTrue(scalar.contains("RawMemory.putFloat(dstAddress + "), scalar);
        assertFalse(scalar.contains("MemorySegment"), scalar);
        Map<String, Integer> kinds = checkEveryClass(set, files, r, 3, 17);
        System.out.println("[off-heap] buffers by address: " + kinds);
        for (String kind : List.of("heap buffer", "direct buffer", "byte buffer", "buffers in native order",
                "a buffer in another order")) {
            assertTrue(kinds.getOrDefault(kind, 0) > 0, kind + ": " + kinds);
        }
        if (Runtime.version().feature() < JavaApis.FFM_RELEASE) {
            assertTrue(kinds.getOrDefault("by address", 0) > 0, kinds::toString);
        } else {
            assertFalse(kinds.containsKey("by address"), "JDK 22 and later never go by address: " + kinds);
        }
    }

    /**
     * Every target's class of {@code set} at the default unrolling and transposes, THREADS splitting
     * methods of {@code threadsAbove} elements or more.
     */
    private static List<JavaFile> classes(KernelSet set, long threadsAbove) {
        return Writers.everyTarget(set, ProcessorOptions.DEFAULT_UNROLL_LIMIT, threadsAbove,
                ProcessorOptions.DEFAULT_TRANSPOSE_BITS, APIS);
    }

    /**
     * Compiles {@code files}, the classes of {@code set}, and checks every method on every class
     * {@code calls} times, its arguments placed at random ({@link #check}); the placements counted.
     */
    private static Map<String, Integer> checkEveryClass(KernelSet set, List<JavaFile> files, Random r, int calls) {
        return checkEveryClass(set, files, r, calls, RELEASE);
    }

    /** The same, compiled for Java {@code release}. */
    private static Map<String, Integer> checkEveryClass(KernelSet set, List<JavaFile> files, Random r, int calls,
                                                        int release) {
        List<Object> targets = GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, files, release));
        Map<String, Integer> kinds = new TreeMap<>();
        for (KernelMethod m : set.methods()) {
            for (Object target : targets) {
                for (int k = 0; k < calls; k++) {
                    check(target, m, r, kinds);
                }
            }
        }
        return kinds;
    }

    /** The source of the SCALAR class among {@code files}. */
    private static String scalarClass(List<JavaFile> files) {
        return files.stream().filter(f -> f.typeSpec().name().endsWith("_Scalar")).findFirst().orElseThrow().toString();
    }

    /**
     * A 4-bit segment larger than a byte buffer can view (2 GB and more) is read through a view of
     * the tensor's bytes alone: a review found {@code asByteBuffer()} of the whole segment throwing
     * {@code IllegalStateException} for a u4 source of 3 GB. Every class unpacks the same floats from
     * a 2 GB + 4 KB native segment (zero-filled by {@code allocate}, about a quarter second) as from
     * one of the tensor's 8 bytes.
     */
    @Test
    void a4BitSegmentPast2GbIsReadThroughTheTensorsBytes() {
        Assumptions.assumeTrue(SEGMENTS, "MemorySegment parameters need release " + JavaApis.FFM_RELEASE);
        TensorLayout nc = TensorLayout.packed("NC", 2, 8);
        KernelMethod m = new KernelMethod.Reorder("unpack", Param.array("src", ElementType.BYTE)
                .holding(dev.strider.kernel.NarrowFormat.U4).in(Memory.SEGMENT), Samples.named("From", nc),
                Param.array("dst", ElementType.FLOAT).in(Memory.SEGMENT), Samples.named("To", nc), false, false, 1, 0);
        KernelSet set = new KernelSet("bigNibbles", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                List.of(m));
        List<Object> targets = GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, classes(set, 1 << 30),
                RELEASE));
        Object arena = Ffm.arena("ofConfined");
        try {
            Object small = Ffm.allocate(arena, 8);
            Object big = Ffm.allocate(arena, (1L << 31) + 4096);
            Random r = new Random(4);
            for (int b = 0; b < 8; b++) {
                byte packed = (byte) r.nextInt(256);
                Ffm.asByteBuffer(small).put(b, packed);
                Ffm.asByteBuffer(Ffm.asSlice(big, 0, 8)).put(b, packed);
            }
            for (Object target : targets) {
                Object expected = Ffm.allocate(arena, 64);
                Object actual = Ffm.allocate(arena, 64);
                GeneratedVersusGenericTest.call(target.getClass(), target, "unpack", new Object[] {small, expected});
                GeneratedVersusGenericTest.call(target.getClass(), target, "unpack", new Object[] {big, actual});
                for (int i = 0; i < 16; i++) {
                    assertEquals(Ffm.asByteBuffer(expected).order(ByteOrder.nativeOrder()).getFloat(4 * i),
                            Ffm.asByteBuffer(actual).order(ByteOrder.nativeOrder()).getFloat(4 * i),
                            target.getClass().getSimpleName() + " at " + i);
                }
            }
        } finally {
            Ffm.close(arena);
        }
    }

    /**
     * A set of every target ({@code name}) of methods whose nests count bytes where their memory
     * allows: blocked outputs with pad lanes (f32, 16-bit, u8 converted), an f64 transpose, and 12
     * random declarations, each tensor parameter in the memory {@code memory} gives it.
     */
    private static KernelSet padsWidthsAndRandoms(String name, Random r, java.util.function.Function<Param, Memory> memory) {
        int[] sizes = {1, 17, 5, 4};
        TensorLayout planar = TensorLayout.of("NCHW", sizes, "nchw");
        TensorLayout blocked8 = TensorLayout.of("NCHW", sizes, "nChw8c");
        List<KernelMethod> methods = new ArrayList<>(List.of(
                Samples.reorder("toBlocked", ElementType.FLOAT, planar, blocked8),
                Samples.reorder("toBlocked16", ElementType.SHORT, planar, TensorLayout.of("NCHW", sizes, "nChw16c")),
                Samples.convert("u8ToBlocked", ElementType.BYTE, TensorLayout.of("NCHW", sizes, "nhwc"), true,
                        ElementType.FLOAT, blocked8, false, 0.5, -1),
                Samples.reorder("toNhwc", ElementType.DOUBLE, TensorLayout.of("NCHW", new int[] {1, 3, 7, 9}, "nchw"),
                        TensorLayout.of("NCHW", new int[] {1, 3, 7, 9}, "nhwc"))));
        for (int i = 0; i < 12; i++) {
            methods.add(GeneratedVersusGenericTest.randomMethod(r, "m" + i));
        }
        methods.replaceAll(m -> m.withParams(p -> p.tensor() ? p.in(memory.apply(p)) : p));
        return new KernelSet(name, List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods);
    }

    /** {@code m} with each tensor parameter an array, a buffer, a byte buffer or a segment, at random (one at least off-heap). */
    static KernelMethod offHeap(KernelMethod m, Random r) {
        List<Memory> kinds = new ArrayList<>(List.of(Memory.ARRAY, Memory.BUFFER, Memory.BYTE_BUFFER));
        if (SEGMENTS) {
            kinds.add(Memory.SEGMENT);
        }
        boolean[] any = {false};
        KernelMethod twin = m.withParams(p -> {
            if (!p.tensor()) {
                return p;
            }
            Memory memory = kinds.get(r.nextInt(kinds.size()));
            if (memory == Memory.BUFFER && p.type() == ElementType.BYTE) {
                memory = Memory.BYTE_BUFFER;
            }
            any[0] |= memory != Memory.ARRAY;
            return p.in(memory);
        });
        return any[0] ? twin : twin.withParams(p -> p == twin.output() ? p.in(Memory.BYTE_BUFFER) : p);
    }

    // ------------------------------------------------------------------ one case

    private static void check(Object kernels, KernelMethod m, Random r, Map<String, Integer> kinds) {
        List<Object> arrays = new ArrayList<>();
        Param out = m.output();
        for (Param p : m.params()) {
            TensorLayout l = m.layoutOf(p).layout();
            arrays.add(p.tensor()
                    ? GeneratedVersusGenericTest.randomArray(p.type(), r, l.bufferSize() + r.nextInt(3), p == out ? null : l,
                            GeneratedVersusGenericTest.nonZero(m, p))
                    : Array.get(GeneratedVersusGenericTest.randomArray(p.type(), r, 1, null, false), 0));
        }
        int outIndex = m.params().indexOf(out);
        Object expected = GeneratedVersusGenericTest.copy(arrays.get(outIndex));
        List<Object> generic = new ArrayList<>(arrays);
        generic.set(outIndex, expected);
        GeneratedVersusGenericTest.generic(m.withParams(p -> p.tensor() ? p.in(Memory.ARRAY) : p), generic);

        List<Placed> placed = new ArrayList<>();
        List<Object> args = new ArrayList<>();
        for (int i = 0; i < m.params().size(); i++) {
            Param p = m.params().get(i);
            if (!p.tensor()) {
                placed.add(null);
                args.add(arrays.get(i));
                continue;
            }
            Placed at = place(p, arrays.get(i), r);
            kinds.merge(at.kind, 1, Integer::sum);
            placed.add(at);
            args.add(at.argument);
        }
        boolean nativeOrders = args.stream().allMatch(a -> !(a instanceof Buffer b) || order(b) == ByteOrder.nativeOrder()
                || b instanceof ByteBuffer && m.params().get(args.indexOf(a)).type() == ElementType.BYTE);
        if (args.stream().anyMatch(a -> a instanceof Buffer)) {
            kinds.merge(nativeOrders ? "buffers in native order" : "a buffer in another order", 1, Integer::sum);
        }
        // what a nest by address asks of every buffer (MethodPlan.byAddress) on the JDK running, told
        // from the arguments alone: where it does not hold, no kernel may take an address
        List<Param> ps = m.params();
        boolean mayGoByAddress = nativeOrders && ps.stream().allMatch(p -> !p.tensor() || p.memory().buffer())
                && java.util.stream.IntStream.range(0, args.size()).allMatch(i -> !(args.get(i) instanceof Buffer b)
                        || RawMemory.usable(b, ps.get(i).type().bytes(),
                                m.layoutOf(ps.get(i)).layout().bufferSize() * ps.get(i).type().bytes()));
        String what = kernels.getClass().getSimpleName() + "." + m.name() + " " + m.key() + " on "
                + placed.stream().map(p -> p == null ? "value" : p.kind).toList();
        long taken = RawMemory.addressesTaken();
        try {
            GeneratedVersusGenericTest.call(kernels.getClass(), kernels, m.name(), args.toArray());
        } catch (AssertionError e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e);
        }
        if (RawMemory.addressesTaken() != taken) {
            assertTrue(mayGoByAddress, what + " went by address where a buffer does not allow it");
            kinds.merge("by address", 1, Integer::sum);
        }
        Placed o = placed.get(outIndex);
        int n = Array.getLength(expected);
        for (int i = 0; i < n; i++) {
            assertEquals(Array.get(expected, i), o.get(i), what + " at " + i);
        }
        for (Placed p : placed) {
            if (p != null) {
                p.assertUntouchedBefore(what);
            }
        }
    }

    // ------------------------------------------------------------------ placing an array's elements

    /**
     * An argument holding {@code array}'s elements from its element 0, and how to read them back:
     * {@code bytes} is the memory as bytes (element {@code i} at {@code start + i * size}), null for
     * arrays and heap typed buffers, which {@code backing} holds.
     */
    static final class Placed {
        final String kind;
        final Object argument;
        final ElementType type;
        final ByteBuffer bytes;
        final int start;
        final Object backing;

        Placed(String kind, Object argument, ElementType type, ByteBuffer bytes, int start, Object backing) {
            this.kind = kind;
            this.argument = argument;
            this.type = type;
            this.bytes = bytes;
            this.start = start;
            this.backing = backing;
        }

        Object get(int i) {
            if (bytes == null) {
                return Array.get(backing, start + i);
            }
            int at = start + i * type.bytes();
            return switch (type) {
                case DOUBLE -> bytes.getDouble(at);
                case FLOAT -> bytes.getFloat(at);
                case LONG -> bytes.getLong(at);
                case INT -> bytes.getInt(at);
                case SHORT -> bytes.getShort(at);
                case BYTE -> bytes.get(at);
            };
        }

        void set(int i, Object v) {
            if (bytes == null) {
                Array.set(backing, start + i, v);
                return;
            }
            int at = start + i * type.bytes();
            switch (type) {
                case DOUBLE -> bytes.putDouble(at, (Double) v);
                case FLOAT -> bytes.putFloat(at, (Float) v);
                case LONG -> bytes.putLong(at, (Long) v);
                case INT -> bytes.putInt(at, (Integer) v);
                case SHORT -> bytes.putShort(at, (Short) v);
                case BYTE -> bytes.put(at, (Byte) v);
            }
        }

        /** What lies before element 0 (a buffer's position, a segment's offset) is still the sentinel. */
        void assertUntouchedBefore(String what) {
            if (bytes != null) {
                for (int b = 0; b < start; b++) {
                    assertEquals(SENTINEL, bytes.get(b), what + ": " + kind + " byte " + b + " before element 0");
                }
            } else if (!(argument == backing)) {
                for (int k = 0; k < start; k++) {
                    assertEquals(sentinel(type), Array.get(backing, k), what + ": " + kind + " element " + k + " before element 0");
                }
            }
        }
    }

    private static Object sentinel(ElementType type) {
        return switch (type) {
            case DOUBLE -> (double) SENTINEL;
            case FLOAT -> (float) SENTINEL;
            case LONG -> (long) SENTINEL;
            case INT -> (int) SENTINEL;
            case SHORT -> (short) SENTINEL;
            case BYTE -> SENTINEL;
        };
    }

    static Placed place(Param p, Object array, Random r) {
        int n = Array.getLength(array);
        ElementType t = p.type();
        Placed placed;
        switch (p.memory()) {
            case ARRAY -> {
                return new Placed("array", array, t, null, 0, array);
            }
            case BUFFER -> {
                int position = r.nextInt(4);
                if (r.nextBoolean()) {
                    Object backing = Array.newInstance(t.arrayClass().getComponentType(), position + n);
                    for (int k = 0; k < position; k++) {
                        Array.set(backing, k, sentinel(t));
                    }
                    Buffer b = wrap(backing);
                    b.position(position);
                    placed = new Placed("heap buffer", b, t, null, position, backing);
                } else {
                    ByteBuffer bytes = sentinels(ByteBuffer.allocateDirect((position + n) * t.bytes()), r);
                    Buffer b = view(bytes, t);
                    b.position(position);
                    placed = new Placed("direct buffer", b, t, bytes, position * t.bytes(), null);
                }
            }
            case BYTE_BUFFER -> {
                int start = r.nextInt(4) * t.bytes() + r.nextInt(t.bytes());
                int size = start + n * t.bytes() + r.nextInt(3);
                ByteBuffer bytes = sentinels(r.nextBoolean() ? ByteBuffer.allocate(size) : ByteBuffer.allocateDirect(size), r);
                ByteBuffer argument = bytes.duplicate().order(bytes.order());
                argument.position(start);
                placed = new Placed("byte buffer", argument, t, bytes, start, null);
            }
            case SEGMENT -> {
                int start = r.nextInt(3) * t.bytes() + r.nextInt(t.bytes());
                long size = start + (long) n * t.bytes() + r.nextInt(3);
                boolean heap = r.nextInt(3) == 0;
                Object whole = heap ? Ffm.ofArray(new byte[(int) size]) : Ffm.allocate(Ffm.arena(r), size);
                ByteBuffer bytes = sentinels(Ffm.asByteBuffer(whole), null);
                placed = new Placed(heap ? "heap segment" : "native segment", Ffm.asSlice(whole, start), t, bytes, start,
                        null);
            }
            default -> throw new AssertionError(p);
        }
        for (int i = 0; i < n; i++) {
            placed.set(i, Array.get(array, i));
        }
        return placed;
    }

    /** {@code bytes} in a random order (native for {@code r} null), filled with the sentinel. */
    private static ByteBuffer sentinels(ByteBuffer bytes, Random r) {
        bytes.order(r == null ? ByteOrder.nativeOrder() : r.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        for (int b = 0; b < bytes.capacity(); b++) {
            bytes.put(b, SENTINEL);
        }
        return bytes;
    }

    /** A buffer's byte order ({@code Buffer} has no {@code order()} of its own). */
    private static ByteOrder order(Buffer b) {
        if (b instanceof ByteBuffer x) {
            return x.order();
        } else if (b instanceof DoubleBuffer x) {
            return x.order();
        } else if (b instanceof FloatBuffer x) {
            return x.order();
        } else if (b instanceof LongBuffer x) {
            return x.order();
        } else if (b instanceof IntBuffer x) {
            return x.order();
        }
        return ((ShortBuffer) b).order();
    }

    private static Buffer wrap(Object array) {
        if (array instanceof double[] a) {
            return DoubleBuffer.wrap(a);
        } else if (array instanceof float[] a) {
            return FloatBuffer.wrap(a);
        } else if (array instanceof long[] a) {
            return LongBuffer.wrap(a);
        } else if (array instanceof int[] a) {
            return IntBuffer.wrap(a);
        }
        return ShortBuffer.wrap((short[]) array);
    }

    private static Buffer view(ByteBuffer bytes, ElementType t) {
        return switch (t) {
            case DOUBLE -> bytes.asDoubleBuffer();
            case FLOAT -> bytes.asFloatBuffer();
            case LONG -> bytes.asLongBuffer();
            case INT -> bytes.asIntBuffer();
            case SHORT -> bytes.asShortBuffer();
            case BYTE -> bytes;
        };
    }

    // ------------------------------------------------------------------ bad input

    /**
     * Every bad argument is refused before anything is written: too small, read-only, overlapping
     * the input, and (with segments) a closed arena and another thread's confined segment.
     */
    @Test
    void badArgumentsAreRefusedBeforeAnythingIsWritten() throws Exception {
        TensorLayout planar = TensorLayout.of("NCHW", new int[] {1, 16, 3, 5}, "nchw");
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 16, 3, 5}, "nChw8c");
        List<KernelMethod> methods = new ArrayList<>();
        methods.add(Samples.reorder("toBuffer", ElementType.FLOAT, planar, blocked)
                .withParams(p -> p.in(p.name().equals("dst") ? Memory.BUFFER : Memory.ARRAY)));
        methods.add(Samples.reorder("toBytes", ElementType.FLOAT, planar, blocked)
                .withParams(p -> p.in(Memory.BYTE_BUFFER)));
        if (SEGMENTS) {
            methods.add(Samples.reorder("toSegment", ElementType.FLOAT, planar, blocked)
                    .withParams(p -> p.in(p.name().equals("dst") ? Memory.SEGMENT : Memory.ARRAY)));
            methods.add(Samples.reorder("segments", ElementType.FLOAT, planar, blocked)
                    .withParams(p -> p.in(Memory.SEGMENT)));
        }
        KernelSet set = new KernelSet("offheapbad", List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS),
                methods);
        List<Object> targets = GeneratedVersusGenericTest.instances(set,
                CompiledKernels.compile(set, Writers.everyTarget(set, 64, 1, ProcessorOptions.DEFAULT_TRANSPOSE_BITS, APIS),
                        RELEASE));
        int n = blocked.bufferSize();
        float[] src = new float[n];
        for (int i = 0; i < n; i++) {
            src[i] = i + 1;
        }
        int refused = 0;
        for (Object kernels : targets) {
            // too small, and read-only: a FloatBuffer
            FloatBuffer small = FloatBuffer.allocate(n - 1);
            refused += refuses(kernels, "toBuffer", () -> untouched(small), src, small);
            FloatBuffer readOnly = ByteBuffer.allocateDirect(4 * n).asFloatBuffer();
            refused += refuses(kernels, "toBuffer", () -> untouched(readOnly), src, readOnly.asReadOnlyBuffer());
            // overlapping: a byte buffer whose output shares bytes with its input, shifted by one float
            ByteBuffer shared = sentinels(ByteBuffer.allocateDirect(4 * n + 8), null);
            ByteBuffer in = shared.duplicate().order(shared.order());
            ByteBuffer out = shared.duplicate().order(shared.order());
            out.position(4);
            refused += refuses(kernels, "toBytes", () -> untouched(shared), in, out);
            if (SEGMENTS) {
                Object closedArena = Ffm.arena("ofConfined");
                Object closed = Ffm.allocate(closedArena, 4L * n);
                ByteBuffer closedBytes = sentinels(Ffm.asByteBuffer(closed), null);
                ByteBuffer copy = ByteBuffer.allocate(closedBytes.capacity());
                copy.put(0, closedBytes, 0, closedBytes.capacity());
                Ffm.close(closedArena);
                refused += refuses(kernels, "toSegment", () -> true, src, closed);
                // a confined segment, used from another thread
                Object confined = Ffm.allocate(Ffm.arena("ofConfined"), 4L * n);
                ByteBuffer confinedBytes = sentinels(Ffm.asByteBuffer(confined), null);
                Throwable[] thrown = {null};
                Thread other = new Thread(() -> {
                    try {
                        GeneratedVersusGenericTest.call(kernels.getClass(), kernels, "toSegment", new Object[] {src, confined});
                    } catch (Throwable e) {
                        thrown[0] = e;
                    }
                });
                other.start();
                other.join();
                assertTrue(thrown[0] != null, kernels.getClass().getSimpleName() + ".toSegment ran on another thread's segment");
                assertTrue(untouched(confinedBytes), kernels.getClass().getSimpleName() + " wrote another thread's segment");
                refused++;
                // a read-only segment, and an output overlapping its input
                Object whole = Ffm.allocate(Ffm.arena("ofAuto"), 4L * n + 8);
                ByteBuffer wholeBytes = sentinels(Ffm.asByteBuffer(whole), null);
                refused += refuses(kernels, "segments", () -> untouched(wholeBytes), whole, Ffm.asReadOnly(whole));
                refused += refuses(kernels, "segments", () -> untouched(wholeBytes), whole, Ffm.asSlice(whole, 4));
            }
        }
        System.out.println("[off-heap] " + refused + " bad arguments refused before any write");
    }

    /**
     * A reorder into s8 weights that writes compensations ({@code @Compensation}) reads the weights
     * back from wherever they live: its destination an array, a byte buffer at a position or (on a
     * JDK with the final FFM API) a segment at an offset, on every target; weights and compensations,
     * both starting as garbage, against the generic kernel on arrays.
     */
    @Test
    void compensationsReadTheWeightsWhereverTheyLive() {
        int runs = 0;
        int chunked = 0;
        List<Memory> memories = new ArrayList<>(List.of(Memory.ARRAY, Memory.BYTE_BUFFER));
        if (SEGMENTS) {
            memories.add(Memory.SEGMENT);
        }
        // O = 20 ends in a partial block of 16 (THREADS sums on one thread); O = 32 does not (THREADS sums in chunks)
        for (int outputs : new int[] {20, 32}) {
            TensorLayout oihw = TensorLayout.of("OIHW", new int[] {outputs, 6, 3, 3}, "oihw");
            TensorLayout blocked = TensorLayout.of("OIHW", new int[] {outputs, 6, 3, 3}, "OIhw4i16o4i");
            List<KernelMethod> methods = new ArrayList<>();
            for (Memory memory : memories) {
                Param src = Param.array("src", ElementType.FLOAT);
                Param dst = new Param("dst", ElementType.BYTE, memory);
                methods.add(new KernelMethod.Reorder("to" + memory.name(), src,
                        new dev.strider.processor.model.NamedLayout("Oihw", oihw), dst,
                        new dev.strider.processor.model.NamedLayout("OIhw4i16o4i", blocked), false, false, 0.5, 0, 0,
                        List.of(), List.of(
                                new dev.strider.processor.model.CompParam(Param.array("s8s8", ElementType.INT),
                                        dev.strider.Compensation.Kind.S8S8, "O"),
                                new dev.strider.processor.model.CompParam(Param.array("zp", ElementType.INT),
                                        dev.strider.Compensation.Kind.ZERO_POINT, "O"))));
            }
            KernelSet set = new KernelSet("offheapcomp" + outputs, List.of("Ops"),
                    List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods);
            // THREADS splits every method (threadsAbove 1)
            List<JavaFile> files = Writers.everyTarget(set, 64, 1, ProcessorOptions.DEFAULT_TRANSPOSE_BITS, APIS);
            // THREADS hands the chunks of the compensation nest to the pool only where O has no partial block
            long chunkCalls = files.stream().filter(f -> f.toString().contains("_compensateChunk(src, dst, s8s8, zp, from, to)"))
                    .count();
            assertEquals(outputs == 32 ? 1 : 0, chunkCalls, "THREADS classes summing in chunks, O = " + outputs);
            chunked += (int) chunkCalls;
            List<Object> targets = GeneratedVersusGenericTest.instances(set, CompiledKernels.compile(set, files, RELEASE));
            Random r = new Random(31);
            float[] weights = new float[oihw.bufferSize()];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = (float) (r.nextGaussian() * 300);
            }
            byte[] expected = new byte[blocked.bufferSize()];
            int[] s8s8 = new int[outputs];
            int[] zp = new int[outputs];
            dev.strider.kernel.Convert.reorder(weights, oihw, null, false, expected, blocked, null, false, 0.5, 0, 0,
                    List.of(), List.of(
                            new dev.strider.kernel.Compensations.Output(dev.strider.Compensation.Kind.S8S8, "O", s8s8),
                            new dev.strider.kernel.Compensations.Output(dev.strider.Compensation.Kind.ZERO_POINT, "O", zp)));
            for (Object kernels : targets) {
                for (KernelMethod m : methods) {
                    Placed at = place(m.output(), new byte[expected.length], r);
                    int[] gotS8s8 = new int[outputs];
                    int[] gotZp = new int[outputs];
                    java.util.Arrays.fill(gotS8s8, 7);
                    java.util.Arrays.fill(gotZp, -9);
                    String what = kernels.getClass().getSimpleName() + "." + m.name() + " on " + at.kind;
                    GeneratedVersusGenericTest.call(kernels.getClass(), kernels, m.name(),
                            new Object[] {weights, at.argument, gotS8s8, gotZp});
                    for (int i = 0; i < expected.length; i++) {
                        assertEquals(expected[i], at.get(i), what + " at " + i);
                    }
                    at.assertUntouchedBefore(what);
                    org.junit.jupiter.api.Assertions.assertArrayEquals(s8s8, gotS8s8, what + ": s8s8");
                    org.junit.jupiter.api.Assertions.assertArrayEquals(zp, gotZp, what + ": zero point");
                    runs++;
                }
            }
        }
        System.out.println("[off-heap] " + runs + " compensating calls passed on " + memories
                + ", THREADS summing in chunks in " + chunked + " class where O has no partial block");
    }

    /** The providers list reorders on buffers and segments with their parameter classes, for the registry. */
    @Test
    void theProviderListsOffHeapReordersWithTheirParameterClasses() {
        TensorLayout planar = TensorLayout.of("NCHW", new int[] {1, 16, 3, 5}, "nchw");
        TensorLayout blocked = TensorLayout.of("NCHW", new int[] {1, 16, 3, 5}, "nChw8c");
        KernelMethod toBuffer = Samples.reorder("toBuffer", ElementType.FLOAT, planar, blocked)
                .withParams(p -> p.in(p.name().equals("dst") ? Memory.BUFFER : Memory.ARRAY));
        KernelMethod onArrays = Samples.reorder("onArrays", ElementType.FLOAT, planar, blocked);
        KernelSet set = new KernelSet("offheapregistry", List.of("Ops"), List.of(Target.SCALAR), List.of(toBuffer, onArrays));
        CompiledKernels compiled = CompiledKernels.compile(set,
                Writers.everyTarget(set, 64, 1, ProcessorOptions.DEFAULT_TRANSPOSE_BITS, APIS).subList(0, 1), RELEASE);
        List<dev.strider.runtime.GeneratedReorder> reorders = compiled.provider(set.generatedName(Target.SCALAR)).reorders();
        assertEquals(List.of("toBuffer(float[], FloatBuffer)", "onArrays(float[], float[])"),
                reorders.stream().map(dev.strider.runtime.GeneratedReorder::signature).toList());
        dev.strider.runtime.GeneratedReorder listed = reorders.get(0);
        float[] src = new float[planar.bufferSize()];
        for (int i = 0; i < src.length; i++) {
            src[i] = i + 1;
        }
        FloatBuffer dst = ByteBuffer.allocateDirect(4 * blocked.bufferSize()).asFloatBuffer();
        assertTrue(listed.takes(src, dst));
        assertTrue(!listed.takes(src, new float[blocked.bufferSize()]), "an array is not a FloatBuffer");
        listed.call().reorder(compiled.instance, src, dst);
        float[] expected = new float[blocked.bufferSize()];
        dev.strider.kernel.FloatKernels.reorder(src, planar, expected, blocked);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], dst.get(i), "element " + i);
        }
    }

    private static boolean untouched(Buffer b) {
        for (int i = 0; i < b.capacity(); i++) {
            double v = b instanceof FloatBuffer f ? f.get(i) : ((ByteBuffer) b).get(i) == SENTINEL ? 0 : 1;
            if (v != 0) {
                return false;
            }
        }
        return true;
    }

    /** Calls {@code method} and expects an exception, after which {@code untouched} must hold. */
    private static int refuses(Object kernels, String method, Supplier<Boolean> untouched, Object... args) {
        String what = kernels.getClass().getSimpleName() + "." + method;
        AssertionError e = assertThrows(AssertionError.class,
                () -> GeneratedVersusGenericTest.call(kernels.getClass(), kernels, method, args), what + " accepted it");
        assertTrue(e.getCause() instanceof IllegalArgumentException || e.getCause() instanceof IllegalStateException,
                what + ": " + e.getCause());
        assertTrue(untouched.get(), what + " wrote before refusing: " + e.getCause());
        return 1;
    }

    // ------------------------------------------------------------------ the FFM API, reflectively

    /** The FFM API through reflection: this test compiles for Java 17 and runs its segment cases on 22+. */
    static final class Ffm {
        private static Class<?> type(String name) {
            try {
                return Class.forName("java.lang.foreign." + name);
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
        }

        private static Object invoke(Class<?> owner, String name, Object target, Class<?>[] types, Object... args) {
            try {
                Method m = owner.getMethod(name, types);
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw new AssertionError(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        static Object arena(Random r) {
            return arena(List.of("ofConfined", "ofShared", "ofAuto").get(r.nextInt(3)));
        }

        static Object arena(String kind) {
            return invoke(type("Arena"), kind, null, new Class<?>[0]);
        }

        static Object allocate(Object arena, long bytes) {
            return invoke(type("SegmentAllocator"), "allocate", arena, new Class<?>[] {long.class}, bytes);
        }

        static void close(Object arena) {
            invoke(type("Arena"), "close", arena, new Class<?>[0]);
        }

        static Object ofArray(byte[] bytes) {
            return invoke(type("MemorySegment"), "ofArray", null, new Class<?>[] {byte[].class}, (Object) bytes);
        }

        static ByteBuffer asByteBuffer(Object segment) {
            return (ByteBuffer) invoke(type("MemorySegment"), "asByteBuffer", segment, new Class<?>[0]);
        }

        static Object asSlice(Object segment, long offset) {
            return invoke(type("MemorySegment"), "asSlice", segment, new Class<?>[] {long.class}, offset);
        }

        static Object asSlice(Object segment, long offset, long length) {
            return invoke(type("MemorySegment"), "asSlice", segment, new Class<?>[] {long.class, long.class}, offset,
                    length);
        }

        static Object asReadOnly(Object segment) {
            return invoke(type("MemorySegment"), "asReadOnly", segment, new Class<?>[0]);
        }
    }
}

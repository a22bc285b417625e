package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.palantir.javapoet.JavaFile;
import dev.strider.Target;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.SliceWindow;
import dev.strider.layout.TensorLayout;
import dev.strider.processor.ProcessorOptions;
import dev.strider.processor.model.JavaApis;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.Memory;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.ClassPlanner;
import dev.strider.processor.plan.PlanOptions;
import dev.strider.processor.plan.Planner;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Methods whose input and output are both segments never reinterpret a vector ({@code
 * VectorPlan.withSegmentLanes}): the Vector API's Java code for a reinterpret stores into a heap
 * segment, and that one store makes C2 check every later vector store to a native segment in
 * full. The sources of such methods, at every shape and block width, hold no {@code reinterpret};
 * the same declarations with an array keep theirs. On a JDK with the final FFM API the classes run
 * on segments and every element's bits, NaN payloads included, are the generic kernel's.
 */
class SegmentLanesTest {

    private static final JavaApis SEGMENTS = new JavaApis(JavaApis.FFM_RELEASE, true, true);

    private static final int[] BLOCKED = {1, 19, 5, 7};
    private static final int[] IMAGE = {1, 3, 8, 24};

    /** The declarations whose lanes only move, or move as ints before they become floats. */
    static List<KernelMethod> moves() {
        List<KernelMethod> methods = new ArrayList<>();
        for (ElementType type : List.of(ElementType.FLOAT, ElementType.DOUBLE, ElementType.INT, ElementType.BYTE)) {
            methods.add(Samples.reorder("toBlocked" + type.javaName(), type, TensorLayout.of("NCHW", BLOCKED, "nchw"),
                    TensorLayout.of("NCHW", BLOCKED, "nChw16c")));
        }
        methods.add(Samples.reorder("fromBlocked", ElementType.FLOAT, TensorLayout.of("NCHW", BLOCKED, "nChw8c"),
                TensorLayout.of("NCHW", BLOCKED, "nchw")));
        methods.add(Samples.reorder("toInterleaved", ElementType.FLOAT, TensorLayout.of("NCHW", IMAGE, "nchw"),
                TensorLayout.of("NCHW", IMAGE, "nhwc")));
        methods.add(Samples.reorder("toPlanar", ElementType.FLOAT, TensorLayout.of("NCHW", IMAGE, "nhwc"),
                TensorLayout.of("NCHW", IMAGE, "nchw")));
        methods.add(Samples.convert("normalize", ElementType.BYTE, TensorLayout.of("NCHW", IMAGE, "nhwc"), ElementType.FLOAT,
                TensorLayout.of("NCHW", IMAGE, "nchw"), true, 1 / 127.5, -1));
        methods.add(Samples.widen("widen", NarrowFormat.BF16, TensorLayout.of("NCHW", BLOCKED, "nchw"),
                TensorLayout.of("NCHW", BLOCKED, "nChw16c")));
        // bf16 widened in place, sequential on both sides: contiguous vectors of the floats' bits
        TensorLayout planar = TensorLayout.of("NCHW", IMAGE, "nchw");
        methods.add(Samples.widen("widenInPlace", NarrowFormat.BF16, planar, planar));
        // each row reversed: contiguous vectors loaded backwards and rearranged
        methods.add(Samples.slice("mirror", ElementType.FLOAT, planar,
                SliceWindow.of(planar, new int[4], IMAGE, new int[] {1, 1, 1, -1}), planar));
        return methods;
    }

    static KernelMethod in(KernelMethod m, Memory input, Memory output) {
        return m.withParams(p -> p == m.output() ? p.in(output) : p.tensor() ? p.in(input) : p);
    }

    static KernelSet set(String name, List<KernelMethod> methods) {
        return new KernelSet(name, List.of("Ops"), List.of(Target.SCALAR, Target.VECTOR, Target.THREADS), methods);
    }

    /** The VECTOR class's source for {@code bits}, transposes in blocks up to {@code transposeBits}. */
    static String vectorSource(KernelSet set, int bits, int transposeBits) {
        PlanOptions o = new PlanOptions(ProcessorOptions.DEFAULT_UNROLL_LIMIT, Planner.TILE_ABOVE_ELEMENTS,
                ProcessorOptions.DEFAULT_THREADS_ABOVE, transposeBits, SEGMENTS);
        return VectorWriter.write(ClassPlanner.vector(set, o, bits)).toString();
    }

    /** The generated code of the class, its Javadoc and comments left out. */
    static String code(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }

    /**
     * Every declaration on segments, and again on a typed buffer in and a byte buffer out, which
     * vectors reach through {@code MemorySegment.ofBuffer} from Java 22 (each buffer placed in
     * either byte order by {@link OffHeapKernelsTest#place}).
     */
    private static List<KernelMethod> offHeap() {
        List<KernelMethod> methods = new ArrayList<>();
        for (KernelMethod m : moves()) {
            methods.add(in(m, Memory.SEGMENT, Memory.SEGMENT));
            // an overload of the same name: bytes have no typed buffer, so theirs is a byte buffer too
            methods.add(in(m, Memory.BUFFER, Memory.BYTE_BUFFER).withParams(p -> p.type() == ElementType.BYTE
                    && p.memory() == Memory.BUFFER ? p.in(Memory.BYTE_BUFFER) : p));
        }
        return methods;
    }

    @Test
    void segmentMethodsHoldNoReinterpretAtAnyShapeOrBlockWidth() {
        List<KernelMethod> methods = offHeap();
        KernelSet set = set("segments", methods);
        int transposes = 0;
        for (int bits : VectorWriter.SHAPES) {
            for (int transposeBits : List.of(128, 256, 512)) {
                String source = vectorSource(set, bits, transposeBits);
                String code = code(source);
                assertFalse(code.contains("reinterpret"), bits + "/" + transposeBits + ":\n" + source);
                assertFalse(code.contains("LSHR"), "no stage shifts: " + bits + "/" + transposeBits);
                assertTrue(code.contains("IntVector.fromMemorySegment("), "f32 bits loaded as ints: " + bits);
                transposes += count(source, "transposed in registers; segment lanes");
            }
        }
        assertTrue(transposes > 0, "the plans say so in the Javadoc");
    }

    @Test
    void aMethodWithAnArrayOrFloatArithmeticKeepsItsReinterprets() {
        // an array side: f32 loads from the array are FloatVectors, moved as their int bits
        KernelMethod mixed = in(moves().get(0), Memory.ARRAY, Memory.SEGMENT);
        assertTrue(code(vectorSource(set("mixed", List.of(mixed)), 256, 256)).contains("reinterpretAsInts"));
        // a scaled f32 interleave computes in floats that must move as their bits
        KernelMethod scaled = in(Samples.convert("scaled", ElementType.FLOAT, TensorLayout.of("NCHW", IMAGE, "nhwc"),
                ElementType.FLOAT, TensorLayout.of("NCHW", IMAGE, "nchw"), false, 0.5, 0), Memory.SEGMENT, Memory.SEGMENT);
        String source = vectorSource(set("scaled", List.of(scaled)), 512, 512);
        assertTrue(source.contains("deinterleaved in registers"), source);
        assertTrue(code(source).contains("reinterpretAsInts"), source);
        assertFalse(source.contains("segment lanes"), source);
    }

    @Test
    void segmentLanesKeepEveryBitOnSegments() {
        assumeTrue(OffHeapKernelsTest.SEGMENTS, "segments need a JDK with the final FFM API");
        List<KernelMethod> methods = offHeap();
        KernelSet set = set("segmentBits", methods);
        Random r = new Random(20261127L);
        int checked = 0;
        for (int transposeBits : List.of(128, 512)) {
            List<JavaFile> files = Writers.everyTarget(set, ProcessorOptions.DEFAULT_UNROLL_LIMIT, 1 << 30,
                    transposeBits, OffHeapKernelsTest.APIS);
            List<Object> targets = GeneratedVersusGenericTest.instances(set,
                    CompiledKernels.compile(set, files, OffHeapKernelsTest.RELEASE));
            for (KernelMethod m : methods) {
                for (Object target : targets) {
                    check(target, m, r);
                    checked++;
                }
            }
        }
        assertTrue(checked > 100, "cases: " + checked);
    }

    /** {@code m} on segments of {@code target} against the generic kernel on arrays, bit for bit. */
    static void check(Object target, KernelMethod m, Random r) {
        Param in = m.params().get(0);
        Param out = m.output();
        Object input = bits(in.type(), m.layoutOf(in).layout().bufferSize(), r);
        Object expected = Array.newInstance(out.type().arrayClass().getComponentType(), m.layoutOf(out).layout().bufferSize());
        List<Object> arrays = new ArrayList<>(List.of(input, expected));
        GeneratedVersusGenericTest.generic(m.withParams(p -> p.tensor() ? p.in(Memory.ARRAY) : p), arrays);
        OffHeapKernelsTest.Placed src = OffHeapKernelsTest.place(in, input, r);
        OffHeapKernelsTest.Placed dst = OffHeapKernelsTest.place(out,
                Array.newInstance(out.type().arrayClass().getComponentType(), Array.getLength(expected)), r);
        String what = target.getClass().getSimpleName() + "." + m.name() + " on " + src.kind + " to " + dst.kind;
        GeneratedVersusGenericTest.call(target.getClass(), target, m.name(), new Object[] {src.argument, dst.argument});
        for (int i = 0; i < Array.getLength(expected); i++) {
            assertEquals(rawBits(Array.get(expected, i)), rawBits(dst.get(i)), what + " at " + i);
        }
    }

    /** Random bits, a NaN with a payload (signalling or quiet, either sign) every fifth element. */
    private static Object bits(ElementType type, int length, Random r) {
        Object a = Array.newInstance(type.arrayClass().getComponentType(), length);
        for (int i = 0; i < length; i++) {
            boolean nan = i % 5 == 0;
            Object v = switch (type) {
                case FLOAT -> Float.intBitsToFloat(nan ? 0x7f800001 | r.nextInt(0x400000) | (r.nextBoolean() ? 0x80000000 : 0)
                        : r.nextInt());
                case DOUBLE -> Double.longBitsToDouble(nan ? 0x7ff0000000000001L | r.nextInt(1 << 30) : r.nextLong());
                case INT -> r.nextInt();
                case LONG -> r.nextLong();
                case SHORT -> (short) (nan ? 0x7f81 + r.nextInt(0x3f) : r.nextInt());
                case BYTE -> (byte) r.nextInt();
            };
            Array.set(a, i, v);
        }
        return a;
    }

    private static Object rawBits(Object v) {
        if (v instanceof Float f) {
            return Integer.toHexString(Float.floatToRawIntBits(f));
        }
        if (v instanceof Double d) {
            return Long.toHexString(Double.doubleToRawLongBits(d));
        }
        return v;
    }

    /** How many times {@code part} occurs in {@code s}, overlapping occurrences included. */
    static int count(String s, String part) {
        int n = 0;
        for (int at = s.indexOf(part); at >= 0; at = s.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }
}

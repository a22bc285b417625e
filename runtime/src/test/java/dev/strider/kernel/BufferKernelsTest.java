package dev.strider.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.BinaryOp;
import dev.strider.kernel.Memory.Kind;
import dev.strider.kernel.Memory.Spec;
import dev.strider.layout.SliceWindow;
import dev.strider.layout.TensorLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The generic kernels on buffers against the same kernels on arrays, over random layouts, element
 * types and kinds of memory ({@link Memory.Kind}: heap and direct, typed and byte buffers in
 * either order, views, non-zero positions and array offsets). The twin of an output, built from
 * the array kernel's result, must equal it byte for byte, lead and trail included; inputs must be
 * left as they were.
 */
class BufferKernelsTest {

    private static final ElementType[] TYPES = ElementType.values();

    @Property(tries = 300)
    void sliceOnBuffersMatchesTheArrayKernel(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 6);
        TensorLayout in = RandomLayouts.readable(r, sizes);
        SliceWindow w = RandomLayouts.window(r, in);
        TensorLayout out = RandomLayouts.writable(r, w.outputSizes());
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        Object srcValues = Memory.random(type, r, in.bufferSize());
        Object dstValues = Memory.random(type, r, out.bufferSize());
        Object expected = Memory.copy(dstValues);
        call(type, "slice", srcValues, in, w, expected, out);

        Spec ss = Spec.random(r, type, false);
        Spec ds = Spec.random(r, type, true);
        Object src = ss.make(srcValues);
        Object dst = ds.make(dstValues);
        call(type, "slice", view(type, src, in), in, w, view(type, dst, out), out);
        assertArrayEquals(Memory.contents(ds.make(expected)), Memory.contents(dst), () -> ss + " " + ds + " " + in + " " + w);
        assertArrayEquals(Memory.contents(ss.make(srcValues)), Memory.contents(src));
    }

    @Property(tries = 200)
    void fillAndClearPadLanesOnBuffersMatchTheArrayKernels(@ForAll Random r) {
        TensorLayout l = RandomLayouts.writable(r, RandomLayouts.sizes(r, 4, 6));
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        Object values = Memory.random(type, r, l.bufferSize());
        Object value = java.lang.reflect.Array.get(Memory.random(type, r, 1), 0);
        Spec s = Spec.random(r, type, true);

        Object expected = Memory.copy(values);
        call(type, "fill", expected, l, value);
        Object dst = s.make(values);
        call(type, "fill", view(type, dst, l), l, value);
        assertArrayEquals(Memory.contents(s.make(expected)), Memory.contents(dst), () -> s + " " + l);

        expected = Memory.copy(values);
        call(type, "clearPadLanes", expected, l);
        dst = s.make(values);
        call(type, "clearPadLanes", view(type, dst, l), l);
        assertArrayEquals(Memory.contents(s.make(expected)), Memory.contents(dst), () -> s + " " + l);
    }

    @Property(tries = 300)
    void unaryOnBuffersMatchesTheArrayKernelInPlaceToo(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 6);
        TensorLayout in = RandomLayouts.readable(r, sizes);
        TensorLayout out = RandomLayouts.writable(r, sizes);
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        UnaryOp[] ops = {UnaryOp.RELU, UnaryOp.ABS, UnaryOp.NEG, UnaryOp.scaleShift(0.5, 3)};
        UnaryOp op = ops[r.nextInt(ops.length)];
        Object srcValues = Memory.zeroPadded(Memory.random(type, r, in.bufferSize()), in);
        Object dstValues = Memory.random(type, r, out.bufferSize());
        Spec ss = Spec.random(r, type, false);
        Spec ds = Spec.random(r, type, true);

        Object expected = Memory.copy(dstValues);
        call(type, "unary", op, srcValues, in, expected, out);
        Object src = ss.make(srcValues);
        Object dst = ds.make(dstValues);
        call(type, "unary", op, view(type, src, in), in, view(type, dst, out), out);
        assertArrayEquals(Memory.contents(ds.make(expected)), Memory.contents(dst), () -> ss + " " + ds + " " + op);
        assertArrayEquals(Memory.contents(ss.make(srcValues)), Memory.contents(src));

        // In place: the same memory, the same layout.
        Object inPlace = Memory.copy(dstValues);
        call(type, "unary", op, inPlace, out, inPlace, out);
        Object both = ds.make(dstValues);
        Buffer v = view(type, both, out);
        call(type, "unary", op, v, out, v, out);
        assertArrayEquals(Memory.contents(ds.make(inPlace)), Memory.contents(both), () -> ds + " in place " + op);
    }

    @Property(tries = 300)
    void binaryOnBuffersMatchesTheArrayKernel(@ForAll Random r) {
        int[] sizes = RandomLayouts.sizes(r, 4, 5);
        TensorLayout a = RandomLayouts.readable(r, RandomLayouts.broadcastFrom(r, sizes));
        TensorLayout b = RandomLayouts.readable(r, RandomLayouts.broadcastFrom(r, sizes));
        TensorLayout out = RandomLayouts.writable(r, sizes);
        ElementType type = TYPES[r.nextInt(TYPES.length)];
        BinaryOp op = BinaryOp.values()[r.nextInt(BinaryOp.values().length)];
        if (op == BinaryOp.DIV && !type.isFloatingPoint()) {
            op = BinaryOp.MUL; // random integers may divide by zero
        }
        Object aValues = Memory.random(type, r, a.bufferSize());
        Object bValues = Memory.random(type, r, b.bufferSize());
        Object outValues = Memory.random(type, r, out.bufferSize());
        Object expected = Memory.copy(outValues);
        call(type, "binary", op, aValues, a, bValues, b, expected, out);
        Spec as = Spec.random(r, type, false);
        Spec bs = Spec.random(r, type, false);
        Spec os = Spec.random(r, type, true);
        Object x = as.make(aValues);
        Object y = bs.make(bValues);
        Object z = os.make(outValues);
        call(type, "binary", op, view(type, x, a), a, view(type, y, b), b, view(type, z, out), out);
        BinaryOp o = op;
        assertArrayEquals(Memory.contents(os.make(expected)), Memory.contents(z), () -> as + " " + bs + " " + os + " " + o);
    }

    // ---------------------------------------------------------------- checks before writing

    private static final TensorLayout PLAIN = TensorLayout.packed("NCHW", 1, 11, 2, 3);
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", new int[] {1, 11, 2, 3}, "nChw8c");

    @Test
    void viewNamesWhatItTakes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FloatKernels.view("src", IntBuffer.allocate(66), PLAIN));
        assertEquals("src is an IntBuffer but this float kernel takes float[], FloatBuffer, ByteBuffer or MemorySegment",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ByteKernels.view("dst", "text", PLAIN));
        assertEquals("dst is a java.lang.String but this byte kernel takes byte[], ByteBuffer or MemorySegment",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FloatKernels.view("src", ByteBuffer.allocate(263), PLAIN));
        assertEquals("src has 263 bytes, room for 65 elements of 4 bytes, but its layout needs 66 (" + PLAIN + ")",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FloatKernels.view("src", FloatBuffer.allocate(70).position(5), PLAIN));
        assertEquals("src has 65 elements but its layout needs 66 (" + PLAIN + ")", e.getMessage());
        assertEquals("src is null", assertThrows(NullPointerException.class, () -> FloatKernels.view("src", null, PLAIN))
                .getMessage());
    }

    @Test
    void aViewSharesTheMemoryAndMovesNothing() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(300).order(ByteOrder.LITTLE_ENDIAN).position(3);
        FloatBuffer v = FloatKernels.view("dst", bytes, PLAIN);
        assertEquals(0, v.position());
        assertEquals(66, v.capacity());
        assertEquals(ByteOrder.LITTLE_ENDIAN, v.order());
        v.put(1, 2.5f);
        assertEquals(2.5f, bytes.getFloat(3 + 4));
        assertEquals(3, bytes.position());
        assertEquals(300, bytes.limit());
    }

    @Test
    void badOutputsAreRejectedBeforeAnythingIsWritten() {
        Random r = new Random(15);
        for (ElementType type : TYPES) {
            Object srcValues = Memory.random(type, r, PLAIN.bufferSize());
            for (Kind kind : Kind.values()) {
                Spec ds = new Spec(type, kind, ByteOrder.LITTLE_ENDIAN, 3, 0, 2);
                Object src = Memory.make(new Spec(type, Kind.HEAP, ByteOrder.BIG_ENDIAN, 1, 0, 0), srcValues);
                // read-only, or one element too small
                Object dst = kind.writable() ? ds.make(Memory.sentinels(type, BLOCKED.bufferSize() - 1))
                        : ds.make(Memory.sentinels(type, BLOCKED.bufferSize()));
                long[] before = Memory.contents(dst);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> call(type, "reorder", view(type, "src", src, PLAIN), PLAIN, view(type, "dst", dst, BLOCKED),
                                BLOCKED));
                assertTrue(e.getMessage().startsWith(kind.writable() ? "dst has " : "dst is read-only"), e.getMessage());
                assertArrayEquals(before, Memory.contents(dst), kind::toString);
            }
        }
    }

    @Test
    void anOutputOverlappingItsInputIsRejectedBeforeAnythingIsWritten() {
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer memory = direct ? ByteBuffer.allocateDirect(800) : ByteBuffer.allocate(800);
            for (int i = 0; i < memory.capacity(); i++) {
                memory.put(i, (byte) i);
            }
            long[] before = Memory.contents(memory);
            FloatBuffer src = memory.duplicate().asFloatBuffer();
            FloatBuffer dst = memory.duplicate().order(ByteOrder.LITTLE_ENDIAN).position(40).slice().asFloatBuffer();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FloatKernels.reorder(src, PLAIN, dst, BLOCKED));
            assertTrue(e.getMessage().startsWith("src and dst overlap in memory: dst's element 0 is 40 bytes after src's"),
                    e.getMessage());
            assertArrayEquals(before, Memory.contents(memory));
            // The same layout at the very same place is a copy onto itself; the same memory, far enough apart, is fine.
            FloatKernels.reorder(src, PLAIN, memory.duplicate().asFloatBuffer(), PLAIN);
            assertArrayEquals(before, Memory.contents(memory));
            FloatKernels.reorder(src, PLAIN, memory.duplicate().position(400).slice().asFloatBuffer(), PLAIN);
            assertArrayEquals(Memory.contents(memory.duplicate().position(0).limit(264).slice()),
                    Memory.contents(memory.duplicate().position(400).limit(664).slice()));
        }
    }

    // ---------------------------------------------------------------- helpers

    /** {@code <Type>Kernels.view("operand", memory, layout)}. */
    static Buffer view(ElementType type, Object memory, TensorLayout layout) {
        return view(type, "operand", memory, layout);
    }

    static Buffer view(ElementType type, String role, Object memory, TensorLayout layout) {
        return (Buffer) call(type, "view", role, memory, layout);
    }

    /** Calls {@code <Type>Kernels.<name>} with the overload the arguments fit: one test body covers all six expansions. */
    static Object call(ElementType type, String name, Object... args) {
        String cls = "dev.strider.kernel." + Character.toUpperCase(type.javaName().charAt(0))
                + type.javaName().substring(1) + "Kernels";
        try {
            for (Method m : Class.forName(cls).getMethods()) {
                if (m.getName().equals(name) && takes(m, args)) {
                    return m.invoke(null, args);
                }
            }
            throw new AssertionError("no " + cls + "." + name + " for these arguments");
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean takes(Method m, Object[] args) {
        Class<?>[] p = m.getParameterTypes();
        if (p.length != args.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (!p[i].isPrimitive() && !p[i].isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }
}

package dev.strider.kernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Random;

/**
 * Memory segments of every kind around given element values, for the JDK 22+ tests: element 0 at
 * offset 0 of the operand, which is a slice of a larger segment whose lead and trail bytes hold
 * {@link Memory#SENTINEL}; {@link Made#contents()} reads the whole larger segment back.
 */
public final class Segments {

    private Segments() {
    }

    /** Where a segment's memory comes from. */
    public enum Kind {
        /** {@code Arena.ofConfined()}. */
        CONFINED(true),
        /** {@code Arena.ofShared()}. */
        SHARED(true),
        /** {@code Arena.ofAuto()}. */
        AUTO(true),
        /** {@code MemorySegment.ofArray(byte[])}, at any byte offset. */
        HEAP_BYTES(true),
        /** {@code MemorySegment.ofArray} of an array of the element type, at an element offset. */
        HEAP_TYPED(true),
        /** A read-only native segment. */
        READ_ONLY_NATIVE(false),
        /** A read-only heap segment over a {@code byte[]}. */
        READ_ONLY_HEAP_BYTES(false);

        private final boolean writable;

        Kind(boolean writable) {
            this.writable = writable;
        }

        public boolean writable() {
            return writable;
        }
    }

    /** A segment built: the whole allocation and the operand inside it (element 0 at its offset 0). */
    public record Made(MemorySegment whole, MemorySegment operand) {

        /** Every byte of the whole allocation. */
        public byte[] contents() {
            return whole.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** How to build one segment operand; {@code lead} in bytes (in elements for {@link Kind#HEAP_TYPED}). */
    public record Spec(ElementType type, Kind kind, int lead, int trail) {

        public static Spec random(Random r, ElementType type, boolean writable) {
            Kind[] kinds = Kind.values();
            Kind k;
            do {
                k = kinds[r.nextInt(kinds.length)];
            } while (writable && !k.writable());
            return new Spec(type, k, r.nextInt(3) == 0 ? 0 : r.nextInt(13), r.nextInt(9));
        }

        /** The operand holding {@code values} from offset 0; native memory from {@code arena} (unless AUTO). */
        public Made make(Object values, Arena arena) {
            int n = Array.getLength(values);
            int eb = type.bytes();
            MemorySegment whole;
            int leadBytes = kind == Kind.HEAP_TYPED ? lead * eb : lead;
            long size = leadBytes + (long) n * eb + trail;
            switch (kind) {
                case CONFINED, SHARED, READ_ONLY_NATIVE -> whole = arena.allocate(size, 1);
                case AUTO -> whole = Arena.ofAuto().allocate(size, 1);
                case HEAP_BYTES, READ_ONLY_HEAP_BYTES -> whole = MemorySegment.ofArray(new byte[(int) size]);
                case HEAP_TYPED -> {
                    int elements = lead + n + (trail + eb - 1) / eb;
                    whole = heap(type, elements);
                }
                default -> throw new AssertionError(kind);
            }
            whole.fill(Memory.SENTINEL);
            MemorySegment operand = whole.asSlice(leadBytes);
            put(type, operand, values);
            if (!kind.writable()) {
                operand = operand.asReadOnly();
            }
            return new Made(whole, operand);
        }
    }

    private static MemorySegment heap(ElementType type, int n) {
        return switch (type) {
            case DOUBLE -> MemorySegment.ofArray(new double[n]);
            case FLOAT -> MemorySegment.ofArray(new float[n]);
            case LONG -> MemorySegment.ofArray(new long[n]);
            case INT -> MemorySegment.ofArray(new int[n]);
            case SHORT -> MemorySegment.ofArray(new short[n]);
            case BYTE -> MemorySegment.ofArray(new byte[n]);
        };
    }

    /** Writes {@code values} from offset 0 in native order, unaligned. */
    public static void put(ElementType type, MemorySegment s, Object values) {
        int n = Array.getLength(values);
        for (int i = 0; i < n; i++) {
            long at = (long) i * type.bytes();
            switch (type) {
                case DOUBLE -> s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, ((double[]) values)[i]);
                case FLOAT -> s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, ((float[]) values)[i]);
                case LONG -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, at, ((long[]) values)[i]);
                case INT -> s.set(ValueLayout.JAVA_INT_UNALIGNED, at, ((int[]) values)[i]);
                case SHORT -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, ((short[]) values)[i]);
                case BYTE -> s.set(ValueLayout.JAVA_BYTE, at, ((byte[]) values)[i]);
            }
        }
    }
}

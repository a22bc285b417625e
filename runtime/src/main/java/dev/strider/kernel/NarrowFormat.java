package dev.strider.kernel;

/**
 * A number format narrower than the Java types, held in integer storage, as {@code @Elements}
 * declares it: bf16 and f16 in a {@code short}, oneDNN's f8 e5m2 and e4m3 in a {@code byte}, and
 * its 4-bit s4, u4, f4 e2m1 and f4 e3m0 packed two to a {@code byte} ({@link #packed()}, {@link
 * Nibbles}). Kernels read such an element as the float it stands for (exact: every value of these
 * formats is a float) and write an f32 result as its bits, rounded and saturated as oneDNN's reorder
 * does ({@link HalfFloats}, {@link Float8s}, {@link Int4s}, {@link Float4s}).
 */
public enum NarrowFormat {
    /** bf16: the upper half of an f32 ({@code dev.strider.Bf16}). */
    BF16(ElementType.SHORT, "bf16", "Bf16", "HalfFloats", "bf16ToFloat", "floatToBf16"),
    /** f16: IEEE 754 binary16 ({@code dev.strider.F16}). */
    F16(ElementType.SHORT, "f16", "F16", "HalfFloats", "f16ToFloat", "floatToF16"),
    /** f8 e5m2: 5 exponent bits, 2 fraction bits, with infinities and NaNs ({@code dev.strider.F8E5m2}). */
    F8_E5M2(ElementType.BYTE, "f8_e5m2", "F8E5m2", "Float8s", "e5m2ToFloat", "floatToE5m2"),
    /** f8 e4m3: 4 exponent bits, 3 fraction bits, no infinities, one NaN per sign ({@code dev.strider.F8E4m3}). */
    F8_E4M3(ElementType.BYTE, "f8_e4m3", "F8E4m3", "Float8s", "e4m3ToFloat", "floatToE4m3"),
    /** s4: a 4-bit two's complement integer, -8 to 7, two to a byte ({@code dev.strider.S4}). */
    S4(ElementType.BYTE, "s4", "S4", "Int4s", "s4ToFloat", "floatToS4"),
    /** u4: a 4-bit unsigned integer, 0 to 15, two to a byte ({@code dev.strider.U4}). */
    U4(ElementType.BYTE, "u4", "U4", "Int4s", "u4ToFloat", "floatToU4"),
    /** f4 e2m1: sign, 2 exponent bits, 1 fraction bit, magnitudes 0 to 6, two to a byte ({@code dev.strider.F4E2m1}). */
    F4_E2M1(ElementType.BYTE, "f4_e2m1", "F4E2m1", "Float4s", "e2m1ToFloat", "floatToE2m1"),
    /** f4 e3m0: sign and 3 exponent bits, magnitudes 0 to 16, two to a byte ({@code dev.strider.F4E3m0}). */
    F4_E3M0(ElementType.BYTE, "f4_e3m0", "F4E3m0", "Float4s", "e3m0ToFloat", "floatToE3m0");

    private final ElementType storage;
    private final String label;
    private final String markerName;
    private final String converter;
    private final String toFloatName;
    private final String fromFloatName;

    NarrowFormat(ElementType storage, String label, String markerName, String converter, String toFloatName,
                String fromFloatName) {
        this.storage = storage;
        this.label = label;
        this.markerName = markerName;
        this.converter = converter;
        this.toFloatName = toFloatName;
        this.fromFloatName = fromFloatName;
    }

    /** The integer type that holds the bits: {@code SHORT} for bf16 and f16, {@code BYTE} for the 8- and 4-bit formats. */
    public ElementType storage() {
        return storage;
    }

    /**
     * True for the 4-bit formats: two elements share a byte of the storage, element {@code i} in
     * the low four bits of byte {@code i / 2} when {@code i} is even, in its high four when odd
     * ({@link Nibbles}). A layout's offsets then count elements, not bytes.
     */
    public boolean packed() {
        return switch (this) {
            case S4, U4, F4_E2M1, F4_E3M0 -> true;
            default -> false;
        };
    }

    /** True for s4 and u4, the integer formats: a reorder into them saturates and rounds half to even. */
    public boolean integral() {
        return this == S4 || this == U4;
    }

    /** The float the low {@code storage().bytes()} bytes of {@code bits} (the low four bits, packed) stand for: exact. */
    public float toFloat(int bits) {
        return switch (this) {
            case BF16 -> HalfFloats.bf16ToFloat((short) bits);
            case F16 -> HalfFloats.f16ToFloat((short) bits);
            case F8_E5M2 -> Float8s.e5m2ToFloat((byte) bits);
            case F8_E4M3 -> Float8s.e4m3ToFloat((byte) bits);
            case S4 -> Int4s.s4ToFloat(bits);
            case U4 -> Int4s.u4ToFloat(bits);
            case F4_E2M1 -> Float4s.e2m1ToFloat(bits);
            case F4_E3M0 -> Float4s.e3m0ToFloat(bits);
        };
    }

    /** The bits of {@code value} in this format, rounded as oneDNN rounds, in the low bits of the int (a packed format's four). */
    public int bitsOf(float value) {
        return switch (this) {
            case BF16 -> HalfFloats.floatToBf16(value);
            case F16 -> HalfFloats.floatToF16(value);
            case F8_E5M2 -> Float8s.floatToE5m2(value);
            case F8_E4M3 -> Float8s.floatToE4m3(value);
            case S4 -> Int4s.floatToS4(value);
            case U4 -> Int4s.floatToU4(value);
            case F4_E2M1 -> Float4s.floatToE2m1(value);
            case F4_E3M0 -> Float4s.floatToE3m0(value);
        };
    }

    /** {@code "bf16"}, {@code "f8_e5m2"}: oneDNN's name, and how messages and Javadoc write it. */
    public String label() {
        return label;
    }

    /** {@code "Bf16"}, {@code "F8E5m2"}: the marker class in {@code dev.strider} that names it. */
    public String markerName() {
        return markerName;
    }

    /** {@code "HalfFloats"}, {@code "Float8s"}: the class in this package whose static methods convert it. */
    public String converter() {
        return converter;
    }

    /** {@code "bf16ToFloat"}: the converter's method from the bits to a float. */
    public String toFloatName() {
        return toFloatName;
    }

    /** {@code "floatToBf16"}: the converter's method from a float to the bits. */
    public String fromFloatName() {
        return fromFloatName;
    }
}

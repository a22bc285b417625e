package dev.strider.kernel;

/**
 * A floating-point format narrower than f32, held in integer storage, as {@code @Elements} declares
 * it: bf16 and f16 in a {@code short}, oneDNN's f8 e5m2 and e4m3 in a {@code byte}. Kernels read
 * such an element as the float it stands for (exact: every value of these formats is a float) and
 * write a float as its bits, rounded as oneDNN rounds ({@link HalfFloats}, {@link Float8s}).
 */
public enum NarrowFloat {
    /** bf16: the upper half of an f32 ({@code dev.strider.Bf16}). */
    BF16(ElementType.SHORT, "bf16", "Bf16", "HalfFloats", "bf16ToFloat", "floatToBf16"),
    /** f16: IEEE 754 binary16 ({@code dev.strider.F16}). */
    F16(ElementType.SHORT, "f16", "F16", "HalfFloats", "f16ToFloat", "floatToF16"),
    /** f8 e5m2: 5 exponent bits, 2 fraction bits, with infinities and NaNs ({@code dev.strider.F8E5m2}). */
    F8_E5M2(ElementType.BYTE, "f8_e5m2", "F8E5m2", "Float8s", "e5m2ToFloat", "floatToE5m2"),
    /** f8 e4m3: 4 exponent bits, 3 fraction bits, no infinities, one NaN per sign ({@code dev.strider.F8E4m3}). */
    F8_E4M3(ElementType.BYTE, "f8_e4m3", "F8E4m3", "Float8s", "e4m3ToFloat", "floatToE4m3");

    private final ElementType storage;
    private final String label;
    private final String markerName;
    private final String converter;
    private final String toFloatName;
    private final String fromFloatName;

    NarrowFloat(ElementType storage, String label, String markerName, String converter, String toFloatName,
                String fromFloatName) {
        this.storage = storage;
        this.label = label;
        this.markerName = markerName;
        this.converter = converter;
        this.toFloatName = toFloatName;
        this.fromFloatName = fromFloatName;
    }

    /** The integer type that holds the bits: {@code SHORT} for bf16 and f16, {@code BYTE} for the f8 formats. */
    public ElementType storage() {
        return storage;
    }

    /** The float the low {@code storage().bytes()} bytes of {@code bits} stand for: exact. */
    public float toFloat(int bits) {
        return switch (this) {
            case BF16 -> HalfFloats.bf16ToFloat((short) bits);
            case F16 -> HalfFloats.f16ToFloat((short) bits);
            case F8_E5M2 -> Float8s.e5m2ToFloat((byte) bits);
            case F8_E4M3 -> Float8s.e4m3ToFloat((byte) bits);
        };
    }

    /** The bits of {@code value} in this format, rounded as oneDNN rounds, in the low bits of the int. */
    public int bitsOf(float value) {
        return switch (this) {
            case BF16 -> HalfFloats.floatToBf16(value);
            case F16 -> HalfFloats.floatToF16(value);
            case F8_E5M2 -> Float8s.floatToE5m2(value);
            case F8_E4M3 -> Float8s.floatToE4m3(value);
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

package dev.strider.examples.onednn;

import dev.strider.kernel.NarrowFormat;

/**
 * The element types the oneDNN wrapper moves, with oneDNN's names. The oneDNN constant is looked
 * up only when a primitive is built ({@link OneDnn#constant}), so naming a type here never loads
 * the native library.
 */
public enum DataType {
    /** 32-bit float, {@code dnnl_f32}. */
    F32("dnnl_f32", 4),
    /** 32-bit signed integer, {@code dnnl_s32}: a Java {@code int}. */
    S32("dnnl_s32", 4),
    /** Signed byte, {@code dnnl_s8}: a Java {@code byte}. */
    S8("dnnl_s8", 1),
    /** Unsigned byte, {@code dnnl_u8}: a Java {@code byte} read as 0..255. */
    U8("dnnl_u8", 1),
    /** bfloat16, {@code dnnl_bf16}: a Java {@code short} holding the upper half of an f32. */
    BF16("dnnl_bf16", 2),
    /** IEEE half precision, {@code dnnl_f16}: a Java {@code short} holding binary16 bits. */
    F16("dnnl_f16", 2),
    /** 8-bit float with 5 exponent bits, {@code dnnl_f8_e5m2}: a Java {@code byte} holding its bits. */
    F8_E5M2("dnnl_f8_e5m2", 1),
    /** 8-bit float with 4 exponent bits, {@code dnnl_f8_e4m3}: a Java {@code byte} holding its bits. */
    F8_E4M3("dnnl_f8_e4m3", 1),
    /** 4-bit signed integer, {@code dnnl_s4}: two to a byte of a Java {@code byte[]}, the even element low. */
    S4("dnnl_s4", 1),
    /** 4-bit unsigned integer, {@code dnnl_u4}: two to a byte, as s4. */
    U4("dnnl_u4", 1),
    /** 4-bit float with 2 exponent bits, {@code dnnl_f4_e2m1}: two to a byte, as s4. */
    F4_E2M1("dnnl_f4_e2m1", 1),
    /** 4-bit float with 3 exponent bits, {@code dnnl_f4_e3m0}: two to a byte, as s4. */
    F4_E3M0("dnnl_f4_e3m0", 1);

    private final String constant;
    private final int bytes;

    DataType(String constant, int bytes) {
        this.constant = constant;
        this.bytes = bytes;
    }

    /** The name of the {@code dnnl_data_type_t} constant: {@code dnnl_f32}. */
    String constant() {
        return constant;
    }

    /** The Strider format of a narrow type (bf16, f16, f8, s4, u4, f4), or null for the others. */
    public NarrowFormat narrowFormat() {
        return switch (this) {
            case BF16 -> NarrowFormat.BF16;
            case F16 -> NarrowFormat.F16;
            case F8_E5M2 -> NarrowFormat.F8_E5M2;
            case F8_E4M3 -> NarrowFormat.F8_E4M3;
            case S4 -> NarrowFormat.S4;
            case U4 -> NarrowFormat.U4;
            case F4_E2M1 -> NarrowFormat.F4_E2M1;
            case F4_E3M0 -> NarrowFormat.F4_E3M0;
            default -> null;
        };
    }

    /** True for the 4-bit types, two to a byte. */
    public boolean packed() {
        return narrowFormat() != null && narrowFormat().packed();
    }

    /**
     * Bytes per element; 1 for the 4-bit types, whose buffers the wrapper counts in bytes (two
     * elements each) rather than elements.
     */
    public int bytes() {
        return bytes;
    }

    /** {@code f32}, {@code u8}: how oneDNN's documentation writes it. */
    @Override
    public String toString() {
        return constant.substring("dnnl_".length());
    }
}

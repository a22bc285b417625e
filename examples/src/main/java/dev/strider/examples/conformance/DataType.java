package dev.strider.examples.conformance;

import java.util.Locale;

/**
 * The data types benchdnn's {@code --sdt} and {@code --ddt} name, spelled as benchdnn spells
 * them ({@code str2dt}): {@code f32}, {@code bf16}, {@code f8_e5m2}, {@code s4}, ...
 */
public enum DataType {
    F64, F32, BF16, F16, F8_E5M2, F8_E4M3, F4_E2M1, F4_E3M0, E8M0, S32, S8, U8, S4, U4;

    /** The type benchdnn names {@code name}, ignoring case. */
    public static DataType of(String name) {
        for (DataType t : values()) {
            if (t.toString().equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown data type \"" + name + "\"");
    }

    /** benchdnn's {@code is_integral_dt}: s32, s8, u8, s4, u4 (the types that take zero points). */
    public boolean integral() {
        return this == S32 || this == S8 || this == U8 || this == S4 || this == U4;
    }

    /** {@code f32}, {@code f8_e5m2}: benchdnn's spelling. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

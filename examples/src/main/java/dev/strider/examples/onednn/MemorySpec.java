package dev.strider.examples.onednn;

import java.util.Arrays;
import java.util.Objects;

/**
 * One side of a oneDNN reorder: the element type, the logical dims (outermost first, as oneDNN's
 * {@code dnnl_dims_t}) and the memory format, either a oneDNN format tag ({@code nchw},
 * {@code nhwc}, {@code nChw16c}) or explicit strides in elements, one per dim.
 *
 * <p>Plain Java: building a spec does not load the native library, so benchmark cases can carry
 * one without touching oneDNN until they run it.
 */
public final class MemorySpec {

    private final DataType type;
    private final long[] dims;
    private final String tag;
    private final long[] strides;

    private MemorySpec(DataType type, long[] dims, String tag, long[] strides) {
        this.type = Objects.requireNonNull(type, "type");
        if (dims.length < 1 || dims.length > 12) {
            throw new IllegalArgumentException("oneDNN takes 1 to 12 dims, got " + dims.length);
        }
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 1) {
                throw new IllegalArgumentException("dim " + i + " is " + dims[i] + "; every dim must be at least 1");
            }
        }
        if (strides != null && strides.length != dims.length) {
            throw new IllegalArgumentException(strides.length + " strides for " + dims.length + " dims");
        }
        this.dims = dims.clone();
        this.tag = tag;
        this.strides = strides == null ? null : strides.clone();
    }

    /** A memory in a oneDNN format tag: {@code tagged(F32, "nChw16c", 1, 17, 56, 56)}. */
    public static MemorySpec tagged(DataType type, String tag, long... dims) {
        Objects.requireNonNull(tag, "tag");
        if (!tag.matches("[A-Za-z0-9]+")) {
            throw new IllegalArgumentException("not a oneDNN format tag: '" + tag + "'");
        }
        return new MemorySpec(type, dims, tag, null);
    }

    /** A plain memory with explicit strides in elements (non-negative: oneDNN takes no negative strides). */
    public static MemorySpec strided(DataType type, long[] dims, long[] strides) {
        Objects.requireNonNull(strides, "strides");
        for (int i = 0; i < strides.length; i++) {
            if (strides[i] < 0) {
                throw new IllegalArgumentException("stride " + i + " is " + strides[i] + "; oneDNN takes no negative strides");
            }
        }
        return new MemorySpec(type, dims, null, strides);
    }

    public DataType type() {
        return type;
    }

    public long[] dims() {
        return dims.clone();
    }

    /** The format tag, or null when the spec has explicit strides. */
    public String tag() {
        return tag;
    }

    /** The strides, or null when the spec has a format tag. */
    public long[] strides() {
        return strides == null ? null : strides.clone();
    }

    /** {@code f32 nChw16c 1x17x56x56} or {@code f32 strides [150528, 1, 672, 3] 1x3x224x224}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(type).append(' ');
        sb.append(tag != null ? tag : "strides " + Arrays.toString(strides)).append(' ');
        for (int i = 0; i < dims.length; i++) {
            sb.append(i == 0 ? "" : "x").append(dims[i]);
        }
        return sb.toString();
    }
}

package dev.strider.examples.onednn;

import java.util.Objects;

/**
 * One side of a oneDNN reorder: the element type, the logical dims (outermost first, as oneDNN's
 * {@code dnnl_dims_t}) and the memory format, a oneDNN format tag ({@code nchw}, {@code nhwc},
 * {@code nChw16c}).
 *
 * <p>Plain Java: building a spec does not load the native library, so benchmark cases can carry
 * one without touching oneDNN until they run it.
 */
public final class MemorySpec {

    private final DataType type;
    private final long[] dims;
    private final String tag;

    private MemorySpec(DataType type, long[] dims, String tag) {
        this.type = Objects.requireNonNull(type, "type");
        if (dims.length < 1 || dims.length > 12) {
            throw new IllegalArgumentException("oneDNN takes 1 to 12 dims, got " + dims.length);
        }
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] < 1) {
                throw new IllegalArgumentException("dim " + i + " is " + dims[i] + "; every dim must be at least 1");
            }
        }
        this.dims = dims.clone();
        this.tag = tag;
    }

    /** A memory in a oneDNN format tag: {@code tagged(F32, "nChw16c", 1, 17, 56, 56)}. */
    public static MemorySpec tagged(DataType type, String tag, long... dims) {
        Objects.requireNonNull(tag, "tag");
        if (!tag.matches("[A-Za-z0-9]+")) {
            throw new IllegalArgumentException("not a oneDNN format tag: '" + tag + "'");
        }
        return new MemorySpec(type, dims, tag);
    }

    public DataType type() {
        return type;
    }

    public long[] dims() {
        return dims.clone();
    }

    /** The format tag: {@code nChw16c}. */
    public String tag() {
        return tag;
    }

    /** {@code f32 nChw16c 1x17x56x56}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(type).append(' ').append(tag).append(' ');
        for (int i = 0; i < dims.length; i++) {
            sb.append(i == 0 ? "" : "x").append(dims[i]);
        }
        return sb.toString();
    }
}

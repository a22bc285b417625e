package dev.strider;

/**
 * The tensor of a reorder that a {@link Scale} or {@link ZeroPoint} belongs to: oneDNN's
 * {@code DNNL_ARG_SRC} or {@code DNNL_ARG_DST}.
 */
public enum Side {
    /** The source: {@code (src - zero point) * scale} before anything else. */
    SRC,
    /** The destination: the value is divided by its scale, then its zero point added, last. */
    DST
}

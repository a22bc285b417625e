package dev.strider.processor.model;

import dev.strider.kernel.BinaryOp;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.SliceWindow;
import java.util.List;

/**
 * One validated abstract method of a {@code @Kernels} interface: what it computes, over which
 * layouts, with which parameters (in declaration order). Immutable, free of javax.lang.model.
 */
public sealed interface KernelMethod {

    String name();

    /** The parameters in declaration order. */
    List<Param> params();

    /** The array the kernel writes. */
    Param output();

    /** The layout of an array parameter of this method. */
    NamedLayout layoutOf(Param array);

    /** {@code dst[to] = scaleShift(widen(src[from]))}; a plain copy when types match and scale 1, shift 0. */
    record Reorder(String name, Param src, NamedLayout from, Param dst, NamedLayout to,
                   boolean unsignedSource, double scale, double shift) implements KernelMethod {
        public List<Param> params() {
            return List.of(src, dst);
        }

        public Param output() {
            return dst;
        }

        public NamedLayout layoutOf(Param array) {
            return array == src ? from : to;
        }

        /** True when this is a plain copy: same element type, no unsigned reading, scale 1, shift 0. */
        public boolean isCopy() {
            return src.type() == dst.type() && !unsignedSource && scale == 1 && shift == 0;
        }
    }

    record Slice(String name, Param src, NamedLayout from, SliceWindow window, Param dst, NamedLayout to)
            implements KernelMethod {
        public List<Param> params() {
            return List.of(src, dst);
        }

        public Param output() {
            return dst;
        }

        public NamedLayout layoutOf(Param array) {
            return array == src ? from : to;
        }
    }

    record Fill(String name, Param dst, NamedLayout layout, Param value) implements KernelMethod {
        public List<Param> params() {
            return List.of(dst, value);
        }

        public Param output() {
            return dst;
        }

        public NamedLayout layoutOf(Param array) {
            return layout;
        }
    }

    record Unary(String name, UnaryOp op, Param in, NamedLayout inLayout, Param out, NamedLayout outLayout)
            implements KernelMethod {
        public List<Param> params() {
            return List.of(in, out);
        }

        public Param output() {
            return out;
        }

        public NamedLayout layoutOf(Param array) {
            return array == in ? inLayout : outLayout;
        }
    }

    record Binary(String name, BinaryOp op, Param a, NamedLayout aLayout, Param b, NamedLayout bLayout,
                  Param out, NamedLayout outLayout) implements KernelMethod {
        public List<Param> params() {
            return List.of(a, b, out);
        }

        public Param output() {
            return out;
        }

        public NamedLayout layoutOf(Param array) {
            return array == a ? aLayout : array == b ? bLayout : outLayout;
        }
    }
}

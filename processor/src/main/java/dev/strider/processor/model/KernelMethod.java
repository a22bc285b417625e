package dev.strider.processor.model;

import dev.strider.BinaryOp;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.SliceWindow;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

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

    /**
     * Arrays the kernel writes after its elements, from what it wrote ({@code @Compensation}): not
     * operands of its element-wise problem. Empty for all but a compensating reorder.
     */
    default List<Param> outputsBesides() {
        return List.of();
    }

    /** The layout of an array parameter of this method. */
    NamedLayout layoutOf(Param array);

    /**
     * True when input {@code p} may be the output's array: the same element type and layout (not
     * a slice), so each element is read before the same element is written. Such a method must
     * write nothing before it has read it.
     */
    default boolean inPlace(Param p) {
        Param out = output();
        return p != out && p.tensor() && p.sameNumbers(out) && !(this instanceof Slice)
                && layoutOf(p).layout().equals(layoutOf(out).layout());
    }

    /** True when some input may be the output's array ({@link #inPlace(Param)}). */
    default boolean inPlace() {
        return params().stream().anyMatch(this::inPlace);
    }

    /**
     * True when the output's old elements are read, so nothing may write them before they are:
     * an input may be the output ({@link #inPlace()}), or a reorder adds the destination's old
     * value (oneDNN's sum post-op).
     */
    default boolean readsOutput() {
        return inPlace() || this instanceof Reorder r && r.sums();
    }

    /**
     * The method's key, its name and parameter types as Java writes them: {@code
     * toBlocked64(float[], float[])}, {@code fill(float[], float)}. Overloads differ in it, and the
     * runtime's {@code KernelProvider.variants()} and the tuner name methods by it.
     */
    default String key() {
        return key(name(), params());
    }

    /** {@link #key()} of a method called {@code name} taking {@code params}. */
    static String key(String name, List<Param> params) {
        StringBuilder b = new StringBuilder(name).append('(');
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            b.append(i == 0 ? "" : ", ").append(p.javaType());
        }
        return b.append(')').toString();
    }

    /** The same method with each parameter replaced by {@code rename} of it (the generated code's names). */
    default KernelMethod withParams(UnaryOperator<Param> rename) {
        if (this instanceof Reorder r) {
            return new Reorder(r.name(), rename.apply(r.src()), r.from(), rename.apply(r.dst()), r.to(),
                    r.unsignedSource(), r.unsignedDestination(), r.scale(), r.shift(), r.sum(),
                    r.quantization().stream().map(q -> q.withParam(rename.apply(q.param()))).toList(),
                    r.compensation().stream().map(c -> c.withParam(rename.apply(c.param()))).toList());
        }
        if (this instanceof Slice s) {
            return new Slice(s.name(), rename.apply(s.src()), s.from(), s.window(), rename.apply(s.dst()), s.to());
        }
        if (this instanceof Fill f) {
            return new Fill(f.name(), rename.apply(f.dst()), f.layout(), rename.apply(f.value()));
        }
        if (this instanceof Unary u) {
            return new Unary(u.name(), u.op(), rename.apply(u.in()), u.inLayout(), rename.apply(u.out()), u.outLayout());
        }
        Binary b = (Binary) this;
        return new Binary(b.name(), b.op(), rename.apply(b.a()), b.aLayout(), rename.apply(b.b()), b.bLayout(),
                rename.apply(b.out()), b.outLayout());
    }

    /**
     * What the method computes, in words, without a final period: {@code Reorder Interleaved to
     * Planar}, {@code Fill of Blocked with value}. The generated Javadoc and the layout report both
     * say it.
     *
     * @param code how a parameter name is quoted: {@code {@code value}} in Javadoc
     */
    default String summary(UnaryOperator<String> code) {
        if (this instanceof Reorder r) {
            String what = r.isCopy() ? "Reorder" : "Converting reorder ("
                    + (r.unsignedSource() ? "unsigned " : "") + r.src().numberName() + " to "
                    + (r.unsignedDestination() ? "unsigned " : "") + r.dst().numberName()
                    + (r.quantized() ? "" : ", scale " + r.scale() + ", shift " + r.shift())
                    + (r.quantization().isEmpty() ? "" : quantization(r, code))
                    + (r.sums() ? ", plus " + r.sum() + " times the destination's old value" : "")
                    + compensation(r, code) + ")";
            return what + " " + r.from().name() + " to " + r.to().name()
                    + Narrowing.of(r).map(n -> ": it " + n.describe()).orElse("");
        }
        if (this instanceof Slice s) {
            return "Slice of " + s.from().name() + ": " + s.window();
        }
        if (this instanceof Fill f) {
            return "Fill of " + f.layout().name() + " with " + code.apply(f.value().name());
        }
        if (this instanceof Unary u) {
            return "Unary " + u.op() + " from " + u.inLayout().name() + " to " + u.outLayout().name();
        }
        Binary bin = (Binary) this;
        return "Binary " + bin.op().name().toLowerCase(Locale.ROOT) + " of " + bin.aLayout().name() + " and "
                + bin.bLayout().name() + " to " + bin.outLayout().name();
    }

    /**
     * {@code , src scales per C scales, dst zero point zp}: the quantization parameters given at
     * call time, and a compile-time scale or shift that stands in for one.
     */
    private static String quantization(Reorder r, UnaryOperator<String> code) {
        StringBuilder b = new StringBuilder();
        if (r.scale() != 1) {
            b.append(", src scale ").append(r.scale());
        }
        if (r.shift() != 0) {
            b.append(", dst zero point ").append(r.shift());
        }
        for (QuantParam q : r.quantization()) {
            b.append(", ").append(q.role()).append(' ').append(code.apply(q.param().name()));
        }
        return b.toString();
    }

    /** {@code , and the s8s8 compensation per O into {@code comp}}, or nothing. */
    private static String compensation(Reorder r, UnaryOperator<String> code) {
        StringBuilder b = new StringBuilder();
        for (CompParam c : r.compensation()) {
            b.append(", and the ").append(c.role()).append(" into ").append(code.apply(c.param().name()));
        }
        return b.toString();
    }

    /**
     * {@code dst[to] = src[from] * scale + shift} in oneDNN's arithmetic ({@code
     * dev.strider.kernel.Arithmetic}, decided for the writers by {@code plan.Conversion}), the
     * destination written unsigned when {@code unsignedDestination}; a plain copy when types match
     * and scale 1, shift 0. With {@code quantization} parameters given at call time, each element
     * runs {@code dev.strider.kernel.Quantization}'s steps instead, {@code scale} standing for the
     * source scale and {@code shift} for the destination zero point. With {@code compensation}
     * outputs (s8 weights only), it then writes oneDNN's compensation of the weights it wrote
     * ({@code dev.strider.kernel.Compensations}).
     */
    record Reorder(String name, Param src, NamedLayout from, Param dst, NamedLayout to,
                   boolean unsignedSource, boolean unsignedDestination, double scale, double shift, double sum,
                   List<QuantParam> quantization, List<CompParam> compensation)
            implements KernelMethod {

        public Reorder {
            quantization = List.copyOf(quantization);
            compensation = List.copyOf(compensation);
        }

        /** A reorder that writes no compensation. */
        public Reorder(String name, Param src, NamedLayout from, Param dst, NamedLayout to, boolean unsignedSource,
                       boolean unsignedDestination, double scale, double shift, double sum,
                       List<QuantParam> quantization) {
            this(name, src, from, dst, to, unsignedSource, unsignedDestination, scale, shift, sum, quantization,
                    List.of());
        }

        /** A reorder without the sum post-op. */
        public Reorder(String name, Param src, NamedLayout from, Param dst, NamedLayout to, boolean unsignedSource,
                       boolean unsignedDestination, double scale, double shift) {
            this(name, src, from, dst, to, unsignedSource, unsignedDestination, scale, shift, 0);
        }

        /** A reorder with its scale, shift and sum known at compile time. */
        public Reorder(String name, Param src, NamedLayout from, Param dst, NamedLayout to, boolean unsignedSource,
                       boolean unsignedDestination, double scale, double shift, double sum) {
            this(name, src, from, dst, to, unsignedSource, unsignedDestination, scale, shift, sum, List.of());
        }

        /** Only the source may be the destination's array; a scale or zero point never is. */
        @Override
        public boolean inPlace(Param p) {
            return p == src && KernelMethod.super.inPlace(p);
        }

        /** True when it takes quantization parameters at call time. */
        public boolean quantized() {
            return !quantization.isEmpty();
        }

        /** True when it adds the destination's old value, times {@link #sum} (oneDNN's sum post-op). */
        public boolean sums() {
            return sum != 0;
        }

        /** True when it writes a compensation besides the weights. */
        public boolean compensates() {
            return !compensation.isEmpty();
        }

        /** The parameters: src, dst, the scales and zero points, then the compensations (declared last). */
        public List<Param> params() {
            if (quantization.isEmpty() && compensation.isEmpty()) {
                return List.of(src, dst);
            }
            List<Param> all = new java.util.ArrayList<>(List.of(src, dst));
            quantization.forEach(q -> all.add(q.param()));
            compensation.forEach(c -> all.add(c.param()));
            return List.copyOf(all);
        }

        @Override
        public List<Param> outputsBesides() {
            return compensation.stream().map(CompParam::param).toList();
        }

        public Param output() {
            return dst;
        }

        public NamedLayout layoutOf(Param array) {
            if (array == src) {
                return from;
            }
            for (QuantParam q : quantization) {
                if (q.param() == array) {
                    return q.layout(to.layout());
                }
            }
            for (CompParam c : compensation) {
                if (c.param() == array) {
                    return c.layout(to.layout());
                }
            }
            return to;
        }

        /**
         * True when this is a plain copy: same element type (and narrow float format), nothing
         * unsigned, scale 1, shift 0, no quantization parameters.
         */
        public boolean isCopy() {
            return src.sameNumbers(dst) && !unsignedSource && !unsignedDestination && scale == 1 && shift == 0
                    && sum == 0 && quantization.isEmpty() && compensation.isEmpty();
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

package dev.strider.processor.writer;

import dev.strider.BinaryOp;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.NarrowFormat;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.NamedLayout;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.Planner;
import dev.strider.processor.plan.Problem;
import dev.strider.processor.plan.VectorPlan;

/** Kernel methods built by hand, for writer tests. */
final class Samples {

    private Samples() {
    }

    static NamedLayout named(String name, TensorLayout layout) {
        return new NamedLayout(name, layout);
    }

    static KernelMethod.Reorder reorder(String name, ElementType type, TensorLayout from, TensorLayout to) {
        return new KernelMethod.Reorder(name, Param.array("src", type), named("From", from), Param.array("dst", type),
                named("To", to), false, false, 1, 0);
    }

    /** bf16 or f16 ({@code format}) in a {@code short[]} widened to a {@code float[]}, nothing else computed. */
    static KernelMethod.Reorder widen(String name, NarrowFormat format, TensorLayout from, TensorLayout to) {
        return new KernelMethod.Reorder(name, Param.array("src", ElementType.SHORT).holding(format), named("From", from),
                Param.array("dst", ElementType.FLOAT), named("To", to), false, false, 1, 0);
    }

    /**
     * The vector nest the planner describes for a float reorder at {@code lanes} (unroll limit 64,
     * transposes in blocks of {@code transposeLanes}, interleaves when {@code interleavable}), or
     * {@code "none"}.
     */
    static String vectorNest(int lanes, int transposeLanes, boolean interleavable, TensorLayout from, TensorLayout to) {
        return Planner.planVector(Problem.of(reorder("m", ElementType.FLOAT, from, to)), 64, lanes, transposeLanes,
                interleavable, Planner.TILE_ABOVE_ELEMENTS).map(VectorPlan::describe).orElse("none");
    }

    static KernelMethod.Reorder convert(String name, ElementType from, TensorLayout fromLayout, ElementType to, TensorLayout toLayout,
                                        boolean unsigned, double scale, double shift) {
        return convert(name, from, fromLayout, unsigned, to, toLayout, false, scale, shift);
    }

    /** A converting reorder whose destination is written unsigned when {@code unsignedDestination}. */
    static KernelMethod.Reorder convert(String name, ElementType from, TensorLayout fromLayout, boolean unsignedSource,
                                        ElementType to, TensorLayout toLayout, boolean unsignedDestination,
                                        double scale, double shift) {
        return new KernelMethod.Reorder(name, Param.array("src", from), named("From", fromLayout), Param.array("dst", to),
                named("To", toLayout), unsignedSource, unsignedDestination, scale, shift);
    }

    static KernelMethod.Slice slice(String name, ElementType type, TensorLayout from, SliceWindow window, TensorLayout to) {
        return new KernelMethod.Slice(name, Param.array("src", type), named("From", from), window,
                Param.array("dst", type), named("To", to));
    }

    static KernelMethod.Fill fill(String name, ElementType type, TensorLayout layout) {
        return new KernelMethod.Fill(name, Param.array("dst", type), named("Target", layout), Param.scalar("value", type));
    }

    static KernelMethod.Unary unary(String name, ElementType type, UnaryOp op, TensorLayout in, TensorLayout out) {
        return new KernelMethod.Unary(name, op, Param.array("in", type), named("In", in), Param.array("out", type),
                named("Out", out));
    }

    static KernelMethod.Binary binary(String name, ElementType type, BinaryOp op, TensorLayout a, TensorLayout b, TensorLayout out) {
        return new KernelMethod.Binary(name, op, Param.array("a", type), named("A", a), Param.array("b", type),
                named("B", b), Param.array("out", type), named("Out", out));
    }
}

package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;

/**
 * One side of {@link DispatchBenchmark}: {@code calls} back-to-back calls of a tiny kernel on one
 * instance, either the tuner's dispatcher ({@code Strider.load}) or the class and variant it routed
 * the method to, built directly. Like {@link Slice} it is a template that
 * {@link DispatchBenchmark} copies into a hidden class per side, so each side's call site sees one
 * receiver, and so it has no nested classes and no lambdas.
 */
public final class DispatchSlice implements InterleavedBenchmark.Timed {

    private final String caseId;
    private final Tensors t;
    private final ImageOps image;
    private final BlockedOps blocked;

    /** {@code kernels} is the case's kernel set: a {@link BlockedOps} or an {@link ImageOps}. */
    public DispatchSlice(Case c, Tensors t, Object kernels) {
        this.caseId = c.id();
        this.t = t;
        this.image = kernels instanceof ImageOps ? (ImageOps) kernels : null;
        this.blocked = kernels instanceof BlockedOps ? (BlockedOps) kernels : null;
        if (!caseId.equals("toTinyBlocked") && !caseId.equals("nchwToNhwcTiny")) {
            throw new IllegalArgumentException("no dispatch slice for case " + caseId);
        }
        if (caseId.equals("toTinyBlocked") ? blocked == null : image == null) {
            throw new IllegalArgumentException(caseId + " needs another kernel set than " + kernels.getClass());
        }
    }

    @Override
    public long run(int calls) {
        long start = System.nanoTime();
        if (blocked != null) {
            for (int i = 0; i < calls; i++) {
                blocked.toTinyBlocked(t.tiny, t.tinyOut);
            }
        } else {
            for (int i = 0; i < calls; i++) {
                image.thumbToNhwc(t.thumb, t.thumbOut);
            }
        }
        return System.nanoTime() - start;
    }
}

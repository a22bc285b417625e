package dev.strider.examples.kernels;

import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.Target;

/**
 * One reorder large enough for THREADS to split (1x64x56x56, 200,704 elements), in a kernel set
 * of its own, so that no other test's calls reach its tuner: {@link ForcedThreadsTuningTest}.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface ForcedThreadsOps {

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56})
    interface Plain {}

    @Layout(dims = "NCHW", sizes = {1, 64, 56, 56}, format = "nChw16c")
    interface Blocked {}

    @Reorder(from = Plain.class, to = Blocked.class)
    void toBlocked(float[] src, float[] dst);
}

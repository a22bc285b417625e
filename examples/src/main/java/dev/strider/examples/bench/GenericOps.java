package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.BinaryOp;
import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;

/**
 * The generic run-time-stride kernels behind the kernel-set methods the suite measures, as the
 * "generic" contender of {@link TargetsBenchmark}. Each method runs on the very layouts its
 * {@link Case} counts bytes from; methods outside the suite throw.
 */
final class GenericOps {

    private GenericOps() {
    }

    private static void reorder(Case c, float[] src, float[] dst) {
        FloatKernels.reorder(src, c.inputs().get(0).layout(), dst, c.output().layout());
    }

    private static UnsupportedOperationException notInSuite() {
        return new UnsupportedOperationException("not a case of the benchmark suite");
    }

    /** {@link ImageOps} through the generic kernels. */
    static final class Image implements ImageOps {
        private static final TensorLayout PLANAR = Case.FLIP_IMAGE.output().layout();
        private static final SliceWindow FLIP =
                SliceWindow.of(PLANAR, new int[4], PLANAR.sizes(), new int[] {1, 1, 1, -1});

        @Override
        public void normalize(byte[] pixels, float[] planar) {
            Case c = Case.NORMALIZE_IMAGE;
            Convert.reorder(pixels, c.inputs().get(0).layout(), true, planar, c.output().layout(), 1 / 127.5, -1);
        }

        @Override
        public void toPixels(float[] planar, byte[] pixels) {
            throw notInSuite();
        }

        @Override
        public void toPlanar(float[] src, float[] dst) {
            reorder(Case.NHWC_TO_NCHW_IMAGE, src, dst);
        }

        @Override
        public void toInterleaved(float[] src, float[] dst) {
            reorder(Case.NCHW_TO_NHWC_IMAGE, src, dst);
        }

        @Override
        public void featuresToNhwc(float[] src, float[] dst) {
            throw notInSuite();
        }

        @Override
        public void featuresToNchw(float[] src, float[] dst) {
            throw notInSuite();
        }

        @Override
        public void largeToNhwc(float[] src, float[] dst) {
            reorder(Case.NCHW_TO_NHWC_LARGE, src, dst);
        }

        @Override
        public void largeToNchw(float[] src, float[] dst) {
            reorder(Case.NHWC_TO_NCHW_LARGE, src, dst);
        }

        @Override
        public void thumbToNhwc(float[] src, float[] dst) {
            reorder(Case.NCHW_TO_NHWC_TINY, src, dst);
        }

        @Override
        public void flip(float[] src, float[] dst) {
            FloatKernels.slice(src, PLANAR, FLIP, dst, PLANAR);
        }

        @Override
        public void centerCrop(float[] src, float[] dst) {
            throw notInSuite();
        }

        @Override
        public void addBias(float[] x, float[] bias, float[] out) {
            Case c = Case.ADD_BIAS;
            FloatKernels.binary(BinaryOp.ADD, x, c.inputs().get(0).layout(), bias, c.inputs().get(1).layout(),
                    out, c.output().layout());
        }

        @Override
        public void relu(float[] in, float[] out) {
            throw notInSuite();
        }
    }

    /** {@link BlockedOps}' reorders through the generic kernels. */
    static final class Blocked implements BlockedOps {
        @Override
        public void toBlocked64(float[] src, float[] dst) {
            reorder(Case.TO_BLOCKED_64, src, dst);
        }

        @Override
        public void fromBlocked64(float[] src, float[] dst) {
            reorder(Case.FROM_BLOCKED_64, src, dst);
        }

        @Override
        public void toBlocked17(float[] src, float[] dst) {
            reorder(Case.TO_BLOCKED_17, src, dst);
        }

        @Override
        public void fromBlocked17(float[] src, float[] dst) {
            reorder(Case.FROM_BLOCKED_17, src, dst);
        }

        @Override
        public void toTinyBlocked(float[] src, float[] dst) {
            reorder(Case.TO_TINY_BLOCKED, src, dst);
        }

        @Override
        public void toBlocked8(float[] src, float[] dst) {
            reorder(Case.TO_BLOCKED_8, src, dst);
        }

        @Override
        public void toBlockedWeights(float[] src, float[] dst) {
            reorder(Case.TO_BLOCKED_WEIGHTS, src, dst);
        }

        @Override
        public void relu(float[] in, float[] out) {
            throw notInSuite();
        }

        @Override
        public void doublePlusOne(float[] in, float[] out) {
            throw notInSuite();
        }
    }
}

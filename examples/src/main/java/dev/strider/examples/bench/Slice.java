package dev.strider.examples.bench;

import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.examples.kernels.OffHeapOps;
import dev.strider.examples.onednn.OneDnnReorder;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * One contender of one {@link Case} as {@link InterleavedBenchmark} times it: {@link #run} makes
 * {@code calls} calls back to back and returns the nanoseconds they took. The calls are the very
 * ones the single-contender benchmarks make ({@link TargetsBenchmark}, {@link BaselinesBenchmark},
 * {@link CeilingBenchmark}, {@link OneDnnBenchmark}), on the same {@link Tensors}.
 *
 * <p>This class is a template: {@link InterleavedBenchmark} defines a hidden copy of it per
 * contender ({@code Lookup.defineHiddenClass}), so each contender's call sites have a profile of
 * their own. Run through one shared class, the interface call {@code blocked.toBlocked64(..)}
 * would see SCALAR, VECTOR, THREADS, the tuned class and the generic kernel as receivers, turn
 * megamorphic and stop inlining, which costs the tiny cases (40–130 ns a call) more than the
 * differences being measured; in its own fork, as in the single-contender benchmarks, every call
 * site sees one receiver. So this class has no nested classes and no lambdas (a hidden class
 * cannot be named by them), and the switches are on strings, which compile to no synthetic class.
 *
 * <p>Off-heap (issue 15, {@link Case#offHeap()}): {@code offheap} calls the case's method of
 * {@link OffHeapOps} on the direct buffers of {@link Tensors}; {@code copyaround} copies the direct
 * input buffer into an array, calls the array kernel ({@code image} or {@code blocked}) and copies
 * its result out to the direct output buffer, what a user without off-heap kernels does. The
 * segment contenders run in {@code SegmentSlice}, compiled for Java 22.
 */
public final class Slice implements InterleavedBenchmark.Timed {

    private final String caseId;
    private final String kind;
    private final Tensors t;
    private final ImageOps image;
    private final BlockedOps blocked;
    private final BaselinesBenchmark baselines = new BaselinesBenchmark();
    private final byte[] copySource;
    private final byte[] copyDestination;
    private final OneDnnReorder oneDnn;
    private final OffHeapOps offHeap;
    /** {@code offheap}, {@code copyaround}: the direct buffers; else null. */
    private final ByteBuffer directIn;
    private final ByteBuffer directOut;
    /** {@code copyaround}: float views of the direct buffers and the arrays copied through; else null. */
    private final FloatBuffer directInFloats;
    private final FloatBuffer directOutFloats;
    private final float[] arrayIn;
    private final byte[] arrayPixels;
    private final float[] arrayOut;

    /**
     * @param kind    {@code kernel} (image or blocked, whichever the case calls), {@code naive},
     *                {@code hand}, {@code arraycopy}, {@code onednn}, {@code offheap} or {@code copyaround}
     * @param oneDnn  the case's primitive for {@code onednn}, else null
     * @param offHeap the buffer kernels for {@code offheap}, else null
     */
    public Slice(Case c, String kind, Tensors t, ImageOps image, BlockedOps blocked, OneDnnReorder oneDnn,
                 OffHeapOps offHeap) {
        this.caseId = c.id();
        this.kind = kind;
        this.t = t;
        this.image = image;
        this.blocked = blocked;
        this.oneDnn = oneDnn;
        this.offHeap = offHeap;
        boolean direct = kind.equals("offheap") || kind.equals("copyaround");
        if (direct && !c.offHeap()) {
            throw new IllegalArgumentException(c + " has no off-heap contenders");
        }
        directIn = direct ? t.directInput(c) : null;
        directOut = direct ? t.directOutput(c) : null;
        boolean copy = kind.equals("copyaround");
        boolean pixels = c == Case.NORMALIZE_IMAGE;
        directInFloats = copy && !pixels ? directIn.asFloatBuffer() : null;
        directOutFloats = copy ? directOut.asFloatBuffer() : null;
        arrayIn = copy && !pixels ? new float[directIn.capacity() / 4] : null;
        arrayPixels = copy && pixels ? new byte[directIn.capacity()] : null;
        arrayOut = copy ? new float[directOut.capacity() / 4] : null;
        if (kind.equals("arraycopy")) {
            int half = (int) CeilingBenchmark.halfOf(c);
            copySource = new byte[half];
            copyDestination = new byte[half];
            new java.util.Random(3).nextBytes(copySource);
        } else {
            copySource = null;
            copyDestination = null;
        }
        if (!kind.equals("kernel") && !kind.equals("naive") && !kind.equals("hand") && !kind.equals("arraycopy")
                && !(kind.equals("onednn") && oneDnn != null) && !(kind.equals("offheap") && offHeap != null)
                && !copy) {
            throw new IllegalArgumentException("not a slice kind: " + kind + (oneDnn == null ? " (no oneDNN)" : "")
                    + (offHeap == null ? " (no off-heap kernels)" : ""));
        }
    }

    /** {@code calls} calls of this contender; the nanoseconds they took in all. */
    @Override
    public long run(int calls) {
        long start = System.nanoTime();
        switch (kind) {
            case "kernel":
                kernel(calls);
                break;
            case "naive":
                naive(calls);
                break;
            case "hand":
                hand(calls);
                break;
            case "offheap":
                offHeap(calls);
                break;
            case "copyaround":
                copyAround(calls);
                break;
            case "arraycopy":
                for (int i = 0; i < calls; i++) {
                    System.arraycopy(copySource, 0, copyDestination, 0, copySource.length);
                }
                break;
            default:
                for (int i = 0; i < calls; i++) {
                    oneDnn.execute();
                }
        }
        return System.nanoTime() - start;
    }

    private void kernel(int calls) {
        switch (caseId) {
            case "nchwToNhwcLarge":
                for (int i = 0; i < calls; i++) {
                    image.largeToNhwc(t.large, t.largeOut);
                }
                break;
            case "nhwcToNchwLarge":
                for (int i = 0; i < calls; i++) {
                    image.largeToNchw(t.large, t.largeOut);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    image.toInterleaved(t.picture, t.pictureOut);
                }
                break;
            case "nhwcToNchwImage":
                for (int i = 0; i < calls; i++) {
                    image.toPlanar(t.picture, t.pictureOut);
                }
                break;
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    blocked.toBlocked64(t.features, t.featuresOut);
                }
                break;
            case "fromBlocked64":
                for (int i = 0; i < calls; i++) {
                    blocked.fromBlocked64(t.features, t.featuresOut);
                }
                break;
            case "toBlocked17":
                for (int i = 0; i < calls; i++) {
                    blocked.toBlocked17(t.tail, t.tailOut);
                }
                break;
            case "fromBlocked17":
                for (int i = 0; i < calls; i++) {
                    blocked.fromBlocked17(t.tailBlocked, t.tailPlainOut);
                }
                break;
            case "toBlocked8":
                for (int i = 0; i < calls; i++) {
                    blocked.toBlocked8(t.features, t.featuresOut);
                }
                break;
            case "toBlockedWeights":
                for (int i = 0; i < calls; i++) {
                    blocked.toBlockedWeights(t.weights, t.weightsOut);
                }
                break;
            case "toTinyBlocked":
                for (int i = 0; i < calls; i++) {
                    blocked.toTinyBlocked(t.tiny, t.tinyOut);
                }
                break;
            case "nchwToNhwcTiny":
                for (int i = 0; i < calls; i++) {
                    image.thumbToNhwc(t.thumb, t.thumbOut);
                }
                break;
            case "normalizeImage":
                for (int i = 0; i < calls; i++) {
                    image.normalize(t.pixels, t.pictureOut);
                }
                break;
            case "flipImage":
                for (int i = 0; i < calls; i++) {
                    image.flip(t.picture, t.pictureOut);
                }
                break;
            case "addBias":
                for (int i = 0; i < calls; i++) {
                    image.addBias(t.features, t.bias, t.featuresOut);
                }
                break;
            default:
                throw new IllegalStateException("no kernel call for case " + caseId);
        }
    }

    private void offHeap(int calls) {
        switch (caseId) {
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    offHeap.toBlocked64(directIn, directOut);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    offHeap.toInterleaved(directIn, directOut);
                }
                break;
            case "normalizeImage":
                for (int i = 0; i < calls; i++) {
                    offHeap.normalize(directIn, directOut);
                }
                break;
            default:
                throw new IllegalStateException("no off-heap kernel for case " + caseId);
        }
    }

    /** Copy in (absolute bulk gets, so the buffers' positions stay), the array kernel, copy out. */
    private void copyAround(int calls) {
        switch (caseId) {
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    directInFloats.get(0, arrayIn);
                    blocked.toBlocked64(arrayIn, arrayOut);
                    directOutFloats.put(0, arrayOut);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    directInFloats.get(0, arrayIn);
                    image.toInterleaved(arrayIn, arrayOut);
                    directOutFloats.put(0, arrayOut);
                }
                break;
            case "normalizeImage":
                for (int i = 0; i < calls; i++) {
                    directIn.get(0, arrayPixels);
                    image.normalize(arrayPixels, arrayOut);
                    directOutFloats.put(0, arrayOut);
                }
                break;
            default:
                throw new IllegalStateException("no copy-around path for case " + caseId);
        }
    }

    private void naive(int calls) {
        switch (caseId) {
            case "nchwToNhwcLarge":
                for (int i = 0; i < calls; i++) {
                    baselines.nchwToNhwcLargeNaive(t);
                }
                break;
            case "nhwcToNchwLarge":
                for (int i = 0; i < calls; i++) {
                    baselines.nhwcToNchwLargeNaive(t);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    baselines.nchwToNhwcImageNaive(t);
                }
                break;
            case "nhwcToNchwImage":
                for (int i = 0; i < calls; i++) {
                    baselines.nhwcToNchwImageNaive(t);
                }
                break;
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlocked64Naive(t);
                }
                break;
            case "fromBlocked64":
                for (int i = 0; i < calls; i++) {
                    baselines.fromBlocked64Naive(t);
                }
                break;
            case "toBlocked17":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlocked17Naive(t);
                }
                break;
            case "fromBlocked17":
                for (int i = 0; i < calls; i++) {
                    baselines.fromBlocked17Naive(t);
                }
                break;
            case "toBlocked8":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlocked8Naive(t);
                }
                break;
            case "toBlockedWeights":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlockedWeightsNaive(t);
                }
                break;
            case "toTinyBlocked":
                for (int i = 0; i < calls; i++) {
                    baselines.toTinyBlockedNaive(t);
                }
                break;
            case "nchwToNhwcTiny":
                for (int i = 0; i < calls; i++) {
                    baselines.nchwToNhwcTinyNaive(t);
                }
                break;
            case "normalizeImage":
                for (int i = 0; i < calls; i++) {
                    baselines.normalizeImageNaive(t);
                }
                break;
            case "flipImage":
                for (int i = 0; i < calls; i++) {
                    baselines.flipImageNaive(t);
                }
                break;
            case "addBias":
                for (int i = 0; i < calls; i++) {
                    baselines.addBiasNaive(t);
                }
                break;
            default:
                throw new IllegalStateException("no naive loop for case " + caseId);
        }
    }

    private void hand(int calls) {
        switch (caseId) {
            case "nchwToNhwcLarge":
                for (int i = 0; i < calls; i++) {
                    baselines.nchwToNhwcLargeHand(t);
                }
                break;
            case "nhwcToNchwLarge":
                for (int i = 0; i < calls; i++) {
                    baselines.nhwcToNchwLargeHand(t);
                }
                break;
            case "toBlocked64":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlocked64Hand(t);
                }
                break;
            case "toBlocked17":
                for (int i = 0; i < calls; i++) {
                    baselines.toBlocked17Hand(t);
                }
                break;
            case "toTinyBlocked":
                for (int i = 0; i < calls; i++) {
                    baselines.toTinyBlockedHand(t);
                }
                break;
            case "nchwToNhwcImage":
                for (int i = 0; i < calls; i++) {
                    baselines.nchwToNhwcImageHand(t);
                }
                break;
            default:
                throw new IllegalStateException("no hand-tiled loop for case " + caseId);
        }
    }
}

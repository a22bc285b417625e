package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.BlockedOps;
import dev.strider.examples.kernels.ImageOps;
import dev.strider.examples.kernels.OffHeapOps;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every off-heap contender of the suite (issue 15) writes, bit for bit, what the array kernel
 * writes from the array inputs: the kernels on direct buffers and (on JDK 22+ builds) on native
 * segments, of every target and the tuned choice, and the copy-around path. Their outputs are
 * NaN-filled first where the test can reach them, so an element left unwritten shows. Otherwise
 * an off-heap kernel could be fast by reading other bytes, or doing less.
 */
class OffHeapContendersTest {

    private static final Set<Case> OFF_HEAP = EnumSet.of(Case.TO_BLOCKED_64, Case.NCHW_TO_NHWC_IMAGE, Case.NORMALIZE_IMAGE);

    @Test
    void theThreeCasesOfTheIssueHaveOffHeapContenders() {
        for (Case c : Case.values()) {
            assertEquals(OFF_HEAP.contains(c), c.offHeap(), c.id());
            List<Contender> offHeap = InterleavedBenchmark.contenders(c).stream().filter(Contender::offHeap).toList();
            assertEquals(c.offHeap() ? SegmentContenders.available() ? 12 : 8 : 0, offHeap.size(), c + ": " + offHeap);
            assertEquals(c.offHeap() && SegmentContenders.bufferKernelSet() != null,
                    offHeap.contains(Contender.BUFFER_VECTOR), c + ": " + offHeap);
        }
        if (Runtime.version().feature() < 22) {
            assertFalse(SegmentContenders.available());
            assertEquals(OffHeapOps.class, SegmentContenders.bufferKernelSet());
            assertTrue(SegmentContenders.unavailable().contains("JDK " + Runtime.version().feature()),
                    SegmentContenders.unavailable());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Case.class, names = {"TO_BLOCKED_64", "NCHW_TO_NHWC_IMAGE", "NORMALIZE_IMAGE"})
    void everyOffHeapContenderWritesWhatTheArrayKernelWrites(Case c) {
        Tensors t = new Tensors();
        t.setUp();
        float[] expected = arrayKernel(c, t);
        List<String> checked = new ArrayList<>();
        for (Contender k : InterleavedBenchmark.contenders(c)) {
            if (!k.offHeap()) {
                continue;
            }
            FloatBuffer out = t.directOutput(c).asFloatBuffer();
            float[] nan = new float[out.capacity()];
            Arrays.fill(nan, Float.NaN);
            out.put(0, nan);
            InterleavedBenchmark.Timed slice;
            switch (k.memory()) {
                case BUFFER:
                    slice = InterleavedBenchmark.slice(c, "offheap", t, null, null, null, offHeapOps(k.onArrays()));
                    break;
                case COPY_AROUND:
                    slice = InterleavedBenchmark.slice(c, "copyaround", t, image(k.onArrays()), blocked(k.onArrays()), null,
                            null);
                    break;
                default:
                    slice = SegmentContenders.slice(c, k, t);
            }
            assertTrue(slice.getClass().isHidden(), k + " runs in a hidden copy: " + slice.getClass());
            slice.run(2);
            float[] actual = new float[out.capacity()];
            if (slice instanceof OffHeapSlice) {
                OffHeapSlice s = (OffHeapSlice) slice;
                assertTrue(s.kernel().startsWith("SegmentOps_"), s.kernel());
                actual = s.output();
            } else {
                out.get(0, actual);
            }
            same(c, k, expected, actual);
            checked.add(k.name());
        }
        assertEquals(SegmentContenders.available() ? 12 : 8, checked.size(), checked.toString());
    }

    @Test
    void theSegmentContendersSayWhyTheyDoNotRunHere() {
        String why = SegmentContenders.unavailable();
        if (why == null) {
            assertNotNull(SegmentContenders.kernelSet());
            assertEquals("strider-java22", SegmentContenders.kernelSet().getClassLoader().getName());
        } else {
            assertTrue(why.contains("JDK 22") || why.contains("java22/"), why);
        }
        // the base service file never names a class compiled for Java 22
        assertNull(getClass().getClassLoader().getResource("dev/strider/examples/kernels/SegmentOps.class"));
    }

    /** What the array kernel (SCALAR) writes from the case's array input. */
    private static float[] arrayKernel(Case c, Tensors t) {
        float[] out = new float[c.output().layout().bufferSize()];
        switch (c) {
            case TO_BLOCKED_64:
                Strider.load(BlockedOps.class, Target.SCALAR).toBlocked64(t.features, out);
                break;
            case NCHW_TO_NHWC_IMAGE:
                Strider.load(ImageOps.class, Target.SCALAR).toInterleaved(t.picture, out);
                break;
            case NORMALIZE_IMAGE:
                Strider.load(ImageOps.class, Target.SCALAR).normalize(t.pixels, out);
                break;
            default:
                throw new IllegalArgumentException(c.id());
        }
        return out;
    }

    private static OffHeapOps offHeapOps(Contender target) {
        OffHeapOps ops = SegmentContenders.bufferKernels(target);
        String set = Runtime.version().feature() < 20 ? "OffHeapOps_" : "OffHeapOps22_";
        assertTrue(ops.getClass().getSimpleName().startsWith(set), ops.getClass().getName());
        return ops;
    }

    private static ImageOps image(Contender target) {
        return target == Contender.TUNED ? Strider.load(ImageOps.class)
                : Strider.load(ImageOps.class, Target.valueOf(target.name()));
    }

    private static BlockedOps blocked(Contender target) {
        return target == Contender.TUNED ? Strider.load(BlockedOps.class)
                : Strider.load(BlockedOps.class, Target.valueOf(target.name()));
    }

    private static void same(Case c, Contender k, float[] expected, float[] actual) {
        assertEquals(expected.length, actual.length, c + " " + k + ": the output is the buffer the case counts");
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                fail(c + " " + k + ": element " + i + " of " + expected.length + " is " + actual[i]
                        + ", the array kernel writes " + expected[i]);
            }
        }
    }
}

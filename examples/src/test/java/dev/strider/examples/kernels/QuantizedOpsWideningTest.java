package dev.strider.examples.kernels;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.kernel.Convert;
import dev.strider.kernel.FloatKernels;
import dev.strider.kernel.NarrowFormat;
import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The widenings of {@link QuantizedOps} that {@code ConversionGoalsBenchmark} measures (bf16, f16
 * and f32 nchw to nChw16c 1x64x56x56): every variant of every VECTOR class against the generic
 * kernel, bit for bit over the whole destination (64 channels: no pad lanes), on random 16-bit codes (NaNs
 * with their payloads, infinities, subnormals among them); on JDK 25 or later also the classes
 * compiled for Java 25 that the runnable jar gives that JDK ({@link Java25Forms}), whose bf16 blocks
 * of units select from two vectors.
 */
class QuantizedOpsWideningTest {

    private static final int[] SIZES = {1, 64, 56, 56};
    private static final TensorLayout PLANAR = TensorLayout.of("NCHW", SIZES, "nchw");
    private static final TensorLayout BLOCKED = TensorLayout.of("NCHW", SIZES, "nChw16c");

    @Test
    void everyVariantOfEveryClassWidensAsTheGenericKernelDoes() throws ReflectiveOperationException {
        Random r = new Random(20);
        short[] codes = new short[PLANAR.bufferSize()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = (short) r.nextInt(1 << 16);
        }
        float[] floats = new float[PLANAR.bufferSize()];
        for (int i = 0; i < floats.length; i++) {
            floats[i] = Float.intBitsToFloat(r.nextInt());
        }
        float[] bf16 = expected(codes, NarrowFormat.BF16);
        float[] f16 = expected(codes, NarrowFormat.F16);
        // a copy keeps every bit, signalling NaNs too: the generic copy's
        float[] f32 = garbage();
        FloatKernels.reorder(floats, PLANAR, f32, BLOCKED);
        List<String> mismatches = new ArrayList<>();
        int runs = 0;
        for (boolean java25 : Java25Forms.runHere() ? new boolean[] {false, true} : new boolean[] {false}) {
            for (int bits : new int[] {128, 256, 512}) {
                String name = "QuantizedOps_Vector" + bits;
                Class<?> c = java25 ? Java25Forms.versioned(name) : Class.forName(QuantizedOps.class.getPackageName() + "." + name);
                // the forms under test are there: every class carries bf16 units
                dev.strider.runtime.KernelProvider provider = (dev.strider.runtime.KernelProvider)
                        Class.forName(c.getName() + "$Provider", true, c.getClassLoader()).getConstructor().newInstance();
                List<String> bf16Forms = provider.variants().get("bf16ToBlocked(short[], float[])");
                assertTrue(bf16Forms != null && bf16Forms.stream().anyMatch(v -> v.contains("32-bit units")),
                        name + ": " + bf16Forms);
                for (int variant = -1; variant < 6; variant++) {
                    QuantizedOps ops = (QuantizedOps) c.getConstructor(int.class).newInstance(variant);
                    String what = name + (java25 ? " compiled for Java 25" : "") + " variant " + variant;
                    float[] actual = garbage();
                    ops.bf16ToBlocked(codes.clone(), actual);
                    compare(what + " bf16ToBlocked", bf16, actual, mismatches);
                    actual = garbage();
                    ops.f16ToBlocked(codes.clone(), actual);
                    compare(what + " f16ToBlocked", f16, actual, mismatches);
                    actual = garbage();
                    ops.f32ToBlocked(floats.clone(), actual);
                    compare(what + " f32ToBlocked", f32, actual, mismatches);
                    runs++;
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " widenings differ from the generic kernel:\n" + String.join("\n", mismatches));
        }
        assertTrue(runs >= 21, runs + " classes and variants");
    }

    private static float[] expected(Object src, NarrowFormat from) {
        float[] dst = garbage();
        Convert.reorder(src, PLANAR, from, false, dst, BLOCKED, null, false, 1, 0);
        return dst;
    }

    private static float[] garbage() {
        float[] a = new float[BLOCKED.bufferSize()];
        Arrays.fill(a, Float.intBitsToFloat(0x7FBADBAD));
        return a;
    }

    private static void compare(String what, float[] expected, float[] actual, List<String> mismatches) {
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
                mismatches.add(what + " at " + i + ": " + Integer.toHexString(Float.floatToRawIntBits(actual[i]))
                        + " for " + Integer.toHexString(Float.floatToRawIntBits(expected[i])));
                return;
            }
        }
    }
}

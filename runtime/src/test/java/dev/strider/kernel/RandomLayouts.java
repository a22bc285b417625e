package dev.strider.kernel;

import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Random layouts for property tests: every kind Strider supports, over given logical sizes. */
public final class RandomLayouts {

    public static final String DIMS = "ABCDEFGH";

    private RandomLayouts() {
    }

    public static int[] sizes(Random r, int maxRank, int maxSize) {
        int[] s = new int[1 + r.nextInt(maxRank)];
        for (int d = 0; d < s.length; d++) {
            s[d] = 1 + r.nextInt(maxSize);
        }
        return s;
    }

    /** A layout whose elements do not overlap: packed in some order, padded strides or blocked; maybe offset. */
    public static TensorLayout writable(Random r, int[] sizes) {
        String dims = DIMS.substring(0, sizes.length);
        TensorLayout l;
        switch (r.nextInt(4)) {
            case 0:
                l = TensorLayout.packed(dims, sizes);
                break;
            case 1:
                l = TensorLayout.of(dims, sizes, plainTag(r, dims));
                break;
            case 2:
                l = TensorLayout.strided(dims, sizes, paddedStrides(r, sizes));
                break;
            default:
                l = TensorLayout.of(dims, sizes, blockedTag(r, dims));
                break;
        }
        return r.nextInt(3) == 0 ? l.withOffset(1 + r.nextInt(5)) : l;
    }

    /** Any writable layout, or a plain one with some dims broadcast (stride 0). */
    public static TensorLayout readable(Random r, int[] sizes) {
        if (r.nextInt(3) > 0) {
            return writable(r, sizes);
        }
        int[] strides = paddedStrides(r, sizes);
        for (int d = 0; d < strides.length; d++) {
            if (r.nextInt(3) == 0) {
                strides[d] = 0;
            }
        }
        return TensorLayout.strided(DIMS.substring(0, sizes.length), sizes, strides);
    }

    public static String plainTag(Random r, String dims) {
        List<Character> order = new ArrayList<>();
        for (char c : dims.toLowerCase().toCharArray()) {
            order.add(c);
        }
        Collections.shuffle(order, r);
        StringBuilder sb = new StringBuilder();
        order.forEach(sb::append);
        return sb.toString();
    }

    /** Packed strides in a random order with 0..2 extra elements of gap after each dim. */
    public static int[] paddedStrides(Random r, int[] sizes) {
        List<Integer> order = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            order.add(d);
        }
        Collections.shuffle(order, r);
        int[] strides = new int[sizes.length];
        int running = 1;
        for (int d : order) {
            strides[d] = running;
            running = running * sizes[d] + r.nextInt(3);
        }
        return strides;
    }

    /** A random order with one or two dims blocked once or twice by 2, 3, 4 or 8 (e.g. "bAdC4c2a4c"). */
    public static String blockedTag(Random r, String dims) {
        String order = plainTag(r, dims);
        int blockedCount = 1 + r.nextInt(Math.min(2, dims.length()));
        List<Character> blocked = new ArrayList<>();
        for (char c : order.toCharArray()) {
            blocked.add(c);
        }
        Collections.shuffle(blocked, r);
        blocked = blocked.subList(0, blockedCount);
        StringBuilder outer = new StringBuilder();
        for (char c : order.toCharArray()) {
            outer.append(blocked.contains(c) ? Character.toUpperCase(c) : c);
        }
        List<String> inner = new ArrayList<>();
        int[] choices = {2, 3, 4, 8};
        for (char c : blocked) {
            int times = 1 + r.nextInt(2);
            for (int t = 0; t < times; t++) {
                inner.add(choices[r.nextInt(choices.length)] + String.valueOf(c));
            }
        }
        Collections.shuffle(inner, r);
        return outer + String.join("", inner);
    }

    /** A random SLICE1 window over {@code in}: any offsets, sizes and strides ±1..3, maybe fewer outputs. */
    public static SliceWindow window(Random r, TensorLayout in) {
        int rank = in.rank();
        int[] offsets = new int[rank];
        int[] sizes = new int[rank];
        int[] strides = new int[rank];
        for (int d = 0; d < rank; d++) {
            offsets[d] = r.nextInt(in.size(d));
            sizes[d] = 1 + r.nextInt(in.size(d) - offsets[d]);
            strides[d] = (1 + r.nextInt(3)) * (r.nextBoolean() ? 1 : -1);
        }
        SliceWindow w = SliceWindow.of(in, offsets, sizes, strides);
        if (r.nextBoolean()) {
            int[] max = w.maxOutputSizes();
            int[] out = new int[rank];
            for (int d = 0; d < rank; d++) {
                out[d] = 1 + r.nextInt(max[d]);
            }
            w = w.withOutputSizes(out);
        }
        return w;
    }

    /** {@code sizes} with each dim set to 1 (broadcast NumPy-style) with probability 1/3. */
    public static int[] broadcastFrom(Random r, int[] sizes) {
        int[] s = sizes.clone();
        for (int d = 0; d < s.length; d++) {
            if (r.nextInt(3) == 0) {
                s[d] = 1;
            }
        }
        return s;
    }
}

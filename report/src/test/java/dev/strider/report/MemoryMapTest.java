package dev.strider.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.layout.TensorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The memory map against the tables of the reference documents (DirectML "Using strides",
 * oneDNN "Understanding memory formats"). Most tests parse the drawing back into
 * offset -> cell contents and index -> offset, then compare with values computed by hand
 * from the documents' formulas, not with {@link TensorLayout#offsetOf}.
 */
class MemoryMapTest {

    // ---------------------------------------------------------------- the format, pinned

    @Test
    void paddedRowsExactText() {
        // DirectML "Padding with strides": A B C x x D E F, height-stride 5.
        String expected = String.join("\n",
                "dims     HW",
                "format   (none)",
                "sizes    H=2, W=3",
                "strides  H=5, W=1",
                "offset   0",
                "buffer   8 elements (6 logical, 2 gaps)",
                "flags    padded",
                "",
                "Linear memory: 8 slots, the offset above what each slot holds",
                "  h,w    = the logical index stored in the slot",
                "  gap    = no index reaches the slot",
                "  offset    0    1    2    3    4    5    6    7",
                "  h,w     0,0  0,1  0,2  gap  gap  1,0  1,1  1,2",
                "",
                "Logical view: the offset of each index, W across, H down",
                "       W=0  W=1  W=2",
                "  H=0    0    1    2",
                "  H=1    5    6    7",
                "");
        assertEquals(expected, MemoryMap.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1})));
    }

    @Test
    void broadcastExactText() {
        // DirectML "Broadcasting with strides": A B C / A B C stored as A B C with height-stride 0.
        String expected = String.join("\n",
                "dims     HW",
                "format   (none)",
                "sizes    H=2, W=3",
                "strides  H=0, W=1",
                "offset   0",
                "buffer   3 elements (6 logical in 3 slots)",
                "flags    broadcast, overlapping",
                "overlap  dim H of size 2 has stride 0 (broadcast)",
                "",
                "Linear memory: 3 slots, the offset above what each slot holds",
                "  h,w    = the logical index stored in the slot (a shared slot lists each index)",
                "  offset    0    1    2",
                "  h,w     0,0  0,1  0,2",
                "          1,0  1,1  1,2",
                "",
                "Logical view: the offset of each index, W across, H down",
                "       W=0  W=1  W=2",
                "  H=0    0    1    2",
                "  H=1    0    1    2",
                "");
        assertEquals(expected, MemoryMap.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1})));
    }

    // ---------------------------------------------------------------- DirectML examples

    @Test
    void dhwPackedHoldsEachIndexOnceInRowMajorOrder() {
        // DirectML "Higher dimensions": DHW 2x2x3, strides {6,3,1}; H (d=1,h=0,w=1) sits at offset 7.
        TensorLayout layout = TensorLayout.packed("DHW", 2, 2, 3);
        String map = MemoryMap.render(layout);
        assertTrue(map.contains("\nstrides  D=6, H=3, W=1\n"), map);
        assertTrue(map.contains("\nbuffer   12 elements (12 logical)\n"), map);
        assertTrue(map.contains("\nflags    packed\n"), map);

        Map<Integer, List<String>> slots = linear(map);
        assertEquals(List.of("1,0,1"), slots.get(7));
        assertEquals(12, slots.size());
        for (int d = 0; d < 2; d++) {
            for (int h = 0; h < 2; h++) {
                for (int w = 0; w < 3; w++) {
                    assertEquals(List.of(d + "," + h + "," + w), slots.get(d * 6 + h * 3 + w));
                }
            }
        }

        Map<String, Integer> view = logical(map, "DHW");
        assertEquals(12, view.size());
        assertEquals(7, view.get("1,0,1"));
        assertEquals(11, view.get("1,1,2"));
        assertTrue(map.contains("\n[D=1]\n"), map);
    }

    @Test
    void columnMajorWh() {
        // DirectML: column-major stores A D B E C F, height-stride 1, width-stride 2.
        String map = MemoryMap.render(TensorLayout.of("HW", new int[] {2, 3}, "wh"));
        assertTrue(map.contains("\nformat   wh\n"), map);
        assertTrue(map.contains("\nstrides  H=1, W=2\n"), map);

        Map<Integer, List<String>> slots = linear(map);
        String[] expected = {"0,0", "1,0", "0,1", "1,1", "0,2", "1,2"};
        assertEquals(expected.length, slots.size());
        for (int at = 0; at < expected.length; at++) {
            assertEquals(List.of(expected[at]), slots.get(at), "offset " + at);
        }
        Map<String, Integer> view = logical(map, "HW");
        assertEquals(Map.of("0,0", 0, "0,1", 2, "0,2", 4, "1,0", 1, "1,1", 3, "1,2", 5), view);
    }

    @Test
    void paddedRowsLeaveGapsAtThreeAndFour() {
        String map = MemoryMap.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}));
        Map<Integer, List<String>> slots = linear(map);
        assertEquals(8, slots.size());
        assertEquals(List.of("gap"), slots.get(3));
        assertEquals(List.of("gap"), slots.get(4));
        assertEquals(List.of("1,0"), slots.get(5));
        assertEquals(List.of("1,2"), slots.get(7));
    }

    @Test
    void broadcastSharesOffsetZero() {
        String map = MemoryMap.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1}));
        Map<Integer, List<String>> slots = linear(map);
        assertEquals(List.of("0,0", "1,0"), slots.get(0));
        assertEquals(List.of("0,2", "1,2"), slots.get(2));
        assertEquals(3, slots.size());
        Map<String, Integer> view = logical(map, "HW");
        assertEquals(view.get("0,1"), view.get("1,1"));
    }

    @Test
    void manyIndicesInOneSlotAreCut() {
        // 12 indices (n, h) share each slot: three shown, then the count of the rest.
        String map = MemoryMap.render(TensorLayout.strided("NHW", new int[] {6, 2, 3}, new int[] {0, 0, 1}));
        assertEquals(List.of("0,0,0", "0,1,0", "1,0,0", "(+9)"), linear(map).get(0));
        assertTrue(map.contains("\nbuffer   3 elements (36 logical in 3 slots)\n"), map);
    }

    @Test
    void baseOffsetSlots() {
        // NCHW sizes {1,1,3,5} (DirectML's 2D example in 4D), packed, starting 3 elements in.
        String map = MemoryMap.render(TensorLayout.declared("NCHW", new int[] {1, 1, 3, 5}, "", new int[0], 3));
        assertTrue(map.contains("\nstrides  N=15, C=15, H=5, W=1\n"), map);
        assertTrue(map.contains("\noffset   3\n"), map);
        assertTrue(map.contains("\nbuffer   18 elements (3 before the base offset, 15 logical)\n"), map);
        Map<Integer, List<String>> slots = linear(map);
        assertEquals(18, slots.size());
        for (int at = 0; at < 3; at++) {
            assertEquals(List.of("base"), slots.get(at));
        }
        assertEquals(List.of("0,0,0,0"), slots.get(3));
        assertEquals(List.of("0,0,1,0"), slots.get(8));
        assertEquals(List.of("0,0,2,4"), slots.get(17));
        assertEquals(17, logical(map, "NCHW").get("0,0,2,4"));
    }

    @Test
    void longRunsOfGapsCollapse() {
        String map = MemoryMap.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {100, 1}));
        assertTrue(map.contains("16..95: 80 gap slots, not drawn"), map);
        Map<Integer, List<String>> slots = linear(map);
        assertEquals(103, slots.size());
        assertEquals(List.of("0,2"), slots.get(2));
        assertEquals(List.of("gap"), slots.get(50));
        assertEquals(List.of("gap"), slots.get(99));
        assertEquals(List.of("1,0"), slots.get(100));
        assertEquals(102, logical(map, "HW").get("1,2"));
    }

    // ---------------------------------------------------------------- oneDNN blocked

    @Test
    void nChw8cWithSeventeenChannelsHasPadLanes() {
        // oneDNN: offset_nChw8c = n*Cp*H*W + (c/8)*H*W*8 + h*W*8 + w*8 + c%8, Cp = div_up(17, 8) * 8 = 24.
        int n = 2;
        int c = 17;
        int h = 2;
        int w = 3;
        int cp = 24;
        String map = MemoryMap.render(TensorLayout.of("NCHW", new int[] {n, c, h, w}, "nChw8c"));
        assertTrue(map.contains("\nformat   nChw8c\n"), map);
        assertTrue(map.contains("\nstrides  N=144, C=48, H=24, W=8\n"), map);
        assertTrue(map.contains("\npadded   N=2, C=24, H=2, W=3\n"), map);
        int logical = n * c * h * w;
        int buffer = n * cp * h * w;
        assertTrue(map.contains("\nbuffer   " + buffer + " elements (" + logical + " logical, " + (buffer - logical)
                + " pad lanes)\n"), map);
        assertTrue(map.contains("\nflags    packed, padded\n"), map);

        Map<Integer, List<String>> expected = new TreeMap<>();
        Map<String, Integer> expectedView = new LinkedHashMap<>();
        for (int in = 0; in < n; in++) {
            for (int ic = 0; ic < cp; ic++) {
                for (int ih = 0; ih < h; ih++) {
                    for (int iw = 0; iw < w; iw++) {
                        int at = in * cp * h * w + (ic / 8) * h * w * 8 + ih * w * 8 + iw * 8 + ic % 8;
                        String index = in + "," + ic + "," + ih + "," + iw;
                        expected.put(at, List.of(ic < c ? index : "pad"));
                        if (ic < c) {
                            expectedView.put(index, at);
                        }
                    }
                }
            }
        }
        assertEquals(buffer, expected.size());
        assertEquals(expected, linear(map));
        assertEquals(expectedView, logical(map, "NCHW"));
        // The third block of channels holds c=16 in lane 0 and pad in lanes 1..7.
        assertEquals(List.of("0,16,0,0"), linear(map).get(96));
        assertEquals(List.of("pad"), linear(map).get(97));
    }

    @Test
    void severalBlocksOfOneDim() {
        // OIhw2i4o2i: I is split twice; lane strides 2i=8, 4o=2, 2i=1. O pads 3 -> 4, I pads 5 -> 8.
        String map = MemoryMap.render(TensorLayout.of("OIHW", new int[] {3, 5, 1, 1}, "OIhw2i4o2i"));
        assertTrue(map.contains("\nblocks   2i4o2i (lane strides 2i=8, 4o=2, 2i=1;"), map);
        assertTrue(map.contains("\npadded   O=4, I=8, H=1, W=1\n"), map);
        Map<Integer, List<String>> slots = linear(map);
        assertEquals(32, slots.size());
        for (int o = 0; o < 4; o++) {
            for (int i = 0; i < 8; i++) {
                int at = (o / 4) * 32 + (i / 4) * 16 + ((i / 2) % 2) * 8 + (o % 4) * 2 + i % 2;
                String expected = o < 3 && i < 5 ? o + "," + i + ",0,0" : "pad";
                assertEquals(List.of(expected), slots.get(at), "o=" + o + " i=" + i);
            }
        }
    }

    // ---------------------------------------------------------------- shape of the drawing

    @Test
    void rankOneWrapsTheLogicalView() {
        String map = MemoryMap.render(TensorLayout.packed("W", 40));
        Map<String, Integer> view = logical(map, "W");
        assertEquals(40, view.size());
        for (int i = 0; i < 40; i++) {
            assertEquals(i, view.get(String.valueOf(i)));
        }
        for (String line : map.split("\n")) {
            assertTrue(line.length() <= 100, line);
        }
    }

    @Test
    void columnsAlign() {
        // Each cell ends where its offset ends: right-aligned under the offset line.
        String map = MemoryMap.render(TensorLayout.of("NCHW", new int[] {1, 17, 2, 2}, "nChw8c"));
        List<String> lines = List.of(map.split("\n"));
        for (int k = 0; k < lines.size(); k++) {
            String line = lines.get(k);
            if (line.startsWith("  offset ") && !line.contains("..")) {
                List<Integer> ends = tokenEnds(line);
                List<Integer> cells = tokenEnds(lines.get(k + 1));
                assertEquals(ends.subList(1, ends.size()), cells.subList(1, cells.size()),
                        line + "\n" + lines.get(k + 1));
            }
        }
    }

    // ---------------------------------------------------------------- size limit

    @Test
    void refusesLargeBuffers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MemoryMap.render(TensorLayout.packed("HW", 64, 65)));
        assertTrue(e.getMessage().contains("4160"), e.getMessage());
        assertTrue(e.getMessage().contains("4096"), e.getMessage());
        assertTrue(MemoryMap.tooLarge(TensorLayout.packed("HW", 64, 65)).isPresent());

        TensorLayout limit = TensorLayout.packed("HW", 64, 64);
        assertFalse(MemoryMap.tooLarge(limit).isPresent());
        assertEquals(4096, linear(MemoryMap.render(limit)).size());
    }

    @Test
    void refusesManyIndicesInASmallBuffer() {
        // Broadcast: one slot, but 10000 indices to list.
        TensorLayout layout = TensorLayout.strided("HW", new int[] {100, 100}, new int[] {0, 0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MemoryMap.render(layout));
        assertTrue(e.getMessage().contains("10000"), e.getMessage());
        assertTrue(e.getMessage().contains("4096"), e.getMessage());
    }

    @Test
    void describeWorksAtAnySize() {
        String header = MemoryMap.describe(TensorLayout.of("NCHW", new int[] {1, 17, 224, 224}, "nChw8c"));
        assertTrue(header.contains("\nstrides  N=1204224, C=401408, H=1792, W=8\n"), header);
        assertTrue(header.contains("\npadded   N=1, C=24, H=224, W=224\n"), header);
        int logical = 17 * 224 * 224;
        int buffer = 24 * 224 * 224;
        assertTrue(header.contains("\nbuffer   " + buffer + " elements (" + logical + " logical, "
                + (buffer - logical) + " pad lanes)\n"), header);
        assertFalse(header.contains("Linear memory"), header);
    }

    // ---------------------------------------------------------------- parsing the drawing

    private static final Pattern TOKEN = Pattern.compile("\\S+");
    private static final Pattern COLLAPSED = Pattern.compile("^  offset\\s+(\\d+)\\.\\.(\\d+): \\d+ (gap slots|slots before)");

    /** Offset -> the lines of its cell, from the "Linear memory" section. */
    static Map<Integer, List<String>> linear(String map) {
        String[] lines = section(map, "Linear memory:", "Logical view:");
        Map<Integer, List<String>> slots = new TreeMap<>();
        Map<Integer, Integer> offsetByEnd = null;
        for (String line : lines) {
            Matcher collapsed = COLLAPSED.matcher(line);
            if (collapsed.find()) {
                String word = collapsed.group(3).startsWith("gap") ? "gap" : "base";
                for (int at = Integer.parseInt(collapsed.group(1)); at <= Integer.parseInt(collapsed.group(2)); at++) {
                    slots.put(at, List.of(word));
                }
                offsetByEnd = null;
            } else if (line.startsWith("  offset ")) {
                offsetByEnd = new LinkedHashMap<>();
                Matcher m = TOKEN.matcher(line);
                m.find(); // "offset"
                while (m.find()) {
                    int at = Integer.parseInt(m.group());
                    offsetByEnd.put(m.end(), at);
                    slots.put(at, new ArrayList<>());
                }
            } else if (line.isBlank()) {
                offsetByEnd = null;
            } else if (offsetByEnd != null) {
                Matcher m = TOKEN.matcher(line);
                while (m.find()) {
                    Integer at = offsetByEnd.get(m.end());
                    if (at != null) {
                        slots.get(at).add(m.group());
                    }
                }
            }
        }
        return slots;
    }

    /** Index ("n,c,h,w") -> offset, from the "Logical view" section. */
    static Map<String, Integer> logical(String map, String dims) {
        String[] lines = section(map, "Logical view:", null);
        lines = Arrays.copyOfRange(lines, 1, lines.length); // the title
        int rank = dims.length();
        char colDim = dims.charAt(rank - 1);
        Map<String, Integer> view = new LinkedHashMap<>();
        String outer = "";
        List<Integer> cols = new ArrayList<>();
        for (String line : lines) {
            String t = line.trim();
            if (t.isEmpty()) {
                continue;
            }
            if (t.startsWith("[")) {
                // "[N=0, C=1]" -> "0,1,"
                StringBuilder sb = new StringBuilder();
                for (String part : t.substring(1, t.length() - 1).split(", ")) {
                    sb.append(part.substring(part.indexOf('=') + 1)).append(',');
                }
                outer = sb.toString();
            } else if (t.startsWith(colDim + "=")) {
                cols.clear();
                for (String part : t.split("\\s+")) {
                    cols.add(Integer.parseInt(part.substring(2)));
                }
            } else {
                String[] parts = t.split("\\s+");
                String row = "";
                int first = 0;
                if (rank >= 2) {
                    row = parts[0].substring(2) + ",";
                    first = 1;
                }
                assertEquals(cols.size(), parts.length - first, line);
                for (int k = first; k < parts.length; k++) {
                    view.put(outer + row + cols.get(k - first), Integer.parseInt(parts[k]));
                }
            }
        }
        return view;
    }

    private static String[] section(String map, String start, String end) {
        int from = map.indexOf("\n" + start);
        assertTrue(from >= 0, map);
        int to = end == null ? map.length() : map.indexOf("\n" + end, from);
        return map.substring(from + 1, to).split("\n");
    }

    private static List<Integer> tokenEnds(String line) {
        List<Integer> ends = new ArrayList<>();
        Matcher m = TOKEN.matcher(line);
        while (m.find()) {
            ends.add(m.end());
        }
        return ends;
    }
}

package dev.strider.report;

import static dev.strider.report.Drawings.withClass;
import static dev.strider.report.Drawings.xml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.strider.layout.TensorLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The drawing, read back with an XML parser (so every test also proves it well-formed), against
 * the reference documents' examples computed by hand from their formulas.
 */
class LayoutSvgTest {

    /** The drawing as the parser sees it: the root and its cells. */
    record Drawing(Element svg, List<Element> slots, List<Element> cells, String text) {

        static Drawing of(TensorLayout layout) {
            return parse(LayoutSvg.render(layout, "t"));
        }

        static Drawing parse(String svg) {
            Document doc = xml(svg);
            Element root = doc.getDocumentElement();
            return new Drawing(root, withClass(root, "slot"), withClass(root, "cell"), root.getTextContent());
        }

        /** Offset -> the slot's first class word after "slot" (element, pad, gap, base). */
        TreeMap<Integer, String> kinds() {
            TreeMap<Integer, String> kinds = new TreeMap<>();
            for (Element e : slots) {
                kinds.put(Integer.parseInt(e.getAttribute("data-offset")), e.getAttribute("class").split(" ")[1]);
            }
            return kinds;
        }

        Element slot(int offset) {
            return slots.stream().filter(e -> e.getAttribute("data-offset").equals(String.valueOf(offset)))
                    .findFirst().orElseThrow(() -> new AssertionError("no slot at " + offset));
        }

        Element cell(String index) {
            return cells.stream().filter(e -> e.getAttribute("data-index").equals(index))
                    .findFirst().orElseThrow(() -> new AssertionError("no cell " + index));
        }

        int attribute(String name) {
            return Integer.parseInt(svg.getAttribute(name));
        }
    }

    // ---------------------------------------------------------------- oneDNN

    @Test
    void nChw8cWithSeventeenChannels() {
        // oneDNN: offset = n*Cp*H*W + (c/8)*H*W*8 + h*W*8 + w*8 + c%8 with Cp = 24: 480 slots, of
        // which the channels 17..23 of the third block, 7 x 5 x 4 = 140, are pad lanes.
        int c = 17;
        int h = 5;
        int w = 4;
        Drawing d = Drawing.of(TensorLayout.of("NCHW", new int[] {1, c, h, w}, "nChw8c"));
        Set<Integer> pads = new TreeSet<>();
        TreeMap<String, Integer> offsets = new TreeMap<>();
        for (int ic = 0; ic < 24; ic++) {
            for (int ih = 0; ih < h; ih++) {
                for (int iw = 0; iw < w; iw++) {
                    int at = (ic / 8) * h * w * 8 + ih * w * 8 + iw * 8 + ic % 8;
                    if (ic < c) {
                        offsets.put("0," + ic + "," + ih + "," + iw, at);
                    } else {
                        pads.add(at);
                    }
                }
            }
        }
        assertEquals(480, d.slots().size());
        assertEquals(140, pads.size());
        Set<Integer> drawnPads = new TreeSet<>();
        d.kinds().forEach((at, kind) -> {
            if (kind.equals("pad")) {
                drawnPads.add(at);
            }
        });
        assertEquals(pads, drawnPads);
        for (Element pad : withClass(d.svg(), "pad")) {
            assertEquals(LayoutSvg.PAD_FILL, pad.getAttribute("fill"));
        }
        assertEquals("0,16,2,3", d.slot(408).getAttribute("data-index"));
        for (var e : offsets.entrySet()) {
            assertEquals(e.getKey(), d.slot(e.getValue()).getAttribute("data-index"));
        }

        // Every logical index is drawn (17 grids of 5 x 4), with its offset.
        assertEquals(340, d.cells().size());
        TreeMap<String, Integer> drawn = new TreeMap<>();
        for (Element cell : d.cells()) {
            drawn.put(cell.getAttribute("data-index"), Integer.parseInt(cell.getAttribute("data-offset")));
        }
        assertEquals(offsets, drawn);
        assertTrue(d.text().contains("blocked 8c"), d.text());
        assertTrue(d.text().contains("size 17 \u2192 24"), d.text());
        assertFalse(d.text().contains("showing"), "nothing is left out: " + d.text());
    }

    @Test
    void padLanesFarIntoALargeBufferGetTheirOwnWindow() {
        // nChw16c, C = 17, 56 x 56: the second block of C starts at 16 * 56 * 56 = 50176 with c = 16
        // in lane 0 and pad lanes 1..15.
        Drawing d = Drawing.of(TensorLayout.of("NCHW", new int[] {1, 17, 56, 56}, "nChw16c"));
        int block = 16 * 56 * 56;
        TreeMap<Integer, String> kinds = d.kinds();
        assertEquals(LayoutSvg.PREFIX_SLOTS, kinds.headMap(LayoutSvg.PREFIX_SLOTS).size());
        assertEquals("0,16,0,0", d.slot(block).getAttribute("data-index"));
        for (int lane = 1; lane < 16; lane++) {
            assertEquals("pad", kinds.get(block + lane), "lane " + lane);
        }
        assertTrue(d.text().contains("offsets 128.." + (block - 1) + " not drawn"), d.text());
        assertTrue(d.text().contains("showing 4 of 17 grids, 8 of 56 rows (H), 8 of 56 columns (W)"), d.text());
    }

    @Test
    void aGapFarIntoALargeBufferGetsItsWindow() {
        // Rows of 600 with a height-stride of 1000: the first gap is offset 600, after (0, 599).
        Drawing d = Drawing.of(TensorLayout.strided("HW", new int[] {1000, 600}, new int[] {1000, 1}));
        TreeMap<Integer, String> kinds = d.kinds();
        assertEquals("element", kinds.get(599));
        assertEquals("0,599", d.slot(599).getAttribute("data-index"));
        assertEquals("gap", kinds.get(600));
        assertEquals(LayoutSvg.PREFIX_SLOTS, kinds.headMap(LayoutSvg.PREFIX_SLOTS).size());
        assertTrue(kinds.size() <= LayoutSvg.PREFIX_SLOTS + 64, kinds.size() + " slots");
    }

    // ---------------------------------------------------------------- DirectML

    @Test
    void dhwPacked() {
        // DirectML "Higher dimensions": strides {6, 3, 1}; H (d=1, h=0, w=1) sits at offset 7.
        Drawing d = Drawing.of(TensorLayout.packed("DHW", 2, 2, 3));
        assertEquals("7", d.cell("1,0,1").getAttribute("data-offset"));
        assertEquals("1,0,1", d.slot(7).getAttribute("data-index"));
        assertEquals(12, d.slots().size());
        assertEquals(12, d.cells().size());
        for (int at = 0; at < 12; at++) {
            String index = (at / 6) + "," + (at / 3 % 2) + "," + (at % 3);
            assertEquals(index, d.slot(at).getAttribute("data-index"));
            assertEquals(String.valueOf(at), d.cell(index).getAttribute("data-offset"));
        }
        assertTrue(d.text().contains("D=1"), "a grid per D: " + d.text());
    }

    @Test
    void paddedRowsLeaveGapsAtThreeAndFour() {
        // DirectML "Padding with strides": A B C x x D E F, height-stride 5.
        Drawing d = Drawing.of(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}));
        TreeMap<Integer, String> expected = new TreeMap<>();
        for (int at = 0; at < 8; at++) {
            expected.put(at, at == 3 || at == 4 ? "gap" : "element");
        }
        assertEquals(expected, d.kinds());
        assertEquals("1,0", d.slot(5).getAttribute("data-index"));
        assertEquals("url(#t-hatch)", d.slot(3).getAttribute("fill"));
        assertEquals("7", d.cell("1,2").getAttribute("data-offset"));
    }

    @Test
    void broadcastIsMarkedAndSharesSlots() {
        // DirectML "Broadcasting with strides": A B C / A B C stored as A B C with height-stride 0.
        Drawing d = Drawing.of(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {0, 1}));
        List<Element> broadcast = withClass(d.svg(), "broadcast");
        assertEquals(1, broadcast.size());
        assertEquals("H", broadcast.get(0).getAttribute("data-dim"));
        assertTrue(broadcast.get(0).getTextContent().contains("broadcast"));
        assertEquals(3, d.slots().size());
        for (int at = 0; at < 3; at++) {
            Element slot = d.slot(at);
            assertEquals("2", slot.getAttribute("data-count"));
            assertTrue(slot.getAttribute("class").contains("shared"));
            assertEquals("0," + at, slot.getAttribute("data-index"));
        }
        assertEquals("1", d.cell("0,1").getAttribute("data-offset"));
        assertEquals("1", d.cell("1,1").getAttribute("data-offset"));
        assertTrue(d.cell("1,1").getAttribute("class").contains("shared"));
        assertTrue(d.text().contains("H broadcast (stride 0)"), d.text());
    }

    @Test
    void baseOffsetSlots() {
        Drawing d = Drawing.of(TensorLayout.packed("HW", 3, 4).withOffset(3));
        assertEquals("base", d.kinds().get(2));
        assertEquals("element", d.kinds().get(3));
        assertEquals("0,0", d.slot(3).getAttribute("data-index"));
        assertEquals(15, d.slots().size());
    }

    // ---------------------------------------------------------------- bounds, size, determinism

    @Test
    void aLargeLayoutIsDrawnInPart() {
        TensorLayout layout = TensorLayout.packed("NCHW", 1, 64, 256, 256);
        long start = System.nanoTime();
        Drawing d = Drawing.of(layout);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, "drawn in " + millis + " ms");
        assertEquals(LayoutSvg.PREFIX_SLOTS, d.slots().size());
        assertEquals(List.of(0, LayoutSvg.PREFIX_SLOTS - 1), List.of(d.kinds().firstKey(), d.kinds().lastKey()));
        assertEquals(4 * 8 * 8, d.cells().size());
        assertEquals("0,0,0,127", d.slot(127).getAttribute("data-index"));
        assertEquals(String.valueOf(3 * 65536 + 7 * 256 + 7), d.cell("0,3,7,7").getAttribute("data-offset"));
        assertTrue(d.text().contains("showing 4 of 64 grids, 8 of 256 rows (H), 8 of 256 columns (W)"), d.text());
        assertTrue(d.text().contains("showing offsets 0..127 of 4194304 slots"), d.text());
        assertTrue(d.text().contains("offsets 128..4194303 not drawn"), d.text());
    }

    @Test
    void sizeAttributesMatchTheViewBoxAndHoldEveryCell() {
        for (TensorLayout layout : List.of(TensorLayout.packed("W", 40), TensorLayout.of("NCHW", new int[] {1, 17, 5, 4}, "nChw8c"),
                TensorLayout.packed("ABCDEFGH", 2, 1, 3, 1, 2, 1, 2, 3))) {
            Drawing d = Drawing.of(layout);
            int width = d.attribute("width");
            int height = d.attribute("height");
            assertEquals("0 0 " + width + " " + height, d.svg().getAttribute("viewBox"));
            for (Element cell : withClass(d.svg(), "slot")) {
                assertTrue(Integer.parseInt(cell.getAttribute("x")) + Integer.parseInt(cell.getAttribute("width")) <= width);
                assertTrue(Integer.parseInt(cell.getAttribute("y")) + Integer.parseInt(cell.getAttribute("height")) <= height);
            }
        }
    }

    /** The committed drawing of {@code HW} sizes {2,3} strides {5,1}, in this package's test resources. */
    private static final String GOLDEN = "hw-2x3-strides-5-1.svg";

    /**
     * The text, byte for byte, against a drawing committed when it was last looked at: a change
     * anywhere in the drawing (geometry, colours, attributes, order) shows here. When the change
     * is meant, look at the new drawing and copy it over the committed one, as the message says.
     */
    @Test
    void theDrawingIsTheCommittedOne() throws IOException {
        String svg = LayoutSvg.render(TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1}), "golden") + "\n";
        String golden;
        try (InputStream in = LayoutSvgTest.class.getResourceAsStream(GOLDEN)) {
            assertNotNull(in, "no test resource " + GOLDEN);
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!svg.equals(golden)) {
            Path actual = Path.of("target", GOLDEN.replace(".svg", ".actual.svg")).toAbsolutePath();
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, svg, StandardCharsets.UTF_8);
            fail("the drawing of HW {2,3} strides {5,1} is not the committed one. Look at " + actual
                    + "; if the change is meant, refresh the golden with: cp " + actual
                    + " report/src/test/resources/dev/strider/report/" + GOLDEN);
        }
    }

    @Test
    void idsAreMadeSafe() {
        String svg = LayoutSvg.render(TensorLayout.packed("HW", 2, 2), "Ops.Planar <1>");
        Element root = xml(svg).getDocumentElement();
        assertEquals("Ops-Planar--1-", root.getAttribute("id"));
        assertEquals("Ops-Planar--1--hatch", ((Element) root.getElementsByTagName("pattern").item(0)).getAttribute("id"));
    }
}

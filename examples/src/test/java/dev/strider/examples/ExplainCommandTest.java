package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.report.Reports;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ExplainCommandTest {

    /** Exit code, standard output and standard error of one run. */
    record Result(int code, String out, String err) {
        List<String> lines() {
            return List.of(out.split("\n"));
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString().replace("\r\n", "\n"), err.toString().replace("\r\n", "\n"));
    }

    @Test
    void nChw8cWithSeventeenChannels() {
        // oneDNN: C padded to 24; strides N = 24*H*W, C = H*W*8, H = W*8, W = 8.
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,17,5,4", "--format", "nChw8c");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertEquals("NCHW nChw8c sizes [1, 17, 5, 4] strides [480, 160, 32, 8] padded [1, 24, 5, 4] buffer 480",
                r.lines().get(0));
        assertTrue(r.lines().contains("strides  N=480, C=160, H=32, W=8"), r.out());
        assertTrue(r.lines().contains("padded   N=1, C=24, H=5, W=4"), r.out());
        assertTrue(r.lines().contains("buffer   480 elements (340 logical, 140 pad lanes)"), r.out());
        assertTrue(r.lines().contains("flags    packed, padded"), r.out());
        assertTrue(r.out().contains("\nLinear memory: 480 slots"), r.out());
        assertTrue(r.out().contains("\nLogical view:"), r.out());
        assertTrue(r.out().contains("\n[N=0, C=16]\n"), r.out());
    }

    @Test
    void paddedRows() {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,3", "--strides", "5,1");
        assertEquals(0, r.code(), r.err());
        assertEquals("HW sizes [2, 3] strides [5, 1] buffer 8", r.lines().get(0));
        assertTrue(r.lines().contains("strides  H=5, W=1"), r.out());
        assertTrue(r.lines().contains("buffer   8 elements (6 logical, 2 gaps)"), r.out());
        assertTrue(r.lines().contains("  h,w     0,0  0,1  0,2  gap  gap  1,0  1,1  1,2"), r.out());
    }

    @Test
    void packedWhenNeitherFormatNorStrides() {
        Result r = run("explain", "--dims", "DHW", "--sizes", "2,2,3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.lines().contains("strides  D=6, H=3, W=1"), r.out());
        assertTrue(r.lines().contains("buffer   12 elements (12 logical)"), r.out());
    }

    @Test
    void baseOffset() {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,3", "--offset", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.lines().contains("offset   2"), r.out());
        assertTrue(r.lines().contains("buffer   8 elements (2 before the base offset, 6 logical)"), r.out());
    }

    @Test
    void largeLayoutOmitsTheMap() {
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,3,224,224", "--format", "nhwc");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.lines().contains("strides  N=150528, C=1, H=672, W=3"), r.out());
        assertTrue(r.lines().contains("buffer   150528 elements (150528 logical)"), r.out());
        assertTrue(r.out().contains("Memory map omitted: its buffer holds 150528 elements, above the limit of 4096"),
                r.out());
        assertTrue(!r.out().contains("Linear memory"), r.out());
    }

    @Test
    void sizeZeroNamesTheDim() {
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,0,5,4", "--format", "nChw8c");
        assertNotEquals(0, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: size of dim C is 0"), r.err());
        assertTrue(r.err().contains("--help"), r.err());
    }

    @Test
    void formatAndStridesAreExclusive() {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,3", "--format", "wh", "--strides", "5,1");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertTrue(r.err().contains("--format") && r.err().contains("--strides"), r.err());
        assertTrue(r.err().contains("mutually exclusive"), r.err());
        assertTrue(r.err().contains("Try 'strider-examples explain --help'"), r.err());
    }

    @Test
    void nonNumberIsRejected() {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,x");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: "), r.err());
        assertTrue(r.err().contains("'x' is not an int"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void badFormatIsAnError() {
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,17,5,4", "--format", "nChw");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: format \"nChw\""), r.err());
    }

    @Test
    void wrongNumberOfSizes() {
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,17,5");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("has 3 values but dims NCHW has 4"), r.err());
    }

    @Test
    void negativeOffsetIsAnError() {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,3", "--offset", "-1");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: offset is -1"), r.err());
    }

    @Test
    void missingOptions() {
        Result r = run("explain", "--sizes", "2,3");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("error: Missing required option"), r.err());
        assertTrue(r.err().contains("--dims"), r.err());
    }

    @Test
    void explainHelp() {
        Result r = run("explain", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--format=TAG"), r.out());
        assertTrue(r.out().contains("--strides=STRIDE"), r.out());
    }

    // ---------------------------------------------------------------- --html

    /** The memory slots drawn, in offset order. */
    static List<Element> slots(Document doc) {
        List<Element> slots = new ArrayList<>();
        NodeList rects = doc.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element e = (Element) rects.item(i);
            if (e.getAttribute("class").startsWith("slot ")) {
                slots.add(e);
            }
        }
        return slots;
    }

    @Test
    void htmlWritesTheDrawing(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("pages/nChw8c.html");
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,17,5,4", "--format", "nChw8c", "--html", page.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("\nLinear memory: 480 slots"), "the text map is still printed: " + r.out());
        assertTrue(r.out().endsWith("Wrote the drawing to " + page.toAbsolutePath() + "\n"), r.out());

        Document doc = Reports.xml(page);
        assertEquals(1, doc.getElementsByTagName("svg").getLength());
        assertEquals("NCHW nChw8c", doc.getElementsByTagName("h3").item(0).getTextContent());
        assertTrue(doc.getElementsByTagName("pre").item(0).getTextContent()
                .contains("buffer   480 elements (340 logical, 140 pad lanes)"));
        // oneDNN: pad lanes are the channels 17..23, at (c/8)*H*W*8 + h*W*8 + w*8 + c%8.
        Set<Integer> expected = new TreeSet<>();
        for (int c = 17; c < 24; c++) {
            for (int h = 0; h < 5; h++) {
                for (int w = 0; w < 4; w++) {
                    expected.add((c / 8) * 160 + h * 32 + w * 8 + c % 8);
                }
            }
        }
        Set<Integer> pads = new TreeSet<>();
        for (Element slot : slots(doc)) {
            if (slot.getAttribute("class").equals("slot pad")) {
                pads.add(Integer.parseInt(slot.getAttribute("data-offset")));
            }
            if (slot.getAttribute("data-offset").equals("408")) {
                assertEquals("0,16,2,3", slot.getAttribute("data-index"));
            }
        }
        assertEquals(expected, pads);
        assertEquals(480, slots(doc).size());
    }

    @Test
    void htmlOfALargeLayoutIsDrawnInPart(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("large.html");
        Result r = run("explain", "--dims", "NCHW", "--sizes", "1,64,256,256", "--format", "nhwc", "--html", page.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Memory map omitted"), r.out());
        Document doc = Reports.xml(page);
        assertEquals(128, slots(doc).size());
        // nhwc: offset = h*256*64 + w*64 + c, so slot 127 holds c = 63, w = 1.
        assertEquals("0,63,0,1", slots(doc).get(127).getAttribute("data-index"));
        assertTrue(doc.getDocumentElement().getTextContent().contains("showing offsets 0..127 of 4194304 slots"));
    }

    @Test
    void htmlThatCannotBeWrittenIsAnError(@TempDir Path dir) throws Exception {
        Result r = run("explain", "--dims", "HW", "--sizes", "2,3", "--html", dir.toString());
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("error: could not write " + dir), r.err());
    }
}

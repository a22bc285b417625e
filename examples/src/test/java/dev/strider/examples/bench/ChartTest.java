package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.bench.Results.CaseResult;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The SVG of {@link Samples}: well-formed, one bar per contender with a ratio, widths to scale. */
class ChartTest {

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** The bars: rects with a tooltip. */
    private static List<Element> bars(Document doc) {
        List<Element> bars = new ArrayList<>();
        NodeList rects = doc.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element r = (Element) rects.item(i);
            if (r.getElementsByTagName("title").getLength() == 1) {
                bars.add(r);
            }
        }
        return bars;
    }

    private static List<String> texts(Document doc) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = doc.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    @Test
    void theLegendWrapsWithinTheWidthAboveTheBars() throws Exception {
        // every contender a bar: the tail case's, the one-thread choice and the own forks
        List<Contender> who = new ArrayList<>(Samples.TAIL_CONTENDERS);
        who.add(Contender.ONE_THREAD);
        Rounds rounds = new Rounds(Case.TO_BLOCKED_64, who, new int[] {1, 1, 1, 1, 1, 1, 1, 1},
                List.<double[]>of(new double[] {20, 40, 25, 20, 30, 10, 25, 22}), "X");
        Results results = new Results(Results.SCHEMA, "2025-11-21T10:00:00Z", 1, Samples.machine(), Samples.settings(),
                Analysis.analyse(List.of(rounds), List.of(
                        new Analysis.Measurement(Case.TO_BLOCKED_64, Contender.ONEDNN_ALL_CORES, 16, 0.1, "ns/op"),
                        new Analysis.Measurement(Case.TO_BLOCKED_64, Contender.THREADS_OWN_FORK, 12, 0.1, "ns/op"),
                        new Analysis.Measurement(Case.TO_BLOCKED_64, Contender.NAIVE, 90, 0.1, "ns/op"),
                        new Analysis.Measurement(Case.TO_BLOCKED_64, Contender.GENERIC, 80, 0.1, "ns/op"))),
                null);
        Document doc = parse(Chart.svg(results));
        List<String> labels = new ArrayList<>();
        Chart.bars(results).forEach(k -> labels.add(k.label()));
        assertTrue(labels.contains(Contender.ONE_THREAD.label()) && labels.contains(Contender.THREADS_OWN_FORK.label()),
                labels.toString());
        labels.add("bold: best target; line: IQR");
        double legendBottom = 0;
        NodeList nodes = doc.getElementsByTagName("text");
        int found = 0;
        for (int i = 0; i < nodes.getLength(); i++) {
            Element t = (Element) nodes.item(i);
            if (labels.contains(t.getTextContent()) && t.getAttribute("text-anchor").equals("start")) {
                double right = Double.parseDouble(t.getAttribute("x")) + 7 * t.getTextContent().length();
                assertTrue(right <= Chart.WIDTH, t.getTextContent() + " ends at " + right);
                legendBottom = Math.max(legendBottom, Double.parseDouble(t.getAttribute("y")));
                found++;
            }
        }
        assertEquals(labels.size(), found, "every legend entry and the caption drawn once");
        for (Element bar : bars(doc)) {
            assertTrue(Double.parseDouble(bar.getAttribute("y")) > legendBottom, "bars below the legend");
        }
    }

    @Test
    void barsAreToScaleWithTheirValuesAsTooltips() throws Exception {
        Document doc = parse(Chart.svg(Samples.results()));
        List<Element> bars = bars(doc);
        // the tail case: SCALAR, VECTOR, THREADS, tuned, hand-tiled, oneDNN twice, THREADS in its own fork (arraycopy
        // is the 1.0 line); the flip has no ceiling
        assertEquals(8, bars.size());
        Element scalar = bars.get(0);
        // the axis ends at 1 (no ratio or quartile above it); the plot is 980 - 300 - 60 = 620 px wide: 0.5 -> 310 px
        assertEquals("310.0", scalar.getAttribute("width"));
        assertEquals("SCALAR: 0.5× of the ceiling, 30.7 GB/s, 20 µs per call",
                scalar.getElementsByTagName("title").item(0).getTextContent());
        assertEquals("155.0", bars.get(1).getAttribute("width")); // VECTOR 0.25
    }

    @Test
    void aLineAcrossAnInterleavedBarSpansItsQuartiles() throws Exception {
        Document doc = parse(Chart.svg(Samples.results()));
        NodeList lines = doc.getElementsByTagName("line");
        List<String> spans = new ArrayList<>();
        for (int i = 0; i < lines.getLength(); i++) {
            Element line = (Element) lines.item(i);
            if (line.getAttribute("stroke").equals("#222222")) {
                spans.add(line.getAttribute("x1") + "-" + line.getAttribute("x2"));
            }
        }
        // SCALAR's ceiling ratios 0.5, 0.5, 0.556: quartiles 0.5 and 0.528 -> x 610 to 627.2; one line per interleaved
        // bar of the tail case (SCALAR, VECTOR, THREADS, tuned, hand-tiled, oneDNN), none for oneDNN on all cores
        assertEquals(6, spans.size(), spans.toString());
        assertEquals("610.0-627.2", spans.get(0));
    }

    @Test
    void legendCeilingAndNotApplicableAreLabelled() throws Exception {
        List<String> texts = texts(parse(Chart.svg(Samples.results())));
        for (Contender k : Chart.bars(Samples.results())) {
            assertTrue(texts.contains(k.label()), k.label());
        }
        assertTrue(Chart.bars().contains(Contender.ONE_THREAD));
        assertFalse(texts.contains(Contender.ONE_THREAD.label()), "no bar nor legend for a contender no case measured");
        assertTrue(texts.contains("arraycopy ceiling = 1"));
        assertTrue(texts.contains("oneDNN: n/a"), "the flip has no oneDNN peer");
        assertTrue(texts.contains("oneDNN, all cores: n/a"));
        assertTrue(texts.contains("nchw→nChw16c f32 1×17×56×56 (tail)"));
    }

    @Test
    void theSubtitleIsTheReportsHeaderBrokenAfterClauses() throws Exception {
        List<String> texts = texts(parse(Chart.svg(Samples.results())));
        List<String> subtitle = List.of(
                "Measured 2025-11-21 on Test CPU (2 cores; ISA avx2 fma; Linux 6.1 amd64), OpenJDK 64-Bit Server VM"
                        + " 17.0.15 (Eclipse Adoptium),",
                "preferred vector shape 256 bits, tuner mode measure; oneDNN 3.11.0, CPU runtime omp, ISA avx2,"
                        + " OMP_NUM_THREADS=1 (all cores: 2).",
                "Interleaved (quick mode): every contender of a case in the same fork, 3 × 1000 ms warm-up and 5 × 1000"
                        + " ms measured iterations of rounds,",
                "each round a 4 ms slice per contender in shuffled order.");
        // after the title, before the legend
        assertEquals(subtitle, texts.subList(1, 5));
        assertEquals(Contender.SCALAR.label(), texts.get(5));
        assertTrue(Report.markdown(Samples.results()).contains("\n\n" + String.join(" ", subtitle) + "\n\n"));
    }

    @Test
    void longTitlesWrapAtTheMiddleSpace() {
        assertEquals(List.of("nchw→nChw16c f32 1×17×56×56 (tail)"), Chart.wrap("nchw→nChw16c f32 1×17×56×56 (tail)"));
        assertEquals(List.of("u8 NHWC→f32 NCHW ×1/127.5−1,", "scale and shift 1×3×224×224"),
                Chart.wrap("u8 NHWC→f32 NCHW ×1/127.5−1, scale and shift 1×3×224×224"));
    }

    @Test
    void textIsEscaped() throws Exception {
        Results r = Samples.results();
        CaseResult c = r.cases().get(0);
        CaseResult odd = new CaseResult(c.id(), "a < b & \"c\"", c.kind(), c.bytesRead(), c.bytesWritten(), c.oneDnnPeer(),
                c.oneDnnNote(), c.best(), c.contenders(), c.goals(), c.rounds(), c.tuned(), c.tunedVsBest());
        Results escaped = new Results(r.schema(), r.date(), r.wallSeconds(), r.machine(), r.settings(), List.of(odd),
                null);
        assertTrue(texts(parse(Chart.svg(escaped))).contains("a < b & \"c\""));
    }

    @Test
    void theAxisGrowsPastTheCeilingWhenAContenderDoes() throws Exception {
        Results r = new Results(Results.SCHEMA, "2025-11-21T10:00:00Z", 1, Samples.results().machine(),
                Samples.results().settings(), Analysis.analyse(List.of(new Rounds(Case.NCHW_TO_NHWC_LARGE,
                        List.of(Contender.THREADS, Contender.ARRAYCOPY), new int[] {1, 1},
                        List.<double[]>of(new double[] {500_000, 1_000_000}), null)), List.of()), null);
        Document doc = parse(Chart.svg(r));
        // THREADS at 2x the ceiling: steps of 0.25 up to 2, so its bar spans the whole plot
        assertEquals("620.0", bars(doc).get(0).getAttribute("width"));
        assertTrue(texts(doc).contains("1.75"));
    }
}

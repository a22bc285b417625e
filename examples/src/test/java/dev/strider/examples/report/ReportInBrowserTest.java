package dev.strider.examples.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.strider.examples.Main;
import dev.strider.report.LayoutSvg;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.w3c.dom.Element;
import picocli.CommandLine;

/**
 * The layout drawings in a real browser: headless Chromium opens the reports the processor wrote
 * while compiling this module and a page of {@code explain --html}, and the screenshots must show
 * them drawn: each SVG at the size its {@code width} and {@code height} attributes give, not blank,
 * with the orange of pad lanes where a blocked layout has them. The screenshots stay in
 * {@code target/report-screenshots/} for a person to look at.
 *
 * <p>Without {@code chromium} and {@code chromedriver} (Debian packages {@code chromium} and
 * {@code chromium-driver}) the test is skipped and says why, unless {@code STRIDER_REQUIRE_BROWSER=1}
 * (set by CI after installing them), which makes a missing browser a failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportInBrowserTest {

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 900;
    /** Screenshot colours may differ from the SVG's by rounding in the compositor. */
    private static final int TOLERANCE = 3;

    private HeadlessChromium chromium;
    private final Path shots = Reports.moduleDir().resolve("target/report-screenshots");

    /** Why there is no browser, or null. */
    private String missing;

    @BeforeAll
    void startBrowser() throws IOException, InterruptedException {
        HeadlessChromium.Executables exe;
        try {
            exe = HeadlessChromium.find();
        } catch (HeadlessChromium.Missing e) {
            missing = e.getMessage();
            return;
        }
        Files.createDirectories(shots);
        chromium = HeadlessChromium.start(exe, Reports.moduleDir().resolve("target/chromium"));
        chromium.windowSize(WIDTH, HEIGHT);
    }

    /** Skips the test, saying why, when there is no browser; fails instead under STRIDER_REQUIRE_BROWSER=1. */
    private void requireBrowser() {
        if (missing == null) {
            return;
        }
        String install = "install the Debian packages chromium and chromium-driver";
        if ("1".equals(System.getenv("STRIDER_REQUIRE_BROWSER"))) {
            fail("STRIDER_REQUIRE_BROWSER=1, but there is " + missing + "; " + install);
        }
        assumeTrue(false, "no headless browser to draw the layout report in: " + missing + " (" + install
                + "; STRIDER_REQUIRE_BROWSER=1 makes this a failure)");
    }

    @AfterAll
    void stopBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void theProcessorsReportsAreDrawn() throws Exception {
        requireBrowser();
        List<Path> reports = Reports.all();
        assertFalse(reports.isEmpty(), "the processor wrote no *.layouts.html under " + Reports.generatedSources());
        boolean padLanesSeen = false;
        for (Path report : reports) {
            String name = report.getFileName().toString().replace(".layouts.html", "");
            padLanesSeen |= checkPage(report, "report-" + name);
        }
        assertTrue(padLanesSeen, "no report draws a blocked layout with pad lanes: " + reports);
    }

    @Test
    void explainHtmlIsDrawn() throws Exception {
        requireBrowser();
        Path page = shots.resolve("explain-nChw8c.html");
        int code = new CommandLine(new Main()).execute("explain", "--dims", "NCHW", "--sizes", "1,17,5,4", "--format",
                "nChw8c", "--html", page.toString());
        assertEquals(0, code);
        assertTrue(checkPage(page, "explain-nChw8c"), "the nChw8c drawing shows no pad lanes");

        // The drawing's size as the file states it, read without the browser.
        Element svg = (Element) Reports.xml(page).getElementsByTagName("svg").item(0);
        BufferedImage alone = ImageIO.read(shots.resolve("explain-nChw8c-svg.png").toFile());
        double ratio = ratio();
        assertEquals(Math.round(Integer.parseInt(svg.getAttribute("width")) * ratio), alone.getWidth());
        assertEquals(Math.round(Integer.parseInt(svg.getAttribute("height")) * ratio), alone.getHeight());
    }

    private double ratio() throws IOException, InterruptedException {
        return chromium.script("return window.devicePixelRatio;").getAsDouble();
    }

    /**
     * Opens the page and checks it; the screenshots are saved as {@code <shot>.png} (the window)
     * and {@code <shot>-svg.png} (the first drawing with pad lanes, else the first drawing).
     *
     * @return whether the page draws pad lanes
     */
    private boolean checkPage(Path page, String shot) throws Exception {
        chromium.open(page.toUri());
        double ratio = ratio();

        // The window: as large as the viewport, and not blank.
        JsonObject viewport = chromium.script("return {width: window.innerWidth, height: window.innerHeight};")
                .getAsJsonObject();
        BufferedImage window = chromium.screenshot();
        ImageIO.write(window, "png", shots.resolve(shot + ".png").toFile());
        assertEquals(Math.round(viewport.get("width").getAsDouble() * ratio), window.getWidth(), page.toString());
        assertEquals(Math.round(viewport.get("height").getAsDouble() * ratio), window.getHeight(), page.toString());
        assertTrue(viewport.get("width").getAsInt() <= WIDTH && viewport.get("width").getAsInt() > WIDTH / 2,
                "viewport " + viewport + " for a window of " + WIDTH + "x" + HEIGHT);
        assertTrue(Pixels.of(window).inkFraction() > 0.02, page + ": the window is blank");

        // Every drawing is laid out at the size its attributes give.
        JsonArray sizes = chromium.script(String.join("\n",
                "return [...document.querySelectorAll('svg.layout')].map(s => {",
                "  const r = s.getBoundingClientRect();",
                "  return s.id + ' ' + s.getAttribute('width') + 'x' + s.getAttribute('height')",
                "      + ' drawn ' + r.width + 'x' + r.height;",
                "});")).getAsJsonArray();
        assertFalse(sizes.isEmpty(), page + " has no drawing");
        for (JsonElement size : sizes) {
            String[] parts = size.getAsString().split(" ");
            assertEquals(parts[1], parts[3], page + ": " + size);
        }

        // One drawing alone: its size, ink, colours, and the orange of its pad lanes.
        JsonObject chosen = chromium.script(String.join("\n",
                "const all = [...document.querySelectorAll('svg.layout')];",
                "const svg = all.find(s => s.querySelector('.slot.pad')) || all[0];",
                "let padArea = 0;",
                "svg.querySelectorAll('.slot.pad').forEach(p => padArea += p.width.baseVal.value * p.height.baseVal.value);",
                "return {id: svg.id, width: +svg.getAttribute('width'), height: +svg.getAttribute('height'), padArea};"))
                .getAsJsonObject();
        BufferedImage drawing = chromium.screenshotWhole("#" + chosen.get("id").getAsString(), WIDTH, HEIGHT);
        ImageIO.write(drawing, "png", shots.resolve(shot + "-svg.png").toFile());
        assertEquals(Math.round(chosen.get("width").getAsDouble() * ratio), drawing.getWidth(), "width of " + chosen);
        assertEquals(Math.round(chosen.get("height").getAsDouble() * ratio), drawing.getHeight(), "height of " + chosen);
        Pixels pixels = Pixels.of(drawing);
        assertTrue(pixels.inkFraction() > 0.15, chosen + " is nearly blank: " + pixels.inkFraction());
        assertTrue(pixels.colours() >= 8, chosen + " has only " + pixels.colours() + " colours");
        double padArea = chosen.get("padArea").getAsDouble() * ratio * ratio;
        long orange = pixels.count(Integer.parseInt(LayoutSvg.PAD_FILL.substring(1), 16));
        if (padArea > 0) {
            // Labels and outlines cover part of each pad slot; most of it is orange.
            assertTrue(orange >= 0.6 * padArea, chosen + ": " + orange + " orange pixels for pad slots of " + padArea);
        } else {
            assertEquals(0, orange, chosen + " draws no pad slot, yet has orange pixels");
        }
        return padArea > 0;
    }

    /** Counts over the pixels of a screenshot. */
    record Pixels(int[] rgb) {
        static Pixels of(BufferedImage image) {
            return new Pixels(image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth()));
        }

        /** The share of pixels that are not (nearly) white. */
        double inkFraction() {
            long ink = 0;
            for (int p : rgb) {
                if (((p >> 16) & 0xff) < 245 || ((p >> 8) & 0xff) < 245 || (p & 0xff) < 245) {
                    ink++;
                }
            }
            return (double) ink / rgb.length;
        }

        int colours() {
            Set<Integer> seen = new HashSet<>();
            for (int p : rgb) {
                seen.add(p & 0xffffff);
            }
            return seen.size();
        }

        long count(int colour) {
            long n = 0;
            for (int p : rgb) {
                if (Math.abs(((p >> 16) & 0xff) - ((colour >> 16) & 0xff)) <= TOLERANCE
                        && Math.abs(((p >> 8) & 0xff) - ((colour >> 8) & 0xff)) <= TOLERANCE
                        && Math.abs((p & 0xff) - (colour & 0xff)) <= TOLERANCE) {
                    n++;
                }
            }
            return n;
        }
    }
}

package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.examples.kernels.PipelineOps;
import dev.strider.Strider;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo end to end, through the command line: exit code, console, and the PNG files it writes,
 * read back with ImageIO and checked against each other pixel by pixel.
 */
class DemoTest {

    @TempDir
    Path dir;

    @Test
    void withNoCommandTheDemoRunsAndWritesPicturesThatAgree() throws IOException {
        Result r = run("--out", dir.toString(), "--repeat", "3");
        assertEquals(0, r.code, r.err);
        assertEquals("", r.err);
        assertTrue(r.out.contains("chose " + Strider.load(PipelineOps.class).getClass().getSimpleName()), r.out);
        assertTrue(r.out.contains("[14/14] timing"), r.out);
        assertTrue(r.out.contains("sum of the steps"), r.out);
        assertFalse(r.out.contains("MISMATCH"), r.out);
        for (String name : new String[] {"input", "normalized", "crop", "flip", "flip-vertical"}) {
            assertTrue(r.out.contains(dir.resolve(name + ".png").toAbsolutePath().toString()), name + ": " + r.out);
        }

        BufferedImage input = read("input.png", 224);
        BufferedImage normalized = read("normalized.png", 224);
        BufferedImage crop = read("crop.png", 160);
        BufferedImage flip = read("flip.png", 224);
        BufferedImage flipVertical = read("flip-vertical.png", 224);
        assertTrue(colours(input) > 1000, "the synthetic picture has gradients: " + colours(input) + " colours");
        for (int y = 0; y < 224; y++) {
            for (int x = 0; x < 224; x++) {
                String at = " at (" + x + ", " + y + ")";
                int pixel = normalized.getRGB(x, y);
                // normalize -> nChw16c -> back -> pixels is exact: x / 127.5 - 1 in float is within 2^-23 of the real value
                assertEquals(input.getRGB(x, y), pixel, "normalized" + at);
                assertEquals(normalized.getRGB(223 - x, y), flip.getRGB(x, y), "flip" + at);
                assertEquals(normalized.getRGB(x, 223 - y), flipVertical.getRGB(x, y), "flip-vertical" + at);
                if (x < 160 && y < 160) {
                    assertEquals(normalized.getRGB(x + 32, y + 32), crop.getRGB(x, y), "crop" + at);
                }
            }
        }
    }

    @Test
    void theDemoCommandScalesTheUsersPicture() throws IOException {
        // 300x200: the central 200x200 (x 50..249) is scaled to 224x224; left of x = 150 red, right of it blue
        BufferedImage picture = new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 300; x++) {
                picture.setRGB(x, y, x < 50 || x >= 250 ? 0x00ff00 : x < 150 ? 0xff0000 : 0x0000ff);
            }
        }
        Path file = dir.resolve("user.png");
        ImageIO.write(picture, "png", file.toFile());
        Path out = dir.resolve("out");

        Result r = run("demo", "--image", file.toString(), "--out", out.toString(), "--repeat", "0");
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains(file.toString()), r.out);
        assertFalse(r.out.contains("timing"), r.out);
        BufferedImage input = ImageIO.read(out.resolve("input.png").toFile());
        assertEquals(224, input.getWidth());
        assertEquals(224, input.getHeight());
        for (int y = 0; y < 224; y += 7) {
            assertEquals(0xff0000, input.getRGB(3, y) & 0xffffff, "red on the left, row " + y);     // no green: cropped
            assertEquals(0xff0000, input.getRGB(100, y) & 0xffffff, "red on the left, row " + y);
            assertEquals(0x0000ff, input.getRGB(124, y) & 0xffffff, "blue on the right, row " + y);
            assertEquals(0x0000ff, input.getRGB(220, y) & 0xffffff, "blue on the right, row " + y);
        }
        BufferedImage flip = ImageIO.read(out.resolve("flip.png").toFile());
        assertEquals(0x0000ff, flip.getRGB(3, 50) & 0xffffff, "the mirror has blue on the left");
        assertEquals(0xff0000, flip.getRGB(220, 50) & 0xffffff, "and red on the right");
    }

    @Test
    void aMissingImageIsOneErrorLine() {
        Path missing = dir.resolve("missing.png");
        Result r = run("demo", "--image", missing.toString(), "--out", dir.toString());
        assertEquals(2, r.code);
        assertEquals("", r.out);
        assertTrue(r.err.startsWith("error: cannot read --image " + missing + ": no such file\n"), r.err);
        assertTrue(r.err.contains("Try 'strider-examples demo --help'"), r.err);
        assertFalse(Files.exists(dir.resolve("input.png")), "nothing is written");
    }

    @Test
    void aFileThatIsNoPictureIsOneErrorLine() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.png"), "not a picture");
        Result r = run("--image", text.toString(), "--out", dir.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("error: cannot read --image " + text + ": not a picture ImageIO can read"), r.err);
        assertTrue(r.err.contains("Try 'strider-examples --help'"), r.err);
    }

    @Test
    void anOutThatIsAFileIsOneErrorLine() throws IOException {
        Path file = Files.writeString(dir.resolve("taken"), "a file");
        Result r = run("demo", "--out", file.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("error: cannot write to --out " + file + ": " + file + " exists and is not a directory"),
                r.err);
    }

    @Test
    void theUsersPictureIsNotOverwrittenByTheScaledInput() throws IOException {
        Path file = dir.resolve("input.png");
        ImageIO.write(new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB), "png", file.toFile());
        byte[] before = Files.readAllBytes(file);
        Result r = run("demo", "--image", file.toString(), "--out", dir.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("error: --image " + file + " is where the demo writes its scaled input"), r.err);
        assertArrayEquals(before, Files.readAllBytes(file));
    }

    @Test
    void aNegativeRepeatIsRejected() {
        Result r = run("demo", "--repeat", "-1", "--out", dir.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.startsWith("error: --repeat must be 0 or more, not -1"), r.err);
    }

    private BufferedImage read(String name, int side) throws IOException {
        BufferedImage image = ImageIO.read(dir.resolve(name).toFile());
        assertEquals(side, image.getWidth(), name);
        assertEquals(side, image.getHeight(), name);
        return image;
    }

    private static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }
}

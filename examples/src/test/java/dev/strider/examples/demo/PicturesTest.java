package dev.strider.examples.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PicturesTest {

    @TempDir
    Path dir;

    @Test
    void pixelsComeOutInRgbOrderThoughTheImageKeepsBgr() {
        BufferedImage image = new BufferedImage(3, 1, BufferedImage.TYPE_3BYTE_BGR);
        image.setRGB(0, 0, 0xff0000);
        image.setRGB(1, 0, 0x00ff00);
        image.setRGB(2, 0, 0x123456);
        byte[] rgb = Pictures.rgb(image);
        assertArrayEquals(new byte[] {(byte) 0xff, 0, 0, 0, (byte) 0xff, 0, 0x12, 0x34, 0x56}, rgb);

        BufferedImage back = Pictures.fromRgb(rgb, 3, 1);
        assertEquals(0xff0000, back.getRGB(0, 0) & 0xffffff);
        assertEquals(0x00ff00, back.getRGB(1, 0) & 0xffffff);
        assertEquals(0x123456, back.getRGB(2, 0) & 0xffffff);
    }

    @Test
    void aPictureOfTheRightSizeIsCopiedPixelForPixelThroughAPngFile() throws IOException {
        byte[] rgb = new byte[3 * 224 * 224];
        new Random(3).nextBytes(rgb);
        Path file = dir.resolve("noise.png");
        Pictures.writePng(Pictures.fromRgb(rgb, 224, 224), file);
        assertArrayEquals(rgb, Pictures.rgb(Pictures.cover(Pictures.read(file), 224)));
    }

    @Test
    void coverScalesTheCentralSquareDown() {
        // 900x600: the central 600x600 (x 150..749) becomes 100x100; columns 150..449 are white, the rest black
        BufferedImage image = new BufferedImage(900, 600, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 600; y++) {
            for (int x = 150; x < 450; x++) {
                image.setRGB(x, y, 0xffffff);
            }
        }
        BufferedImage small = Pictures.cover(image, 100);
        assertEquals(100, small.getWidth());
        assertEquals(100, small.getHeight());
        assertEquals(BufferedImage.TYPE_3BYTE_BGR, small.getType());
        for (int y = 0; y < 100; y += 9) {
            assertEquals(0xffffff, small.getRGB(2, y) & 0xffffff, "white on the left, row " + y);
            assertEquals(0xffffff, small.getRGB(45, y) & 0xffffff, "white on the left, row " + y);
            assertEquals(0, small.getRGB(55, y) & 0xffffff, "black on the right, row " + y);
            assertEquals(0, small.getRGB(97, y) & 0xffffff, "black on the right, row " + y);
        }
    }

    @Test
    void theSyntheticPictureIsTheSameEveryTimeAndNotSymmetric() {
        byte[] a = Pictures.rgb(Pictures.synthetic(224));
        byte[] b = Pictures.rgb(Pictures.synthetic(224));
        assertArrayEquals(a, b);
        BufferedImage image = Pictures.synthetic(224);
        int mirrored = 0;
        int flipped = 0;
        for (int y = 0; y < 224; y++) {
            for (int x = 0; x < 224; x++) {
                mirrored += image.getRGB(x, y) == image.getRGB(223 - x, y) ? 1 : 0;
                flipped += image.getRGB(x, y) == image.getRGB(x, 223 - y) ? 1 : 0;
            }
        }
        assertTrue(mirrored < 224 * 224 / 10, mirrored + " pixels equal their mirror image");
        assertTrue(flipped < 224 * 224 / 10, flipped + " pixels equal their vertical flip");
    }

    @Test
    void readSaysWhatIsWrongWithTheFile() throws IOException {
        assertEquals("no such file",
                assertThrows(IOException.class, () -> Pictures.read(dir.resolve("missing.png"))).getMessage());
        Path text = Files.writeString(dir.resolve("text.jpg"), "hello");
        assertEquals("not a picture ImageIO can read (PNG, JPEG, GIF or BMP)",
                assertThrows(IOException.class, () -> Pictures.read(text)).getMessage());
        assertEquals("a directory, not a file", assertThrows(IOException.class, () -> Pictures.read(dir)).getMessage());
    }
}

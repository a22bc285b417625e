package dev.strider.examples.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Pictures as the pipeline sees them: PNG and JPEG files to and from u8 NHWC bytes in R, G, B
 * order, scaling to the pipeline's square, and the synthetic test picture.
 */
final class Pictures {

    private Pictures() {
    }

    /** A picture file as ImageIO reads it (PNG, JPEG, GIF, BMP); the exception says what is wrong, not which file. */
    static BufferedImage read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("a directory, not a file");
        }
        if (!Files.exists(file)) {
            throw new IOException("no such file");
        }
        if (!Files.isReadable(file)) {
            throw new IOException("not readable");
        }
        BufferedImage image = ImageIO.read(file.toFile());
        if (image == null) {
            throw new IOException("not a picture ImageIO can read (PNG, JPEG, GIF or BMP)");
        }
        return image;
    }

    /** Writes {@code image} as a PNG file; through a stream, whose exceptions say what is wrong with the file. */
    static void writePng(BufferedImage image, Path file) throws IOException {
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(file))) {
            if (!ImageIO.write(image, "png", stream)) {
                throw new IOException("no PNG writer in this JVM"); // every JDK has one
            }
        }
    }

    /**
     * {@code image} scaled to {@code side x side}: scaled until it covers the square, then its
     * centre, as image classifiers crop their inputs. Transparent parts come out white. A picture
     * already of that size is copied pixel for pixel.
     */
    static BufferedImage cover(BufferedImage image, int side) {
        int w = image.getWidth();
        int h = image.getHeight();
        int square = Math.min(w, h);
        BufferedImage current = image.getSubimage((w - square) / 2, (h - square) / 2, square, square);
        // Halving first averages every source pixel in: one bilinear step from far larger would skip most.
        while (current.getWidth() >= 2 * side) {
            current = draw(current, current.getWidth() / 2);
        }
        return draw(current, side);
    }

    private static BufferedImage draw(BufferedImage image, int side) {
        BufferedImage out = new BufferedImage(side, side, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = out.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, side, side);
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(image, 0, 0, side, side, null);
        } finally {
            g.dispose();
        }
        return out;
    }

    /**
     * The pixels of a {@code TYPE_3BYTE_BGR} picture as u8 NHWC in R, G, B order. That type keeps
     * each pixel as the bytes B, G, R in rows of exactly {@code 3 * width} when it is made by
     * {@code new BufferedImage} (as {@link #cover} does), so the bytes are copied with the first
     * and the last of each pixel swapped.
     */
    static byte[] rgb(BufferedImage image) {
        if (image.getType() != BufferedImage.TYPE_3BYTE_BGR || image.getRaster().getParent() != null) {
            throw new IllegalArgumentException("not a whole TYPE_3BYTE_BGR picture: " + image);
        }
        byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        byte[] rgb = new byte[3 * image.getWidth() * image.getHeight()];
        for (int i = 0; i < rgb.length; i += 3) {
            rgb[i] = bgr[i + 2];
            rgb[i + 1] = bgr[i + 1];
            rgb[i + 2] = bgr[i];
        }
        return rgb;
    }

    /** A picture of u8 NHWC pixels in R, G, B order; the inverse of {@link #rgb}. */
    static BufferedImage fromRgb(byte[] rgb, int width, int height) {
        if (rgb.length != 3 * width * height) {
            throw new IllegalArgumentException(rgb.length + " bytes are not " + width + "x" + height + " RGB pixels");
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < rgb.length; i += 3) {
            bgr[i] = rgb[i + 2];
            bgr[i + 1] = rgb[i + 1];
            bgr[i + 2] = rgb[i];
        }
        return image;
    }

    /**
     * The test picture, the same on every run: a colour gradient, a sun in the top-left corner,
     * an arrow pointing right, the word STRIDER and red, green and blue squares at the bottom
     * left. Nothing in it is symmetric, so a wrong flip, crop or channel order shows at a glance.
     * The letters come from a 5x7 bitmap font in this class: no system font is needed.
     */
    static BufferedImage synthetic(int side) {
        BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_3BYTE_BGR);
        double last = side - 1;
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                int r = (int) Math.round(40 + 150 * x / last);
                int g = (int) Math.round(80 + 110 * y / last);
                int b = (int) Math.round(190 - 120 * x / last);
                image.setRGB(x, y, r << 16 | g << 8 | b);
            }
        }
        double u = side / 224.0; // the drawing is laid out for 224x224
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(255, 214, 40));
            g.fillOval(px(8, u), px(8, u), px(40, u), px(40, u));

            Polygon arrow = new Polygon();
            int[][] points = {{50, 68}, {130, 68}, {130, 44}, {182, 84}, {130, 124}, {130, 100}, {50, 100}};
            for (int[] p : points) {
                arrow.addPoint(px(p[0], u), px(p[1], u));
            }
            g.setColor(Color.WHITE);
            g.fillPolygon(arrow);
            g.setColor(new Color(30, 30, 60));
            g.setStroke(new BasicStroke((float) (3 * u)));
            g.drawPolygon(arrow);

            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            drawText(g, "STRIDER", px(51, u), px(142, u), Math.max(1, px(3, u)));

            Color[] squares = {new Color(230, 0, 0), new Color(0, 200, 0), new Color(0, 0, 230)};
            for (int i = 0; i < squares.length; i++) {
                g.setColor(squares[i]);
                g.fillRect(px(8 + 20 * i, u), px(198, u), px(16, u), px(16, u));
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private static int px(int at224, double u) {
        return (int) Math.round(at224 * u);
    }

    /** 5x7 glyphs, one string per row, {@code #} for ink. */
    private static final String[][] GLYPHS = {
        {"S", ".####", "#....", "#....", ".###.", "....#", "....#", "####."},
        {"T", "#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."},
        {"R", "####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"},
        {"I", ".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."},
        {"D", "####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."},
        {"E", "#####", "#....", "#....", "####.", "#....", "#....", "#####"},
    };

    /** {@code text} in white with a dark shadow, each font pixel {@code scale} wide, from (x, y). */
    private static void drawText(Graphics2D g, String text, int x, int y, int scale) {
        for (int pass = 0; pass < 2; pass++) {
            g.setColor(pass == 0 ? new Color(20, 20, 40) : Color.WHITE);
            int shadow = pass == 0 ? Math.max(1, scale / 2) : 0;
            for (int i = 0; i < text.length(); i++) {
                String[] glyph = glyph(text.charAt(i));
                for (int row = 0; row < 7; row++) {
                    for (int col = 0; col < 5; col++) {
                        if (glyph[row + 1].charAt(col) == '#') {
                            g.fillRect(x + (6 * i + col) * scale + shadow, y + row * scale + shadow, scale, scale);
                        }
                    }
                }
            }
        }
    }

    private static String[] glyph(char c) {
        for (String[] glyph : GLYPHS) {
            if (glyph[0].charAt(0) == c) {
                return glyph;
            }
        }
        throw new IllegalArgumentException("no glyph for '" + c + "'");
    }
}

package dev.strider.processor.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.strider.BinaryOp;
import dev.strider.kernel.ElementType;
import dev.strider.kernel.UnaryOp;
import dev.strider.layout.TensorLayout;
import dev.strider.layout.SliceWindow;
import dev.strider.processor.model.KernelSet;
import dev.strider.Target;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated source of a small kernel set, compared as exact text with a file that was read
 * and checked by hand (src/test/resources/golden): a blocked reorder with a tail and its pad
 * lanes, an NCHW-to-NHWC transpose, and a horizontal flip. It pins formatting and naming;
 * behaviour is pinned by GeneratedVersusGenericTest.
 */
class GoldenSourceTest {

    @Test
    void smallKernelSetReadsAsWritten() throws IOException {
        int[] tail = {1, 17, 3, 4};
        int[] image = {1, 3, 224, 224};
        TensorLayout planar = TensorLayout.packed("HW", 4, 5);
        KernelSet set = new KernelSet("demo", List.of("Ops"), List.of(Target.SCALAR), List.of(
                Samples.reorder("toBlocked", ElementType.FLOAT, TensorLayout.packed("NCHW", tail), TensorLayout.of("NCHW", tail, "nChw16c")),
                Samples.reorder("toNhwc", ElementType.FLOAT, TensorLayout.packed("NCHW", image), TensorLayout.of("NCHW", image, "nhwc")),
                Samples.slice("flip", ElementType.FLOAT, planar,
                        SliceWindow.of(planar, new int[] {0, 0}, new int[] {4, 5}, new int[] {1, -1}), planar)));
        assertGolden("Ops_Scalar.java", Writers.scalar(set, 16).toString());
    }

    /** A converting reorder, a fill of padded rows (gaps untouched), an op on blocked data, a broadcast add. */
    @Test
    void everyKernelKindReadsAsWritten() throws IOException {
        int[] s = {1, 3, 2, 2};
        KernelSet set = new KernelSet("demo", List.of("MoreOps"), List.of(Target.SCALAR), List.of(
                Samples.convert("normalize", ElementType.BYTE, TensorLayout.of("NCHW", s, "nhwc"), ElementType.FLOAT,
                        TensorLayout.packed("NCHW", s), true, 1 / 255.0, -0.5),
                Samples.fill("clear", ElementType.INT, TensorLayout.strided("HW", new int[] {2, 3}, new int[] {5, 1})),
                Samples.unary("affine", ElementType.FLOAT, UnaryOp.scaleShift(2, 1), TensorLayout.of("NCHW", s, "nChw4c"),
                        TensorLayout.of("NCHW", s, "nChw4c")),
                Samples.binary("addBias", ElementType.DOUBLE, BinaryOp.ADD, TensorLayout.packed("NCHW", s),
                        TensorLayout.packed("NCHW", 1, 3, 1, 1), TensorLayout.packed("NCHW", s))));
        assertGolden("MoreOps_Scalar.java", Writers.scalar(set, 16).toString());
    }

    /** On a mismatch the actual source is written to target/golden-actual, to diff and review. */
    private static void assertGolden(String name, String actual) throws IOException {
        String expected = golden(name);
        if (!expected.equals(actual)) {
            java.nio.file.Path out = java.nio.file.Path.of("target", "golden-actual", name);
            java.nio.file.Files.createDirectories(out.getParent());
            java.nio.file.Files.writeString(out, actual);
        }
        assertEquals(expected, actual, name + " differs; the actual source is in " + "target/golden-actual");
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = GoldenSourceTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

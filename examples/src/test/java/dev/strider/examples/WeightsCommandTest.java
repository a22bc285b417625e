package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.kernels.WeightOps;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code weights} command end to end, and its kernels on a mapped file against the OIhw16i16o
 * offset computed by hand, in either byte order.
 */
class WeightsCommandTest {

    @TempDir
    Path dir;

    @Test
    void theCommandChecksEveryClassAndTimesThePaths() throws IOException {
        Result r = run("weights", "--out", dir.toString(), "--rounds", "2");
        assertEquals(0, r.code, r.err + r.out);
        assertTrue(r.out.contains("WeightOps_Scalar       toBlocked ok, stemToBlocked ok"), r.out);
        assertTrue(r.out.contains("WeightOps_Threads      toBlocked ok, stemToBlocked ok"), r.out);
        assertTrue(r.out.matches("(?s).*WeightOps_Vector(128|256|512) +toBlocked ok, stemToBlocked ok.*"), r.out);
        assertFalse(r.out.contains("DIFFERS"), r.out);
        assertTrue(r.out.contains("copy-around / off-heap"), r.out);
        assertEquals(4L * 512 * 512 * 9, Files.size(dir.resolve("weights-oihw-512x512x3x3.f32")));
        assertEquals(4L * 64 * 3 * 49, Files.size(dir.resolve("weights-oihw-64x3x7x7.f32")));
    }

    @Test
    void aFileOfTheWrongSizeIsAUsageError() throws IOException {
        Path small = Files.write(dir.resolve("small.f32"), new byte[12]);
        Result r = run("weights", "--file", small.toString(), "--out", dir.toString(), "--rounds", "0");
        assertEquals(2, r.code, r.out);
        assertTrue(r.err.contains("holds 12 bytes; raw f32 OIhw 512x512x3x3 weights are 9437184"), r.err);
    }

    /** Element (o, i, h, w) holds its own OIhw index, so every destination slot says where it came from. */
    @Test
    void mappedWeightsLandWhereOIhw16i16oPutsThemInEitherByteOrder() throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            MappedByteBuffer big = mapped("big-" + order, 512, 512, 3, order);
            MappedByteBuffer stem = mapped("stem-" + order, 64, 3, 7, order);
            for (Target target : Target.values()) { // the tests run with the vector module: VECTOR loads
                WeightOps ops = Strider.load(WeightOps.class, target);
                ByteBuffer dst = nanFilled(512 * 512 * 9);
                ops.toBlocked(big, dst);
                check(dst, 512, 512, 3, 512, target + " " + order);
                ByteBuffer stemDst = nanFilled(64 * 16 * 49);
                ops.stemToBlocked(stem, stemDst);
                check(stemDst, 64, 3, 7, 16, target + " " + order + " stem");
                assertEquals(0, big.position(), "the kernel moves no position");
            }
        }
    }

    private MappedByteBuffer mapped(String name, int o, int i, int k, ByteOrder order) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(4 * o * i * k * k).order(order);
        for (int index = 0; index < o * i * k * k; index++) {
            bytes.putFloat(index);
        }
        Path file = Files.write(dir.resolve(name), bytes.array());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, bytes.capacity());
            mapped.order(order);
            return mapped;
        }
    }

    private static ByteBuffer nanFilled(int floats) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * floats).order(ByteOrder.nativeOrder());
        for (int index = 0; index < floats; index++) {
            b.putFloat(4 * index, Float.NaN);
        }
        return b;
    }

    /** OIhw16i16o: (o/16, i/16, h, w, i%16, o%16), with I padded to {@code paddedI}; pad lanes 0. */
    private static void check(ByteBuffer dst, int o, int i, int k, int paddedI, String what) {
        int hw = k * k;
        for (int oo = 0; oo < o; oo++) {
            for (int ii = 0; ii < paddedI; ii++) {
                for (int s = 0; s < hw; s++) {
                    int offset = (oo / 16) * (paddedI / 16) * hw * 256 + (ii / 16) * hw * 256 + s * 256
                            + (ii % 16) * 16 + oo % 16;
                    float expected = ii < i ? (float) (oo * i * hw + ii * hw + s) : 0f;
                    float actual = dst.getFloat(4 * offset);
                    if (Float.floatToRawIntBits(actual) != Float.floatToRawIntBits(expected)) {
                        assertEquals(expected, actual, what + " at o " + oo + ", i " + ii + ", hw " + s);
                    }
                }
            }
        }
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    private record Result(int code, String out, String err) {}
}

package dev.strider.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.kernel.Convert;
import dev.strider.layout.TensorLayout;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A generated kernel writes an ONNX Runtime input tensor in place: the {@code OnnxTensor} is made
 * first over a direct buffer (ORT keeps a direct buffer and copies nothing), the kernel then writes
 * that buffer, and ONNX Runtime reads the kernel's values, both through the tensor and by running a
 * model on it. Any copy along the way would leave ORT holding zeros, so the test fails unless the
 * hand-off is in place.
 *
 * <p>The model is a single ONNX {@code Transpose} (NCHW to NHWC) encoded by hand below, as ORT's
 * Java API cannot build graphs: it reads the tensor through ORT's own idea of an NCHW layout, so it
 * also checks that the kernel's packed NCHW is the layout ORT means by shape {1, 3, 224, 224}. The
 * expected values come from the generic kernel ({@link Convert#reorder}) on arrays.
 */
@ParameterizedClass
@EnumSource(Target.class)
class OnnxTensorTest {

    private static final int[] SIZES = {1, 3, 224, 224};
    private static final long[] SHAPE = {1, 3, 224, 224};
    private static final int N = 3 * 224 * 224;
    private static final int PLANE = 224 * 224;
    private static final TensorLayout PIXELS = TensorLayout.of("NCHW", SIZES, "nhwc");
    private static final TensorLayout PLANAR = TensorLayout.packed("NCHW", SIZES);
    private static final double SCALE = 1 / 127.5;
    private static final double SHIFT = -1;

    private static OrtEnvironment env;
    private static OrtSession toNhwc;

    @Parameter
    Target target;

    private OnnxInputOps ops;
    private byte[] pixels;

    @BeforeAll
    static void onnxRuntime() throws OrtException {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean arm64 = arch.equals("aarch64");
        boolean shipped = os.startsWith("linux") || os.startsWith("mac") ? x64 || arm64 : os.startsWith("windows") && x64;
        Assumptions.assumeTrue(shipped, () -> "onnxruntime's jar carries no natives for " + os + "/" + arch);
        try {
            env = OrtEnvironment.getEnvironment();
        } catch (UnsatisfiedLinkError e) {
            // The jar has this platform's library, yet the dynamic linker refused it (an older libc,
            // a temp directory mounted noexec): the machine, not this code, is what fails.
            Assumptions.abort("the dynamic linker refused onnxruntime's natives for " + os + "/" + arch + ": " + e.getMessage());
        }
        toNhwc = env.createSession(transposeModel(SHAPE, new long[] {0, 2, 3, 1}), new OrtSession.SessionOptions());
    }

    @AfterAll
    static void close() throws OrtException {
        if (toNhwc != null) {
            toNhwc.close();
        }
    }

    @BeforeEach
    void load() {
        ops = Strider.load(OnnxInputOps.class, target);
        String name = ops.getClass().getSimpleName();
        assertTrue(target == Target.SCALAR ? name.endsWith("_Scalar")
                : target == Target.THREADS ? name.endsWith("_Threads") : name.contains("_Vector"), name);
        pixels = new byte[N];
        new Random(15).nextBytes(pixels);
        pixels[0] = (byte) 255;        // (h0, w0) R
        pixels[3 + 1] = (byte) 128;    // (h0, w1) G
        pixels[3 * 224 + 2] = 0;       // (h1, w0) B
    }

    @Test
    void kernelWritesTheDirectFloatBufferBehindAnOnnxTensor() throws OrtException {
        FloatBuffer planar = ByteBuffer.allocateDirect(4 * N).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OnnxTensor tensor = OnnxTensor.createTensor(env, planar, SHAPE)) {
            assertFalse(tensor.ownsBuffer(), "ORT copied the direct buffer instead of wrapping it");

            ops.normalize(pixels, planar); // after the tensor exists: only shared memory carries the values to ORT

            assertEquals(0, planar.position());
            float[] seen = floats(tensor.getFloatBuffer()); // read out of ORT's tensor, through its native pointer
            assertArrayEquals(expectedPlanar(), seen);
            assertEquals(1f, seen[0], 1e-6f);                              // 255 / 127.5 - 1, by hand
            assertEquals(128 / 127.5f - 1, seen[PLANE + 1], 1e-6f);       // c1, h0, w1
            assertEquals(-1f, seen[2 * PLANE + 224], 0f);                 // c2, h1, w0
            assertArrayEquals(expectedNhwc(), transposed(tensor));
        }
    }

    @Test
    void kernelWritesAByteBufferTensorAtItsPosition() throws OrtException {
        int at = 64; // the bytes before the tensor (say, another tensor's) are left alone
        ByteBuffer whole = ByteBuffer.allocateDirect(at + 4 * N + 64);
        for (int i = 0; i < whole.capacity(); i++) {
            whole.put(i, (byte) 0x5A);
        }
        // ORT reads the platform's byte order; a kernel writes a buffer in the buffer's own order, and a
        // duplicate() is big-endian again, so the order is set on the very buffer both are given.
        ByteBuffer window = whole.duplicate().order(ByteOrder.nativeOrder());
        window.position(at).limit(at + 4 * N);
        try (OnnxTensor tensor = OnnxTensor.createTensor(env, window, SHAPE, OnnxJavaType.FLOAT)) {
            assertFalse(tensor.ownsBuffer(), "ORT copied the direct buffer instead of wrapping it");

            ops.normalizeBytes(pixels, window);

            assertEquals(at, window.position()); // element 0 is at the position, which the kernel does not move
            assertArrayEquals(expectedPlanar(), floats(tensor.getFloatBuffer()));
            assertArrayEquals(expectedNhwc(), transposed(tensor));
        }
        for (int i = 0; i < at; i++) {
            assertEquals((byte) 0x5A, whole.get(i), "byte " + i + " before the tensor");
        }
        for (int i = at + 4 * N; i < whole.capacity(); i++) {
            assertEquals((byte) 0x5A, whole.get(i), "byte " + i + " after the tensor");
        }
    }

    // ------------------------------------------------------------------ expectations from the generic kernel

    /** u8 NHWC to f32 NCHW by the generic kernel on arrays. */
    private float[] expectedPlanar() {
        float[] expected = new float[N];
        Convert.reorder(pixels, PIXELS, true, expected, PLANAR, SCALE, SHIFT);
        return expected;
    }

    /** What Transpose(perm 0,2,3,1) of that gives: the same values in NHWC order, by the generic kernel. */
    private float[] expectedNhwc() {
        float[] expected = new float[N];
        Convert.reorder(pixels, PIXELS, true, expected, PIXELS, SCALE, SHIFT);
        return expected;
    }

    private static float[] transposed(OnnxTensor input) throws OrtException {
        try (OrtSession.Result result = toNhwc.run(Map.of("x", input))) {
            OnnxTensor y = (OnnxTensor) result.get(0);
            assertArrayEquals(new long[] {1, 224, 224, 3}, y.getInfo().getShape());
            return floats(y.getFloatBuffer());
        }
    }

    private static float[] floats(FloatBuffer buffer) {
        float[] a = new float[buffer.remaining()];
        buffer.get(a);
        return a;
    }

    // ------------------------------------------------------------------ a one-node ONNX model, by hand

    /**
     * The protobuf bytes of an ONNX model (IR version 8, opset 13) whose graph is {@code y =
     * Transpose(x, perm)} on a float tensor {@code x} of {@code shape}. Field numbers are those of
     * onnx.proto: ModelProto ir_version 1, graph 7, opset_import 8; GraphProto node 1, name 2,
     * input 11, output 12; NodeProto input 1, output 2, op_type 4, attribute 5; AttributeProto name
     * 1, ints 8, type 20 (INTS = 7); ValueInfoProto name 1, type 2; TypeProto tensor_type 1;
     * TypeProto.Tensor elem_type 1 (FLOAT = 1), shape 2; TensorShapeProto dim 1; Dimension
     * dim_value 1; OperatorSetIdProto version 2.
     */
    static byte[] transposeModel(long[] shape, long[] perm) {
        long[] out = new long[shape.length];
        for (int i = 0; i < perm.length; i++) {
            out[i] = shape[(int) perm[i]];
        }
        Proto attribute = new Proto().string(1, "perm").varint(20, 7);
        for (long p : perm) {
            attribute.varint(8, p);
        }
        Proto node = new Proto().string(1, "x").string(2, "y").string(4, "Transpose").message(5, attribute);
        Proto graph = new Proto().message(1, node).string(2, "to_nhwc")
                .message(11, floatTensor("x", shape)).message(12, floatTensor("y", out));
        return new Proto().varint(1, 8).message(7, graph).message(8, new Proto().varint(2, 13)).bytes();
    }

    private static Proto floatTensor(String name, long[] shape) {
        Proto dims = new Proto();
        for (long d : shape) {
            dims.message(1, new Proto().varint(1, d));
        }
        Proto tensor = new Proto().varint(1, 1).message(2, dims);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor));
    }

    /** Just enough of the protobuf wire format: varint fields (wire type 0) and length-delimited ones (2). */
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            raw((long) field << 3);
            raw(value);
            return this;
        }

        Proto string(int field, String value) {
            return delimited(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto value) {
            return delimited(field, value.bytes());
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        private Proto delimited(int field, byte[] value) {
            raw((long) field << 3 | 2);
            raw(value.length);
            out.write(value, 0, value.length);
            return this;
        }

        private void raw(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) (v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out.write((int) v);
        }
    }
}

package dev.strider.examples.kernels;

import dev.strider.Bf16;
import dev.strider.Elements;
import dev.strider.F16;
import dev.strider.F8E4m3;
import dev.strider.F8E5m2;
import dev.strider.Kernels;
import dev.strider.Reorder;
import dev.strider.Target;
import java.nio.ByteBuffer;

/**
 * Reorders to and from oneDNN's 8-bit floats, each checked bit for bit against oneDNN's reorder of
 * the same data types and formats ({@code Float8OracleTest}): f32 into e5m2 and e4m3 through
 * blocked and interleaved formats (pad lanes included), with a scale, back to f32 from both, f8 to
 * and from the 16-bit floats, a plain e5m2 copy, and one destination in native memory.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface Float8Ops {

    // the layouts of ConversionOps: Planar, Interleaved (nhwc) and Blocked (nChw16c, 17 channels padded to 32)

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void toE5m2Blocked(float[] src, @Elements(F8E5m2.class) byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class, scale = 0.25)
    void quarterToE4m3Nhwc(float[] src, @Elements(F8E4m3.class) byte[] dst);

    @Reorder(from = ConversionOps.Interleaved.class, to = ConversionOps.Planar.class)
    void fromE5m2Nhwc(@Elements(F8E5m2.class) byte[] src, float[] dst);

    @Reorder(from = ConversionOps.Blocked.class, to = ConversionOps.Planar.class)
    void fromE4m3Blocked(@Elements(F8E4m3.class) byte[] src, float[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Planar.class)
    void e4m3ToBf16(@Elements(F8E4m3.class) byte[] src, @Elements(Bf16.class) short[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Interleaved.class)
    void f16ToE5m2(@Elements(F16.class) short[] src, @Elements(F8E5m2.class) byte[] dst);

    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class, scale = 2)
    void twiceToE4m3Blocked(float[] src, @Elements(F8E4m3.class) ByteBuffer dst);

    /** A plain copy of e5m2 bits: the vector classes move it in vectors. */
    @Reorder(from = ConversionOps.Planar.class, to = ConversionOps.Blocked.class)
    void e5m2Blocked(@Elements(F8E5m2.class) byte[] src, @Elements(F8E5m2.class) byte[] dst);
}

package dev.strider.examples.kernels;

import dev.strider.Elements;
import dev.strider.Kernels;
import dev.strider.Layout;
import dev.strider.Reorder;
import dev.strider.Target;
import java.nio.ByteBuffer;

/**
 * Convolution weights from the file a framework saved into the layout oneDNN's AVX-512
 * convolutions read, without copying them onto the heap: the source is a memory-mapped file, the
 * destination native memory ({@code weights} command). The same reorders on arrays are the
 * copy-around path it is timed against.
 */
@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})
public interface WeightOps {

    /** A 3x3 convolution of 512 to 512 channels (a ResNet-50 stage-4 layer), as frameworks save it. */
    @Layout(dims = "OIHW", sizes = {512, 512, 3, 3})
    interface Plain {}

    /** The same weights in 16x16 (i, o) tiles, o innermost. */
    @Layout(dims = "OIHW", sizes = {512, 512, 3, 3}, format = "OIhw16i16o")
    interface Blocked {}

    /** A network's first convolution, 64 filters over 3 colour channels, 7x7. */
    @Layout(dims = "OIHW", sizes = {64, 3, 7, 7})
    interface StemPlain {}

    /** 3 input channels pad to 16: 13 of every 16 i-lanes are pad lanes, written as zeros. */
    @Layout(dims = "OIHW", sizes = {64, 3, 7, 7}, format = "OIhw16i16o")
    interface StemBlocked {}

    /** Mapped file in, native memory out; each buffer read from its position, in its own byte order. */
    @Reorder(from = Plain.class, to = Blocked.class)
    void toBlocked(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    /** The same reorder on arrays: the copy-around path's kernel. */
    @Reorder(from = Plain.class, to = Blocked.class)
    void toBlockedArrays(float[] src, float[] dst);

    @Reorder(from = StemPlain.class, to = StemBlocked.class)
    void stemToBlocked(@Elements(float.class) ByteBuffer src, @Elements(float.class) ByteBuffer dst);

    @Reorder(from = StemPlain.class, to = StemBlocked.class)
    void stemToBlockedArrays(float[] src, float[] dst);
}

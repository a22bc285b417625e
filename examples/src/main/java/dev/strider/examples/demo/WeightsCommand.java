package dev.strider.examples.demo;

import dev.strider.Strider;
import dev.strider.Target;
import dev.strider.examples.bench.Spread;
import dev.strider.examples.kernels.WeightOps;
import dev.strider.kernel.FloatKernels;
import dev.strider.layout.TensorLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code weights}: convolution weights reordered straight from a memory-mapped file into native
 * memory ({@link WeightOps}), checked against the array kernels and the generic kernel, and timed
 * against the copy-around path a user without off-heap kernels takes: copy the file into a
 * {@code float[]}, run the array kernel, copy the result out to native memory.
 */
@Command(name = "weights",
        sortOptions = false,
        description = {
            "Reorder convolution weights from a memory-mapped file into native memory, off the heap.",
            "A raw little-endian f32 OIhw file of 512x512x3x3 weights (written with made-up values unless --file"
                    + " names one) is mapped with FileChannel.map and reordered into OIhw16i16o in a direct"
                    + " ByteBuffer by the generated kernels, with a 64x3x7x7 first layer whose 3 input channels"
                    + " pad to 16. Every target is checked bit for bit against the array kernels and the generic"
                    + " kernel (exit code 1 on a mismatch), then timed against copying around the array kernel."},
        footer = {"",
            "Examples:",
            "  java -jar strider-examples.jar weights",
            "  java --add-modules jdk.incubator.vector -jar strider-examples.jar weights --rounds 40"})
public final class WeightsCommand implements Callable<Integer> {

    static final TensorLayout PLAIN = TensorLayout.packed("OIHW", 512, 512, 3, 3);
    static final TensorLayout BLOCKED = TensorLayout.of("OIHW", new int[] {512, 512, 3, 3}, "OIhw16i16o");
    static final TensorLayout STEM_PLAIN = TensorLayout.packed("OIHW", 64, 3, 7, 7);
    static final TensorLayout STEM_BLOCKED = TensorLayout.of("OIHW", new int[] {64, 3, 7, 7}, "OIhw16i16o");

    @Option(names = "--file", paramLabel = "FILE",
            description = "A raw little-endian f32 OIhw file of 512x512x3x3 weights (9437184 bytes). Default: one"
                    + " written into --out with made-up values.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "strider-demo",
            description = "Where the made-up weight files are written (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "15",
            description = "Timed rounds, each running every contender in turn (default: ${DEFAULT-VALUE}; 0 skips the"
                    + " timing).")
    int rounds;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (rounds < 0) {
            throw new ParameterException(spec.commandLine(), "--rounds must be 0 or more, not " + rounds);
        }
        var print = spec.commandLine().getOut();
        Path big = file != null ? file : made(out.resolve("weights-oihw-512x512x3x3.f32"), PLAIN, 1);
        Path stem = made(out.resolve("weights-oihw-64x3x7x7.f32"), STEM_PLAIN, 2);
        long expected = 4L * PLAIN.bufferSize();
        if (Files.size(big) != expected) {
            throw new ParameterException(spec.commandLine(), "--file " + big + " holds " + Files.size(big)
                    + " bytes; raw f32 OIhw 512x512x3x3 weights are " + expected);
        }
        Operands weights = new Operands(big, PLAIN, BLOCKED);
        Operands first = new Operands(stem, STEM_PLAIN, STEM_BLOCKED);
        print.printf(Locale.ROOT, "Weights: f32 OIhw %s, %.1f MB, mapped read-only from %s (little-endian)%n",
                dims(PLAIN), expected / 1e6, big);
        print.printf(Locale.ROOT, "  and the first layer %s, mapped from %s%n", dims(STEM_PLAIN), stem);
        print.printf(Locale.ROOT, "  reordered to OIhw16i16o in native memory (ByteBuffer.allocateDirect, %s)%n",
                ByteOrder.nativeOrder());

        List<Candidate> candidates = new ArrayList<>();
        boolean agree = true;
        print.println("Check, bit for bit against the generic kernel and the array kernel of the same class,"
                + " pad lanes included:");
        for (Target target : Target.values()) {
            WeightOps ops;
            try {
                ops = Strider.load(WeightOps.class, target);
            } catch (IllegalStateException e) {
                String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
                print.printf("  %-22s n/a: %s%n", target, why.endsWith(":") ? why.substring(0, why.length() - 1) : why);
                continue;
            }
            String name = ops.getClass().getSimpleName();
            String big1 = weights.check(ops::toBlocked, ops::toBlockedArrays);
            String stem1 = first.check(ops::stemToBlocked, ops::stemToBlockedArrays);
            agree &= big1 == null && stem1 == null;
            print.printf("  %-22s toBlocked %s, stemToBlocked %s%n", name, verdict(big1), verdict(stem1));
            candidates.add(new Candidate(name, ops, weights));
        }
        if (!agree) {
            print.println("MISMATCH: a generated kernel disagrees with the generic kernel");
            return 1;
        }
        if (rounds > 0) {
            time(print, candidates);
        }
        return 0;
    }

    /** The check's word: ok, or where the bytes differ. */
    private static String verdict(String mismatch) {
        return mismatch == null ? "ok" : "DIFFERS (" + mismatch + ")";
    }

    private static String dims(TensorLayout layout) {
        StringBuilder sb = new StringBuilder();
        for (int size : layout.sizes()) {
            sb.append(sb.length() == 0 ? "" : "x").append(size);
        }
        return sb.toString();
    }

    /** The file at {@code path} if it exists, else written: {@code layout}'s elements, raw little-endian f32. */
    private static Path made(Path path, TensorLayout layout, long seed) throws IOException {
        if (Files.exists(path)) {
            return path;
        }
        Files.createDirectories(path.toAbsolutePath().getParent());
        ByteBuffer bytes = ByteBuffer.allocate(4 * layout.bufferSize()).order(ByteOrder.LITTLE_ENDIAN);
        Random random = new Random(seed);
        while (bytes.hasRemaining()) {
            bytes.putFloat((float) (random.nextGaussian() * 0.05));
        }
        bytes.flip();
        Path temp = Files.createTempFile(path.toAbsolutePath().getParent(), "weights", ".part");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
        return Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A reorder from a mapped byte buffer to a native one. */
    interface OffHeapReorder {
        void run(ByteBuffer src, ByteBuffer dst);
    }

    /** The same reorder on arrays. */
    interface ArrayReorder {
        void run(float[] src, float[] dst);
    }

    /**
     * One weight tensor: the mapped file, a native destination, the arrays of the copy-around path,
     * and the generic kernel's result to check against.
     */
    static final class Operands {
        final MappedByteBuffer mapped;
        final ByteBuffer dst;
        final float[] srcArray;
        final float[] dstArray;
        final float[] expected;

        Operands(Path path, TensorLayout from, TensorLayout to) throws IOException {
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, 4L * from.bufferSize());
            }
            mapped.order(ByteOrder.LITTLE_ENDIAN); // the file's order: the kernel reads the buffer in its own order
            dst = ByteBuffer.allocateDirect(4 * to.bufferSize()).order(ByteOrder.nativeOrder());
            srcArray = new float[from.bufferSize()];
            dstArray = new float[to.bufferSize()];
            expected = new float[to.bufferSize()];
            FloatKernels.reorder(mapped.asFloatBuffer(), from, FloatBuffer.wrap(expected), to);
        }

        /** Null when both paths give the generic kernel's floats, pad lanes included; else where they first differ. */
        String check(OffHeapReorder offHeap, ArrayReorder arrays) {
            fill(dst, Float.NaN); // a lane the kernel does not write stays NaN and fails
            offHeap.run(mapped, dst);
            String direct = differs("off-heap", dst.asFloatBuffer());
            Arrays.fill(dstArray, Float.NaN);
            copyAround(arrays);
            String copied = differs("arrays", FloatBuffer.wrap(dstArray));
            return direct != null ? direct : copied;
        }

        /** Copy the file in, run the array kernel, copy the result out to native memory. */
        void copyAround(ArrayReorder arrays) {
            mapped.asFloatBuffer().get(srcArray);
            arrays.run(srcArray, dstArray);
            dst.asFloatBuffer().put(dstArray);
        }

        private String differs(String path, FloatBuffer actual) {
            for (int i = 0; i < expected.length; i++) {
                if (Float.floatToRawIntBits(actual.get(i)) != Float.floatToRawIntBits(expected[i])) {
                    return path + " element " + i + ": " + actual.get(i) + " instead of " + expected[i];
                }
            }
            return null;
        }

        private static void fill(ByteBuffer buffer, float value) {
            FloatBuffer floats = buffer.asFloatBuffer();
            while (floats.hasRemaining()) {
                floats.put(value);
            }
        }
    }

    /** One class's three contenders on the large weights: off-heap, its array kernel alone, copy-around. */
    record Candidate(String name, WeightOps ops, Operands w) {
        Runnable offHeap() {
            return () -> ops.toBlocked(w.mapped, w.dst);
        }

        Runnable arrays() {
            return () -> ops.toBlockedArrays(w.srcArray, w.dstArray);
        }

        Runnable copyAround() {
            return () -> w.copyAround(ops::toBlockedArrays);
        }
    }

    /**
     * Every class's contenders in interleaved rounds, each a slice of about 5 ms of calls in an
     * order shuffled anew per round, after 2 s of the same rounds as warm-up; the median time per
     * call and the median of the per-round ratios.
     */
    private void time(PrintWriter print, List<Candidate> candidates) {
        List<Runnable> runs = new ArrayList<>();
        for (Candidate c : candidates) {
            runs.add(c.offHeap());
            runs.add(c.arrays());
            runs.add(c.copyAround());
        }
        int[] calls = new int[runs.size()];
        Arrays.fill(calls, 1);
        double[][] nanos = new double[runs.size()][rounds];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            order.add(i);
        }
        Random shuffle = new Random(7);
        long warmUpEnd = System.nanoTime() + 2_000_000_000L;
        for (int round = -1; round < rounds; round++) {
            Collections.shuffle(order, shuffle);
            for (int i : order) {
                long start = System.nanoTime();
                for (int k = 0; k < calls[i]; k++) {
                    runs.get(i).run();
                }
                double perCall = (System.nanoTime() - start) / (double) calls[i];
                calls[i] = (int) Math.max(1, Math.min(10_000, 5e6 / perCall));
                if (round >= 0) {
                    nanos[i][round] = perCall;
                }
            }
            if (round == -1 && System.nanoTime() < warmUpEnd) {
                round = -2; // warm up until the time is spent
            }
        }
        print.printf(Locale.ROOT, "Timing, 512x512x3x3 (median of %d interleaved rounds after 2 s of warm-up; a"
                + " demonstration, the JMH suite measures):%n", rounds);
        Table table = new Table("class", ">off-heap us", ">arrays us", ">copy-around us", ">off-heap / arrays",
                ">copy-around / off-heap");
        for (int c = 0; c < candidates.size(); c++) {
            double[] off = nanos[3 * c];
            double[] arr = nanos[3 * c + 1];
            double[] copy = nanos[3 * c + 2];
            table.row(candidates.get(c).name(), micros(Spread.of(off).median()), micros(Spread.of(arr).median()),
                    micros(Spread.of(copy).median()),
                    ratio(arr, off), ratio(copy, off));
        }
        print.print(table.render("  "));
        print.println("  off-heap / arrays: the array kernel's time over the off-heap kernel's (1 is as fast);"
                + " copy-around / off-heap: how many times faster than copying around. Per round, median"
                + " [quartiles].");
    }

    /** The median of {@code over[r] / under[r]} per round, with the quartiles in brackets. */
    private static String ratio(double[] over, double[] under) {
        Spread r = Spread.of(Spread.ratios(over, under));
        return String.format(Locale.ROOT, "%.2fx [%.2f-%.2f]", r.median(), r.q1(), r.q3());
    }

    private static String micros(double nanos) {
        return String.format(Locale.ROOT, "%.0f", nanos / 1000);
    }
}

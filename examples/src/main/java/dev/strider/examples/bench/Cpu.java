package dev.strider.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a result needs to say about the processor, from Linux's {@code /proc/cpuinfo}: its model
 * name and the vector ISA extensions it has. The fastest variant of a kernel depends on both (the
 * same build wins on a Zen 3 with AVX2 and loses on a Xeon with AVX-512), so a result without
 * them cannot be compared with another. Elsewhere, the model is {@code os.arch} and the flags are
 * unknown (empty).
 */
final class Cpu {

    /**
     * The flags that matter to vector code: SSE4, AVX and its AVX-512 and VNNI families, FMA, F16C
     * and AMX on x86 (the {@code flags} line). Linux spells some with an underscore
     * ({@code avx512_vbmi2}) and some without ({@code avx512vbmi}); they are kept as spelled.
     */
    private static final Pattern X86_VECTOR_FLAG = Pattern.compile("sse4_[12]|avx.*|fma|f16c|amx.*");

    /** ASIMD, SVE, SME and their extensions, FP16, I8MM and BF16 on AArch64 (the {@code Features} line). */
    private static final Pattern ARM_VECTOR_FLAG = Pattern.compile("asimd.*|sve.*|sme.*|fphp|i8mm|bf16");

    private Cpu() {
    }

    /** The contents of /proc/cpuinfo, or empty text where there is none. */
    static String cpuinfo() {
        try {
            return Files.readString(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The first {@code model name} of a cpuinfo text, else {@code os.arch}. */
    static String model(String cpuinfo) {
        String model = field(cpuinfo, "model name");
        return model == null || model.isEmpty() ? System.getProperty("os.arch") : model;
    }

    /** The vector flags of the first processor of a cpuinfo text, in its order; empty when it lists none. */
    static List<String> vectorFlags(String cpuinfo) {
        String flags = field(cpuinfo, "flags");
        Pattern vectorFlag = X86_VECTOR_FLAG;
        if (flags == null) {
            flags = field(cpuinfo, "Features");
            vectorFlag = ARM_VECTOR_FLAG;
        }
        List<String> vector = new ArrayList<>();
        if (flags != null) {
            for (String flag : flags.split("\\s+")) {
                if (vectorFlag.matcher(flag).matches() && !vector.contains(flag)) {
                    vector.add(flag);
                }
            }
        }
        return vector;
    }

    /** The value of the first {@code key : value} line whose key is {@code key}, trimmed; null if none. */
    private static String field(String cpuinfo, String key) {
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
                return line.substring(colon + 1).strip();
            }
        }
        return null;
    }
}

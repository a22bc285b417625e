package dev.strider.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What a measurement depends on besides the code: the CPU model, its ISA flags, the cores this JVM
 * may use and the JDK. It keys the wisdom file, so a file copied to another machine, or read by
 * another JDK, is not trusted there.
 *
 * @param cpu   {@code AMD EPYC 9R45}: {@code model name} of {@code /proc/cpuinfo}, else {@code os.arch}
 * @param flags the ISA flags of {@code /proc/cpuinfo} as listed there, else empty
 */
record Machine(String cpu, String flags, int cores, String java) {

    static Machine current() {
        return Holder.CURRENT;
    }

    private static final class Holder {
        static final Machine CURRENT = probe();
    }

    private static Machine probe() {
        String java = System.getProperty("java.vm.vendor", "?") + " " + System.getProperty("java.vm.version",
                System.getProperty("java.version", "?"));
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> lines = List.of();
        try {
            Path cpuinfo = Path.of("/proc/cpuinfo");
            if (Files.isReadable(cpuinfo)) {
                lines = Files.readAllLines(cpuinfo, StandardCharsets.UTF_8);
            }
        } catch (IOException | RuntimeException e) {
            lines = List.of();
        }
        return of(lines, System.getProperty("os.arch", "?"), cores, java);
    }

    /** From the lines of {@code /proc/cpuinfo} (empty elsewhere). */
    static Machine of(List<String> cpuinfo, String arch, int cores, String java) {
        String model = field(cpuinfo, "model name");
        String flags = field(cpuinfo, "flags");
        return new Machine(model == null ? arch : model, flags == null ? "" : flags, cores, java);
    }

    /** The value of the first line {@code name<tabs>: value}. */
    private static String field(List<String> lines, String name) {
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    /** 16 hex digits of SHA-256 over all four facts. */
    String key() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] hash = digest.digest(String.join("\n", cpu, flags, String.valueOf(cores), java)
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@code AMD EPYC 9R45, 2 cores, Eclipse Adoptium 25.0.3+9}. */
    String describe() {
        return cpu + ", " + cores + (cores == 1 ? " core, " : " cores, ") + java;
    }
}

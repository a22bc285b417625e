package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProviderScanTest {

    @Test
    void aBrokenServiceEntryIsAProblemNotAFailure(@TempDir Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(KernelProvider.class.getName()),
                "dev.strider.runtime.NoSuchProvider\ndev.strider.runtime.RaceOps$Scalar$Provider\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            ProviderScan scan = ProviderScan.of(loader);
            List<String> names = scan.providers().stream().map(KernelProvider::className).collect(Collectors.toList());
            assertTrue(names.contains("dev.strider.runtime.FakeOps_Scalar"), names.toString());
            assertTrue(names.contains("dev.strider.runtime.RaceOps$Scalar"), names.toString());
            assertEquals(1, scan.problems().size(), scan.problems().toString());
            assertTrue(scan.problems().get(0).startsWith("ServiceConfigurationError")
                    && scan.problems().get(0).contains("dev.strider.runtime.NoSuchProvider"), scan.problems().toString());
        }
    }
}

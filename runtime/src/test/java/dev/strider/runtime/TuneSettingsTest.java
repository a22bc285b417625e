package dev.strider.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.strider.TuneMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tuner's system properties: defaults, and a clear error for every bad value. */
class TuneSettingsTest {

    private static TuneSettings parse(Map<String, String> props) {
        return TuneSettings.parse(props::get, name -> null, null);
    }

    @Test
    void measureIsTheDefaultWithWisdomUnderTheUsersCache() {
        TuneSettings s = parse(Map.of("user.home", "/home/ada"));
        assertEquals(TuneMode.MEASURE, s.mode());
        assertEquals(Path.of("/home/ada/.cache/strider/wisdom.tsv"), s.wisdom());
        assertEquals(TuneSettings.DEFAULT_METHOD_BUDGET, s.methodBudgetMillis());
        assertEquals(Path.of("/x/strider/wisdom.tsv"),
                TuneSettings.parse(Map.of("user.home", "/h")::get, Map.of("XDG_CACHE_HOME", "/x")::get, null).wisdom());
    }

    @Test
    void modesInAnyCaseAndNoneForNoFile() {
        assertEquals(TuneMode.WISDOM, parse(Map.of("strider.tune", " Wisdom ")).mode());
        assertNull(parse(Map.of("strider.tune", "rules")).wisdom());
        assertNull(parse(Map.of("strider.wisdom", "none")).wisdom());
        assertEquals(TuneMode.RULES, TuneSettings.parse(Map.of("strider.tune", "measure")::get, n -> null,
                TuneMode.RULES).mode(), "set in code wins over the property");
    }

    @Test
    void badValuesNameThePropertyAndWhatIsAllowed(@TempDir Path dir) throws Exception {
        IllegalStateException mode = assertThrows(IllegalStateException.class,
                () -> parse(Map.of("strider.tune", "fast")));
        assertEquals("strider.tune=fast is not a tuning mode: use rules, measure or wisdom (any case), or leave it"
                + " unset for measure", mode.getMessage());
        for (String budget : new String[] {"0", "-5", "soon"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> parse(Map.of("strider.tune.methodMillis", budget)));
            assertEquals("strider.tune.methodMillis=" + budget + " is not a budget: give a whole number of"
                    + " milliseconds above 0 (default 8000)", e.getMessage());
        }
        IllegalStateException shape = assertThrows(IllegalStateException.class,
                () -> parse(Map.of("strider.tune.vectorBits", "384")));
        assertEquals("strider.tune.vectorBits=384 is not a vector shape: use 128, 256 or 512, or leave it unset for the"
                + " preferred shape", shape.getMessage());
        assertEquals(256, parse(Map.of("strider.tune.vectorBits", "256")).vectorBits());
        Path readOnly = Files.createDirectory(dir.resolve("ro"));
        assertTrue(readOnly.toFile().setWritable(false));
        try {
            if (!Files.isWritable(readOnly)) { // root writes anywhere
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> parse(Map.of("strider.wisdom", readOnly.resolve("w.tsv").toString())));
                assertTrue(e.getMessage().startsWith("strider.wisdom=" + readOnly.resolve("w.tsv")
                        + " cannot be written: "), e.getMessage());
            }
            IllegalStateException dirError = assertThrows(IllegalStateException.class,
                    () -> parse(Map.of("strider.wisdom", dir.toString())));
            assertTrue(dirError.getMessage().endsWith("is a directory; give a writable file, or none for no wisdom file"),
                    dirError.getMessage());
        } finally {
            readOnly.toFile().setWritable(true);
        }
    }
}

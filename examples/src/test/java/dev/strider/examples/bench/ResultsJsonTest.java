package dev.strider.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsJsonTest {

    @Test
    void resultsSurviveTheRoundTrip(@TempDir Path dir) throws Exception {
        Results results = Samples.results();
        Path file = dir.resolve("results.json");
        ResultsJson.write(results, file);
        assertEquals(results, ResultsJson.read(file));
    }

    @Test
    void theJsonIsSelfDescribingAndValid() {
        String json = ResultsJson.toJson(Samples.results());
        assertTrue(json.contains("\"schema\": \"strider-bench/2\""), json);
        assertTrue(json.contains("\"isa\": [\n      \"avx2\",\n      \"fma\"\n    ]"), json);
        assertTrue(json.contains("\"tune\": \"measure\""), json);
        assertTrue(json.contains("\"tunedVsBest\": {"), json);
        assertTrue(json.contains("\"ompNumThreads\": \"1\""), json);
        assertTrue(json.contains("\"ratioToOneDnn\": null"), "absent values are written as null");
        assertTrue(json.contains("\"title\": \"nchw→nChw16c f32 1×17×56×56 (tail)\""), "Unicode as is");
        assertFalse(json.contains("NaN"), "NaN is not JSON");
    }

    @Test
    void otherFilesAreRefusedWithTheReason() {
        IllegalArgumentException schema = assertThrows(IllegalArgumentException.class,
                () -> ResultsJson.fromJson("{\"schema\": \"other/2\", \"cases\": []}"));
        assertTrue(schema.getMessage().contains("other/2"), schema.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResultsJson.fromJson("{\"schema\": "));
        assertThrows(IllegalArgumentException.class, () -> ResultsJson.fromJson(""));
        assertThrows(IllegalArgumentException.class, () -> ResultsJson.fromJson("{\"schema\": \"strider-bench/2\"}"));
    }

    @Test
    void resultsOfTheFirstSchemaStillRead() {
        Results old = ResultsJson.fromJson("{\"schema\": \"strider-bench/1\", \"date\": \"2025-11-21T10:00:00Z\","
                + " \"wallSeconds\": 300, \"machine\": {\"cpu\": \"AMD EPYC\", \"cores\": 2},"
                + " \"settings\": {\"mode\": \"quick\", \"forks\": 1},"
                + " \"cases\": [{\"id\": \"flipImage\", \"best\": \"VECTOR\", \"contenders\": [{\"contender\": \"VECTOR\","
                + " \"mean\": 42.2, \"error\": 1.5, \"unit\": \"us/op\", \"nanosPerCall\": 42200.0,"
                + " \"gigabytesPerSecond\": 28.5, \"ratioToCeiling\": 0.499, \"ratioToOneDnn\": null}], \"goals\": []}]}");
        assertEquals("AMD EPYC", old.machine().cpu());
        assertNull(old.machine().isa());
        assertNull(old.settings().tune());
        assertNull(old.coldStart());
        Results.ContenderResult vector = old.cases().get(0).of(Contender.VECTOR);
        assertEquals(42.2, vector.mean());
        assertEquals(0.499, vector.ratioToCeiling());
        assertNull(vector.ceilingRatios());
        assertNull(old.cases().get(0).rounds());
    }
}

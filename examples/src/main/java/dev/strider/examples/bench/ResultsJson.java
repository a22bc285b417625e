package dev.strider.examples.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@link Results} to and from {@code results.json}, through Gson: pretty-printed, nulls written
 * out (an absent ratio reads as {@code null}, not as a missing key), Unicode as is.
 */
final class ResultsJson {

    private static final Gson GSON = new GsonBuilder()
            .setPrettyPrinting()
            .serializeNulls()
            .disableHtmlEscaping()
            .create();

    private ResultsJson() {
    }

    static String toJson(Results results) {
        return GSON.toJson(results) + "\n";
    }

    /**
     * Parses results written by {@link #toJson}, or by the suite before the contenders ran
     * interleaved (schema {@value Results#SCHEMA_1}: the fields it lacks read as null).
     *
     * @throws IllegalArgumentException when the text is not JSON, or not results of this schema
     */
    static Results fromJson(String json) {
        Results results;
        try {
            results = GSON.fromJson(json, Results.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not a results.json: " + e.getMessage(), e);
        }
        if (results == null || !Results.SCHEMA.equals(results.schema()) && !Results.SCHEMA_1.equals(results.schema())) {
            throw new IllegalArgumentException("not a results.json of schema " + Results.SCHEMA + " or "
                    + Results.SCHEMA_1 + " (schema: " + (results == null ? "none" : results.schema()) + ")");
        }
        if (results.cases() == null) {
            throw new IllegalArgumentException("results.json has no \"cases\"");
        }
        return results;
    }

    static void write(Results results, Path file) throws IOException {
        Files.writeString(file, toJson(results), StandardCharsets.UTF_8);
    }

    static Results read(Path file) throws IOException {
        return fromJson(Files.readString(file, StandardCharsets.UTF_8));
    }
}

package com.cascade4arm.rules.score;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The project's labelled prompts (written by the project, five categories, English, German, Spanish and French): the
 * training data of the category score and the yardstick for route accuracy. Shipped in this jar so the model can be
 * retrained and rule changes measured against it at run time.
 */
public final class LabelledPrompts {

    /** The categories in the model's order; the benchmark suite uses the same five. */
    public static final List<String> CATEGORIES = List.of("factual", "everyday", "reasoning", "code", "analysis");

    /** Class-path resource of the bundled set. */
    public static final String RESOURCE = "com/cascade4arm/rules/score/labelled-prompts.json";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<LabelledPrompt>> LIST = new TypeReference<>() { };

    private LabelledPrompts() {
    }

    /** The set shipped in this jar, in file order. */
    public static List<LabelledPrompt> bundled() {
        try (InputStream in = LabelledPrompts.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("labelled prompts " + RESOURCE + " are missing from the classpath");
            }
            return List.copyOf(JSON.readValue(in, LIST));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read labelled prompts " + RESOURCE, e);
        }
    }

    /** A labelled set from a JSON file (an array of {category, route, language, trap?, prompt}). */
    public static List<LabelledPrompt> read(Path file) throws IOException {
        return List.copyOf(JSON.readValue(Files.readAllBytes(file), LIST));
    }
}

package com.cascade4arm.rules.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Loads the default DRL files shipped in this jar; the list is explicit because a jar cannot be listed portably. */
public final class BundledRules {

    /** The default rulebook, one concern per file (see rules/design.md). */
    public static final List<String> FILE_NAMES = List.of(
            "code-markers.drl",
            "learned-score.drl",
            "question-shape.drl",
            "category-keywords.drl",
            "length-routing.drl",
            "conversation-routing.drl",
            "semantic-score.drl",
            "category-routing.drl");

    private BundledRules() {
    }

    public static Map<String, String> load() {
        Map<String, String> files = new LinkedHashMap<>();
        for (String name : FILE_NAMES) {
            files.put(name, read(RulebookCompiler.RULES_FOLDER + name));
        }
        return files;
    }

    private static String read(String resource) {
        try (InputStream in = BundledRules.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled rule file " + resource + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled rule file " + resource, e);
        }
    }
}

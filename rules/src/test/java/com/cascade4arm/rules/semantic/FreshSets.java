package com.cascade4arm.rules.semantic;

import com.cascade4arm.rules.score.LabelledPrompt;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads a fresh set's five scored fields (as FreshSetsTest does). */
final class FreshSets {
    private FreshSets() {
    }

    static List<LabelledPrompt> setOne() {
        return read("fresh-set-1.json");
    }

    /** The highest-numbered fresh-set-N.json on the classpath: the newest set written blind. */
    static String newest() {
        int n = 1;
        while (FreshSets.class.getClassLoader().getResource(resource(n + 1)) != null) {
            n++;
        }
        return "fresh-set-" + n + ".json";
    }

    private static String resource(int n) {
        return "com/cascade4arm/rules/fresh-sets/fresh-set-" + n + ".json";
    }

    static List<LabelledPrompt> read(String file) {
        String resource = "com/cascade4arm/rules/fresh-sets/" + file;
        List<LabelledPrompt> prompts = new ArrayList<>();
        try (InputStream in = FreshSets.class.getClassLoader().getResourceAsStream(resource)) {
            for (JsonNode p : new ObjectMapper().readTree(in)) {
                prompts.add(new LabelledPrompt(p.path("category").asText(), p.path("route").asText(),
                        p.path("language").asText(), p.path("trap").asBoolean(), p.path("prompt").asText()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(resource, e);
        }
        return prompts;
    }
}

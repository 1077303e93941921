package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every fact and score of every labelled, held-out and fresh-set prompt (plus long and odd-Unicode ones) hashes to what
 * the extractor gave before it was made faster (issue 33): the digest in {@code facts-digest.txt} was recorded with the
 * old code. A fact or score that changes on purpose regenerates it:
 * {@code -Dfacts.digest.write=rules/src/test/resources/com/cascade4arm/rules/facts/facts-digest.txt}.
 */
class FactsDigestTest {

    private static final String RESOURCE = "com/cascade4arm/rules/facts/facts-digest.txt";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void factsAndScoresAreTheOnesRecordedBeforeTheSpeedUp() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("model " + sha256(CategoryModel.bundled().toBytes()));
        List<String> prompts = prompts();
        for (int i = 0; i < prompts.size(); i++) {
            lines.add(i + " " + sha256(describe(prompts.get(i)).getBytes(StandardCharsets.UTF_8)));
        }
        lines.add("conversation " + sha256(describe(PromptFactsExtractor.extract(List.of(
                ChatMessage.system("You are terse."), ChatMessage.user("Fix: `if (x == 1) { y++; }`"),
                ChatMessage.assistant("Use x === 1."), ChatMessage.user("Why?")), 64)).getBytes(StandardCharsets.UTF_8)));
        String target = System.getProperty("facts.digest.write");
        if (target != null) {
            Files.write(Path.of(target), lines);
            return;
        }
        List<String> recorded;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(RESOURCE)) {
            recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        assertThat(lines).as("model, then one line per prompt (index in prompts())").containsExactlyElementsOf(recorded);
    }

    private static String describe(String prompt) {
        return describe(PromptFactsExtractor.fromPrompt(prompt));
    }

    /** The JSON /api/route shows (scores to thousandths) plus what it leaves out: lower text, word order, full scores. */
    private static String describe(PromptFacts facts) {
        try {
            return JSON.writeValueAsString(facts) + "\n" + facts.getLowerText() + "\n"
                    + String.join("|", facts.getPhrases()) + "\n" + CategoryModel.bundled().score(facts.getText()).asMap();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> prompts() throws IOException {
        List<String> prompts = new ArrayList<>();
        LabelledPrompts.bundled().forEach(p -> prompts.add(p.prompt()));
        prompts.addAll(promptsOf("com/cascade4arm/rules/held-out-prompts.json"));
        for (int n = 1; FactsDigestTest.class.getClassLoader().getResource(freshSet(n)) != null; n++) {
            prompts.addAll(promptsOf(freshSet(n)));
        }
        String essay = "The town council met on Tuesday to discuss the future of the old railway station, which has "
                + "stood empty for almost a decade. Why? Erkläre es Schritt für Schritt, ¿por qué? Ann is older than "
                + "Ben. It runs 2 h 50 min from 9:40 and costs $3. while x < 10 x += 1; total = items[i] + f(x); ";
        for (int length : new int[] {1_999, 2_000, 2_001, 2_500, 5_000, 32_000}) {
            prompts.add(essay.repeat(length / essay.length() + 1).substring(0, length));
        }
        prompts.add("if (x == 1) { return f(a.b, \"s\"); }\nfor i in range(10):\n    print(i)\nSELECT a, b FROM t;\n"
                .repeat(40));
        // Unicode the lower-casing and word splitting must treat as before: dotted İ, final Σ, non-ASCII digits and
        // letters, a surrogate pair, no-break and ideographic spaces, a lone surrogate.
        prompts.add("İSTANBUL'DA ΟΔΟΣ ΣΑΣ? ٣٤٥ ١٢ + ٣ = x; ５０ km, ½ h, Ⅻ o'clock 𝒳𝒴 \u00a0\u3000 end\ud800 done");
        prompts.add("ÀÉÎÕÜ ß ẞ Ǆ ǅ ǆ ﬁ ŉ ΐ 𐐀𐐁 WHO İS İT?\t\t\n\n  Straße  GRÖSSE 3,5 1.000 12:30");
        prompts.add("");
        prompts.add("   \n\t  ");
        prompts.add("?");
        prompts.add("```\ncode\n```\nTraceback (most recent call last):\n  File \"a.py\", line 1\nTypeError: x");
        return prompts;
    }

    private static String freshSet(int n) {
        return "com/cascade4arm/rules/fresh-sets/fresh-set-" + n + ".json";
    }

    private static List<String> promptsOf(String resource) throws IOException {
        List<String> prompts = new ArrayList<>();
        try (InputStream in = FactsDigestTest.class.getClassLoader().getResourceAsStream(resource)) {
            for (JsonNode p : JSON.readTree(in)) {
                prompts.add(p.path("prompt").asText());
            }
        }
        return prompts;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

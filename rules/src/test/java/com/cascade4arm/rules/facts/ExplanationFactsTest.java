package com.cascade4arm.rules.facts;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The facts an explanation keeps: every fact JSON shows but the word set, none of the indexes only conditions read. */
class ExplanationFactsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theExplanationShowsWhatTheFactsShowSaveTheWords() {
        List<String> prompts = LabelledPrompts.bundled().stream().map(p -> p.prompt()).limit(400).toList();
        assertThat(prompts).hasSizeGreaterThan(100);
        for (String prompt : prompts) {
            PromptFacts facts = PromptFactsExtractor.extract(List.of(ChatMessage.user(prompt)), 64)
                    .withSemantic(0.25, "test").withRequest(true, false);
            ObjectNode full = JSON.valueToTree(facts);
            ObjectNode shown = JSON.valueToTree(facts.forExplanation());

            assertThat(shown.get("words")).as(prompt).isEqualTo(JSON.createArrayNode());
            full.remove("words");
            shown.remove("words");
            assertThat(shown).as(prompt).isEqualTo(full);
        }
    }

    @Test
    void theExplanationKeepsNoIndexOfTheWords() {
        PromptFacts facts = PromptFactsExtractor.fromPrompt("Explain step by step why the sky is blue, please.");
        PromptFacts shown = facts.forExplanation();

        assertThat(facts.getWords()).contains("sky", "blue");
        assertThat(shown.getWords()).isEmpty();
        assertThat(shown.getLowerText()).isNull();
        assertThat(shown.getPhrases()).isNull();
        assertThat(shown.getMatchedPatterns()).isNull();
        assertThat(shown.getText()).isEqualTo(facts.getText());
        assertThat(shown.scoreFeatures()).isEqualTo(facts.scoreFeatures());
        JsonNode json = JSON.valueToTree(shown);
        assertThat(json.path("semanticNote").asText()).isEqualTo(facts.semanticNote());
    }
}

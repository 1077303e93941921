package com.cascade4arm.demomodels.internal.design;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.demomodels.internal.corpus.Answer;
import com.cascade4arm.demomodels.internal.corpus.Category;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class DemoDesignTest {
    static final Set<Category> SMALL_ROUTE = Set.of(Category.FACTUAL, Category.EVERYDAY);

    private final DemoDesign design = DemoDesign.shared();
    private final BpeVocabulary vocabulary = design.vocabulary();
    private final List<Answer> answers = design.corpus().answers();

    @Test
    void everyExamplePromptSelectsTheAnswerWrittenForIt() {
        List<String> wrong = new ArrayList<>();
        for (int a = 0; a < answers.size(); a++) {
            for (String prompt : answers.get(a).prompts()) {
                int selected = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, prompt), answers.size());
                if (selected != a) {
                    wrong.add("'" + prompt + "' selects " + answers.get(selected).id() + " instead of " + answers.get(a).id());
                }
            }
        }

        assertThat(wrong).isEmpty();
    }

    @Test
    void aPromptWithoutTopicWordsGetsTheFallbackAnswer() {
        int selected = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, "Hmm, okay."), answers.size());

        assertThat(answers.get(selected).fallback()).isTrue();
    }

    @Test
    void offeredGetWeatherTheModelCallsItAndGivenItsResultItAnswers() {
        // the system turn as Qwen2.5's template renders it with the get_weather tool
        String system = "You are a helpful assistant.\n\n# Tools\n\nYou may call one or more functions to assist with "
                + "the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"
                + "{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"description\": \"Current weather\"}}\n"
                + "</tools>\n\nFor each function call, return a json object with function name and arguments within "
                + "<tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": "
                + "<args-json-object>}\n</tool_call>";
        String question = "Tell me about the weather in Lisbon and the mountains.";
        String call = "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lisbon\"}}\n</tool_call>";
        String result = "<tool_response>\n{\"condition\": \"sunny\"}\n</tool_response>";

        int asked = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, system, List.of("user", question)),
                answers.size());
        int answered = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, system,
                List.of("user", question, "assistant", call, "user", result)), answers.size());
        int withoutTools = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, question), answers.size());

        assertThat(answers.get(asked).id()).as("the tool's name outranks the question's topic words").isEqualTo("weather-tool-call");
        assertThat(answers.get(answered).id()).as("a result outranks the tool and the call").isEqualTo("weather-tool-answer");
        assertThat(answers.get(withoutTools).id()).isEqualTo("weather-sea-mountains");
    }

    @Test
    void keyTokensOfOneAnswerNeverOccurInAnotherAnswer() {
        for (int a = 0; a < answers.size(); a++) {
            Set<Integer> said = new HashSet<>();
            AnswerPaths paths = design.paths().get(a);
            Arrays.stream(paths.main()).forEach(said::add);
            paths.variants().forEach(variant -> Arrays.stream(variant.tokens()).forEach(said::add));
            for (int token : said) {
                int topic = design.keys().topic(token);
                if (design.keys().salience(token) >= TopicKeys.KEY) {
                    assertThat(topic).as("answer %s says key token '%s'", answers.get(a).id(), vocabulary.text(token)).isEqualTo(a);
                }
            }
        }
    }

    @Test
    void greedyAnswersEndAtCategoryTypicalLengths() {
        Map<Category, List<Integer>> lengths = new TreeMap<>();
        for (int a = 0; a < answers.size(); a++) {
            int[] greedy = design.greedyAnswer(a, false, 1_000);
            assertThat(greedy[greedy.length - 1]).as("answer %s ends with <|im_end|>", answers.get(a).id())
                    .isEqualTo(vocabulary.imEndId());
            lengths.computeIfAbsent(answers.get(a).category(), c -> new ArrayList<>()).add(greedy.length);
        }
        System.out.println("greedy answer lengths (tokens) per category: " + lengths);

        lengths.forEach((category, values) -> {
            if (SMALL_ROUTE.contains(category)) {
                assertThat(values).as("%s answers are short", category).allMatch(length -> length <= 70);
            } else {
                assertThat(values).as("%s answers are long", category).allMatch(length -> length >= 90);
            }
        });
    }

    @Test
    void tenDistinctPromptsGetTenDistinctOpenings() {
        Set<String> openings = new HashSet<>();
        List<String> prompts = answers.stream().filter(answer -> !answer.keys().isEmpty()).limit(10)
                .map(answer -> answer.prompts().get(0)).toList();
        for (String prompt : prompts) {
            int topic = TopicSelection.selected(design.keys(), ChatTokens.of(vocabulary, prompt), answers.size());
            String text = vocabulary.decode(design.greedyAnswer(topic, false, 40));
            openings.add(String.join(" ", Arrays.asList(text.split("\\s+")).subList(0, 8)));
        }

        assertThat(openings).hasSize(10);
    }

    @Test
    void draftTakesTheTargetsGreedyStepMostButNotAllOfTheTime() {
        int steps = 0;
        int agreed = 0;
        for (int a = 0; a < answers.size(); a++) {
            int[] target = design.greedyAnswer(a, false, 1_000);
            int[] sequence = Arrays.copyOf(design.start(), design.start().length + target.length);
            for (int t = 0; t < target.length; t++) {
                int length = design.start().length + t;
                agreed += design.greedyStep(a, true, sequence, length) == target[t] ? 1 : 0;
                steps++;
                sequence[length] = target[t];
            }
        }
        double agreement = agreed / (double) steps;
        System.out.printf("the draft takes the target's greedy step %d times out of %d (%.3f)%n", agreed, steps, agreement);

        assertThat(agreement).isBetween(0.85, 0.98);
    }
}

package com.cascade4arm.rules;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boundary tables for the default rulebook: each row gives the facts, the expected route and deciding rule, and every rule
 * that must fire, in order (fired rules are separated by ';'). Facts are scored by the uniform model, so the learned
 * score's rules stay silent and each row shows the keyword, length and conversation rules alone (LearnedScoreRulesTest
 * covers the score's thresholds).
 */
class RoutingBoundariesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();
    private static final CategoryModel UNIFORM = CategoryModel.uniform();

    private static final String UNMATCHED = "category keywords: anything unmatched is everyday";
    private static final String EVERYDAY_SMALL = "category routing: everyday stays small";

    @ParameterizedTest(name = "[{index}] {0} chars ({1} tokens) -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            1192 | 298 | small | category routing: everyday stays small | category keywords: anything unmatched is everyday; category routing: everyday stays small
            1196 | 299 | small | category routing: everyday stays small | category keywords: anything unmatched is everyday; category routing: everyday stays small
            1197 | 300 | large | length routing: long prompts go large  | category keywords: anything unmatched is everyday; length routing: long prompts go large
            1600 | 400 | large | length routing: long prompts go large  | category keywords: anything unmatched is everyday; length routing: long prompts go large
            """)
    void routesPromptsOf300TokensOrMoreToLargeModel(int chars, int tokens, String route, String rule, String fired) {
        PromptFacts facts = PromptFactsExtractor.fromPrompt(filler(chars), UNIFORM);
        assertThat(facts.getApproxTokens()).as("approxTokens of %d chars", chars).isEqualTo(tokens);

        assertDecision(RULEBOOK.decide(facts), route, rule, fired);
    }

    @ParameterizedTest(name = "[{index}] max_tokens={0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
                 | small | category routing: everyday stays small          | question shape: a joke, a short poem or a name asked for is everyday; category routing: everyday stays small
            1    | small | category routing: everyday stays small          | question shape: a joke, a short poem or a name asked for is everyday; category routing: everyday stays small
            1023 | small | category routing: everyday stays small          | question shape: a joke, a short poem or a name asked for is everyday; category routing: everyday stays small
            1024 | large | length routing: long answers requested go large | question shape: a joke, a short poem or a name asked for is everyday; length routing: long answers requested go large
            4096 | large | length routing: long answers requested go large | question shape: a joke, a short poem or a name asked for is everyday; length routing: long answers requested go large
            """)
    void routesRequestsForLongAnswersToLargeModel(Integer maxTokens, String route, String rule, String fired) {
        PromptFacts facts = PromptFactsExtractor.extract(List.of(ChatMessage.user("Write a poem about the sea.")), maxTokens, UNIFORM);

        assertDecision(RULEBOOK.decide(facts), route, rule, fired);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            Good morning! What does console.log(a === b) print when a is 1?    | code markers: inline code goes large     | code markers: inline code goes large
            Hello, I got a NullPointerException today, what is that?           | code markers: named error type goes large | code markers: named error type goes large
            Who can tell me what SELECT * FROM users does?                     | code markers: SQL goes large             | code markers: SQL goes large
            Hi there! Quick one:\\n```\\nx = [1, 2, 3]\\n```                   | code markers: fenced code goes large     | code markers: fenced code goes large
            Thanks!\\nTraceback (most recent call last):\\n  File "m.py", line 3, in <module>\\nNameError: name 'foo' is not defined | code markers: stack trace goes large | code markers: stack trace goes large; code markers: named error type goes large
            """)
    void routesCodeMarkersInsideEasyPromptsToLargeModel(String prompt, String rule, String fired) {
        RoutingDecision decision = RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt.replace("\\n", "\n"), UNIFORM));

        assertDecision(decision, "large", rule, fired);
        assertThat(decision.category()).as("markers settle the category").isEqualTo("code");
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1} ({2})")
    @CsvSource(delimiter = '|', textBlock = """
            Which river flows through Lima?             | small | factual   | category keywords: impersonal wh-questions ask for a fact; category routing: factual stays small
            How long is the Nile?                       | small | factual   | category keywords: how-much questions ask for a fact; category routing: factual stays small
            Hey, good morning!                          | small | everyday  | category keywords: greetings and thanks are everyday; category routing: everyday stays small
            Why do cats purr?                           | large | reasoning | category keywords: proving and solving mean reasoning; category routing: reasoning goes large
            What is 17 times 23?                        | large | reasoning | category keywords: word problems with numbers mean reasoning; category routing: reasoning goes large
            Compare owning a cat with owning a dog.     | large | analysis  | category keywords: comparing and evaluating mean analysis; category routing: analysis goes large
            Why is my Python loop so slow?              | large | code      | category keywords: programming languages and tools mean code; category routing: code goes large
            """)
    void routesByCategoryWhenNoSpecificRuleApplies(String prompt, String route, String category, String fired) {
        RoutingDecision decision = RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt, UNIFORM));

        assertDecision(decision, route, firedRules(fired).get(1), fired);
        assertThat(decision.category()).isEqualTo(category);
        assertThat(decision.categoryRule()).isEqualTo(firedRules(fired).get(0));
    }

    @ParameterizedTest(name = "[{index}] code history={0}, history chars={1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            true  | 0    | large | conversation routing: follow-up in a code conversation goes large | category keywords: greetings and thanks are everyday; conversation routing: follow-up in a code conversation goes large
            false | 0    | small | category routing: everyday stays small                            | category keywords: greetings and thanks are everyday; category routing: everyday stays small
            false | 5973 | small | category routing: everyday stays small                            | category keywords: greetings and thanks are everyday; category routing: everyday stays small
            false | 5974 | large | conversation routing: long conversations go large                 | category keywords: greetings and thanks are everyday; conversation routing: long conversations go large
            true  | 5974 | large | conversation routing: follow-up in a code conversation goes large | category keywords: greetings and thanks are everyday; conversation routing: follow-up in a code conversation goes large; conversation routing: long conversations go large
            """)
    void routesShortFollowUpsByTheirConversation(boolean codeHistory, int historyChars, String route, String rule, String fired) {
        String firstQuestion = codeHistory ? "Fix this: `let n = items.length; for (i = 0; i <= n; i++) {}`" : "Tell me a story.";
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.user(firstQuestion));
        messages.add(ChatMessage.assistant(historyChars == 0 ? "Sure, here it is." : filler(historyChars - firstQuestion.length())));
        messages.add(ChatMessage.user("Thanks! Shorter please."));

        PromptFacts facts = PromptFactsExtractor.extract(messages, null, UNIFORM);

        assertThat(facts.isHistoryHasCode()).as("historyHasCode").isEqualTo(codeHistory);
        assertDecision(RULEBOOK.decide(facts), route, rule, fired);
    }

    static void assertDecision(RoutingDecision decision, String route, String rule, String fired) {
        assertThat(decision.route()).as("route, decided by %s", decision.ruleName()).isEqualTo(route);
        assertThat(decision.ruleName()).as("deciding rule").isEqualTo(rule);
        assertThat(decision.firedRules()).as("firing order").containsExactlyElementsOf(firedRules(fired));
        assertThat(decision.fireLimitReached()).as("fire limit reached").isFalse();
    }

    static List<String> firedRules(String fired) {
        return List.of(fired.split("\\s*;\\s*"));
    }

    /** Words without any keyword ("la la la ..."), exactly {@code chars} long. */
    static String filler(int chars) {
        StringBuilder text = new StringBuilder("la ".repeat(chars / 3 + 1));
        text.setLength(chars);
        text.setCharAt(chars - 1, 'a');
        return text.toString();
    }
}

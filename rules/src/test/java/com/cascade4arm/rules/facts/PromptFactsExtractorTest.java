package com.cascade4arm.rules.facts;

import com.cascade4arm.openai.ChatMessage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Fact extraction from chat requests: text features, conversation features, limits and JSON shape. */
class PromptFactsExtractorTest {

    @Test
    void describesTheLastUserMessage() {
        PromptFacts facts = PromptFactsExtractor.extract(List.of(
                ChatMessage.system("You are helpful."),
                ChatMessage.user("Hi"),
                ChatMessage.assistant("Hello! How can I help?"),
                ChatMessage.user("  What's   the height of  Mont Blanc?\n")), 64);

        assertThat(facts.getText()).isEqualTo("What's   the height of  Mont Blanc?");
        assertThat(facts.getLowerText()).isEqualTo("what's the height of mont blanc?");
        assertThat(facts.getWords()).containsExactly("what", "s", "the", "height", "of", "mont", "blanc");
        assertThat(facts.getFirstWord()).isEqualTo("what");
        assertThat(facts.getWordCount()).isEqualTo(7);
        assertThat(facts.getCharCount()).isEqualTo(35);
        assertThat(facts.getApproxTokens()).as("35 chars / 4, rounded up").isEqualTo(9);
        assertThat(facts.isQuestion()).isTrue();
        assertThat(facts.getUserTurns()).isEqualTo(2);
        assertThat(facts.getTotalTurns()).as("system messages are not turns").isEqualTo(3);
        assertThat(facts.isHistoryHasCode()).isFalse();
        assertThat(facts.getRequestedMaxTokens()).isEqualTo(64);
    }

    @ParameterizedTest(name = "[{index}] {0} -> question={1}")
    @CsvSource(delimiter = '|', textBlock = """
            who invented radio                  | true
            Is a whale a fish?                  | true
            Tell me the time, please?           | true
            Have a nice weekend!                | false
            Write a poem about rain.            | false
            Could you help me move on Saturday. | false
            """)
    void detectsQuestionForm(String prompt, boolean question) {
        assertThat(PromptFactsExtractor.fromPrompt(prompt).isQuestion()).isEqualTo(question);
    }

    @ParameterizedTest(name = "[{index}] {0} -> numbers={1}, arithmetic={2}")
    @CsvSource(delimiter = '|', textBlock = """
            What is 12 * 7?                                   | 2 | true
            Solve 3x + 5 = 20                                 | 2 | true
            Three friends share 1,500.75 euros                | 2 | false
            The meeting is on 2024-05-01                      | 3 | false
            What is 15% of 80?                                | 2 | true
            No numbers here                                   | 0 | false
            """)
    void countsNumbersAndSpotsArithmetic(String prompt, int numbers, boolean arithmetic) {
        PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt);
        assertThat(facts.getNumberCount()).as("numberCount").isEqualTo(numbers);
        assertThat(facts.isArithmetic()).as("arithmetic").isEqualTo(arithmetic);
    }

    @Test
    void findsFencedCode() {
        PromptFacts facts = PromptFactsExtractor.fromPrompt("Why?\n```python\ndef f(x):\n    return x * 2\n```");
        assertThat(facts.isCodeFence()).isTrue();
        assertThat(facts.getCodeKeywords()).containsExactlyInAnyOrder("def", "return");
        assertThat(facts.getLineCount()).isEqualTo(5);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            #include <stdio.h>                                   | #include
            public static void main(String[] args)               | public static
            function add(a, b) { return a + b; }                 | function
            import numpy as np                                   | import
            const total = 3;                                     | declaration
            fn main() {}                                         | fn
            class Shape(ABC): pass                               | class
            System.out.println(x)                                | print
            if (a >= b) swap()                                   | control flow
            """)
    void findsLanguageKeywordsInTheirSyntacticPlace(String code, String marker) {
        assertThat(PromptFactsExtractor.fromPrompt(code).getCodeKeywords()).contains(marker);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            What time is my yoga class tomorrow?
            Please return the book to the library.
            What is the function of the liver?
            I need to import furniture from Italy
            Let me know if you can come; I will bring snacks.
            Select the best gift from this list for my dad.
            Update me when you set off.
            For example: apples, pears and plums.
            """)
    void ignoresCodeWordsInProse(String prose) {
        PromptFacts facts = PromptFactsExtractor.fromPrompt(prose);
        assertThat(facts.getCodeKeywords()).as("code keywords").isEmpty();
        assertThat(facts.isSql()).as("sql").isFalse();
        assertThat(facts.getCodeSymbolCount()).as("code symbols").isLessThanOrEqualTo(1);
    }

    @Test
    void countsCodeSymbols() {
        assertThat(PromptFactsExtractor.fromPrompt("if (a == b && c != d) { x => x; }").getCodeSymbolCount())
                .as("== && != { => ; }").isEqualTo(7);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            Exception in thread "main" java.lang.NullPointerException
            Traceback (most recent call last):\\n  File "a.py", line 3, in <module>
            boom\\n    at com.acme.Shop.pay(Shop.java:42)
            TypeError: x is undefined\\n    at render (app.js:10:5)
            thread 'main' panicked at src/main.rs:4:5
            """)
    void recognisesStackTraces(String trace) {
        assertThat(PromptFactsExtractor.fromPrompt(trace.replace("\\n", "\n")).isStackTrace()).isTrue();
    }

    @ParameterizedTest(name = "[{index}] {0} -> sql={1}")
    @CsvSource(delimiter = '|', textBlock = """
            SELECT name FROM users WHERE age > 30       | true
            select id, email from customers             | true
            INSERT INTO orders (id) VALUES (1)          | true
            update accounts set balance = 0             | true
            CREATE TABLE pets (id INT)                  | true
            Select a colour from the palette            | false
            Please delete from my calendar the meeting  | false
            """)
    void recognisesSql(String text, boolean sql) {
        assertThat(PromptFactsExtractor.fromPrompt(text).isSql()).isEqualTo(sql);
    }

    @ParameterizedTest(name = "[{index}] {0} -> namedError={1}")
    @CsvSource(delimiter = '|', textBlock = """
            Why do I get a NullPointerException here?   | true
            TypeError: undefined is not a function      | true
            what does IOException mean                  | true
            Error: the page could not be loaded         | false
            What is a standard error in statistics?     | false
            """)
    void recognisesNamedErrors(String text, boolean namedError) {
        assertThat(PromptFactsExtractor.fromPrompt(text).isNamedError()).isEqualTo(namedError);
    }

    @Test
    void seesCodeInTheHistoryButNotInTheRoutedMessage() {
        List<ChatMessage> messages = List.of(
                ChatMessage.user("Fix this:\n```js\nlet x = 1\n```"),
                ChatMessage.assistant("Here you go."),
                ChatMessage.user("Thanks! Shorter please."));
        int totalChars = messages.stream().mapToInt(m -> m.content().length()).sum();

        PromptFacts facts = PromptFactsExtractor.extract(messages, null);

        assertThat(facts.isHistoryHasCode()).isTrue();
        assertThat(facts.isCodeFence()).as("the routed message itself has no code").isFalse();
        assertThat(facts.getConversationTokens()).as("all messages, rounded up")
                .isEqualTo((totalChars + 3) / 4);
    }

    @Test
    void rejectsRequestsWithoutUserMessage() {
        assertThatThrownBy(() -> PromptFactsExtractor.extract(List.of(ChatMessage.system("Be brief.")), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("messages must contain at least one user message, but roles were [system]");
        assertThatThrownBy(() -> PromptFactsExtractor.extract(List.of(), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("messages must contain at least one user message, but was empty");
    }

    @Test
    void rejectsNonPositiveMaxTokens() {
        assertThatThrownBy(() -> PromptFactsExtractor.extract(List.of(ChatMessage.user("hi")), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max_tokens must be at least 1, but was 0");
    }

    @Test
    void serializesToJsonWithBeanNames() throws Exception {
        PromptFacts facts = PromptFactsExtractor.extract(List.of(ChatMessage.user("Is SELECT * FROM t slow?")), 200);

        JsonNode json = new ObjectMapper().valueToTree(facts);

        assertThat(json.get("text").asText()).isEqualTo("Is SELECT * FROM t slow?");
        assertThat(json.get("sql").asBoolean()).isTrue();
        assertThat(json.get("question").asBoolean()).isTrue();
        assertThat(json.get("approxTokens").asInt()).isEqualTo(6);
        assertThat(json.get("requestedMaxTokens").asInt()).isEqualTo(200);
        assertThat(json.get("historyHasCode").asBoolean()).isFalse();
        assertThat(json.get("words").isArray()).isTrue();
        assertThat(json.has("lowerText")).as("lowerText is derived and left out of JSON").isFalse();
        assertThat(json.has("phrases")).as("phrases repeat the words and are left out of JSON").isFalse();
    }

    /** What /api/route shows: the shape facts, the five scores, the most likely category and why the score says so. */
    @Test
    void serializesTheShapeFactsAndTheScoreWithItsExplanation() {
        PromptFacts facts = PromptFactsExtractor.fromPrompt("Warum fallen Blätter im Herbst? Erkläre es Schritt für Schritt.");

        JsonNode json = new ObjectMapper().valueToTree(facts);

        assertThat(json.get("language").asText()).isEqualTo("de");
        assertThat(json.get("questionShape").asText()).isEqualTo("why");
        assertThat(json.get("explainRequest").asBoolean()).isTrue();
        assertThat(json.get("lookupQuestion").asBoolean()).isFalse();
        assertThat(json.get("quantityCount").asInt()).isZero();
        assertThat(json.get("puzzlePattern").asText()).isEmpty();
        assertThat(json.get("codeSyntax").isArray()).isTrue();
        assertThat(json.get("topScoreCategory").asText()).isEqualTo("reasoning");
        assertThat(json.get("topScore").asDouble()).isEqualTo(json.get("reasoningScore").asDouble()).isGreaterThan(0.5);
        double sum = 0;
        for (String score : List.of("factualScore", "everydayScore", "reasoningScore", "codeScore", "analysisScore")) {
            sum += json.get(score).asDouble();
        }
        assertThat(sum).as("scores rounded to 3 decimals sum to 1").isCloseTo(1, within(0.003));
        assertThat(json.get("scoreFeatures")).hasSize(PromptFacts.EXPLAINED_FEATURES);
        assertThat(json.get("scoreFeatures").get(0).asText()).matches("(word|words|first word|chars):\\S.* \\+\\d+\\.\\d{3}");
    }
}

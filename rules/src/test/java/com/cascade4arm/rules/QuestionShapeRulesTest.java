package com.cascade4arm.rules;

import static com.cascade4arm.rules.RoutingBoundariesTest.assertDecision;
import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules on how a message is put (question-shape.drl, and code syntax in code-markers.drl), in the four languages,
 * without the learned score (uniform model): the decision, its category and every rule that fired, in order.
 */
class QuestionShapeRulesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            A meeting starts at 9:40 and runs 2 h 50 min. When does it end?   | large | reasoning | question shape: measured quantities make a calculation; category routing: reasoning goes large
            Ein Zug fährt um 8:20 ab und braucht 2 Stunden 55 Minuten.        | large | reasoning | question shape: measured quantities make a calculation; category routing: reasoning goes large
            If today is Tuesday, what day is it in 100 days?                   | large | reasoning | question shape: measured quantities make a calculation; category routing: reasoning goes large
            What day is it in 100 days?                                        | small | factual   | category keywords: impersonal wh-questions ask for a fact; category routing: factual stays small
            Anna is older than Ben, and Ben is older than Carla. Who is the youngest? | large | reasoning | question shape: a logic puzzle needs reasoning; category routing: reasoning goes large
            Anna is older than Ben. Who is the youngest?                       | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            What comes next: 1, 1, 2, 3, 5, 8?                                 | large | reasoning | question shape: a logic puzzle needs reasoning; category routing: reasoning goes large
            """)
    void sendsCalculationsAndPuzzlesToTheLargeModelWhateverTheirWords(String prompt, String route, String category,
                                                                     String fired) {
        assertRouted(prompt, route, category, fired);
    }

    /** 20 words is the longest lookup; a longer who/when question is no longer a quick fact. */
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Who invented the JavaScript language?                              | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            What does SQL stand for?                                           | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            Wer hat die Programmiersprache Java entwickelt?                    | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            ¿Qué significa la sigla HTTP?                                      | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            Quelle entreprise développe le navigateur Chrome ?                 | small | factual   | question shape: short lookups are factual; category routing: factual stays small
            Who wrote the Python interpreter that my team uses every day at work now? | large | code | category keywords: programming languages and tools mean code; category routing: code goes large
            Who wrote the first Python interpreter that was used at the big old research lab in the city of Amsterdam? | small | factual | question shape: short lookups are factual; category routing: factual stays small
            Who wrote the first Python interpreter that was used at the big old research lab in the old city of Amsterdam? | large | code | category keywords: programming languages and tools mean code; category routing: code goes large
            When should I learn Python?                                        | large | code      | category keywords: programming languages and tools mean code; category routing: code goes large
            """)
    void treatsShortImpersonalLookupsAsFactsEvenAboutSoftware(String prompt, String route, String category, String fired) {
        assertRouted(prompt, route, category, fired);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Warum fallen Blätter im Herbst? Erkläre es Schritt für Schritt.    | large | reasoning | question shape: why-questions need reasoning; category routing: reasoning goes large
            ¿Por qué el cielo es azul? Explícalo paso a paso.                  | large | reasoning | question shape: why-questions need reasoning; category routing: reasoning goes large
            Explique étape par étape comment se forment les nuages.            | large | reasoning | question shape: requests to explain or show the steps need reasoning; category routing: reasoning goes large
            Explain to my landlord in a short text that the heating is broken. | small | everyday  | category keywords: anything unmatched is everyday; category routing: everyday stays small
            Erkläre meinem Chef in einer Nachricht, dass ich später komme.     | small | everyday  | category keywords: anything unmatched is everyday; category routing: everyday stays small
            Warum nicht mal ins Kino? Schlag mir drei Komödien vor.            | small | everyday  | category keywords: anything unmatched is everyday; category routing: everyday stays small
            """)
    void readsWhyAndExplainInFourLanguagesButNotMessagesToSomeoneElse(String prompt, String route, String category,
                                                                      String fired) {
        assertRouted(prompt, route, category, fired);
    }

    /** Two syntax markers (a bare condition and an update) make code; one alone does not. */
    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            fix: while x < 10 x += 1                       | large | code     | code markers: inline code goes large
            x = [1, 2, 3]; print(x[3]) why does it crash? | large | code     | code markers: inline code goes large
            fix: while x < 10                              | small | everyday | category keywords: anything unmatched is everyday; category routing: everyday stays small
            """)
    void findsCodeBySyntaxAlone(String prompt, String route, String category, String fired) {
        assertRouted(prompt, route, category, fired);
    }

    private static void assertRouted(String prompt, String route, String category, String fired) {
        RoutingDecision decision = RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt, CategoryModel.uniform()));
        List<String> rules = RoutingBoundariesTest.firedRules(fired);
        assertDecision(decision, route, rules.get(rules.size() - 1), fired);
        assertThat(decision.category()).as("category").isEqualTo(category);
    }
}

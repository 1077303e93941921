package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 32, "task, not vocabulary": a text handed over to summarize, translate, rewrite or extract from is easy however
 * long; judgements, weighed alternatives and questions about effects are analysis; version control is code — in the
 * eight languages. The uniform model keeps the learned score silent, so each case shows the facts and rules alone.
 */
class TaskNotVocabularyRulesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();
    private static final CategoryModel UNIFORM = CategoryModel.uniform();
    private static final String GIVEN_TEXT_RULE =
            "question shape: summarizing, translating, rewriting or extracting a given text is everyday";
    private static final String NOTICE = "The library will be closed from the first to the twentieth of August for"
            + " repairs to the roof, and books can be returned at the town hall during that time. ";

    private static RoutingDecision decide(String prompt) {
        return RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt, UNIFORM));
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            Summarize in one sentence:                 | summarize
            Riassumi in una frase:                     | summarize
            podsumuj w jednym zdaniu:                  | summarize
            Tradúceme esto al inglés por favor:        | translate
            Vertaal naar het Engels:                   | translate
            Can you rewrite this to be more formal?    | rewrite
            Pull out all the dates from this:          | extract
            Mets ça sous forme de liste à puces stp :  | extract
            """)
    void findsTheTaskOfAShortInstructionBeforeAHandedOverText(String instruction, String task) {
        PromptFacts facts = PromptFactsExtractor.fromPrompt(instruction + " " + NOTICE, UNIFORM);

        assertThat(facts.getGivenTextTask()).isEqualTo(task);
        assertThat(RULEBOOK.decide(facts).firedRules()).contains(GIVEN_TEXT_RULE);
    }

    @Test
    void readsAnInstructionOnTheLastLineAfterTheText() {
        assertThat(PromptFactsExtractor.fromPrompt(NOTICE + "\n\nTranslate this into German.", UNIFORM)
                .getGivenTextTask()).isEqualTo("translate");
    }

    @Test
    void needsAHandedOverTextNotJustATaskWord() {
        assertThat(PromptFactsExtractor.fromPrompt("Summarize the causes of the First World War.", UNIFORM)
                .getGivenTextTask()).isEmpty();
        assertThat(PromptFactsExtractor.fromPrompt("Here is my resume: " + NOTICE, UNIFORM).getGivenTextTask())
                .as("a CV to judge is not a text to shorten").isEmpty();
    }

    @Test
    void keepsALongHandedOverTextSmallUpTo1500Tokens() {
        RoutingDecision long2k = decide("Summarize in one sentence: " + NOTICE.repeat(12)); // about 2,100 characters
        RoutingDecision long8k = decide("Summarize in one sentence: " + NOTICE.repeat(45)); // about 7,900 characters

        assertThat(long2k.route()).isEqualTo("small");
        assertThat(long2k.category()).isEqualTo("everyday");
        assertThat(long8k.route()).isEqualTo("large");
        assertThat(long8k.ruleName()).isEqualTo("length routing: long prompts go large");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Should libraries still buy printed books?                                      | analysis
            Vaut-il mieux investir dans l'immobilier ou en bourse pour sa retraite ?       | analysis
            meglio mutuo a tasso fisso o variabile adesso?                                 | analysis
            Wie hat das Internet den Einzelhandel verändert?                               | analysis
            ¿Qué papel tuvo la imprenta en la Reforma protestante?                         | analysis
            I accidentally made 2 commits on main that should have been on a new branch.   | code
            comment annuler un push que j'ai fait sur main ? les autres ont déjà pull      | code
            Ist ein Elektroauto für Pendler auf dem Land sinnvoll?                         | analysis
            vale la pena comprar piso ahora o seguir de alquiler?                          | analysis
            should i move to lisbon for a job that pays 10% less?                          | analysis
            quanti anagrammi ha la parola ROMA?                                            | reasoning
            wie viele Teiler hat 360?                                                      | reasoning
            na mojej stronie formularz kontaktowy nie wysyła wiadomości                    | code
            op onze website werkt de zoekknop niet meer sinds gisteren                     | code
            """)
    void routesByWhatIsAskedInEightLanguages(String prompt, String category) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo(category);
        assertThat(decision.route()).isEqualTo("large");
    }

    /** Developer words dress a light request: a joke, a poem or a name is everyday, on the small model. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            raconte-moi une blague sur les développeurs Java et les null pointers
            schreib ein kurzes Gedicht über einen Backend-Entwickler, der nie deployt
            sugiere un nombre para mi gato, me gustan los nombres de lenguajes de programación
            """)
    void keepsAJokeAPoemOrANameSmallWhateverItsVocabulary(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("everyday");
        assertThat(decision.route()).isEqualTo("small");
    }

    @Test
    void readsAQuestionToAnswerFromAHandedOverTextAsAnExtraction() {
        assertThat(PromptFactsExtractor.fromPrompt("Based on this notice, when can I return books? " + NOTICE, UNIFORM)
                .getGivenTextTask()).isEqualTo("extract");
    }
}

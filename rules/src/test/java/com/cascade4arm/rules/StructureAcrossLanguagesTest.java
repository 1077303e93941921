package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round five of issue 32: classes recognised by the message's structure rather than by phrases, each tried on prompts
 * and languages the labelled set does not have — a constraint puzzle (names that come back under negations), a
 * calendar case with a month, a quoted argument with its conclusion word, a short who/when question about a pasted
 * text, the causes of something, a request to fix a site. The uniform model keeps the learned score silent.
 */
class StructureAcrossLanguagesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();
    private static final CategoryModel UNIFORM = CategoryModel.uniform();

    private static RoutingDecision decide(String prompt) {
        return RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt, UNIFORM));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Erik, Frida och Gustav har en katt, en hund och en fisk. Erik har inte hunden. Frida har inte katten. Vem har vad?
            Ana, Bogdan și Cristi stau la coadă. Ana nu este prima. Bogdan nu stă lângă Cristi. Cine este al doilea?
            Three neighbours, Olga, Pavel and Quinn, drive a red, a blue and a green car. Olga does not drive the red one. Pavel doesn't drive the blue one. Who drives which car?
            if june 3rd is a friday, what weekday is june 30th
            """)
    void aConstraintPuzzleOrACalendarCaseIsReasoningInAnyLanguage(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("reasoning");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.firedRules()).contains("question shape: a logic puzzle needs reasoning");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            co na to říkáš? „Každý, kdo jezdí na kole, je zdravější, takže kola dělají lidi zdravými.“
            thoughts? "Every successful founder I know dropped out of college, so dropping out makes you successful."
            """)
    void aQuotedArgumentWithItsConclusionIsAnalysis(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("analysis");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.firedRules()).contains("question shape: a quoted argument to judge is analysis");
    }

    @Test
    void aShortWhoOrWhenQuestionAboutAPastedTextIsEveryday() {
        String german = "Wann kommt das Paket an? \"Hallo Frau Berg, Ihre Bestellung 4471 wurde heute versendet und wird"
                + " voraussichtlich am Donnerstag zwischen 10 und 14 Uhr zugestellt. Mit freundlichen Grüßen, Ihr Team\"";
        String danish = "hvem skal hente børnene?\n\nHej alle, i morgen henter Mette børnene fra skole kl. 15, og torsdag"
                + " er det Lars, fordi Mette har møde hele eftermiddagen. Fredag henter bedstemor dem.";
        for (String prompt : new String[] {german, danish}) {
            RoutingDecision decision = decide(prompt);

            assertThat(decision.route()).as(prompt).isEqualTo("small");
            assertThat(decision.firedRules()).as(prompt).contains(
                    "question shape: summarizing, translating, rewriting or extracting a given text is everyday");
        }
        // Not pasted (no quote, no line break): a truth-and-lies puzzle stays a puzzle.
        assertThat(decide("Chi mente? Anna dice che Bruno mente, Bruno dice che Carla mente, Carla dice il vero.")
                .category()).isEqualTo("reasoning");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            jaké byly příčiny pádu Římské říše
            vilka var orsakerna till finanskrisen
            """)
    void theCausesOfSomethingAreAnalysis(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("analysis");
        assertThat(decision.firedRules()).contains("question shape: the causes of something are analysis");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            när jag loggar in på vår webbutik kommer jag tillbaka till startsidan, hur fixar jag det?
            pe site-ul nostru coșul se golește după plată, cum îl pot repara?
            """)
    void aSiteToFixIsABugReport(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("code");
        assertThat(decision.route()).isEqualTo("large");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            hur många invånare har sverige
            kolik obyvatel má Praha
            ile kosztuje bilet do Krakowa
            """)
    void aQuestionWordOpensAQuestionInEveryLanguage(String prompt) {
        assertThat(PromptFactsExtractor.fromPrompt(prompt, UNIFORM).isQuestion()).isTrue();
    }
}

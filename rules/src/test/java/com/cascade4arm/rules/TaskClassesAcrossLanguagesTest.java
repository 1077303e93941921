package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round four of issue 32: the classes of prompts fresh set 5 missed, each tried in languages and wordings that are not
 * in the labelled prompts — finding the flaw in an argument, the effects of something, whether something makes sense
 * or is worth it, who is right, counting and estimating, areas and perimeters, bug reports in plain words, "how do you
 * say ...", a default port or an answer in one sentence (lookups), and "resume esto" as an instruction. The uniform model keeps the learned score silent: facts and rules alone.
 */
class TaskClassesAcrossLanguagesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();
    private static final CategoryModel UNIFORM = CategoryModel.uniform();

    private static RoutingDecision decide(String prompt) {
        return RULEBOOK.decide(PromptFactsExtractor.fromPrompt(prompt, UNIFORM));
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            what is wrong with this reasoning? 'my uncle never wore a seatbelt and he is fine'             | question shape: finding the flaw in an argument is analysis
            Wo ist der Fehler in dieser Schlussfolgerung? „Alle Vögel fliegen, Pinguine sind Vögel.“      | question shape: finding the flaw in an argument is analysis
            c'est quoi l'erreur dans ce raisonnement : « il a plu hier donc il pleuvra demain »          | question shape: finding the flaw in an argument is analysis
            is this a fallacy: everyone I know likes it so it must be good                                | question shape: finding the flaw in an argument is analysis
            quali sarebbero le conseguenze di una settimana corta nelle scuole?                           | question shape: the effects or consequences of something are analysis
            jakie będą skutki podniesienia płacy minimalnej dla małych sklepów?                           | question shape: the effects or consequences of something are analysis
            tiene sentido comprar un piso ahora con los tipos tan altos?                                  | question shape: judging whether something is worth it, a good choice or convincing is analysis
            Mein Bruder sagt, Bitcoin ist die Zukunft, ich sage, es ist eine Blase. Wer hat recht?        | question shape: judging whether something is worth it, a good choice or convincing is analysis
            lönar det sig att byta till värmepump i en gammal villa?                                      | question shape: judging whether something is worth it, a good choice or convincing is analysis
            er det bedre at leje eller købe bolig i København?                                            | question shape: judging whether something is worth it, a good choice or convincing is analysis
            """)
    void judgingAnArgumentAChoiceOrItsEffectsIsAnalysis(String prompt, String rule) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("analysis");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.firedRules()).contains(rule);
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            how many five-digit numbers read the same backwards?                                  | question shape: counting numbers or figures with a property needs reasoning
            quantos triângulos há numa estrela de cinco pontas desenhada com linhas retas?         | question shape: counting numbers or figures with a property needs reasoning
            estimate how many piano tuners work in Berlin                                          | question shape: counting numbers or figures with a property needs reasoning
            På hur många sätt kan fyra personer sitta på en bänk?                                  | question shape: counting and number-theory tasks need reasoning
            jaká je pravděpodobnost, že ze dvou kostek padne součet 7?                             | question shape: counting and number-theory tasks need reasoning
            Un carré a un périmètre de 36 cm. Quelle est son aire ?                                | question shape: an area, a perimeter or a volume from given numbers needs reasoning
            Chi mente? Anna dice che Bruno mente, Bruno dice che Carla mente, Carla dice il vero.  | question shape: a logic puzzle needs reasoning
            Varför blir himlen röd vid solnedgången?                                               | question shape: why-questions need reasoning
            """)
    void countingEstimatingMeasuringAndWhyAreReasoning(String prompt, String rule) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("reasoning");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.firedRules()).contains(rule);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            appen virker ikke efter opdateringen, den lukker bare ned når jeg åbner kurven
            aplicația noastră nu mai trimite notificări pe iPhone de ieri
            """)
    void aBugReportInPlainWordsIsCodeInMoreLanguages(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("code");
        assertThat(decision.firedRules()).contains("question shape: a plain-words bug report is code");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            how do you say 'I'm running late' in Spanish?
            wie sagt man 'Feierabend' auf Englisch?
            hoe zeg je 'gezellig' in het Frans?
            """)
    void howAPhraseIsSaidElsewhereIsEveryday(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("everyday");
        assertThat(decision.route()).isEqualTo("small");
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            what port does mongodb listen on by default?       | question shape: a default port is a lookup
            quel est le port par défaut de FTP ?               | question shape: a default port is a lookup
            welke poort gebruikt smtp standaard?               | question shape: a default port is a lookup
            explain what inflation is in one sentence          | question shape: an answer asked for in one sentence is a lookup
            was ist ein Algorithmus, in einem Satz?            | question shape: an answer asked for in one sentence is a lookup
            """)
    void aDefaultPortOrAOneSentenceAnswerIsALookup(String prompt, String rule) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.category()).isEqualTo("factual");
        assertThat(decision.route()).isEqualTo("small");
        assertThat(decision.firedRules()).contains(rule);
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', textBlock = """
            resume esto en dos frases:                 | summarize
            resume este texto, por favor:              | summarize
            mi fai un riassunto di questo?             | summarize
            sammanfatta det här kort:                  | summarize
            bunu kısaca özetler misin:                 | summarize
            """)
    void aSummaryAskedForInMoreLanguagesIsAGivenTextTask(String instruction, String task) {
        String notice = "The library will be closed from the first to the twentieth of August for repairs to the roof,"
                + " and books can be returned at the town hall during that time.";
        PromptFacts facts = PromptFactsExtractor.fromPrompt(instruction + "\n" + notice, UNIFORM);

        assertThat(facts.getGivenTextTask()).isEqualTo(task);
        assertThat(RULEBOOK.decide(facts).route()).isEqualTo("small");
    }
}

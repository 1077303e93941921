package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Round seven of issue 32 (fresh set 8's misses, by class): a handed-over text with a lookup question after it is an
 * extraction; a definition asked simply stays a definition; a unit conversion of one quantity is a lookup; ordering
 * puzzles, buy-now-or-wait decisions and plain-words bugs in further languages go large — tried on prompts and
 * languages the labelled set does not have, with the cases that must stay large beside them. The uniform model keeps
 * the learned score silent.
 */
class HandedOverTextsAndPuzzlesAcrossLanguagesTest {

    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();
    private static final CategoryModel UNIFORM = CategoryModel.uniform();

    private static PromptFacts facts(String prompt) {
        return PromptFactsExtractor.fromPrompt(prompt.replace("\\n", "\n"), UNIFORM);
    }

    private static RoutingDecision decide(String prompt) {
        return RULEBOOK.decide(facts(prompt));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            the parking sign says: no parking monday to friday from 7 to 10, residents with permit excepted. when can I park there?
            der Kassenbon sagt: Brot 2,40, Milch 1,10, Käse 3,90, bezahlt mit Karte. wie viel kostete der Käse
            il messaggio del corriere dice: 'consegna prevista giovedì tra le 14 e le 18, ritiro in filiale dal lunedì'. quando arriva il pacco?
            De dienstregeling:\\n"Bus 12 vertrekt elk half uur van 6:15 tot 23:45, op zondag elk uur van 8:15 tot 22:15."\\nwanneer gaat de laatste bus op zondag?
            2026-02-01 10:00:01 INFO start\\n2026-02-01 10:00:05 WARN disk 91%\\n2026-02-01 10:02:13 ERROR upload failed\\n2026-02-01 10:02:14 INFO retry\\nwhich line says error?
            """)
    void aQuestionAfterAHandedOverTextIsAnExtraction(String prompt) {
        assertThat(facts(prompt).getGivenTextTask()).isEqualTo("extract");
        assertThat(decide(prompt).route()).isEqualTo("small");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            the receipt says: pizza 12.50, salad 7.00, two drinks 6.00. if we split it three ways, how much does each pay?
            my boss wrote: 'we will cut the budget by 10 % and hire two people'. why would he do that?
            Three friends: Ava says 'Ben is lying.' Ben says 'Cara is lying.' Cara says 'both are lying.' who tells the truth?
            """)
    void aJudgementASumOrAPuzzleAfterATextIsNoExtraction(String prompt) {
        assertThat(facts(prompt).getGivenTextTask()).isEmpty();
    }

    private static final String TRACE = "Traceback (most recent call last):\n  File \"run.py\", line 3, in <module>\n"
            + "    main()\nKeyError: 'user'\n";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "Exception in thread \"main\" java.lang.NullPointerException\n    at com.shop.Cart.total(Cart.java:42)\n"
            + "    at com.shop.Main.main(Main.java:9)\nnot asking for a fix, what does the word 'exception' mean in plain English?",
        TRACE + "mein Kollege sagt immer Traceback, was bedeutet das Wort eigentlich?"})
    void whatAWordMeansBesideAPastedErrorIsALookup(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.firedRules()).contains("question shape: what a word means is a lookup, even beside a pasted error")
                .doesNotContain("code markers: stack trace goes large");
        assertThat(decision.route()).isEqualTo("small");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {TRACE + "what does the word KeyError mean here and how do I fix it?", TRACE + "what does this mean?"})
    void aPastedErrorWithAFixOrItsMeaningAskedGoesLarge(String prompt) {
        assertThat(decide(prompt).route()).isEqualTo("large");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            what is a firewall? explain it simply
            Was ist ein Compiler? kurz erklärt bitte
            o que é uma VPN? explica de forma simples
            co to jest chmura obliczeniowa? wyjaśnij krótko
            """)
    void aDefinitionAskedSimplyIsALookup(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.firedRules()).contains("question shape: a short definition request is a lookup");
        assertThat(decision.route()).isEqualTo("small");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            how many grams in 3 ounces
            combien de centimètres dans 12 pouces ?
            quante tazze sono 2 litri?
            hoeveel kilometer is 26 mijl
            """)
    void aUnitConversionOfOneQuantityIsALookup(String prompt) {
        RoutingDecision decision = decide(prompt);

        assertThat(decision.firedRules()).contains("question shape: a unit conversion of one quantity is a lookup");
        assertThat(decision.route()).isEqualTo("small");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            convert 100 Fahrenheit to Celsius and explain each step
            how many litres of water does a family of 4 use per day?
            roughly how many kilometers does a taxi drive in 1 year
            """)
    void aConversionWithStepsARateOrAnEstimateIsNoLookup(String prompt) {
        assertThat(decide(prompt).firedRules()).doesNotContain("question shape: a unit conversion of one quantity is a lookup");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Karin är längre än Lars men kortare än Maja. Nils är kortare än Lars. Vem är kortast?
            Petra je starší než Jana, Jana je starší než Eva. Kdo je nejmladší?
            Four runners finish a race: Tom, Ivy, Max and Zoe. Tom is second, Ivy is last, and Max finishes directly behind Tom. Where is Zoe?
            We moeten 3 presentaties plannen: X voor Y, Z niet als eerste. Geef alle mogelijke volgordes.
            ska vi köpa bil nu eller vänta till nästa år när elbilarna blir billigare?
            Sollen wir jetzt eine Wärmepumpe kaufen oder warten, bis die Förderung kommt?
            """)
    void anOrderingPuzzleOrABuyNowOrWaitDecisionGoesLarge(String prompt) {
        assertThat(decide(prompt).route()).isEqualTo("large");
    }
}

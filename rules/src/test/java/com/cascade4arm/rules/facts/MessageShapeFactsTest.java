package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.score.CategoryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Boundary tables for the facts on how a message is put: language, person, question shape, lookups, explanations. */
class MessageShapeFactsTest {

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            What is the capital of Peru?                     | en
            Wie hoch ist die Zugspitze?                      | de
            ¿Cuál es la capital de Perú?                     | es
            Quelle est la capitale du Pérou ?                | fr
            Hola                                             | es
            Danke!                                           | de
            Explícalo                                        | es
            Über                                             | de
            Ça va                                            | fr
            fix: x += 1                                      | unknown
            la la la                                         | unknown
            """)
    void detectsTheLanguageByFunctionWordsAndLetters(String prompt, String language) {
        assertThat(facts(prompt).getLanguage()).isEqualTo(language);
    }

    /** Pronouns are read in the message's language: French "du" is "of the", German "du" is "you". */
    @ParameterizedTest(name = "[{index}] {0} -> personal={1}")
    @CsvSource(delimiter = '|', textBlock = """
            What should I cook tonight?                      | true
            Can you help?                                    | true
            What is the capital of Peru?                     | false
            Hast du ein paar Tipps?                          | true
            Wie hoch ist die Zugspitze?                      | false
            ¿Qué puedo cocinar esta noche?                   | true
            ¿Cuál es la capital de Perú?                     | false
            Quel est le symbole chimique du fer ?            | false
            Peux-tu m'aider avec mon déménagement ?          | true
            """)
    void tellsPersonalFromImpersonalMessages(String prompt, boolean personal) {
        assertThat(facts(prompt).isPersonal()).isEqualTo(personal);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}, lookup={2}")
    @CsvSource(delimiter = '|', textBlock = """
            Who invented the JavaScript language?                   | who        | true
            Who can help me understand this?                        | who        | false
            When was Python first released?                         | when       | true
            When should I use an interface?                         | when       | false
            A meeting starts at 9:40. When does it end?             | when       | false
            In what year was GitHub founded?                        | when       | true
            Where is the island of Java?                            | where      | true
            Where does npm install packages?                        | where      | false
            What does SQL stand for?                                | stands-for | true
            What does RSVP mean?                                    | stands-for | true
            What does this word mean?                               | what       | false
            Which company makes Android?                            | which      | true
            Which planet is the largest?                            | which      | false
            How many continents are there?                          | how-many   | false
            How does a fridge work?                                 | how        | false
            Why is the sky blue?                                    | why        | false
            Why not plan a movie night!                             | why-not    | false
            Is a tomato a fruit?                                    | yes-no     | false
            quick one: what's the tallest building?                 | what       | false
            Write a poem about rain.                                | ''         | false
            Wer hat das Telefon erfunden?                           | who        | true
            Wann sollte ich Java lernen?                            | when       | false
            Wofür steht die Abkürzung HTML?                         | stands-for | true
            Wie heißt der längste Fluss Deutschlands?               | what       | false
            Wie viele Bundesländer hat Deutschland?                 | how-many   | false
            Warum ist der Himmel blau?                              | why        | false
            Was ist die Hauptstadt von Australien?                  | what       | false
            Ist ein Wal ein Säugetier?                              | yes-no     | false
            ¿Quién escribió "Cien años de soledad"?                 | who        | true
            ¿Qué significa la sigla HTTP?                           | stands-for | true
            ¿Qué empresa creó Android?                              | what       | true
            What company makes the iPhone?                          | what       | true
            ¿Por qué el cielo es azul? Explícalo paso a paso.       | why        | false
            ¿Por qué no hacemos una cena?                           | why-not    | false
            ¿Cuántos planetas tiene el sistema solar?               | how-many   | false
            Qui a inventé le langage Python ?                       | who        | true
            Quand faut-il utiliser async ?                          | when       | false
            Que signifie SQL ?                                      | stands-for | true
            Quelle entreprise développe Chrome ?                    | which      | true
            Le dauphin est-il un mammifère ?                        | yes-no     | false
            Pourquoi le ciel est-il bleu ?                          | why        | false
            """)
    void readsTheQuestionShapeFromTheQuestionSentence(String prompt, String shape, boolean lookup) {
        PromptFacts facts = facts(prompt);
        assertThat(facts.getQuestionShape()).as("questionShape").isEqualTo(shape);
        assertThat(facts.isLookupQuestion()).as("lookupQuestion").isEqualTo(lookup);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            Explain why the seasons change.                                  | true
            Solve it step by step.                                           | true
            Walk me through compound interest.                               | true
            Explain to me how tides work.                                    | true
            Explain to my landlord that the heating is broken.               | false
            Erkläre es Schritt für Schritt.                                  | true
            Erkläre meinem Chef, dass ich später komme.                      | false
            Begründe deine Antwort.                                          | true
            Explícalo paso a paso.                                           | true
            Explícale a mi vecino que la fiesta termina a las diez.          | false
            Razona tu respuesta.                                             | true
            Un precio razonable, por favor.                                  | false
            Explique étape par étape.                                        | true
            Explique à mon colocataire qu'il doit sortir les poubelles.      | false
            Un hôtel raisonnable à Paris ?                                   | false
            Write a poem about rain.                                         | false
            """)
    void recognisesRequestsForExplanationsButNotMessagesForOthers(String prompt, boolean explain) {
        assertThat(facts(prompt).isExplainRequest()).isEqualTo(explain);
    }

    /** The uniform model: these tests are about grammar, not about the learned score. */
    static PromptFacts facts(String prompt) {
        return PromptFactsExtractor.fromPrompt(prompt, CategoryModel.uniform());
    }
}

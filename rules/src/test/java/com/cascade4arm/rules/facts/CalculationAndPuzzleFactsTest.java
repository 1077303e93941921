package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.MessageShapeFactsTest.facts;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Boundary tables for measured quantities and logic-puzzle patterns, in the four languages. */
class CalculationAndPuzzleFactsTest {

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            A meeting starts at 9:40 and runs 2 h 50 min.        | 3
            It takes 2h and costs $3.30 or 4 €.                  | 3
            A car uses 6.5 litres per 100 km.                    | 2
            I save 1,000 euros and 15% of that.                  | 2
            Ein Zug braucht 2 Stunden 55 Minuten.                | 2
            Un coche recorre 210 km en 2 h 30 min.               | 3
            Un train part à 14 h 25 et le trajet dure 2 h 50.    | 2
            Paul a trois ans de plus que Marie.                  | 1
            Which country hosted the 2016 Olympics?              | 0
            When did Windows 95 come out?                        | 0
            I use Java 8 and play mp3 files.                     | 0
            The ratio is 16:9 or 1:100.                          | 0
            The 1990s were fun.                                  | 0
            """)
    void countsNumbersWithUnitsCurrenciesAndClockTimes(String prompt, int quantities) {
        assertThat(facts(prompt).getQuantityCount()).isEqualTo(quantities);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            All cats are animals and some animals are black. Does it follow that some cats are black? | syllogism
            All my friends are coming and some are vegetarian.                                          | ''
            Alle Hunde sind Tiere, und manche Tiere fliegen. Folgt daraus etwas?                        | syllogism
            Anna is older than Ben, and Ben is older than Carla. Who is the youngest?                   | comparison chain
            Anna is older than Ben. Who is the youngest?                                                | ''
            Lisa ist größer als Tom, und Tom ist größer als Max. Wer ist am kleinsten?                  | comparison chain
            María es más alta que Pedro y Pedro es más alto que Juan. ¿Quién es el más bajo?            | comparison chain
            Julie est plus rapide que Marc, et Marc est plus rapide que Léa. Qui est la plus lente ?    | comparison chain
            Knights always tell the truth and knaves always lie. Who is who?                            | truth and lies
            Sam says: "I always lie." Can that be true?                                                 | truth and lies
            Write a white lie for my boss.                                                              | ''
            ¿Quién miente? Ana dice que Beto miente.                                                    | truth and lies
            If today is Tuesday, what day was it yesterday?                                             | calendar
            Can we meet on Tuesday?                                                                     | ''
            What comes next: 2, 6, 12, 20, 30?                                                          | number sequence
            What comes next: 2, 6, 12?                                                                  | ''
            It costs 1,000,000,000 euros.                                                               | ''
            """)
    void namesTheLogicPuzzlePattern(String prompt, String pattern) {
        assertThat(facts(prompt).getPuzzlePattern()).isEqualTo(pattern);
    }
}

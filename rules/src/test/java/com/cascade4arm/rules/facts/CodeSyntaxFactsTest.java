package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.MessageShapeFactsTest.facts;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Code found by its syntax, without a fence or a language name; and prose that only looks like it. */
class CodeSyntaxFactsTest {

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            fix: while x < 10 x += 1                       | bare condition; update
            if n == 0 return                               | bare condition
            for i in range(10) print(i)                    | bare condition; call
            for x in liste: pass                           | bare condition
            i++ and j--                                    | update
            total =+ n                                     | update
            x = [1, 2, 3]; print(x[3])                     | assignment; call; index
            Optimise : total = 0                           | assignment
            user_id is empty                               | identifier
            arr.forEach is slow                            | identifier
            call __init__ twice                            | identifier
            free(p) then equals()                          | call
            """)
    void namesTheKindsOfCodeSyntax(String prompt, String kinds) {
        assertThat(facts(prompt).getCodeSyntax()).containsExactlyElementsOf(List.of(kinds.split("\\s*;\\s*")));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', textBlock = """
            Is C++ hard to learn? What about g++ and Notepad++?
            Bring your friend(s) and a Freund(in).
            If x > 5, what is x squared?
            Solve for x: 3x + 7 = 25.
            for people in cities, life is fast
            I bought an iPhone on eBay for my macOS and JavaScript work.
            This is _really_ nice.
            see (page 4) and [1]
            Well--maybe later.
            """)
    void leavesProseAndMathAlone(String prose) {
        assertThat(facts(prose).getCodeSyntax()).isEmpty();
    }
}

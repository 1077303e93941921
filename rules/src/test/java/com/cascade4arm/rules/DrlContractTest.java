package com.cascade4arm.rules;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every operator that design.md's DRL contract promises works on the fact model, each in its own rule. */
class DrlContractTest {

    private static final String RULES = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;

            rule "contract: contains on a set"
            when PromptFacts( words contains "owns", words not contains "zebra" )  $d : Decision()
            then modify($d) { assignCategory("contract", "set contains") } end

            rule "contract: contains on a string"
            when PromptFacts( lowerText contains "who owns" )  $d : Decision()
            then modify($d) { routeSmall("string contains") } end

            rule "contract: contains on phrases"
            when PromptFacts( phrases contains "owns the moon", phrases not contains "the owns" )  $d : Decision()
            then modify($d) { routeSmall("phrase contains") } end

            rule "contract: memberOf"
            when PromptFacts( firstWord memberOf words )  $d : Decision()
            then modify($d) { routeSmall("memberOf") } end

            rule "contract: in and not in"
            when PromptFacts( firstWord in ("who", "what"), firstWord not in ("hi") )  $d : Decision()
            then modify($d) { routeSmall("in") } end

            rule "contract: matchedPatterns"
            when PromptFacts( matchedPatterns contains "(?s)^Who .*\\\\?$" )  $d : Decision()
            then modify($d) { routeSmall("matchedPatterns") } end

            rule "contract: str startsWith and endsWith"
            when PromptFacts( lowerText str[startsWith] "who", lowerText str[endsWith] "?" )  $d : Decision()
            then modify($d) { routeSmall("str") } end

            rule "contract: comparisons and boolean operators"
            when PromptFacts( !(charCount > 1000) && wordCount >= 3 || codeFence == true, question == true )  $d : Decision()
            then modify($d) { routeSmall("comparisons") } end

            rule "contract: null max tokens"
            when PromptFacts( requestedMaxTokens == null )  $d : Decision()
            then modify($d) { routeSmall("no max_tokens") } end

            rule "contract: decision properties"
            when $d : Decision( category == "contract", route == "small" )
            then modify($d) { routeLarge("decision properties") } end
            """;

    @Test
    void supportsEveryOperatorOfTheContract() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("contract.drl", RULES));

        RoutingDecision decision = rulebook.decide(PromptFactsExtractor.fromPrompt("Who owns the moon?"));

        assertThat(decision.firedRules()).as("fired rules").containsExactlyInAnyOrder(
                "contract: contains on a set", "contract: contains on a string", "contract: contains on phrases",
                "contract: memberOf",
                "contract: in and not in", "contract: matchedPatterns", "contract: str startsWith and endsWith",
                "contract: comparisons and boolean operators", "contract: null max tokens", "contract: decision properties");
        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.ruleName()).isEqualTo("contract: decision properties");
    }

    @Test
    void comparesMaxTokensOnlyWhenPresent() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("max-tokens.drl", """
                package com.cascade4arm.rules;
                import com.cascade4arm.rules.facts.PromptFacts;
                import com.cascade4arm.rules.decision.Decision;
                rule "max tokens: small limits stay small"
                when PromptFacts( requestedMaxTokens != null && requestedMaxTokens < 100 )  $d : Decision()
                then modify($d) { routeSmall("short answer") } end
                """));

        assertThat(rulebook.decide(PromptFactsExtractor.extract(List.of(ChatMessage.user("hi")), 50)).ruleName())
                .isEqualTo("max tokens: small limits stay small");
        assertThat(rulebook.decide(PromptFactsExtractor.extract(List.of(ChatMessage.user("hi")), null)).ruleName())
                .as("null max_tokens must not match nor throw").isEqualTo("default");
    }
}

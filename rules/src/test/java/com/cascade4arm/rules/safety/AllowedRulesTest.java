package com.cascade4arm.rules.safety;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What operators write must pass: the bundled rulebook, a threshold change, and every construct of the DRL contract. */
class AllowedRulesTest {

    private static final String HEADER = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;
            """;

    @Test
    void acceptsTheBundledRulebook() {
        assertThat(RuleSafetyChecker.check(BundledRules.load())).as("problems in the bundled rules").isEmpty();
        assertThat(SafeRulebooks.compile(BundledRules.load()).ruleNames()).isEqualTo(RoutingRulebook.defaults().ruleNames());
    }

    @Test
    void acceptsAThresholdChangeAndRoutesByIt() {
        Map<String, String> files = new LinkedHashMap<>(BundledRules.load());
        String lengthRules = files.get("length-routing.drl");
        assertThat(lengthRules).contains("approxTokens >= 300");
        files.put("length-routing.drl", lengthRules.replace("approxTokens >= 300", "approxTokens >= 20"));
        String everydayRequest = "Please write me a friendly note for my neighbour to say thank you for looking after "
                + "the garden while we were away on holiday last week";

        RoutingRulebook candidate = SafeRulebooks.compile(files);

        assertThat(RoutingRulebook.defaults().decide(PromptFactsExtractor.fromPrompt(everydayRequest)).route())
                .as("before the change").isEqualTo("small");
        RoutingDecision after = candidate.decide(PromptFactsExtractor.fromPrompt(everydayRequest));
        assertThat(after.route()).as("after the change").isEqualTo("large");
        assertThat(after.ruleName()).isEqualTo("length routing: long prompts go large");
    }

    @Test
    void acceptsEveryConstructOfTheContract() {
        String drl = HEADER + """
                rule "contract: membership, phrases and lists"
                    salience 20
                    no-loop true
                when
                    $f : PromptFacts( words contains "owns" || lowerText contains "who owns", words not contains "zebra",
                                      firstWord in ("who", "what"), firstWord not in ("hi"), firstWord memberOf words,
                                      lowerText str[startsWith] "who", lowerText str[endsWith] "?",
                                      matchedPatterns contains "(?s)^Who .*\\\\?$", $w : wordCount, $first : firstWord )
                    not Decision( category == "never" )
                    exists PromptFacts( question == true )
                    $d : Decision( category == null )
                then
                    modify($d) { assignCategory("contract", "a question of " + $w + " words starting with " + $first) }
                end

                rule "contract: arithmetic, comparisons, null and bound facts"
                    activation-group "contract routing"
                when
                    $f : PromptFacts( !(charCount > 1000) && wordCount * 2 >= 6 || codeFence == true, question,
                                      requestedMaxTokens == null || requestedMaxTokens < 1024, -numberCount <= 0 )
                    $d : Decision( category == "contract", route == null, category != $f.firstWord )
                then
                    $d.routeSmall("contract: small");
                    update($d);
                end
                """;

        assertThat(RuleSafetyChecker.check(Map.of("contract.drl", drl))).isEmpty();
        RoutingDecision decision = SafeRulebooks.compile(Map.of("contract.drl", drl))
                .decide(PromptFactsExtractor.fromPrompt("Who owns this house?"));
        assertThat(decision.category()).isEqualTo("contract");
        assertThat(decision.categoryReason()).isEqualTo("a question of 4 words starting with who");
        assertThat(decision.route()).isEqualTo("small");
        assertThat(decision.ruleName()).isEqualTo("contract: arithmetic, comparisons, null and bound facts");
    }

    /** The facts on how a message is put and the learned score, compared with numbers, strings and sets. */
    @Test
    void acceptsTheShapeFactsAndScoresAndATentativeRoute() {
        String drl = HEADER + """
                rule "shape: unsure short German questions go small on trial"
                when
                    PromptFacts( language == "de", questionShape in ("what", "who"), lookupQuestion == false,
                                 personal == false, explainRequest == false, quantityCount < 2, puzzlePattern == "",
                                 codeSyntax not contains "call", codeSyntaxCount == 0, reasoningScore < 0.6,
                                 factualScore + everydayScore >= 0.3, topScoreCategory != "code", topScore <= 1 )
                    $d : Decision( route == null, escalateBelow == null )
                then
                    modify($d) { routeSmallTentatively(0.45, "an unsure German question: small, on trial") }
                end
                """;

        assertThat(RuleSafetyChecker.check(Map.of("shape.drl", drl))).isEmpty();
        RoutingDecision decision = SafeRulebooks.compile(Map.of("shape.drl", drl))
                .decide(PromptFactsExtractor.fromPrompt("Was ist die Hauptstadt von Australien?"));
        assertThat(decision.route()).isEqualTo("small");
        assertThat(decision.escalateBelow()).isEqualTo(0.45);
        assertThat(decision.isTentative()).isTrue();
    }

    @Test
    void aCommentInAConstraintStaysAComment() {
        String property = "cascade.safety.comment-payload";
        String drl = HEADER + """
                rule "comment: inert"
                when
                    PromptFacts( wordCount > 1 /* ) System.setProperty("%s", "1"); ( */ )
                    $d : Decision()
                then
                    // System.setProperty("%s", "1");
                    modify($d) { routeLarge("more than one word") }
                end
                """.formatted(property, property);

        assertThat(RuleSafetyChecker.check(Map.of("comment.drl", drl))).isEmpty();
        RoutingDecision decision = SafeRulebooks.compile(Map.of("comment.drl", drl))
                .decide(PromptFactsExtractor.fromPrompt("two words"));

        assertThat(decision.route()).isEqualTo("large");
        assertThat(System.getProperty(property)).as("the commented-out payload never ran").isNull();
    }

    /** update($d) re-activates the rule forever; the checker allows it because the rulebook's fire limit bounds it. */
    @Test
    void aSelfReactivatingRuleIsAllowedAndStopsAtTheFireLimit() {
        String drl = HEADER + """
                rule "loop: forever"
                when
                    $d : Decision()
                then
                    modify($d) { routeLarge("again") }
                    update($d);
                end
                """;

        assertThat(RuleSafetyChecker.check(Map.of("loop.drl", drl))).isEmpty();
        RoutingDecision decision = SafeRulebooks.compile(Map.of("loop.drl", drl))
                .decide(PromptFactsExtractor.extract(List.of(ChatMessage.user("hi")), null));

        assertThat(decision.fireLimitReached()).isTrue();
        assertThat(decision.firedRules()).hasSize(RoutingRulebook.FIRE_LIMIT);
    }
}

package com.cascade4arm.rules;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the whole request asks for beyond its text: a request that offers tools goes large; its facts say so. */
class RequestShapeRulesTest {
    private static final RoutingRulebook RULEBOOK = RoutingRulebook.defaults();

    @Test
    void aRequestWithToolsGoesLargeWhereTheSameTextAloneStaysSmall() {
        PromptFacts plain = PromptFactsExtractor.fromPrompt("Hi there!");
        PromptFacts withTools = plain.withRequest(true, false);

        RoutingDecision alone = RULEBOOK.decide(plain);
        RoutingDecision tools = RULEBOOK.decide(withTools);

        assertThat(alone.route()).isEqualTo("small");
        assertThat(tools.route()).isEqualTo("large");
        assertThat(tools.ruleName()).isEqualTo("conversation routing: tool calls go large");
        assertThat(withTools.isHasTools()).isTrue();
        assertThat(withTools.isWantsJson()).isFalse();
        assertThat(plain.withRequest(false, true).isWantsJson()).isTrue();
        assertThat(withTools.withSemantic(0.5, "test").isHasTools()).as("kept by the semantic copy").isTrue();
    }
}

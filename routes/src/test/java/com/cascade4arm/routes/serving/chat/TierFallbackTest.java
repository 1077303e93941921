package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The chat route's catch: which tier takes over when the decided one cannot serve, and when the 503 stands; a key's
 * tiers bound fallback and escalation.
 */
class TierFallbackTest {
    private final TierFallback fallback = new TierFallback(Map.of("small", "large", "large", "small"));

    private static Exchange caught(RoutedChat chat, String why) {
        Exchange exchange = new DefaultExchange(new DefaultCamelContext());
        exchange.getMessage().setBody(chat);
        exchange.setProperty(Exchange.EXCEPTION_CAUGHT, new PoolUnavailableException(why));
        return exchange;
    }

    private static RoutedChat decided(String tier) {
        return RoutedChat.decided(ChatRequest.userPrompt("auto", "hi", 8, false),
                new RouteDecision(tier, "rule", "reason", 1, () -> null));
    }

    @Test
    void sendsTheChatToTheTiersFallbackFlaggedWithTheReason() throws Exception {
        Exchange exchange = caught(decided("large"), "tier 'large' unavailable: down");

        fallback.process(exchange);

        RoutedChat rerouted = exchange.getMessage().getBody(RoutedChat.class);
        assertThat(rerouted.tier()).isEqualTo("small");
        assertThat(rerouted.decision().route()).as("the decision stays what the rules said").isEqualTo("large");
        assertThat(rerouted.fallbackReason()).isEqualTo("tier 'large' unavailable: down");
        assertThat(exchange.getMessage().getHeader(ChatRoutes.TIER)).isEqualTo("small");
    }

    @Test
    void letsTheFailureStandWhenTheFallbackFailedToo() {
        Exchange exchange = caught(decided("large").fallBack("small", "large down"), "tier 'small' unavailable");

        assertThatThrownBy(() -> fallback.process(exchange)).isInstanceOf(PoolUnavailableException.class)
                .hasMessage("tier 'small' unavailable");
    }

    @Test
    void letsTheFailureStandWhenTheKeyMayNotUseTheFallback() {
        Exchange exchange = caught(decided("large"), "tier 'large' unavailable: down");
        exchange.setProperty(KeyAccess.KEY, key(List.of("large")));

        assertThatThrownBy(() -> fallback.process(exchange)).isInstanceOf(PoolUnavailableException.class)
                .hasMessage("tier 'large' unavailable: down");
    }

    @Test
    void aKeyOnlyBoundsEscalationWhereItMayNotUseTheLargeTier() {
        Escalate escalate = new Escalate(List.of("small", "large"));
        RoutedChat tentative = RoutedChat.decided(ChatRequest.userPrompt("auto", "hi", 8, false),
                new RouteDecision("small", "rule", "reason", 1, () -> null, 0.5));
        Exchange smallOnly = caught(tentative, "unused");
        smallOnly.setProperty(KeyAccess.KEY, key(List.of("small")));
        escalate.boundByKey(smallOnly);
        RoutedChat bounded = smallOnly.getMessage().getBody(RoutedChat.class);
        assertThat(bounded.onTrial()).as("no trial: the key may not use the large tier").isFalse();
        assertThat(bounded.tier()).isEqualTo("small");
        assertThat(bounded.decision().reason()).contains("not escalated: the key may not use tier 'large'");

        Exchange anyTier = caught(tentative, "unused");
        anyTier.setProperty(KeyAccess.KEY, key(List.of()));
        escalate.boundByKey(anyTier);
        assertThat(anyTier.getMessage().getBody(RoutedChat.class).onTrial()).isTrue();
    }

    private static ApiKey key(List<String> tiers) {
        return new ApiKey("id", "prefix00", "alias", "owner", tiers, true, false, 0, 0, null, null, null, Map.of(),
                Instant.now(), null, "salt", "hash");
    }

    @Test
    void letsTheFailureStandForATierWithoutFallback() {
        Exchange exchange = caught(decided("medium"), "tier 'medium' unavailable");

        assertThatThrownBy(() -> fallback.process(exchange)).isInstanceOf(PoolUnavailableException.class);
    }
}

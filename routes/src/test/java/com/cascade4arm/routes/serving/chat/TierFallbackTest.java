package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The chat route's catch: which tier takes over when the decided one cannot serve, and when the 503 stands. */
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
    void letsTheFailureStandForATierWithoutFallback() {
        Exchange exchange = caught(decided("medium"), "tier 'medium' unavailable");

        assertThatThrownBy(() -> fallback.process(exchange)).isInstanceOf(PoolUnavailableException.class);
    }
}

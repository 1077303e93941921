package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.util.Map;

/**
 * The chat route's catch of {@link PoolUnavailableException} (nothing reached the client yet): the routed chat goes to
 * its tier's fallback tier ({@code cascade.<tier>.fallback}, by default the next tier), flagged as a fallback. A tier
 * without one, a fallback that failed too, or one the request's key may not use, leaves the 503 standing.
 */
public final class TierFallback implements Processor {
    private final Map<String, String> fallbacks;

    /** {@code fallbacks}: tier → the tier that serves for it (tiers without one are absent). */
    public TierFallback(Map<String, String> fallbacks) {
        this.fallbacks = Map.copyOf(fallbacks);
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        RoutedChat chat = exchange.getMessage().getMandatoryBody(RoutedChat.class);
        Exception unavailable = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        String fallback = fallbacks.get(chat.tier());
        ApiKey key = KeyAccess.keyOf(exchange);
        if (fallback == null || chat.isFallback() || (key != null && !key.mayUse(fallback))) {
            throw unavailable; // a key bounds fallback too: no tier it may not use serves it
        }
        exchange.getMessage().setBody(chat.fallBack(fallback, unavailable.getMessage()));
        exchange.getMessage().setHeader(ChatRoutes.TIER, fallback);
    }
}

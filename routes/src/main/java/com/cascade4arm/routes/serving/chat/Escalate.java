package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.llama.SmallModelDoubtException;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.rules.decision.Decision;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.util.List;

/**
 * The chat route's catch of {@link SmallModelDoubtException}: the small model doubted its first tokens on a tentative
 * route and nothing reached the client, so the request goes to the large tier, carrying the confidence that sent it.
 */
public final class Escalate implements Processor {
    private final String largeTier;

    /** Escalates to the tier named "large", or to the last configured tier when there is none. */
    public Escalate(List<String> tiers) {
        this.largeTier = tiers.contains(Decision.LARGE) ? Decision.LARGE : tiers.get(tiers.size() - 1);
    }

    /** The tier escalations go to. */
    public String target() {
        return largeTier;
    }

    /**
     * A step before the call: a tentative route whose key may not use the escalation tier is served as a final one on
     * its tier (the key's tiers bound escalation: the small model's answer stands, no trial is judged).
     */
    public void boundByKey(Exchange exchange) {
        RoutedChat chat = exchange.getMessage().getBody(RoutedChat.class);
        ApiKey key = KeyAccess.keyOf(exchange);
        if (chat == null || key == null || !chat.onTrial() || key.mayUse(largeTier)) {
            return;
        }
        RouteDecision decision = chat.decision();
        exchange.getMessage().setBody(RoutedChat.decided(chat.request(), decision.rerouted(decision.route(),
                decision.reason() + "; not escalated: the key may not use tier '" + largeTier + "'")));
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        RoutedChat chat = exchange.getMessage().getMandatoryBody(RoutedChat.class);
        SmallModelDoubtException doubt = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, SmallModelDoubtException.class);
        exchange.getMessage().setBody(chat.escalate(largeTier, doubt.escalation()));
        exchange.getMessage().setHeader(ChatRoutes.TIER, largeTier);
    }
}

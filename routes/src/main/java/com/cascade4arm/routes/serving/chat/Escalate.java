package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.routes.serving.llama.SmallModelDoubtException;
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

    @Override
    public void process(Exchange exchange) throws Exception {
        RoutedChat chat = exchange.getMessage().getMandatoryBody(RoutedChat.class);
        SmallModelDoubtException doubt = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, SmallModelDoubtException.class);
        exchange.getMessage().setBody(chat.escalate(largeTier, doubt.escalation()));
        exchange.getMessage().setHeader(ChatRoutes.TIER, largeTier);
    }
}

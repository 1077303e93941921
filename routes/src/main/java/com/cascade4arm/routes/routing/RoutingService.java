package com.cascade4arm.routes.routing;

import com.cascade4arm.routes.chat.ChatMessage;

import java.util.List;

/** Decides which pool serves a conversation; the gateway's only view of the rulebook. */
public interface RoutingService {
    /** Routes by rules; {@code forcedRoute} ("small"/"large") overrides the rules' choice but still reports the facts. */
    RouteDecision decide(List<ChatMessage> messages, Integer requestedMaxTokens, String forcedRoute);
}

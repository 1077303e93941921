package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.rules.facts.PromptFacts;

/**
 * A chat request with the facts the rulebook reads, before the rulebook decided; {@code extractionNanos} is what
 * extracting them took (the decision's time, facts and rules together, is one metric).
 */
public record PromptedChat(ChatRequest request, PromptFacts facts, long extractionNanos) {
}

package com.cascade4arm.routes.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.rules.facts.PromptFacts;

/** A chat request with the facts the rulebook reads, before the rulebook decided. */
public record PromptedChat(ChatRequest request, PromptFacts facts) {
}

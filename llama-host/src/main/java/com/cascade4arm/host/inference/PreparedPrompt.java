package com.cascade4arm.host.inference;

/** A chat request rendered through the model's chat template, with its token count and generation budget. */
public record PreparedPrompt(ChatRequest request, String prompt, int promptTokens, int maxTokens) {
}

package com.cascade4arm.host.inference;

import com.cascade4arm.openai.ChatRequest;

/**
 * A chat request rendered through the model's chat template, with its token count, generation budget and, for a JSON
 * answer, the GBNF grammar its schema became (null for free text).
 */
public record PreparedPrompt(ChatRequest request, String prompt, int promptTokens, int maxTokens, String grammar) {
}

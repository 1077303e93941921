package com.cascade4arm.bench.client;

/** One user prompt sent as a streaming chat completion to a given model id (e.g. "auto" for the gateway). */
public record ChatRequest(String model, String prompt, int maxTokens) {
}

package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.GenerationListener;
import com.cascade4arm.host.inference.InferenceEngine;
import com.cascade4arm.host.inference.ModelNotReadyException;
import com.cascade4arm.host.inference.PromptTooLongException;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.util.concurrent.CompletionException;

/**
 * {@code POST /v1/chat/completions}: validates on the event loop, then hands the request to the engine (which renders
 * and starts it on a prompt thread); a client that disconnects cancels its generation (or its place in the queue).
 */
final class ChatCompletionHandler implements Handler<RoutingContext> {

    private final InferenceEngine engine;
    private final ChatRequestParser parser;
    private final String alias;

    ChatCompletionHandler(InferenceEngine engine, int slotContextTokens, String alias) {
        this.engine = engine;
        this.parser = new ChatRequestParser(limits(slotContextTokens));
        this.alias = alias;
    }

    @Override
    public void handle(RoutingContext ctx) {
        ChatRequest request;
        try {
            request = parser.parseIgnoring(ctx.body().buffer() == null ? null : ctx.body().buffer().getBytes(), NOT_RETURNED);
            ChatRequestParser.requireRoles(request, InferenceEngine.ROLES, "this host");
            if (request.usesTools()) {
                // de.kherud:llama templates plain role/content turns only: tool definitions would be dropped silently.
                throw ApiError.invalidParam("tools", "unsupported_parameter", "tools is not supported by this host's "
                        + "in-process engine (its llama.cpp binding cannot template tools); use a llama-server with --jinja");
            }
        } catch (ApiError error) {
            ErrorResponses.send(ctx.response(), error);
            return;
        }
        Context context = ctx.vertx().getOrCreateContext();
        ChatCompletionJson json = new ChatCompletionJson(alias);
        GenerationListener listener = request.stream()
                ? new StreamingResponder(ctx.response(), context, json, request.includeUsage())
                : new JsonResponder(ctx.response(), context, json);
        boolean warmup = Boolean.TRUE.equals(ctx.get(InfoHandlers.WARMUP));
        engine.submit(request, listener, warmup).whenComplete((job, failure) -> context.runOnContext(v -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                ErrorResponses.send(ctx.response(), toApiError(cause));
            } else if (ctx.response().closed()) {
                engine.cancel(job);
            } else {
                ctx.response().closeHandler(closed -> engine.cancel(job));
            }
        }));
    }

    static ApiError toApiError(Throwable failure) {
        if (failure instanceof ApiError apiError) {
            return apiError;
        }
        if (failure instanceof ModelNotReadyException) {
            return ApiError.unavailable(failure.getMessage());
        }
        if (failure instanceof PromptTooLongException tooLong) {
            return new ApiError(400, ApiError.INVALID_REQUEST, null, tooLong.getMessage(), null, java.util.Map.of(
                    "param", "messages", "n_prompt_tokens", tooLong.promptTokens(), "n_ctx", tooLong.contextTokens()));
        }
        return new ApiError(500, ApiError.SERVER, "generation failed: " + failure.getClass().getSimpleName()
                + (failure.getMessage() == null ? "" : ": " + failure.getMessage()));
    }

    /**
     * What this host accepts: any model name (it serves one), max_tokens up to a slot's context and none by default
     * (generate until the context is full, as llama-server does), prompts limited by the context, not by characters.
     */
    static ChatRequestParser.Limits limits(int slotContextTokens) {
        return new ChatRequestParser.Limits(java.util.List.of(), null, java.util.Set.of(), slotContextTokens, null,
                Integer.MAX_VALUE, MAX_STOP_STRINGS);
    }

    /**
     * Accepted, answered without log-probabilities: de.kherud:llama 4.2.0 aborts the JVM when asked for token
     * probabilities, and the gateway's escalation trials then count as unmeasured instead of failing.
     */
    static final java.util.Set<String> NOT_RETURNED = java.util.Set.of("logprobs", "top_logprobs");

    /** llama-server's own cap on stop strings. */
    static final int MAX_STOP_STRINGS = 16;
}

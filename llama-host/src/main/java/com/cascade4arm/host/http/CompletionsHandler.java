package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.GenerationListener;
import com.cascade4arm.host.inference.InferenceEngine;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.openai.CompletionRequest;
import com.cascade4arm.openai.CompletionRequestParser;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

import java.util.concurrent.CompletionException;

/**
 * {@code POST /v1/completions}, the legacy text completion as llama-server answers it: the prompt generated from as it
 * is (no chat template), {@code text_completion} answers and chunks. Log probabilities are refused: de.kherud:llama
 * 4.2.0 aborts the process when asked for token probabilities (README, "API subset").
 */
final class CompletionsHandler implements Handler<RoutingContext> {
    private final InferenceEngine engine;
    private final CompletionRequestParser parser;
    private final String alias;

    CompletionsHandler(InferenceEngine engine, int slotContextTokens, String alias) {
        this.engine = engine;
        this.parser = new CompletionRequestParser(new ChatRequestParser(ChatCompletionHandler.limits(slotContextTokens)));
        this.alias = alias;
    }

    @Override
    public void handle(RoutingContext ctx) {
        CompletionRequest request;
        try {
            request = parser.parse(ctx.body().buffer() == null ? null : ctx.body().buffer().getBytes());
            if (request.logprobs() != null && request.logprobs() > 0) {
                throw ApiError.invalidParam("logprobs", "unsupported_parameter", "logprobs is not supported by this "
                        + "host's in-process engine (its llama.cpp binding cannot report token probabilities); remove it,"
                        + " or use a llama-server");
            }
        } catch (ApiError error) {
            ErrorResponses.send(ctx.response(), error);
            return;
        }
        Context context = ctx.vertx().getOrCreateContext();
        ChatCompletionJson json = ChatCompletionJson.textCompletion(alias);
        GenerationListener listener = request.stream()
                ? new StreamingResponder(ctx.response(), context, json, request.chat().includeUsage())
                : new JsonResponder(ctx.response(), context, json);
        engine.submitRaw(request.chat(), request.prompt(), listener).whenComplete((job, failure) -> context.runOnContext(v -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                ErrorResponses.send(ctx.response(), ChatCompletionHandler.toApiError(cause));
            } else if (ctx.response().closed()) {
                engine.cancel(job);
            } else {
                ctx.response().closeHandler(closed -> engine.cancel(job));
            }
        }));
    }
}

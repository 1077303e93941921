package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.GenerationListener;
import com.cascade4arm.host.inference.GenerationResult;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;

import java.util.concurrent.CancellationException;

/** Answers a non-streaming request with one chat.completion body once generation completes. */
final class JsonResponder implements GenerationListener {

    private final HttpServerResponse response;
    private final Context context;
    private final ChatCompletionJson json;

    JsonResponder(HttpServerResponse response, Context context, ChatCompletionJson json) {
        this.response = response;
        this.context = context;
        this.json = json;
    }

    @Override
    public void onStarted() {
    }

    @Override
    public void onText(String text) {
    }

    @Override
    public void onCompleted(GenerationResult result) {
        String body = json.completion(result).encode();
        context.runOnContext(v -> {
            if (!response.closed() && !response.ended()) {
                response.putHeader("Content-Type", "application/json; charset=utf-8").end(body);
            }
        });
    }

    @Override
    public void onFailed(Throwable error) {
        if (error instanceof CancellationException) {
            context.runOnContext(v -> ErrorResponses.send(response, ApiError.unavailable(
                    "request cancelled: " + error.getMessage())));
            return;
        }
        context.runOnContext(v -> ErrorResponses.send(response, ChatCompletionHandler.toApiError(error)));
    }
}

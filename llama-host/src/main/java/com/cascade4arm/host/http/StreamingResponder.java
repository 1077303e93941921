package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.GenerationListener;
import com.cascade4arm.host.inference.GenerationResult;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;

/**
 * Streams a generation as server-sent events the way llama-server does: role delta, one content delta per token,
 * finish chunk, optional usage chunk, then {@code [DONE]}; the last chunk before {@code [DONE]} carries the timings.
 * All writes hop onto the request's event-loop context, so they stay ordered and never race a disconnect.
 */
final class StreamingResponder implements GenerationListener {

    private final HttpServerResponse response;
    private final Context context;
    private final ChatCompletionJson json;
    private final boolean includeUsage;

    StreamingResponder(HttpServerResponse response, Context context, ChatCompletionJson json, boolean includeUsage) {
        this.response = response;
        this.context = context;
        this.json = json;
        this.includeUsage = includeUsage;
    }

    @Override
    public void onStarted() {
        String first = event(json.roleChunk());
        context.runOnContext(v -> {
            if (writable()) {
                response.setChunked(true)
                        .putHeader("Content-Type", "text/event-stream")
                        .putHeader("Cache-Control", "no-cache")
                        .write(first);
            }
        });
    }

    @Override
    public void onText(String text) {
        write(event(json.contentChunk(text)));
    }

    @Override
    public void onCompleted(GenerationResult result) {
        JsonObject finish = json.finishChunk(result);
        StringBuilder tail = new StringBuilder();
        if (includeUsage) {
            tail.append(event(finish));
            tail.append(event(json.usageChunk(result).put("timings", ChatCompletionJson.timings(result.timings()))));
        } else {
            tail.append(event(finish.put("timings", ChatCompletionJson.timings(result.timings()))));
        }
        tail.append("data: [DONE]\n\n");
        String body = tail.toString();
        context.runOnContext(v -> {
            if (writable()) {
                response.end(body);
            }
        });
    }

    @Override
    public void onFailed(Throwable error) {
        ApiError apiError = ChatCompletionHandler.toApiError(error);
        context.runOnContext(v -> {
            if (!writable()) {
                return;
            }
            if (response.headWritten()) {
                response.end("data: " + apiError.toLlamaServerJson() + "\n\n");
            } else {
                ErrorResponses.send(response, apiError);
            }
        });
    }

    private void write(String event) {
        context.runOnContext(v -> {
            if (writable()) {
                response.write(event);
            }
        });
    }

    private boolean writable() {
        return !response.closed() && !response.ended();
    }

    private static String event(JsonObject chunk) {
        return "data: " + chunk.encode() + "\n\n";
    }
}

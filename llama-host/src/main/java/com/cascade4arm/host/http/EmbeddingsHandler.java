package com.cascade4arm.host.http;

import com.cascade4arm.host.inference.Embedder;
import com.cascade4arm.openai.EmbeddingsRequest;
import com.cascade4arm.openai.EmbeddingsRequestParser;
import com.cascade4arm.openai.EmbeddingsResponse;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /v1/embeddings} as llama-server answers it in OpenAI's shape: validated on the event loop, embedded on a
 * worker (the model loads on the first request, then llama.cpp decodes each input), one vector per input in order.
 */
final class EmbeddingsHandler implements Handler<RoutingContext> {
    private final Embedder embedder;
    private final EmbeddingsRequestParser parser = new EmbeddingsRequestParser(Integer.MAX_VALUE);
    private final String alias;

    EmbeddingsHandler(Embedder embedder, String alias) {
        this.embedder = embedder;
        this.alias = alias;
    }

    @Override
    public void handle(RoutingContext ctx) {
        EmbeddingsRequest request;
        try {
            request = parser.parse(ctx.body().buffer() == null ? null : ctx.body().buffer().getBytes());
        } catch (ApiError error) {
            ErrorResponses.send(ctx.response(), error);
            return;
        }
        ctx.vertx().executeBlocking(() -> embedder.embed(request.inputs()), false).onComplete(done -> {
            if (ctx.response().closed() || ctx.response().ended()) {
                return;
            }
            if (done.failed()) {
                ErrorResponses.send(ctx.response(), ChatCompletionHandler.toApiError(done.cause()));
                return;
            }
            Embedder.Result result = done.result();
            ctx.response().putHeader("Content-Type", "application/json; charset=utf-8").end(
                    EmbeddingsResponse.build(result.vectors(), alias, result.promptTokens(), request.base64()).toString());
        });
    }
}

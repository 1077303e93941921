package com.cascade4arm.host.http;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.inference.InferenceEngine;
import com.cascade4arm.host.warmup.HostWarmup;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

import java.util.Locale;

/** Wires the llama-server compatible endpoints, API-key check, body limit and error mapping into one router. */
public final class HostRouter {

    private HostRouter() {
    }

    public static Router create(Vertx vertx, HostConfig config, InferenceEngine engine, HostWarmup warmup) {
        Router router = Router.router(vertx);
        InfoHandlers info = new InfoHandlers(config, engine, warmup);

        router.get("/health").handler(info::health);
        router.get("/metrics").handler(info::metrics);
        router.get("/props").handler(new PropsHandler(config)::props);
        if (config.apiKey() != null) {
            router.route("/v1/*").handler(new BearerAuth(config.apiKey()));
        }
        router.route("/v1/*").handler(info::requireReady);
        router.get("/v1/models").handler(info::models);
        // Vert.x wants body handlers first on a route, so the content-type check gets a route of its own.
        router.post("/v1/chat/completions").handler(HostRouter::requireJsonContentType);
        router.post("/v1/chat/completions")
                .handler(BodyHandler.create(false).setBodyLimit(config.maxBodyBytes()))
                .handler(new ChatCompletionHandler(engine, config.slotContextTokens(), config.alias()));
        router.post("/v1/completions").handler(HostRouter::requireJsonContentType);
        router.post("/v1/completions")
                .handler(BodyHandler.create(false).setBodyLimit(config.maxBodyBytes()))
                .handler(new CompletionsHandler(engine, config.slotContextTokens(), config.alias()));
        router.post("/v1/embeddings").handler(HostRouter::requireJsonContentType);
        router.post("/v1/embeddings")
                .handler(BodyHandler.create(false).setBodyLimit(config.maxBodyBytes()))
                .handler(new EmbeddingsHandler(engine.embedder(), config.alias()));

        router.errorHandler(404, ErrorResponses::notFound);
        router.errorHandler(405, ErrorResponses::methodNotAllowed);
        router.errorHandler(413, ctx -> ErrorResponses.bodyTooLarge(ctx, config.maxBodyBytes()));
        router.errorHandler(500, ctx -> ErrorResponses.failure(ctx, config.maxBodyBytes()));
        router.route().last().failureHandler(ctx -> ErrorResponses.failure(ctx, config.maxBodyBytes()));
        return router;
    }

    /** A declared non-JSON body type is refused (415); a missing Content-Type is accepted like llama-server does. */
    static void requireJsonContentType(RoutingContext ctx) {
        String type = ctx.request().getHeader("Content-Type");
        if (type == null || isJson(type)) {
            ctx.next();
            return;
        }
        ErrorResponses.send(ctx.response(), new ApiError(415, ApiError.INVALID_REQUEST,
                "Content-Type must be application/json, but was '" + type + "'"));
    }

    private static boolean isJson(String contentType) {
        String mediaType = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return mediaType.equals("application/json") || mediaType.endsWith("+json");
    }
}

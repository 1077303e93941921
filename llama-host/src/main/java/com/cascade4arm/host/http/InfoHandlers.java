package com.cascade4arm.host.http;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.gguf.GgufFacts;
import com.cascade4arm.host.inference.InferenceEngine;
import com.cascade4arm.host.metrics.PrometheusText;
import com.cascade4arm.host.warmup.HostWarmup;
import com.cascade4arm.openai.ApiError;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The small read-only endpoints: {@code /health}, {@code /v1/models}, {@code /metrics}, plus the loading gate. */
final class InfoHandlers {

    /** Routing-context key set on the host's own warm-up requests. */
    static final String WARMUP = "cascade.warmup";

    private final HostConfig config;
    private final InferenceEngine engine;
    private final HostWarmup warmup;
    private final long createdEpochSeconds = System.currentTimeMillis() / 1000;

    InfoHandlers(HostConfig config, InferenceEngine engine, HostWarmup warmup) {
        this.config = config;
        this.engine = engine;
        this.warmup = warmup;
    }

    void health(RoutingContext ctx) {
        if (engine.isReady()) {
            ctx.response().putHeader("Content-Type", "application/json; charset=utf-8")
                    .end(new JsonObject().put("status", "ok").encode());
        } else {
            ErrorResponses.send(ctx.response(), ApiError.unavailable(engine.notReadyMessage()));
        }
    }

    /**
     * llama-server answers 503 on every API endpoint until the model is loaded and warmed up; only the host's own
     * warm-up requests (carrying its secret) pass while it warms up.
     */
    void requireReady(RoutingContext ctx) {
        if (engine.isReady()) {
            ctx.next();
        } else if (engine.isWarmingUp() && warmup.admits(ctx.request().getHeader(HostWarmup.HEADER))) {
            ctx.put(WARMUP, true);
            ctx.next();
        } else {
            ErrorResponses.send(ctx.response(), ApiError.unavailable(engine.notReadyMessage()));
        }
    }

    /** llama-server's model list; {@code meta} has its fields (n_params, ftype, n_ctx_train, …) plus ours. */
    void models(RoutingContext ctx) {
        ctx.vertx().executeBlocking(this::modelList, false).onComplete(done -> {
            if (done.failed()) {
                ctx.fail(done.cause());
                return;
            }
            ctx.response().putHeader("Content-Type", "application/json; charset=utf-8").end(done.result().encode());
        });
    }

    private JsonObject modelList() {
        GgufFacts facts = ModelFile.facts(config.model());
        JsonObject meta = new JsonObject()
                .put("n_vocab", facts.nVocab())
                .put("n_ctx_train", facts.nCtxTrain())
                .put("n_embd", facts.nEmbd())
                .put("n_params", facts.nParams())
                .put("ftype", facts.ftype())
                .put("n_ctx", config.ctxSize())
                .put("n_ctx_slot", config.slotContextTokens())
                .put("n_parallel", config.parallel())
                .put("serialize_requests", config.serializeRequests())
                .put("model_file", config.model().getFileName().toString())
                .put("size", fileSize(config.model()))
                .put("draft_model_file", config.draftModel() == null ? null
                        : config.draftModel().getFileName().toString());
        JsonObject model = new JsonObject()
                .put("id", config.alias())
                .put("object", "model")
                .put("created", createdEpochSeconds)
                .put("owned_by", "llamacpp")
                .put("meta", meta);
        return new JsonObject().put("object", "list").put("data", new JsonArray().add(model));
    }

    void metrics(RoutingContext ctx) {
        ctx.response().putHeader("Content-Type", PrometheusText.CONTENT_TYPE)
                .end(PrometheusText.render(engine.metrics().snapshot(), engine.hasDraft()));
    }

    private static long fileSize(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return -1;
        }
    }
}

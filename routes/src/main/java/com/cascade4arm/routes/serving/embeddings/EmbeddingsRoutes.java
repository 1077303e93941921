package com.cascade4arm.routes.serving.embeddings;

import com.cascade4arm.openai.EmbeddingsRequestParser;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.EMBEDDINGS;

/**
 * {@code POST /v1/embeddings}: validated ({@link EmbeddingsRequestParser}), admitted like chat (the same key, limits,
 * request log and charge) and passed to the embeddings pool ({@link EmbeddingsRelay}). Nothing blocks: the whole
 * route runs on the connection's event loop.
 */
public final class EmbeddingsRoutes extends ApiRoutes {
    private final EmbeddingsRequestParser parser;
    private final EmbeddingsRelay relay;
    private final KeyAccess keys;

    public EmbeddingsRoutes(EmbeddingsRequestParser parser, EmbeddingsRelay relay, KeyAccess keys,
                            ExecutorService workers) {
        super(workers);
        this.parser = parser;
        this.relay = relay;
        this.keys = keys;
    }

    @Override
    public void configure() {
        onEventLoop("POST", EmbeddingsRelay.PATH, EMBEDDINGS)
                .process(keys.admit(KeyUse.CHAT, "embeddings"))
                .transform().body(byte[].class, parser::parse)
                .process(relay);
    }
}

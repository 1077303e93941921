package com.cascade4arm.routes.serving.completions;

import com.cascade4arm.openai.CompletionRequest;
import com.cascade4arm.openai.CompletionRequestParser;
import com.cascade4arm.routes.serving.chat.ChatRoutes;
import com.cascade4arm.routes.serving.chat.TierFallback;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.COMPLETIONS;
import static com.cascade4arm.routes.RouteIds.SELECT_ENDPOINT;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * {@code POST /v1/completions}, the legacy text completion: validated ({@link CompletionRequestParser}), admitted like
 * chat, routed by the rulebook on its prompt (chat's {@code select-endpoint}), and relayed raw (no chat template) to
 * the tier's {@code /v1/completions} ({@link CompletionsRelay}); when that tier cannot serve before anything was sent,
 * its fallback tier does, flagged, as for chat ({@link TierFallback}: never a tier the key may not use). Nothing
 * blocks: it runs on the connection's event loop.
 */
public final class CompletionsRoutes extends ApiRoutes {
    private final CompletionRequestParser parser;
    private final CompletionsRelay relay;
    private final KeyAccess keys;
    private final TierFallback fallback;

    public CompletionsRoutes(CompletionRequestParser parser, CompletionsRelay relay, KeyAccess keys,
                             TierFallback fallback, ExecutorService workers) {
        super(workers);
        this.fallback = fallback;
        this.parser = parser;
        this.relay = relay;
        this.keys = keys;
    }

    @Override
    public void configure() {
        onEventLoop("POST", CompletionsRelay.PATH, COMPLETIONS)
                .process(keys.admit(KeyUse.CHAT, "completions"))
                .transform().body(byte[].class, parser::parse)
                .setProperty(CompletionsRelay.REQUEST, body())
                .transform().body(CompletionRequest.class, CompletionRequest::chat)
                .to(direct(SELECT_ENDPOINT))
                .process(keys.requireTier(ChatRoutes.TIER))
                .doTry()
                    .process(relay)
                .doCatch(PoolUnavailableException.class) // nothing reached the client yet
                    .process(fallback)
                    .process(relay)
                .end();
    }
}

package com.cascade4arm.routes.serving.completions;

import com.cascade4arm.openai.CompletionRequest;
import com.cascade4arm.openai.CompletionRequestParser;
import com.cascade4arm.routes.serving.chat.ChatRoutes;
import com.cascade4arm.routes.serving.chat.TierFallback;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.overflow.HostedOverflow;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.COMPLETIONS;
import static com.cascade4arm.routes.RouteIds.OVERFLOW_HOSTED_COMPLETIONS;
import static com.cascade4arm.routes.RouteIds.SELECT_ENDPOINT;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * {@code POST /v1/completions}, the legacy text completion: validated ({@link CompletionRequestParser}), admitted like
 * chat, routed by the rulebook on its prompt (chat's {@code select-endpoint}), and relayed raw (no chat template) to
 * the tier's {@code /v1/completions} ({@link CompletionsRelay}); when that tier cannot serve before anything was sent,
 * its fallback tier does, flagged, as for chat ({@link TierFallback}: never a tier the key may not use); where chat
 * would overflow, the hosted API's {@code /completions} answers ({@link HostedOverflow}). Nothing blocks: it runs on
 * the connection's event loop (the hosted attempts on workers).
 */
public final class CompletionsRoutes extends ApiRoutes {
    private final CompletionRequestParser parser;
    private final CompletionsRelay relay;
    private final KeyAccess keys;
    private final TierFallback fallback;
    private final HostedOverflow overflow;

    /** {@code overflow}: where completions a tier cannot take in time go (null: none overflow). */
    public CompletionsRoutes(CompletionRequestParser parser, CompletionsRelay relay, KeyAccess keys,
                             TierFallback fallback, HostedOverflow overflow, ExecutorService workers) {
        super(workers);
        this.fallback = fallback;
        this.overflow = overflow;
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
                .process(overflow == null ? exchange -> { } : overflow::admit) // as chat: tier busy or down
                .filter(exchangeProperty(HostedOverflow.REASON).isNotNull())
                    .to(direct(OVERFLOW_HOSTED_COMPLETIONS))
                .end()
                .filter(exchangeProperty(HostedOverflow.ANSWERED).isNull()) // not answered by the hosted API
                    .doTry()
                        .process(relay)
                    .doCatch(PoolUnavailableException.class) // nothing reached the client yet
                        .process(fallback)
                        .process(relay)
                    .end()
                .end();

        from(direct(OVERFLOW_HOSTED_COMPLETIONS)).routeId(OVERFLOW_HOSTED_COMPLETIONS)
                .routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .process(overflow == null ? exchange -> { }
                        : overflow.text(exchange -> exchange.getProperty(CompletionsRelay.REQUEST, CompletionRequest.class)));
    }
}

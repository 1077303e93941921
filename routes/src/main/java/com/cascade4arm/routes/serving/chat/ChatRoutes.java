package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;
import com.cascade4arm.routes.serving.llama.LlamaComponent;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.llama.SmallModelDoubtException;
import com.cascade4arm.routes.serving.overflow.HostedOverflow;
import com.cascade4arm.routes.serving.tracing.ChatTraceSteps;
import org.apache.camel.model.ChoiceDefinition;

import java.util.List;
import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.CALL_TIER;
import static com.cascade4arm.routes.RouteIds.CHAT_COMPLETIONS;
import static com.cascade4arm.routes.RouteIds.OVERFLOW_HOSTED;
import static com.cascade4arm.routes.RouteIds.SELECT_ENDPOINT;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The cascade. A prompt comes in at {@code POST /v1/chat/completions}, its facts are extracted, the rulebook picks a
 * tier, {@code call-tier} sends it to that tier's pool ({@code llama:<tier>}); when that pool cannot serve before
 * anything was sent, the tier's fallback does; when the small model doubts its first tokens on a tentative route,
 * the large tier does. A tier with overflow on sends what it cannot take in time to the hosted API instead
 * ({@link HostedOverflow}: its attempts on workers, no thread waiting out a Retry-After). Nothing here blocks: the
 * route runs on the client connection's event loop, except after a hosted attempt that failed, where {@code call-tier}
 * goes on from that attempt's worker (the upstream client has an off-loop client for it). A second failure inside a
 * {@code doCatch} is not caught by its sibling: an escalated request whose large tier is down, or a fallback that
 * cannot serve either, answers 503.
 */
public final class ChatRoutes extends ApiRoutes {
    public static final String CHAT_PATH = "/v1/chat/completions";
    /** Message header naming the tier a routed chat goes to: what the dynamic call reads. */
    public static final String TIER = "CascadeTier";

    private final ChatSteps steps;
    private final TierFallback fallback;
    private final Escalate escalate;
    private final List<String> tiers;
    private final ChatTraceSteps trace;
    private final KeyAccess keys;
    private final HostedOverflow overflow;

    public ChatRoutes(ChatSteps steps, ChatTraceSteps trace, TierFallback fallback, Escalate escalate, List<String> tiers,
                      KeyAccess keys, ExecutorService workers) {
        this(steps, trace, fallback, escalate, tiers, keys, workers, null);
    }

    /** {@code overflow}: where requests a tier cannot take in time go (null: none overflow). */
    public ChatRoutes(ChatSteps steps, ChatTraceSteps trace, TierFallback fallback, Escalate escalate, List<String> tiers,
                      KeyAccess keys, ExecutorService workers, HostedOverflow overflow) {
        super(workers);
        this.overflow = overflow;
        this.keys = keys;
        this.trace = trace;
        this.steps = steps;
        this.fallback = fallback;
        this.escalate = escalate;
        this.tiers = List.copyOf(tiers);
    }

    @Override
    public void configure() {
        onEventLoop("POST", CHAT_PATH, CHAT_COMPLETIONS)
                .process(trace::begin)
                .process(keys.admit(KeyUse.CHAT, "chat")) // API key, its rate and budget (401/403/429)
                .transform().exchange(steps::parse) // -> ChatRequest, validated (400/413 name the bad value; unknown model 404)
                .to(direct(SELECT_ENDPOINT)) // -> RoutedChat: the rulebook's tier, in header CascadeTier
                .process(exchange -> keys.decided(exchange, exchange.getMessage().getBody(RoutedChat.class).decision()))
                .process(keys.requireTier(TIER)) // 403 when the key may not use the tier
                .process(escalate::boundByKey) // no escalation trial to a tier the key may not use
                .process(overflow == null ? exchange -> { } : overflow::admit)
                .filter(exchangeProperty(HostedOverflow.REASON).isNotNull())
                    .to(direct(OVERFLOW_HOSTED))
                .end()
                .filter(exchangeProperty(HostedOverflow.ANSWERED).isNull()) // not answered by the hosted API
                    .doTry()
                        .to(direct(CALL_TIER))
                    .doCatch(SmallModelDoubtException.class)
                        .process(escalate)
                        .to(direct(CALL_TIER))
                    .doCatch(PoolUnavailableException.class)
                        .process(fallback)
                        .to(direct(CALL_TIER))
                    .end()
                .end();

        // Asynchronous: each attempt on a worker (camel-http reads on the calling thread), Retry-After waits on a timer.
        from(direct(OVERFLOW_HOSTED)).routeId(OVERFLOW_HOSTED).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .process(overflow == null ? exchange -> { } : overflow.chat());

        from(direct(SELECT_ENDPOINT)).routeId(SELECT_ENDPOINT).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .process(trace::decisionStarted)
                .transform().body(ChatRequest.class, steps::extractFacts)
                .process(steps.semanticFact())
                .transform().body(PromptedChat.class, steps::decide)
                .process(trace::decisionDone)
                .setHeader(TIER).body(RoutedChat.class, RoutedChat::tier);

        // One static branch per configured tier (not toD): no endpoint is resolved per request.
        ChoiceDefinition toTier = from(direct(CALL_TIER)).routeId(CALL_TIER)
                .routeConfigurationId(ErrorsConfiguration.INTERNAL).choice();
        for (String tier : tiers) {
            toTier.when(header(TIER).isEqualTo(tier)).to(LlamaComponent.uri(tier));
        }
        // ChatSteps.decide sends a tier the rules name but nobody configured to the first tier; this guards the rest.
        toTier.otherwise().throwException(IllegalStateException.class, "no tier named ${header." + TIER + "}").end();
    }
}

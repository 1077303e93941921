package com.cascade4arm.routes.serving.overflow;

import com.cascade4arm.bench.cost.CostModel;
import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.CompletionRequest;
import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.hosted.HostedApi;
import com.cascade4arm.routes.serving.hosted.HostedCall;
import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.HeaderValues;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import org.apache.camel.AsyncCallback;
import org.apache.camel.AsyncProcessor;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.AsyncProcessorSupport;
import org.apache.camel.support.DefaultExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

import static com.cascade4arm.routes.RouteIds.HOSTED_CALL;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * Overflow to the hosted API. {@link #admit} (on the event loop, after the rulebook chose a tier): a request overflows
 * when its tier has {@code overflow=hosted} and either no endpoint is available ({@code unavailable}) or the pool's
 * expected wait — in flight × recent time per request, the shortest of its endpoints' — is above
 * {@code max-queue-ms} ({@code queue}); only with a key that may use the hosted API, a configured hosted API and its
 * breaker closed. {@link #chat()} and {@link #text} send it through the {@code hosted-call} route, each attempt on a
 * worker (camel-http is synchronous), with Resilience4j's asynchronous Retry for 429/503 (the server's Retry-After
 * honoured, else exponential backoff, within the request timeout; no thread waits); its answer carries {@code overflow: true}, the reason and the hosted price. When the hosted API
 * fails before any of its answer reached the client, the request is served by its tier after all.
 */
public final class HostedOverflow {
    /** Exchange property with the overflow's reason ({@code queue} or {@code unavailable}); absent: served locally. */
    public static final String REASON = "cascade.overflow";
    /** Exchange property set once the hosted API answered the client: nothing else serves it. */
    public static final String ANSWERED = "cascade.overflow.answered";
    public static final String QUEUE = "queue";
    public static final String UNAVAILABLE = "unavailable";
    private static final Logger LOG = LoggerFactory.getLogger(HostedOverflow.class);
    private static final String RESPONSE_HEADER = "Response-";

    /** The retries of one overflowing request: attempts, backoff without a hint, the longest wait, its deadline. */
    public record Retries(int maxAttempts, long initialBackoffMs, long maxWaitMs, long deadlineMs) {
    }

    private final Map<String, OverflowPolicy> policies;
    private final Map<String, UpstreamPool> pools;
    private final HostedApi api;
    private final CircuitBreaker breaker;
    private final Retries retries;
    private final GenAiMetrics metrics;
    /** Where each attempt runs (camel-http blocks its thread while it reads the answer): the gateway's workers. */
    private final ExecutorService workers;
    /** Sends attempts to the hosted-call route; made on the first overflow, from its exchange's context. */
    private volatile ProducerTemplate template;
    /** Where the Retry's waits are scheduled; made with {@link #template}. */
    private volatile ScheduledExecutorService scheduler;

    public HostedOverflow(Map<String, OverflowPolicy> policies, Map<String, UpstreamPool> pools, HostedApi api,
                          CircuitBreaker breaker, Retries retries, GenAiMetrics metrics, ExecutorService workers) {
        this.workers = workers;
        this.policies = Map.copyOf(policies);
        this.pools = pools;
        this.api = api;
        this.breaker = breaker;
        this.retries = retries;
        this.metrics = metrics;
    }

    /** Decides whether the routed chat overflows; when it does, its reason goes into {@link #REASON}. */
    public void admit(Exchange exchange) {
        RoutedChat chat = exchange.getMessage().getBody(RoutedChat.class);
        if (chat == null) {
            return;
        }
        OverflowPolicy policy = policies.getOrDefault(chat.tier(), OverflowPolicy.NONE);
        UpstreamPool pool = pools.get(chat.tier());
        if (!policy.hosted() || pool == null) {
            return;
        }
        String reason = !pool.anyAvailable() ? UNAVAILABLE : pool.expectedWaitMs() > policy.maxQueueMs() ? QUEUE : null;
        if (reason == null) {
            return;
        }
        ApiKey key = KeyAccess.keyOf(exchange);
        if (key != null && !key.hostedAllowed()) {
            return; // the key may not use the paid API: the request queues on its tier, as without overflow
        }
        if (!api.configured() || !breaker.tryAcquirePermission()) {
            return; // no hosted API, or its breaker is open: queue (or fall back) locally
        }
        breaker.releasePermission(); // only asked; the hosted-call route takes its own permission
        metrics.overflow(chat.tier(), reason);
        exchange.setProperty(REASON, reason);
    }

    /**
     * Serves an overflowing chat from the hosted API's {@code /chat/completions}. Asynchronous: each attempt runs on a
     * worker (camel-http reads on the calling thread), and a wait for Retry-After holds no thread (Resilience4j's
     * asynchronous Retry on a scheduler). Sets {@link #ANSWERED} when the client got its answer (a non-streamed one is
     * the body, with its headers); leaves it unset when the hosted API could not answer before anything was shown, so
     * the tier serves.
     */
    public AsyncProcessor chat() {
        return new AsyncProcessorSupport() {
            @Override
            public boolean process(Exchange exchange, AsyncCallback callback) {
                RoutedChat chat = exchange.getMessage().getBody(RoutedChat.class);
                return serve(exchange, callback, chat, chat.request().with(api.model(), true, true).toJson(true), false);
            }
        };
    }

    /**
     * {@link #chat()} for a legacy text completion ({@code request} reads it off the exchange): the raw prompt to the
     * hosted API's {@code /completions} (OpenRouter serves it for its models), answered as {@code text_completion}.
     */
    public AsyncProcessor text(Function<Exchange, CompletionRequest> request) {
        return new AsyncProcessorSupport() {
            @Override
            public boolean process(Exchange exchange, AsyncCallback callback) {
                RoutedChat chat = exchange.getMessage().getBody(RoutedChat.class);
                CompletionRequest completion = request.apply(exchange);
                ObjectNode body = new CompletionRequest(completion.prompt(), completion.chat().with(api.model(), true,
                        true), completion.logprobs()).toJson();
                body.put("model", api.model());
                return serve(exchange, callback, chat, body, true);
            }
        };
    }

    private boolean serve(Exchange exchange, AsyncCallback callback, RoutedChat chat, ObjectNode body, boolean text) {
        String reason = exchange.getProperty(REASON, String.class);
        HttpContext client = HttpContext.of(exchange);
        Map<String, String> headers = headers(chat, reason);
        OverflowCall call = new OverflowCall(api, body, client, chat.request().stream(), headers, text);
        if (template == null) {
            start(exchange.getContext());
        }
        attempts(call, client, System.nanoTime()).whenComplete((last, error) -> {
            try {
                finish(exchange, chat, reason, call, client, headers, text, error == null ? last
                        : new OverflowCall.Attempt(false, 0, "the hosted call failed: " + error, null, false));
            } catch (RuntimeException e) {
                exchange.setException(e);
            } finally {
                callback.done(false);
            }
        });
        return false;
    }

    /** On the first overflow: the template and the scheduler, from its exchange's context. */
    private synchronized void start(CamelContext camel) {
        if (template == null) {
            // Waits for Retry-After are timers on this one thread (Camel stops it with the context), not sleeping workers.
            scheduler = camel.getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "overflow-retry-waits");
            template = camel.createProducerTemplate();
        }
    }

    private void finish(Exchange exchange, RoutedChat chat, String reason, OverflowCall call, HttpContext client,
                        Map<String, String> headers, boolean text, OverflowCall.Attempt last) {
        if (!last.ok()) {
            if (call.shown()) {
                client.sendError(new ApiError(502, ApiError.UPSTREAM, "upstream_stream_failed",
                        "the hosted API failed mid-stream: " + last.message()));
                exchange.setProperty(ANSWERED, true);
                return;
            }
            LOG.warn("overflow of tier {} to the hosted API failed ({}); the tier serves it", chat.tier(),
                    LogText.safe(last.message()));
            exchange.removeProperty(REASON);
            return;
        }
        ObjectNode cascade = cascade(chat, reason, call, client.receivedAtNanos());
        exchange.setProperty(ANSWERED, true);
        if (chat.request().stream()) {
            finishStream(client, chat, call, cascade, text);
            client.answered(cascade, null);
            return;
        }
        client.answered(cascade, call.content());
        exchange.getMessage().setBody(text ? textCompletion(call, cascade) : completion(call, cascade));
        headers.forEach((name, value) -> exchange.getMessage().setHeader(RESPONSE_HEADER + name, value));
    }

    /**
     * The attempts, with Resilience4j's asynchronous Retry: 429 and 503 before anything was shown, waiting what the
     * server asks on the scheduler; each attempt on a worker. All workers busy: no attempt, the tier serves.
     */
    private CompletionStage<OverflowCall.Attempt> attempts(OverflowCall call, ClientChannel client, long started) {
        long[] plannedWait = {0};
        int[] tries = {0};
        RetryConfig config = RetryConfig.<OverflowCall.Attempt>custom()
                .maxAttempts(retries.maxAttempts())
                .retryOnResult(attempt -> {
                    if (attempt.ok() || call.shown() || client.clientGone() || attempt.notCalled()
                            || (attempt.status() != 429 && attempt.status() != 503)) {
                        return false;
                    }
                    long wait = attempt.retryAfterMs() != null ? attempt.retryAfterMs()
                            : retries.initialBackoffMs() << Math.min(10, tries[0] - 1);
                    long remaining = retries.deadlineMs() - (System.nanoTime() - started) / 1_000_000;
                    plannedWait[0] = wait;
                    return wait <= retries.maxWaitMs() && wait < remaining;
                })
                .retryOnException(e -> false)
                // At least 1 ms: the asynchronous Retry takes a 0 ms interval (Retry-After: 0) for "no retry".
                .intervalBiFunction((attempt, outcome) -> Math.max(1, plannedWait[0]))
                .failAfterMaxAttempts(false)
                .build();
        Retry retry = Retry.of("overflow-hosted", config);
        return retry.executeCompletionStage(scheduler, () -> {
            tries[0]++;
            try {
                return CompletableFuture.supplyAsync(() -> attempt(call), workers);
            } catch (RejectedExecutionException busy) {
                return CompletableFuture.completedFuture(new OverflowCall.Attempt(false, 0,
                        "every gateway worker is busy", null, true));
            }
        });
    }

    /** One attempt through the hosted-call route (blocking: on a worker). */
    private OverflowCall.Attempt attempt(OverflowCall call) {
        Exchange attempt = new DefaultExchange(template.getCamelContext());
        attempt.setProperty(HostedCall.PROPERTY, call);
        template.send(direct(HOSTED_CALL), attempt);
        OverflowCall.Attempt outcome = call.last();
        return outcome != null ? outcome
                : new OverflowCall.Attempt(false, 0, "the hosted API gave no answer", null, false);
    }

    private Map<String, String> headers(RoutedChat chat, String reason) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Cascade-Route", "hosted");
        headers.put("X-Cascade-Rule", HeaderValues.encode(chat.decision().rule()));
        headers.put("X-Cascade-Endpoint", HeaderValues.encode(api.endpoint()));
        headers.put("X-Cascade-Rules-Version", String.valueOf(chat.decision().rulesVersion()));
        headers.put("X-Cascade-Overflow", reason);
        return headers;
    }

    /** The "cascade" object of an overflowed answer: served by the hosted API, why, and at its price. */
    private ObjectNode cascade(RoutedChat chat, String reason, OverflowCall call, long receivedAtNanos) {
        long now = System.nanoTime();
        double totalMs = (now - receivedAtNanos) / 1e6;
        Double ttftMs = call.firstContentNanos() == 0 ? null : (call.firstContentNanos() - receivedAtNanos) / 1e6;
        ObjectNode info = Json.object();
        info.put("route", "hosted");
        info.put("rule", chat.decision().rule());
        info.put("reason", chat.decision().reason());
        info.put("endpoint", api.endpoint());
        info.put("rules_version", chat.decision().rulesVersion());
        if (ttftMs == null) {
            info.putNull("ttft_ms");
        } else {
            info.put("ttft_ms", round(ttftMs));
        }
        info.put("total_ms", round(totalMs));
        info.put("prompt_tokens", call.promptTokens());
        info.put("completion_tokens", call.completionTokens());
        double generationMs = ttftMs == null ? totalMs : totalMs - ttftMs;
        info.put("tokens_per_second", generationMs > 0 ? round(call.completionTokens() * 1000.0 / generationMs) : 0.0);
        // The hosted API bills tokens at its list prices (cascade.cost.hosted.*), not a share of our instance.
        info.put("cost_usd", CostModel.hosted(api.usdPerMillionInput(), api.usdPerMillionOutput(), call.promptTokens(),
                call.completionTokens()));
        info.put("fallback", false);
        info.put("overflow", true);
        info.put("overflow_reason", reason);
        info.put("decided_route", chat.tier());
        return info;
    }

    private static void finishStream(ClientChannel client, RoutedChat chat, OverflowCall call, ObjectNode cascade,
                                     boolean text) {
        if (!call.shown()) {
            client.startSse(Map.of()); // an answer without any chunk: still a stream
        }
        ObjectNode last = header(call, text ? "text_completion" : "chat.completion.chunk");
        last.putArray("choices");
        if (chat.request().includeUsage()) {
            usage(last, call);
        }
        last.set("cascade", cascade);
        client.writeSseEvent(Json.string(last));
        client.endSse();
    }

    private static ObjectNode completion(OverflowCall call, ObjectNode cascade) {
        ObjectNode answer = header(call, "chat.completion");
        ObjectNode choice = answer.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("message").put("role", "assistant").put("content", call.content());
        choice.put("finish_reason", call.finishReason());
        usage(answer, call);
        answer.set("cascade", cascade);
        return answer;
    }

    /** A non-streamed legacy completion's answer, as OpenAI's {@code text_completion}. */
    private static ObjectNode textCompletion(OverflowCall call, ObjectNode cascade) {
        ObjectNode answer = header(call, "text_completion");
        ObjectNode choice = answer.putArray("choices").addObject();
        choice.put("index", 0);
        choice.put("text", call.content());
        choice.putNull("logprobs");
        choice.put("finish_reason", call.finishReason());
        usage(answer, call);
        answer.set("cascade", cascade);
        return answer;
    }

    /** The fields every answer shape starts with: the hosted call's id and model, OpenAI's object name. */
    private static ObjectNode header(OverflowCall call, String object) {
        ObjectNode answer = Json.object();
        answer.put("id", call.id());
        answer.put("object", object);
        answer.put("created", System.currentTimeMillis() / 1000);
        answer.put("model", call.model());
        return answer;
    }

    private static void usage(ObjectNode answer, OverflowCall call) {
        ObjectNode usage = answer.putObject("usage");
        usage.put("prompt_tokens", call.promptTokens());
        usage.put("completion_tokens", call.completionTokens());
        usage.put("total_tokens", call.promptTokens() + call.completionTokens());
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}

package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.serving.cost.InstanceShare;
import com.cascade4arm.routes.serving.cost.SystemCost;
import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.HeaderValues;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.tracing.ChatTracing;
import com.cascade4arm.routes.serving.upstream.AffinityOutcome;
import com.cascade4arm.routes.serving.upstream.Balance;
import com.cascade4arm.routes.serving.upstream.Upstream;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import com.cascade4arm.routes.serving.upstream.UpstreamFailure;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.trace.Span;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Serves a routed request from one tier's pool: tries its endpoints best first (each behind its own breaker) until
 * one answers. Fails with {@link PoolUnavailableException} only while nothing reached the client, so the chat route
 * may fall back; a client error the upstream found (4xx) is the request's fault: it neither trips the breaker nor
 * falls back. Never blocks: the upstream call, its tokens and the client's writes stay on the caller's event loop.
 */
public final class PoolDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(PoolDispatcher.class);
    private static final int MAX_ENDPOINT_ATTEMPTS = 2;

    private final Upstream upstream;
    private final GenAiMetrics metrics;
    private final long requestTimeoutMs;
    private final Timers timers;
    private final LongSupplier nanoTime;
    private final boolean exposeEndpoints;
    private final CascadeConfig.Escalation escalation;
    private final ChatTracing tracing;
    private final SystemCost cost;

    /** {@code exposeEndpoints}: name upstream URLs in answers (cascade.expose-endpoints); else only endpoint names. */
    public PoolDispatcher(Upstream upstream, GenAiMetrics metrics, long requestTimeoutMs, Timers timers,
                          LongSupplier nanoTime, boolean exposeEndpoints) {
        this(upstream, metrics, requestTimeoutMs, timers, nanoTime, exposeEndpoints,
                ConfigBinding.defaults().cascade().escalation(), ChatTracing.create(null, 0),
                new SystemCost(ConfigBinding.defaults().cascade().cost().cascadeUsdPerHour(), nanoTime));
    }

    /**
     * {@code escalation}: how tentative small routes are judged (or that they are served as plain small ones);
     * {@code tracing}: the upstream call spans and the traceparent sent upstream; {@code cost}: the cascade's instance,
     * whose measured share each answer's {@code cost_usd} is.
     */
    public PoolDispatcher(Upstream upstream, GenAiMetrics metrics, long requestTimeoutMs, Timers timers,
                          LongSupplier nanoTime, boolean exposeEndpoints, CascadeConfig.Escalation escalation,
                          ChatTracing tracing, SystemCost cost) {
        this.cost = cost;
        this.escalation = escalation;
        this.tracing = tracing;
        this.exposeEndpoints = exposeEndpoints;
        this.upstream = upstream;
        this.metrics = metrics;
        this.requestTimeoutMs = requestTimeoutMs;
        this.timers = timers;
        this.nanoTime = nanoTime;
    }

    /** What a non-streamed request is answered with: the upstream's JSON plus the cascade object, and headers. */
    public record Answer(ObjectNode body, Map<String, String> headers) {
    }

    /**
     * Serves {@code chat} from {@code pool}, writing a stream to {@code client} as it arrives. Completes with the
     * {@link Answer} of a non-streamed request, null once a stream ended (or the client left), or exceptionally with
     * {@link PoolUnavailableException} while nothing reached the client, or the upstream's client error.
     */
    public CompletableFuture<Answer> serve(RoutedChat chat, UpstreamPool pool, ClientChannel client) {
        return serve(chat, pool, client, Span.getInvalid());
    }

    /** {@link #serve} within the request's trace: one child span per upstream call. */
    public CompletableFuture<Answer> serve(RoutedChat chat, UpstreamPool pool, ClientChannel client, Span request) {
        try {
            // A role the pool cannot serve is the request's fault: refused here, before any endpoint sees it.
            ChatRequestParser.requireRoles(chat.request(), pool.roles(), "tier '" + pool.name() + "'");
            requireTools(chat, pool);
            requireLogprobs(chat, pool);
        } catch (ApiError refused) {
            return CompletableFuture.failedFuture(refused);
        }
        PoolAttempts attempts = new PoolAttempts(chat, pool, client, request);
        attempts.result.whenComplete((answer, error) -> attempts.ticket.close()); // off the instance, whatever the end
        attempts.tryNext();
        return attempts.result;
    }

    /**
     * 400 when the request offers tools or carries a tool-calling turn and an endpoint of the pool said it cannot call
     * tools (our in-process host): it would answer as if no tools were there.
     */
    private static void requireTools(RoutedChat chat, UpstreamPool pool) {
        if (chat.request().usesTools() && !toolCapable(pool)) {
            throw ApiError.invalidParam("tools", "unsupported_parameter", "tools is not supported by tier '"
                    + pool.name() + "': its model server (llama.cpp in-process binding) cannot call tools; remove tools"
                    + " and tool messages, or serve the tier with llama-server (--jinja)");
        }
    }

    /** Every endpoint of the pool can call tools (llama-server says nothing against it). */
    private static boolean toolCapable(UpstreamPool pool) {
        return !pool.endpoints().isEmpty() && pool.endpoints().stream().allMatch(UpstreamEndpoint::callsTools);
    }

    /**
     * 400 when the client asks for log-probabilities and an endpoint of the pool said it cannot report them (our
     * in-process host: its llama.cpp binding aborts when asked): the answer would come back without them.
     */
    private static void requireLogprobs(RoutedChat chat, UpstreamPool pool) {
        if (chat.request().output().logprobs()
                && pool.endpoints().stream().anyMatch(endpoint -> !endpoint.reportsLogprobs())) {
            throw ApiError.invalidParam("logprobs", "unsupported_parameter", "logprobs cannot be served by tier '"
                    + pool.name() + "': its model server (llama.cpp in-process binding) cannot report log-probabilities;"
                    + " send logprobs: false, or serve the tier with llama-server");
        }
    }

    /** One request's walk through a pool's candidates, best first, at most {@link #MAX_ENDPOINT_ATTEMPTS} tried. */
    private final class PoolAttempts {
        private final CompletableFuture<Answer> result = new CompletableFuture<>();
        /** This request on the cascade's instance, from dispatch to the end of its answer. */
        private final InstanceShare.Ticket ticket = cost.open();
        private final RoutedChat chat;
        private final UpstreamPool pool;
        private final ClientChannel client;
        private final Span request;
        private final Iterator<UpstreamEndpoint> candidates;
        /** The conversation's affinity key (prefix-affinity pools), its selection's outcome; else 0 and null. */
        private final long affinityKey;
        private final AffinityOutcome affinity;
        private final UpstreamEndpoint preferred;
        private String lastFailure;
        private int attempts;

        PoolAttempts(RoutedChat chat, UpstreamPool pool, ClientChannel client, Span request) {
            this.chat = chat;
            this.pool = pool;
            this.client = client;
            this.request = request;
            if (pool.balance() == Balance.PREFIX_AFFINITY) {
                this.affinityKey = PrefixKey.of(chat.request().messages());
                UpstreamPool.Selection selection = pool.select(affinityKey);
                this.affinity = selection.outcome();
                this.preferred = selection.candidates().isEmpty() ? null : selection.candidates().get(0);
                this.candidates = selection.candidates().iterator();
            } else {
                this.affinityKey = 0;
                this.affinity = null;
                this.preferred = null;
                this.candidates = pool.candidates().iterator();
            }
            this.lastFailure = "no endpoint of tier '" + pool.name() + "' is available (unhealthy or circuit open)";
        }

        void tryNext() {
            while (candidates.hasNext()) {
                UpstreamEndpoint endpoint = candidates.next();
                if (attempts++ == MAX_ENDPOINT_ATTEMPTS || client.clientGone()) {
                    break;
                }
                if (endpoint.breaker().tryAcquirePermission()) {
                    attempt(endpoint);
                    return;
                }
            }
            result.completeExceptionally(unavailable(lastFailure));
        }

        private PoolUnavailableException unavailable(String detail) {
            String message = "tier '" + pool.name() + "' unavailable: " + detail;
            return new PoolUnavailableException(chat.isFallback()
                    ? "no model endpoint can serve this request: " + chat.fallbackReason() + "; " + message : message);
        }

        private void attempt(UpstreamEndpoint endpoint) {
            long started = nanoTime.getAsLong();
            endpoint.acquire();
            // The slot that last held this conversation (llama-server's id_slot), where the tier names slots.
            int slot = affinity == null ? -1 : endpoint.prefixes().claimSlot(affinityKey);
            Span call = tracing.startUpstreamCall(request, pool.name(), endpoint.name());
            CompletableFuture<Answer> answer;
            try {
                Map<String, String> headers = ChatTracing.headersFor(call);
                answer = chat.request().stream() ? streamFrom(endpoint, headers, call, slot)
                        : completeFrom(endpoint, headers, slot);
            } catch (RuntimeException e) {
                answer = CompletableFuture.failedFuture(e);
            }
            answer.whenComplete((ok, error) -> {
                endpoint.release();
                endpoint.prefixes().releaseSlot(slot);
                if (error == null) {
                    call.end();
                } else {
                    ChatTracing.endWithError(call, String.valueOf(unwrap(error).getMessage()));
                }
                settle(endpoint, started, ok, unwrap(error));
            });
        }

        private void settle(UpstreamEndpoint endpoint, long started, Answer answer, Throwable error) {
            long elapsed = nanoTime.getAsLong() - started;
            if (error == null) {
                endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                result.complete(answer);
            } else if (error instanceof SmallModelDoubtException doubt) {
                endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS); // the model answered; it was unsure
                metrics.escalationTrial("escalated", doubt.escalation().trialMs());
                result.completeExceptionally(doubt);
            } else if (error instanceof StreamAbortedException aborted) {
                if (client.clientGone()) {
                    endpoint.breaker().releasePermission(); // the client left: not the endpoint's fault
                } else {
                    endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, aborted);
                }
                result.complete(null);
            } else if (error instanceof UpstreamFailure failure && failure.isRequestFault()) {
                // The request's fault, not the endpoint's: the breaker counts a success, and no other endpoint or tier
                // is tried (the same request would fail there the same way). A 500 about the content becomes a 400.
                endpoint.breaker().onSuccess(elapsed, TimeUnit.NANOSECONDS);
                LOG.info("upstream {} refused the request: {}", endpoint, LogText.safe(failure.getMessage()));
                String reason = failure.requestFaultReason();
                result.completeExceptionally(new ApiError(failure.isClientError() ? failure.status() : 400,
                        ApiError.INVALID_REQUEST, "upstream_rejected", "the model server refused the request: HTTP "
                        + failure.status() + (reason.isBlank() ? "" : " " + reason)));
            } else if (error instanceof UpstreamFailure failure) {
                endpoint.breaker().onError(elapsed, TimeUnit.NANOSECONDS, failure);
                metrics.upstreamError(endpoint.name(), failure.status() == 0 ? "io" : "http_" + failure.status());
                lastFailure = failure.publicMessage(); // clients read it: no addresses (the log has the detail)
                LOG.warn("upstream {} failed before answering: {}", endpoint, LogText.safe(failure.getMessage()));
                tryNext();
            } else {
                endpoint.breaker().releasePermission(); // our own bug, not the endpoint's: surface it as it is
                result.completeExceptionally(error);
            }
        }

        private CompletableFuture<Answer> streamFrom(UpstreamEndpoint endpoint, Map<String, String> headers, Span call,
                                                     int slot) {
            ObjectNode body = chat.request().with(null, true, true).toJson(false);
            if (slot >= 0) {
                body.put("id_slot", slot);
            }
            ConfidenceGate gate = trialGate();
            if (gate != null) {
                body.put("logprobs", true);
            }
            StreamRelay relay = new StreamRelay(client, routingHeaders(endpoint), nanoTime, gate);
            return bounded(upstream.stream(endpoint, body, headers, relay)).handle((done, error) -> {
                Throwable cause = unwrap(error);
                if (cause instanceof SmallModelDoubtException doubt) {
                    relay.cancelUpstream();
                    throw doubt;
                }
                if (cause == null) {
                    relay.judge(); // a short answer ends before the gate is full; throws on doubt, nothing sent
                    double totalMs = elapsedMs();
                    Double ttft = relay.ttftMs();
                    ChatTracing.firstToken(call, relay.firstContentNanos(), nanoTime.getAsLong());
                    ObjectNode cascade = CascadeInfo.build(chat, pool, endpoint, relay.usage(), ttft, totalMs, cost.usd(ticket),
                            exposeEndpoints);
                    kept(gate, cascade);
                    affinity(endpoint, relay.usage(), cascade);
                    relay.finish(cascade, chat.request().includeUsage());
                    record(endpoint, relay.usage(), ttft, totalMs);
                    client.answered(cascade, null); // keys are charged, the request log filled
                    return null;
                }
                if (cause instanceof CancellationException) {
                    throw new StreamAbortedException(new UpstreamFailure("client disconnected", 0, false, null));
                }
                UpstreamFailure failure = asFailure(endpoint, cause, relay.committed());
                if (client.clientGone()) {
                    // The client left, and cancelling its upstream request made this failure: nobody to tell, no
                    // endpoint to blame, nothing to retry. One quiet line.
                    LOG.info("client left after {} ms; its request to {} was cancelled", Math.round(elapsedMs()),
                            endpoint.name());
                    throw new StreamAbortedException(failure);
                }
                if (!relay.committed() && failure.beforeFirstByte()) {
                    throw failure;
                }
                // Tokens already reached the client: never retry silently, end the stream with an error event.
                metrics.operationDuration(pool.name(), endpoint.name(), "error", elapsedMs());
                LOG.warn("upstream {} failed mid-stream: {}", endpoint, LogText.safe(failure.getMessage()));
                client.sendError(new ApiError(502, ApiError.UPSTREAM, "upstream_stream_failed",
                        cause instanceof UpstreamFailure ? "the model server failed mid-stream: " + failure.publicMessage()
                                : failure.publicMessage()));
                throw new StreamAbortedException(failure);
            });
        }

        private CompletableFuture<Answer> completeFrom(UpstreamEndpoint endpoint, Map<String, String> headers, int slot) {
            ObjectNode body = chat.request().with(null, false, false).toJson(false);
            if (slot >= 0) {
                body.put("id_slot", slot);
            }
            ConfidenceGate gate = trialGate();
            if (gate != null) {
                body.put("logprobs", true);
            }
            CompletableFuture<JsonNode> call = upstream.complete(endpoint, body, headers);
            client.onClientGone(() -> call.cancel(false)); // nobody waits for the answer: free the model's slot
            return bounded(call).handle((answer, error) -> {
                Throwable cause = unwrap(error);
                if (cause instanceof CancellationException) {
                    throw new StreamAbortedException(new UpstreamFailure("client disconnected", 0, false, null));
                }
                if (cause != null) {
                    throw asFailure(endpoint, cause, false);
                }
                if (!(answer instanceof ObjectNode response) || !answer.path("choices").isArray()) {
                    throw new UpstreamFailure(endpoint.name() + " answered without choices", 502, true, null);
                }
                Map<String, String> answerHeaders = routingHeaders(endpoint);
                if (gate != null) {
                    // Without a stream the whole answer is in: judge its first tokens before the client gets it.
                    answer.path("choices").forEach(gate::absorb);
                    if (gate.doubts()) {
                        throw new SmallModelDoubtException(new RoutedChat.Escalation(gate.confidence(),
                                gate.threshold(), elapsedMs()));
                    }
                    answerHeaders.put("X-Cascade-Escalated", "false");
                }
                double totalMs = elapsedMs();
                Usage usage = new Usage();
                usage.absorbUsage(answer.get("usage"));
                usage.absorbTimings(answer.get("timings"));
                // Non-streaming has no first token on the wire: llama-server's own generation time gives it.
                Double ttft = usage.upstreamPredictedMs == null ? null : Math.max(0, totalMs - usage.upstreamPredictedMs);
                ObjectNode cascade = CascadeInfo.build(chat, pool, endpoint, usage, ttft, totalMs, cost.usd(ticket),
                        exposeEndpoints);
                kept(gate, cascade);
                affinity(endpoint, usage, cascade);
                response.set("cascade", cascade);
                record(endpoint, usage, ttft, totalMs);
                client.answered(cascade, response.path("choices").path(0).path("message").path("content").asText(null));
                return new Answer(response, answerHeaders);
            });
        }

        /** A gate for a tentative route still on trial, or null (final route, escalation off, or already escalated). */
        private ConfidenceGate trialGate() {
            if (!escalation.enabled() || !chat.onTrial()) {
                return null;
            }
            return new ConfidenceGate(escalation.tokens(), escalation.threshold(chat.decision().escalateBelow()),
                    chat.request().output().logprobs());
        }

        /** A trial the small model passed (or that could not be measured): say so in the cascade object and metrics. */
        private void kept(ConfidenceGate gate, ObjectNode cascade) {
            if (gate == null) {
                return;
            }
            cascade.put("escalated", false);
            cascade.put("escalate_below", gate.threshold());
            if (gate.confidence() == null) {
                cascade.putNull("confidence"); // the upstream reported no log-probabilities
            } else {
                cascade.put("confidence", Math.round(gate.confidence() * 1000.0) / 1000.0);
            }
            metrics.escalationTrial(gate.confidence() == null ? "unmeasured" : "kept", Double.NaN);
        }

        /**
         * The answer's prompt cache figures and, in a prefix-affinity pool, how selection went (an endpoint other than
         * the conversation's own is an overflow, also when the own one failed); the endpoint now holds the prefix.
         */
        private void affinity(UpstreamEndpoint endpoint, Usage usage, ObjectNode cascade) {
            if (usage.cachedTokens != null) {
                cascade.put("cached_prompt_tokens", usage.cachedTokens);
            }
            Long evaluated = usage.evaluatedOrUncached();
            metrics.promptTokens(pool.name(), usage.cachedTokens == null ? -1 : usage.cachedTokens,
                    evaluated == null ? -1 : evaluated);
            if (affinity == null) {
                return;
            }
            AffinityOutcome outcome = endpoint == preferred ? affinity : AffinityOutcome.OVERFLOW;
            endpoint.prefixes().remember(affinityKey);
            cascade.put("prefix_affinity", outcome.tag());
            metrics.prefixAffinity(pool.name(), outcome.tag());
        }

        private void record(UpstreamEndpoint endpoint, Usage usage, Double ttft, double totalMs) {
            if (ttft != null) {
                metrics.timeToFirstToken(pool.name(), endpoint.name(), ttft);
            }
            metrics.operationDuration(pool.name(), endpoint.name(), "ok", totalMs);
            metrics.tokenUsage(pool.name(), usage.promptTokens, usage.completionTokensOrDeltas());
            if (chat.isFallback()) {
                metrics.fallback(chat.decision().route(), pool.name());
            }
        }

        private Map<String, String> routingHeaders(UpstreamEndpoint endpoint) {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("X-Cascade-Route", pool.name());
            headers.put("X-Cascade-Rule", HeaderValues.encode(chat.decision().rule())); // rules may be named in any script
            headers.put("X-Cascade-Endpoint", HeaderValues.encode(CascadeInfo.endpoint(endpoint, exposeEndpoints)));
            headers.put("X-Cascade-Rules-Version", String.valueOf(chat.decision().rulesVersion()));
            if (chat.isFallback()) {
                headers.put("X-Cascade-Fallback", "true");
            }
            if (chat.escalation() != null) {
                headers.put("X-Cascade-Escalated", "true");
                double confidence = Math.round(chat.escalation().confidence() * 1000.0) / 1000.0;
                headers.put("X-Cascade-Confidence", String.valueOf(confidence));
            }
            return headers;
        }

        private double elapsedMs() {
            return (nanoTime.getAsLong() - client.receivedAtNanos()) / 1e6;
        }
    }

    /** What went wrong upstream as an {@link UpstreamFailure}; a malformed stream counts as a 502 from the endpoint. */
    private UpstreamFailure asFailure(UpstreamEndpoint endpoint, Throwable cause, boolean committed) {
        if (cause instanceof UpstreamFailure failure) {
            return failure;
        }
        if (cause instanceof IllegalStateException malformed) {
            metrics.upstreamError(endpoint.name(), "malformed_stream");
            return new UpstreamFailure(endpoint.name() + ": " + malformed.getMessage(),
                    endpoint.name() + " sent a malformed answer: " + UpstreamErrorText.scrub(malformed.getMessage()), 502,
                    !committed, null);
        }
        return new UpstreamFailure("upstream failed: " + cause, endpoint.name() + " failed (" + UpstreamErrorText.kind(cause)
                + ")", 0, !committed, null);
    }

    /**
     * The call, failed with a 504 {@link UpstreamFailure} (and cancelled, which resets the upstream request) when it
     * runs past the request timeout. A timer on the request's event loop, so the timeout fires on that thread too.
     */
    private <T> CompletableFuture<T> bounded(CompletableFuture<T> call) {
        CompletableFuture<T> bounded = new CompletableFuture<>();
        long timer = timers.schedule(requestTimeoutMs, () -> {
            if (bounded.completeExceptionally(new UpstreamFailure(
                    "no complete answer within " + requestTimeoutMs + " ms", 504, true, null))) {
                call.cancel(false);
            }
        });
        call.whenComplete((value, error) -> {
            timers.cancel(timer);
            if (error == null) {
                bounded.complete(value);
            } else {
                bounded.completeExceptionally(error);
            }
        });
        return bounded;
    }

    /** The cause a CompletableFuture stage wrapped. */
    static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** The answer was cut after the client got part of it; the error went out in-stream, nothing more to do. */
    static final class StreamAbortedException extends RuntimeException {
        StreamAbortedException(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }
}

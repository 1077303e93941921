package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.http.Json;
import com.cascade4arm.routes.upstream.UpstreamClient;
import com.cascade4arm.routes.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.upstream.UpstreamFailure;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One streamed call of one system, bounded by the compare's deadline and cancel signal. Classifies how it ended —
 * status, message, whether content was already shown, and the server's retry hints (headers or OpenRouter's body
 * metadata) — so {@link SystemLeg} can decide about retries.
 */
final class LegAttempt implements UpstreamClient.ResponseObserver {
    /** How the attempt ended; {@code status} 0 = no HTTP answer (connection, timeout, cancel). */
    record Outcome(boolean ok, int status, String message, boolean shown, boolean timedOut, boolean cancelled,
                   RetryHints hints) {
    }

    private final LegStream stream;
    private volatile String retryAfter;
    private volatile String rateLimitReset;
    private volatile String errorMessage;
    private volatile int errorHttpStatus;

    LegAttempt(LegStream stream) {
        this.stream = stream;
    }

    LegStream stream() {
        return stream;
    }

    Outcome call(UpstreamClient client, LegTarget target, URI base, ObjectNode body, CompareRun run) {
        UpstreamEndpoint endpoint = new UpstreamEndpoint(target.system().id(), base, target.apiKey(), null);
        CompletableFuture<Void> call = client.stream(endpoint, body, stream,
                new UpstreamClient.CallOptions(target.chatUrl(base), target.headers(), this));
        run.cancelled().thenRun(() -> call.cancel(false));
        try {
            call.get(run.remainingMs(), TimeUnit.MILLISECONDS);
            return new Outcome(true, 200, null, stream.shown(), false, false, RetryHints.NONE);
        } catch (TimeoutException e) {
            call.cancel(false);
            stream.cancel();
            return failed(504, "no complete answer within the compare deadline of " + run.deadlineMs() + " ms", true, false);
        } catch (CancellationException e) {
            return failed(0, "cancelled: the client disconnected or the compare ended", false, true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.cancel(false);
            return failed(0, "interrupted", false, true);
        } catch (ExecutionException e) {
            stream.cancel(); // after an error event the upstream may still be sending: free the connection
            return classify(e.getCause());
        }
    }

    private Outcome classify(Throwable cause) {
        if (cause instanceof UpstreamFailure failure) {
            // "HTTP 429: Rate limit exceeded…" reads better than the raw body; an error in a 200 keeps the client's wording.
            String message = errorMessage != null && errorHttpStatus != 200
                    ? "HTTP " + failure.status() + ": " + errorMessage : failure.getMessage();
            return failed(failure.status(), message, false, false);
        }
        if (cause instanceof StreamErrorEvent event) {
            return failed(event.status(), event.getMessage(), false, false);
        }
        return failed(502, "failed: " + cause, false, false);
    }

    private Outcome failed(int status, String message, boolean timedOut, boolean cancelled) {
        return new Outcome(false, status, message, stream.shown(), timedOut, cancelled,
                new RetryHints(retryAfter, rateLimitReset));
    }

    @Override
    public void onHead(int status, Function<String, String> header) {
        if (status != 200) {
            retryAfter = header.apply("Retry-After");
            rateLimitReset = header.apply("X-RateLimit-Reset");
        }
    }

    /** OpenRouter puts the error's message, and its rate-limit headers, into the body: {"error":{"message","metadata":{"headers"}}}. */
    @Override
    public void onErrorBody(int status, String body) {
        errorHttpStatus = status;
        try {
            JsonNode error = Json.MAPPER.readTree(body).path("error");
            if (error.path("message").isTextual()) {
                errorMessage = error.get("message").asText();
            }
            JsonNode reset = error.path("metadata").path("headers").path("X-RateLimit-Reset");
            if (rateLimitReset == null && !reset.isMissingNode() && !reset.isNull()) {
                rateLimitReset = reset.asText();
            }
        } catch (IOException | RuntimeException notJson) {
            // the failure message already quotes the body
        }
    }
}

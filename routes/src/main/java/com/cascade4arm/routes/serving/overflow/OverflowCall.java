package com.cascade4arm.routes.serving.overflow;

import com.cascade4arm.openai.LogText;
import com.cascade4arm.openai.SseDecoder;
import com.cascade4arm.routes.serving.hosted.HostedApi;
import com.cascade4arm.routes.serving.hosted.HostedCall;
import com.cascade4arm.routes.serving.hosted.HostedFailure;
import com.cascade4arm.routes.serving.hosted.HostedRoutes;
import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.hc.core5.http.io.EofSensorInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One overflowing chat's (or legacy text completion's: {@code text}) attempts on the hosted API, as the
 * {@code hosted-call} route runs them: the request (always streamed, with usage), the answer read event by event — relayed to a streaming client as it arrives, collected for
 * one that did not stream — and how each attempt ended ({@link Attempt}: the status and the server's Retry-After).
 */
final class OverflowCall implements HostedCall {
    private static final Logger LOG = LoggerFactory.getLogger(OverflowCall.class);
    private static final int MAX_ERROR_BODY_CHARS = 300;

    /** How one attempt ended: {@code status} 0 = no HTTP answer; {@code retryAfterMs} the server's hint, null if none. */
    record Attempt(boolean ok, int status, String message, Long retryAfterMs, boolean notCalled) {
    }

    private final HostedApi api;
    private final ObjectNode body;
    private final ClientChannel client;
    private final boolean stream;
    private final Map<String, String> sseHeaders;
    private final boolean text;
    private final StringBuilder content = new StringBuilder();
    private volatile Attempt last;
    private boolean shown;
    private boolean clientLeft;
    private boolean done;
    private String finishReason;
    private String id;
    private String model;
    private long promptTokens;
    private long completionTokens;
    private long firstContentNanos;

    /**
     * {@code stream}: the client asked for a stream ({@code sseHeaders} open it); else the answer is collected.
     * {@code text}: a legacy completion, sent to {@code /completions} and read from {@code choices[].text}.
     */
    OverflowCall(HostedApi api, ObjectNode body, ClientChannel client, boolean stream, Map<String, String> sseHeaders,
                 boolean text) {
        this.text = text;
        this.api = api;
        this.body = body;
        this.client = client;
        this.stream = stream;
        this.sseHeaders = sseHeaders;
    }

    Attempt last() {
        return last;
    }

    /** True once part of the answer reached the client: no retry, no local fallback after that. */
    boolean shown() {
        return shown;
    }

    @Override
    public void request(Exchange exchange) {
        last = null;
        Message message = exchange.getMessage();
        message.removeHeaders("*"); // nothing of the client's request travels on to the hosted API
        exchange.setProperty(HostedRoutes.URL, text ? api.completionsUrl() : api.chatUrl());
        message.setHeader(Exchange.HTTP_METHOD, "POST");
        message.setHeader("Accept", "text/event-stream");
        message.setHeader("Authorization", "Bearer " + api.apiKey());
        api.headers().forEach(message::setHeader);
        message.setBody(body);
    }

    @Override
    public void readAnswer(Exchange exchange) {
        Message message = exchange.getMessage();
        int status = message.getHeader(Exchange.HTTP_RESPONSE_CODE, 0, Integer.class);
        InputStream answer = message.getBody(InputStream.class);
        try {
            if (status != 200) {
                last = new Attempt(false, status, "the hosted API answered HTTP " + status + errorText(answer),
                        RetryAfter.millis(message.getHeader("Retry-After", String.class)), false);
            } else {
                last = read(answer);
            }
        } catch (IOException | RuntimeException e) {
            if (clientLeft) { // we stopped reading: not the hosted API's failure
                last = new Attempt(false, 0, "the client left", null, false);
                throw new HostedFailure(last.message(), 0, true);
            }
            LOG.info("overflow to the hosted API failed while reading: {}", LogText.safe(e));
            last = new Attempt(false, 0, "the hosted API's answer broke off (" + UpstreamErrorText.kind(e) + ")", null,
                    false);
        } finally {
            close(answer, last != null && last.ok());
        }
        if (!last.ok()) {
            throw new HostedFailure(last.message(), last.status(), false);
        }
    }

    /** After [DONE] the connection can be reused; otherwise it is cut, not drained (a long answer nobody reads). */
    private static void close(InputStream answer, boolean complete) {
        if (answer == null) {
            return;
        }
        try {
            if (!complete && answer instanceof EofSensorInputStream sensor) {
                sensor.abort();
            } else {
                answer.close();
            }
        } catch (IOException ignored) {
            // already closed: nothing to free
        }
    }

    @Override
    public void withoutAnswer(Exchange exchange) {
        if (last != null) {
            return; // the attempt ended with an answer; last says how
        }
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        if (cause == null || cause instanceof CallNotPermittedException) {
            last = new Attempt(false, 0, "the hosted API's circuit breaker is open after repeated failures", null, true);
        } else {
            LOG.info("overflow: the hosted API is unreachable: {}", LogText.safe(cause));
            last = new Attempt(false, 0, "the hosted API is unreachable (" + UpstreamErrorText.kind(cause) + ")", null,
                    false);
        }
    }

    private Attempt read(InputStream answer) throws IOException {
        new SseDecoder(this::event).read(answer, () -> done);
        if (!done) {
            return new Attempt(false, 502, "the hosted API's stream ended without [DONE]", null, false);
        }
        return new Attempt(true, 200, null, null, false);
    }

    private void event(String data) {
        if (done) {
            return;
        }
        if ("[DONE]".equals(data.trim())) {
            done = true;
            return;
        }
        JsonNode chunk;
        try {
            chunk = Json.MAPPER.readTree(data);
        } catch (IOException e) {
            throw new IllegalStateException("the hosted API sent an event that is not JSON");
        }
        if (chunk.has("error")) { // OpenRouter reports a failure mid-stream as an event
            throw new IllegalStateException("the hosted API reported an error: "
                    + UpstreamErrorText.scrub(chunk.path("error").path("message").asText("unknown")));
        }
        id = chunk.path("id").asText(id);
        model = chunk.path("model").asText(model);
        JsonNode usage = chunk.get("usage");
        if (usage != null && usage.isObject()) {
            promptTokens = usage.path("prompt_tokens").asLong(promptTokens);
            completionTokens = usage.path("completion_tokens").asLong(completionTokens);
        }
        JsonNode choice = chunk.path("choices").path(0);
        String delta = text ? choice.path("text").asText("") : choice.path("delta").path("content").asText("");
        if (!delta.isEmpty() && firstContentNanos == 0) {
            firstContentNanos = System.nanoTime();
        }
        content.append(delta);
        if (choice.hasNonNull("finish_reason")) {
            finishReason = choice.get("finish_reason").asText();
        }
        if (stream && chunk.path("choices").size() > 0) { // the usage-only chunk goes out with the cascade object
            if (!shown) {
                shown = true;
                client.startSse(sseHeaders);
            }
            if (chunk.has("usage")) { // the usage goes out once, on the last chunk, and only when the client asked for it
                ((ObjectNode) chunk).remove("usage");
                data = Json.string(chunk);
            }
            if (!client.writeSseEvent(data)) {
                clientLeft = true; // stop reading: closing the answer ends the hosted API's generation too
                throw new IllegalStateException("the client left");
            }
        }
    }

    private static String errorText(InputStream answer) throws IOException {
        if (answer == null) {
            return "";
        }
        byte[] bytes = answer.readNBytes(MAX_ERROR_BODY_CHARS);
        String text = UpstreamErrorText.scrub(new String(bytes, StandardCharsets.UTF_8)).strip();
        return text.isEmpty() ? "" : ": " + text;
    }

    String content() {
        return content.toString();
    }

    String finishReason() {
        return finishReason == null ? "stop" : finishReason;
    }

    String id() {
        return id;
    }

    String model() {
        return model == null ? api.model() : model;
    }

    long promptTokens() {
        return promptTokens;
    }

    long completionTokens() {
        return completionTokens;
    }

    /** {@link System#nanoTime()} of the first content token, 0 when none came. */
    long firstContentNanos() {
        return firstContentNanos;
    }
}

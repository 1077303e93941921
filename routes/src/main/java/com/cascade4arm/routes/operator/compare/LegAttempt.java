package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.openai.LogText;
import com.cascade4arm.openai.Sse;
import com.cascade4arm.openai.SseDecoder;
import com.cascade4arm.routes.serving.cost.InstanceShare;
import com.cascade4arm.routes.serving.http.HeaderValues;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.hc.core5.http.io.EofSensorInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/**
 * One call of one system, as camel-http answered it: reads the streamed answer event by event (deltas go on to the
 * client at once), and says how it ended — status, message, whether content was already shown, the server's retry
 * hint (headers, or OpenRouter's error body). Can be aborted from another thread (deadline, client gone), which closes
 * the connection mid-read.
 */
final class LegAttempt {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(LegAttempt.class);
    private static final int MAX_ERROR_BODY_CHARS = 300;
    /** The gateway's routing headers on the cascade's answer, sent before the first token. */
    static final String ROUTE_HEADER = "X-Cascade-Route";
    static final String RULE_HEADER = "X-Cascade-Rule";

    /** How an attempt ended; {@code status} 0 = no HTTP answer (connection failure, timeout, cancel, breaker open). */
    record Outcome(boolean ok, int status, String message, boolean shown, boolean timedOut, boolean cancelled,
                   boolean notCalled, RetryHint hint) {
        static Outcome failed(int status, String message, boolean shown, RetryHint hint) {
            return new Outcome(false, status, message, shown, false, false, false, hint);
        }
    }

    /** Why an attempt was cut from outside. */
    enum Abort { DEADLINE, CANCELLED }

    private final String system;
    private final LegStream stream;
    private final long startedNanos = System.nanoTime();
    private volatile long endedNanos;
    private volatile InputStream body;
    private volatile Abort aborted;
    private volatile Outcome outcome;
    /** The answer's [DONE] arrived (read by the thread that reads the answer). */
    private boolean sawDone;

    /** This attempt on the system's paid instance (null: not metered here), closed when the attempt ends. */
    private final InstanceShare.Ticket ticket;

    LegAttempt(String system, LegStream stream, InstanceShare.Ticket ticket) {
        this.system = system;
        this.stream = stream;
        this.ticket = ticket;
    }

    LegStream stream() {
        return stream;
    }

    Outcome outcome() {
        return outcome;
    }

    /** The attempt's share of the system's instance, ms (for its cost): its duration when not metered. */
    double shareMs() {
        return ticket != null ? ticket.shareMs() : ((endedNanos == 0 ? System.nanoTime() : endedNanos) - startedNanos) / 1e6;
    }

    /** Off the instance (idempotent): called when the attempt ends, however it ends. */
    void release() {
        if (ticket != null) {
            ticket.close();
        }
    }

    long endedNanos() {
        return endedNanos == 0 ? System.nanoTime() : endedNanos;
    }

    /** The circuit breaker did not let the call through: nothing was sent. */
    Outcome notCalled(String message) {
        return finish(new Outcome(false, 0, message, false, false, false, true, RetryHint.NONE));
    }

    /** The compare was over before this attempt could be sent. */
    Outcome cancelledBeforeCall() {
        return finish(new Outcome(false, 0, "cancelled: the client disconnected or the compare ended", false, false,
                true, false, RetryHint.NONE));
    }

    /** Nothing answered: connection refused, or no headers before the socket timed out. */
    Outcome unreachable(String message) {
        return finish(Outcome.failed(0, message, stream.shown(), RetryHint.NONE));
    }

    /** Ends the attempt from outside; a read in progress fails at once (its connection is closed, not drained). */
    void abort(Abort why) {
        if (aborted == null) {
            aborted = why;
        }
        InputStream current = body;
        if (current != null) {
            closeAbruptly(current);
        }
    }

    /** Reads camel-http's answer: {@code status}, its headers, and the body as an unread stream. */
    Outcome read(int status, Function<String, String> header, InputStream answer, long deadlineMs) {
        body = answer;
        try {
            if (aborted != null) {
                return finish(abortedOutcome(deadlineMs, null));
            }
            if (status != 200) {
                return finish(errorStatus(status, header, answer));
            }
            String contentType = header.apply("Content-Type");
            if (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("json")) {
                return finish(errorIn200(answer));
            }
            stream.routed(header.apply(ROUTE_HEADER), HeaderValues.decode(header.apply(RULE_HEADER)));
            return finish(stream(answer, deadlineMs));
        } finally {
            if (aborted == null && outcome != null && outcome.ok()) {
                closeQuietly(answer); // after [DONE] only the last chunk is left: the connection can be reused
            } else {
                closeAbruptly(answer);
            }
        }
    }

    private Outcome stream(InputStream answer, long deadlineMs) {
        // Not closed here: read() closes the connection (reused after [DONE], cut otherwise — a close would drain it).
        try {
            // Nothing is read after [DONE]: the answer is complete even if the server keeps writing.
            new SseDecoder(this::onEvent).read(answer, () -> sawDone);
            return sawDone ? new Outcome(true, 200, null, stream.shown(), false, false, false, RetryHint.NONE)
                    : Outcome.failed(502, system + " ended the stream without [DONE] (truncated)", stream.shown(),
                    RetryHint.NONE);
        } catch (StreamErrorEvent event) {
            return Outcome.failed(event.status(), UpstreamErrorText.scrub(event.getMessage()), stream.shown(), RetryHint.NONE);
        } catch (SseDecoder.TooLong e) {
            return Outcome.failed(502, system + " sent " + e.getMessage(), stream.shown(), RetryHint.NONE);
        } catch (IOException e) {
            if (aborted != null) {
                return abortedOutcome(deadlineMs, e);
            }
            LOG.info("compare leg {} failed mid-answer: {}", system, LogText.safe(e));
            return Outcome.failed(0, system + " failed (" + UpstreamErrorText.kind(e) + ")", stream.shown(), RetryHint.NONE);
        }
    }

    /** One event of the answer: content goes on to the client; nothing after [DONE] is read. */
    private void onEvent(String data) {
        if (sawDone) {
            return;
        }
        if (data.equals(Sse.DONE)) {
            sawDone = true;
        } else {
            stream.onData(data);
        }
    }

    private Outcome abortedOutcome(long deadlineMs, IOException e) {
        return aborted == Abort.DEADLINE
                ? new Outcome(false, 504, "no complete answer within the compare deadline of " + deadlineMs + " ms",
                stream.shown(), true, false, false, RetryHint.NONE)
                : new Outcome(false, 0, "cancelled: the client disconnected or the compare ended", stream.shown(),
                false, true, false, RetryHint.NONE);
    }

    /** A non-200: "HTTP 429: Rate limit exceeded…" reads better than the raw body; the hint from headers or the body. */
    private Outcome errorStatus(int status, Function<String, String> header, InputStream answer) {
        String text = text(answer);
        JsonNode error = errorOf(text);
        String reset = header.apply("X-RateLimit-Reset");
        JsonNode bodyReset = error.path("metadata").path("headers").path("X-RateLimit-Reset");
        if (reset == null && !bodyReset.isMissingNode() && !bodyReset.isNull()) {
            reset = bodyReset.asText(); // OpenRouter repeats its rate-limit headers in the 429 body
        }
        // The client reads the status and a short reason; the body itself (an HTML page, addresses) only the log.
        String reason = UpstreamErrorText.reason(text);
        String message = error.path("message").isTextual() ? "HTTP " + status + ": " + reason
                : system + " answered HTTP " + status + (reason.isBlank() ? "" : ": " + reason);
        if (!text.isBlank()) {
            LOG.info("compare leg {} answered HTTP {}: {}", system, status, LogText.safe(abbreviate(text)));
        }
        return Outcome.failed(status, message, false, new RetryHint(header.apply("Retry-After"), reset));
    }

    /** A 200 whose body is JSON instead of an event stream: OpenRouter reports early provider errors this way. */
    private Outcome errorIn200(InputStream answer) {
        String text = text(answer);
        JsonNode error = errorOf(text);
        int code = error.path("code").canConvertToInt() ? error.path("code").asInt() : 0;
        String detail = error.path("message").isTextual() ? UpstreamErrorText.scrub(error.get("message").asText())
                : "a JSON body instead of an event stream";
        LOG.info("compare leg {} answered HTTP 200 with an error: {}", system, LogText.safe(abbreviate(text)));
        return Outcome.failed(code >= 400 && code <= 599 ? code : 502,
                system + " answered HTTP 200 with an error: " + detail, false, RetryHint.NONE);
    }

    private Outcome finish(Outcome result) {
        endedNanos = System.nanoTime();
        release();
        outcome = result;
        return result;
    }

    private static JsonNode errorOf(String text) {
        try {
            return Json.MAPPER.readTree(text).path("error");
        } catch (IOException | RuntimeException notJson) {
            return Json.MAPPER.missingNode();
        }
    }

    private static String text(InputStream answer) {
        try {
            return new String(answer.readNBytes(64 * 1024), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static String abbreviate(String text) {
        return text.length() > MAX_ERROR_BODY_CHARS ? text.substring(0, MAX_ERROR_BODY_CHARS) + "..." : text;
    }

    private static void closeQuietly(InputStream stream) {
        try {
            stream.close();
        } catch (IOException ignored) {
            // the answer is complete; a failed close frees nothing more
        }
    }

    /** Closes the connection under the stream instead of draining it (HttpClient drains on a plain close). */
    private static void closeAbruptly(InputStream stream) {
        try {
            if (stream instanceof EofSensorInputStream sensor) {
                sensor.abort();
            } else {
                stream.close();
            }
        } catch (IOException ignored) {
            // already closed: nothing to free
        }
    }
}

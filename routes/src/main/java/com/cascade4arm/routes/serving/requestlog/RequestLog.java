package com.cascade4arm.routes.serving.requestlog;

import com.cascade4arm.routes.serving.http.HttpContext;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The last {@code size} requests of the chat path, in memory, newest first: what a user asks about when they say
 * "what happened to my request?". No prompt or answer text unless {@code content} (a privacy choice: off by default).
 */
public final class RequestLog {
    /** Longest prompt or answer text kept when content is on. */
    static final int MAX_TEXT_CHARS = 2_000;

    private final int size;
    private final boolean content;
    private final Clock clock;
    private final ArrayDeque<RequestRecord> records;

    public RequestLog(int size, boolean content, Clock clock) {
        this.size = size;
        this.content = content;
        this.clock = clock;
        this.records = new ArrayDeque<>(Math.min(size, 4096));
    }

    public boolean keepsContent() {
        return content;
    }

    /** Starts following one request of {@code kind}; it is logged when its response ends (or the client leaves). */
    public Tracked track(HttpContext http, String kind) {
        Tracked tracked = new Tracked(clock.instant(), http.requestId(), kind);
        if (size == 0) {
            return tracked;
        }
        http.onAnswered((cascade, text) -> {
            tracked.cascade = cascade;
            if (content && text != null) {
                tracked.answer = clip(text);
            }
        });
        http.onFinished(status -> add(tracked.record(status)));
        return tracked;
    }

    private synchronized void add(RequestRecord record) {
        if (records.size() == size) {
            records.removeLast();
        }
        records.addFirst(record);
    }

    /** Newest first, at most {@code limit}, those {@code filter} accepts. */
    public synchronized List<RequestRecord> recent(Predicate<RequestRecord> filter, int limit) {
        List<RequestRecord> out = new ArrayList<>();
        for (Iterator<RequestRecord> it = records.iterator(); it.hasNext() && out.size() < limit; ) {
            RequestRecord record = it.next();
            if (filter.test(record)) {
                out.add(record);
            }
        }
        return out;
    }

    private static String clip(String text) {
        return text.length() <= MAX_TEXT_CHARS ? text : text.substring(0, MAX_TEXT_CHARS) + "…";
    }

    /** A request on its way: the steps it passes fill in what they learn. */
    public final class Tracked {
        private final Instant time;
        private final String requestId;
        private final String kind;
        private volatile String keyAlias;
        private volatile String keyPrefix;
        private volatile String prompt;
        private volatile JsonNode cascade;
        private volatile String answer;

        private Tracked(Instant time, String requestId, String kind) {
            this.time = time;
            this.requestId = requestId;
            this.kind = kind;
        }

        public void key(String alias, String prefix) {
            this.keyAlias = alias;
            this.keyPrefix = prefix;
        }

        /** The prompt's text, kept only when the log keeps content. */
        public void prompt(String text) {
            if (content && text != null) {
                this.prompt = clip(text);
            }
        }

        RequestRecord record(int status) {
            JsonNode c = cascade;
            boolean served = c != null;
            return new RequestRecord(time, requestId, kind, keyAlias, keyPrefix, status,
                    served ? c.path("route").asText(null) : null, served ? c.path("rule").asText(null) : null,
                    served ? c.path("endpoint").asText(null) : null,
                    served && c.path("ttft_ms").isNumber() ? c.get("ttft_ms").asDouble() : null,
                    served ? c.path("total_ms").asDouble() : null,
                    served ? c.path("prompt_tokens").asLong() : null, served ? c.path("completion_tokens").asLong() : null,
                    served ? c.path("cost_usd").asDouble() : null,
                    served && c.path("escalated").asBoolean(false), served && c.path("fallback").asBoolean(false),
                    served ? c.path("overflow_reason").asText(null) : null, prompt, answer);
        }
    }
}

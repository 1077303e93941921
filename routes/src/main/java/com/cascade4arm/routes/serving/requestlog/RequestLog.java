package com.cascade4arm.routes.serving.requestlog;

import com.cascade4arm.routes.serving.http.HttpContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The requests of the chat path, Compare and route explain, newest first: what a user asks about when they say "what
 * happened to my request?". This gateway's last {@code size} in memory; with a shared store also every replica's, in
 * the {@link SharedRequestLog} (read from there, and from memory while it cannot be read). No prompt or answer text
 * unless {@code content} (a privacy choice: off by default).
 */
public final class RequestLog implements AutoCloseable {
    /** Longest prompt or answer text kept when content is on. */
    static final int MAX_TEXT_CHARS = 2_000;
    /** Longest facts kept per request (as JSON text): beyond it only the category and the rules that fired stay. */
    public static final int MAX_FACTS_CHARS = 4_000;

    private final int size;
    private final boolean content;
    private final Clock clock;
    /** Finished requests, newest first: each row is built (its facts rendered) when first read, not on the event loop. */
    private final ArrayDeque<FinishedRequest> records;
    /** Every replica's log; null with local files. */
    private final SharedRequestLog shared;
    /** This replica's name in each row (null with local files). */
    private final String replica;

    public RequestLog(int size, boolean content, Clock clock) {
        this(size, content, clock, null, null);
    }

    public RequestLog(int size, boolean content, Clock clock, SharedRequestLog shared, String replica) {
        this.size = size;
        this.content = content;
        this.clock = clock;
        this.records = new ArrayDeque<>(Math.min(size, 4096));
        this.shared = shared;
        this.replica = replica;
    }

    public boolean keepsContent() {
        return content;
    }

    /** Whether the log is every replica's (shared store), not only this gateway's. */
    public boolean shared() {
        return shared != null;
    }

    /** Requests the shared log dropped because it fell behind (0 without one). */
    public long dropped() {
        return shared == null ? 0 : shared.dropped();
    }

    /** Starts following one request of {@code kind}; it is logged when its response ends (or the client leaves). */
    public Tracked track(HttpContext http, String kind) {
        Tracked tracked = start(http.requestId(), kind);
        if (size == 0) {
            return tracked;
        }
        http.onAnswered(tracked::answered);
        http.onFinished(status -> finish(tracked, status));
        return tracked;
    }

    /** A request of {@code kind} starts now (what {@link #track} does without a client connection: for tests). */
    Tracked start(String requestId, String kind) {
        return new Tracked(clock.instant(), requestId, kind);
    }

    /** The request's response ended with {@code status}: it becomes the newest row. */
    void finish(Tracked tracked, int status) {
        add(new FinishedRequest(tracked, status));
    }

    private void add(FinishedRequest finished) {
        synchronized (this) {
            if (records.size() == size) {
                records.removeLast();
            }
            records.addFirst(finished);
        }
        if (shared != null) {
            shared.offerLater(finished::record); // built on the writer's thread: the event loop never renders facts
        }
    }

    /** This gateway's own rows: newest first, at most {@code limit}, those {@code filter} accepts. */
    public synchronized List<RequestRecord> recent(Predicate<RequestRecord> filter, int limit) {
        List<RequestRecord> out = new ArrayList<>();
        for (Iterator<FinishedRequest> it = records.iterator(); it.hasNext() && out.size() < limit; ) {
            RequestRecord record = it.next().record();
            if (filter.test(record)) {
                out.add(record);
            }
        }
        return out;
    }

    /**
     * The rows {@code query} asks for: every replica's with a shared store (blocking: call it off the event loop),
     * else — or while the shared log cannot be read — this gateway's own.
     */
    public RecentRequests recent(RequestQuery query) {
        if (shared == null) {
            return new RecentRequests(recent(query::matches, query.limit()), false, null);
        }
        try {
            return new RecentRequests(shared.recent(query), true, null);
        } catch (RuntimeException unreachable) {
            return new RecentRequests(recent(query::matches, query.limit()), false,
                    "the shared request log could not be read (" + unreachable.getMessage()
                            + "): this replica's own requests only");
        }
    }

    @Override
    public void close() {
        if (shared != null) {
            shared.close();
        }
    }

    /**
     * A request that has ended: its row is built once, by whoever first needs it (a reader of the log, the shared
     * log's writer), so the facts' rendering (a JSON tree of every fact, ~10 % of a warm request's CPU) stays off the
     * event loop that served it.
     */
    private static final class FinishedRequest {
        private Tracked tracked;
        private final int status;
        private RequestRecord record;

        FinishedRequest(Tracked tracked, int status) {
            this.tracked = tracked;
            this.status = status;
        }

        synchronized RequestRecord record() {
            if (record == null) {
                record = tracked.record(status);
                tracked = null; // the row is all that is kept: the facts it was rendered from can go
            }
            return record;
        }
    }

    /**
     * What a row shows of an answer's "cascade" object, copied out when the answer is complete: the log keeps a few
     * fields per request, not the response's JSON tree (about a kilobyte each, which every young collection copied
     * while the newest thousand rows held it).
     */
    private record Served(String route, String rule, String endpoint, Double ttftMs, double totalMs, long promptTokens,
                          long completionTokens, double costUsd, boolean escalated, boolean fallback,
                          String overflowReason, String reason) {
        static Served of(JsonNode c) {
            return new Served(text(c, "route"), text(c, "rule"), text(c, "endpoint"),
                    c.path("ttft_ms").isNumber() ? c.get("ttft_ms").asDouble() : null, c.path("total_ms").asDouble(),
                    c.path("prompt_tokens").asLong(), c.path("completion_tokens").asLong(), c.path("cost_usd").asDouble(),
                    c.path("escalated").asBoolean(false), c.path("fallback").asBoolean(false),
                    text(c, "overflow_reason"), text(c, "reason"));
        }

        /** The field as text, or null when it is absent or null (what {@code asText(default)} falls back on). */
        private static String text(JsonNode c, String field) {
            return c.path(field).asText(null);
        }
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
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
        private volatile Served served;
        private volatile String answer;
        private volatile String decidedRoute;
        private volatile String decidedRule;
        private volatile String decidedReason;
        private volatile Long rulesVersion;
        private volatile Supplier<JsonNode> facts;

        private Tracked(Instant time, String requestId, String kind) {
            this.time = time;
            this.requestId = requestId;
            this.kind = kind;
        }

        /** The answer is complete: the fields a row shows are copied out of its "cascade" object. */
        void answered(JsonNode cascade, String text) {
            served = Served.of(cascade);
            if (content && text != null) {
                answer = clip(text);
            }
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

        /**
         * The rulebook's decision, for the explanation: the facts are rendered (and bounded) when the log is read or
         * written, not on the request path; the route and rule stand when no answer names them (a refused or failed request).
         */
        public void decided(String route, String rule, String reason, long version, Supplier<JsonNode> factsView) {
            this.decidedRoute = route;
            this.decidedRule = rule;
            this.decidedReason = reason;
            this.rulesVersion = version;
            this.facts = factsView;
        }

        RequestRecord record(int status) {
            Served s = served;
            if (s == null) {
                return new RequestRecord(time, requestId, kind, keyAlias, keyPrefix, status, decidedRoute, decidedRule,
                        null, null, null, null, null, null, false, false, null, prompt, answer, decidedReason,
                        rulesVersion, boundedFacts(), replica);
            }
            return new RequestRecord(time, requestId, kind, keyAlias, keyPrefix, status,
                    orElse(s.route, decidedRoute), orElse(s.rule, decidedRule), s.endpoint, s.ttftMs, s.totalMs,
                    s.promptTokens, s.completionTokens, s.costUsd, s.escalated, s.fallback, s.overflowReason, prompt,
                    answer, orElse(s.reason, decidedReason), rulesVersion, boundedFacts(), replica);
        }

        private JsonNode boundedFacts() {
            Supplier<JsonNode> view = facts;
            if (view == null) {
                return null;
            }
            JsonNode rendered;
            try {
                rendered = view.get();
            } catch (RuntimeException unrenderable) {
                return null; // the explanation is a convenience: a request is logged without it
            }
            if (!(rendered instanceof ObjectNode object)) {
                return rendered;
            }
            ObjectNode kept = object.deepCopy();
            if (!content) {
                // The prompt's own words (its first word, the words that scored most): text, kept only with content on.
                kept.remove(List.of("firstWord", "scoreFeatures"));
            }
            if (kept.toString().length() <= MAX_FACTS_CHARS) {
                return kept;
            }
            ObjectNode small = kept.objectNode();
            small.set("category", kept.get("category"));
            small.set("fired_rules", kept.get("fired_rules"));
            small.put("truncated", true);
            return small;
        }
    }
}

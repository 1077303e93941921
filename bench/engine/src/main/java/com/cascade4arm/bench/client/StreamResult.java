package com.cascade4arm.bench.client;

/**
 * What one streamed request measured. Times are milliseconds since the request was sent; {@code ttftMs} is null when
 * no content arrived. {@code status} is the HTTP status, 0 when no response came (connection error, timeout before
 * headers, cancel). {@code error} is null for a successful request. {@code costUsd} and {@code escalated} come from a
 * cascade's {@code cascade} object (null and false elsewhere). {@code answer} is the content text received (empty
 * when none), kept so a judge can compare answers after the measured requests. {@code draftTokens} and
 * {@code draftAcceptance} are what the answer reported of speculative decoding (llama-server's
 * {@code timings.draft_n}/{@code draft_n_accepted}, the gateway's {@code cascade.draft_acceptance}); null when it
 * reported nothing.
 */
public record StreamResult(
        int status,
        String error,
        Double ttftMs,
        double totalMs,
        long completionTokens,
        double tokensPerSecond,
        String route,
        String rule,
        String rulesVersion,
        boolean cancelled,
        Double costUsd,
        boolean escalated,
        String answer,
        Long draftTokens,
        Double draftAcceptance) {

    /** A result without draft figures (an answer that reported none). */
    public StreamResult(int status, String error, Double ttftMs, double totalMs, long completionTokens,
                        double tokensPerSecond, String route, String rule, String rulesVersion, boolean cancelled,
                        Double costUsd, boolean escalated, String answer) {
        this(status, error, ttftMs, totalMs, completionTokens, tokensPerSecond, route, rule, rulesVersion, cancelled,
                costUsd, escalated, answer, null, null);
    }

    /** A result without the gateway's cost and escalation (targets that are not a cascade). */
    public StreamResult(int status, String error, Double ttftMs, double totalMs, long completionTokens,
                        double tokensPerSecond, String route, String rule, String rulesVersion, boolean cancelled) {
        this(status, error, ttftMs, totalMs, completionTokens, tokensPerSecond, route, rule, rulesVersion, cancelled,
                null, false, "");
    }

    /** Error text for requests aborted by {@link StreamingChatClient#cancelAll()}. */
    public static final String CANCELLED = "cancelled";
    /** Error text for a stream that ended without {@code data: [DONE]}. */
    public static final String TRUNCATED = "truncated";

    /** The answer said it drafted tokens: a drafted-token count above 0, or an acceptance rate (reported only then). */
    public boolean drafted() {
        return (draftTokens != null && draftTokens > 0) || draftAcceptance != null;
    }

    public boolean ok() {
        return error == null && status >= 200 && status < 300;
    }

    static StreamResult failed(int status, String error, double totalMs, boolean cancelled) {
        return new StreamResult(status, error, null, totalMs, 0, 0, null, null, null, cancelled);
    }
}

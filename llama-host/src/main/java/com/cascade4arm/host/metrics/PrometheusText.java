package com.cascade4arm.host.metrics;

import java.util.Locale;

/** Renders {@link HostMetrics} in Prometheus text format under llama-server's metric names. */
public final class PrometheusText {

    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private PrometheusText() {
    }

    public static String render(HostMetrics.Snapshot s, boolean withDraft) {
        StringBuilder out = new StringBuilder(2048);
        metric(out, "prompt_tokens_total", "counter", "Number of prompt tokens processed.", s.promptTokens());
        metric(out, "prompt_seconds_total", "counter", "Prompt process time", s.promptSeconds());
        metric(out, "tokens_predicted_total", "counter", "Number of generation tokens processed.",
                s.predictedTokens());
        metric(out, "tokens_predicted_seconds_total", "counter", "Predict process time", s.predictedSeconds());
        metric(out, "requests_total", "counter", "Number of completed chat requests.", s.requestsCompleted());
        metric(out, "prompt_tokens_seconds", "gauge", "Average prompt throughput in tokens/s.",
                s.promptTokensPerSecond());
        metric(out, "predicted_tokens_seconds", "gauge", "Average generation throughput in tokens/s.",
                s.predictedTokensPerSecond());
        metric(out, "requests_processing", "gauge", "Number of requests processing.", s.requestsProcessing());
        metric(out, "requests_deferred", "gauge", "Number of requests deferred.", s.requestsDeferred());
        if (withDraft) {
            metric(out, "draft_tokens_total", "counter", "Number of tokens proposed by the draft model.",
                    s.draftTokens());
            metric(out, "draft_tokens_accepted_total", "counter",
                    "Number of draft tokens accepted by the target model.", s.draftTokensAccepted());
            double rate = s.draftTokens() == 0 ? 0 : (double) s.draftTokensAccepted() / s.draftTokens();
            metric(out, "draft_acceptance_ratio", "gauge", "Accepted draft tokens / proposed draft tokens.", rate);
        }
        return out.toString();
    }

    private static void metric(StringBuilder out, String name, String type, String help, double value) {
        String full = "llamacpp:" + name;
        out.append("# HELP ").append(full).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(full).append(' ').append(type).append('\n');
        out.append(full).append(' ').append(format(value)).append('\n');
    }

    private static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.6f", value);
    }
}

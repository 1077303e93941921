package com.cascade4arm.routes.serving.requestlog;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The memory log's rows: what they show of an answer, and what they keep of it. */
class RequestLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RequestLog log = new RequestLog(10, false, Clock.systemUTC());

    private static ObjectNode cascade() {
        ObjectNode cascade = JSON.createObjectNode();
        cascade.put("route", "large").put("rule", "code goes large").put("endpoint", "http://127.0.0.1:8091")
                .put("ttft_ms", 12.5).put("total_ms", 80.25).put("prompt_tokens", 31).put("completion_tokens", 7)
                .put("cost_usd", 0.0002).put("escalated", true).put("fallback", false).put("reason", "code markers");
        return cascade;
    }

    @Test
    void aServedRowShowsTheAnswersCascadeFields() {
        RequestLog.Tracked tracked = log.start("r1", "chat");
        tracked.decided("small", "everyday stays small", "decided small", 3, null);
        tracked.answered(cascade(), "the answer");
        log.finish(tracked, 200);

        RequestRecord row = only(log.recent(r -> true, 10));
        assertThat(row.route()).isEqualTo("large");
        assertThat(row.rule()).isEqualTo("code goes large");
        assertThat(row.endpoint()).isEqualTo("http://127.0.0.1:8091");
        assertThat(row.ttftMs()).isEqualTo(12.5);
        assertThat(row.totalMs()).isEqualTo(80.25);
        assertThat(row.promptTokens()).isEqualTo(31L);
        assertThat(row.completionTokens()).isEqualTo(7L);
        assertThat(row.costUsd()).isEqualTo(0.0002);
        assertThat(row.escalated()).isTrue();
        assertThat(row.fallback()).isFalse();
        assertThat(row.overflow()).isNull();
        assertThat(row.reason()).isEqualTo("code markers");
        assertThat(row.answer()).as("content is off").isNull();
        assertThat(row.rulesVersion()).isEqualTo(3L);
    }

    @Test
    void anAnswerWithoutRouteOrTimeToFirstTokenFallsBackToTheDecision() {
        RequestLog.Tracked tracked = log.start("r2", "chat");
        tracked.decided("small", "everyday stays small", "decided small", 4, null);
        ObjectNode cascade = JSON.createObjectNode().put("total_ms", 5.0).putNull("route");
        tracked.answered(cascade, null);
        log.finish(tracked, 200);

        RequestRecord row = only(log.recent(r -> true, 10));
        assertThat(row.route()).isEqualTo("small");
        assertThat(row.rule()).isEqualTo("everyday stays small");
        assertThat(row.reason()).isEqualTo("decided small");
        assertThat(row.ttftMs()).isNull();
        assertThat(row.endpoint()).isNull();
    }

    @Test
    void aRefusedRequestShowsTheDecisionAndNoServingFigures() {
        RequestLog.Tracked tracked = log.start("r3", "chat");
        tracked.decided("large", "analysis goes large", "decided large", 5, null);
        log.finish(tracked, 429);

        RequestRecord row = only(log.recent(r -> true, 10));
        assertThat(row.status()).isEqualTo(429);
        assertThat(row.route()).isEqualTo("large");
        assertThat(row.totalMs()).isNull();
        assertThat(row.promptTokens()).isNull();
    }

    @Test
    void aRowDoesNotKeepTheAnswersJsonTree() throws InterruptedException {
        RequestLog.Tracked tracked = log.start("r4", "chat");
        ObjectNode cascade = cascade();
        WeakReference<ObjectNode> tree = new WeakReference<>(cascade);
        tracked.answered(cascade, null);
        cascade = null;
        log.finish(tracked, 200);

        for (int attempt = 0; attempt < 50 && tree.get() != null; attempt++) {
            System.gc();
            Thread.sleep(20);
        }

        assertThat(tree.get()).as("the cascade object, once the row that shows it is logged").isNull();
        assertThat(only(log.recent(r -> true, 10)).route()).isEqualTo("large");
    }

    private static RequestRecord only(List<RequestRecord> rows) {
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }
}

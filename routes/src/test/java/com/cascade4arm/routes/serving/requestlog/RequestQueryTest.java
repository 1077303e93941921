package com.cascade4arm.routes.serving.requestlog;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The log's filters, as the memory log applies them (the shared log's SQL uses the same status ranges). */
class RequestQueryTest {
    private static RequestRecord row(String alias, String prefix, String route, int status) {
        return new RequestRecord(Instant.EPOCH, "r1", "chat", alias, prefix, status, route, null, null, null, null,
                null, null, null, false, false, null, null, null, null);
    }

    @Test
    void statusFiltersMatchAStatusAClassOrEveryError() {
        assertThat(new RequestQuery(null, null, "429", 10).matches(row(null, null, null, 429))).isTrue();
        assertThat(new RequestQuery(null, null, "429", 10).matches(row(null, null, null, 403))).isFalse();
        assertThat(new RequestQuery(null, null, "4xx", 10).matches(row(null, null, null, 403))).isTrue();
        assertThat(new RequestQuery(null, null, "4xx", 10).matches(row(null, null, null, 503))).isFalse();
        assertThat(new RequestQuery(null, null, "error", 10).matches(row(null, null, null, 503))).isTrue();
        assertThat(new RequestQuery(null, null, "error", 10).matches(row(null, null, null, 200))).isFalse();
        assertThat(new RequestQuery(null, null, "teapot", 10).matches(row(null, null, null, 418))).isFalse();
        assertThat(new RequestQuery(null, null, null, 10).matches(row(null, null, null, 200))).isTrue();
    }

    @Test
    void keyMatchesAliasOrPrefixAndRouteMatchesExactly() {
        RequestRecord row = row("team-a", "abcd1234", "small", 200);
        assertThat(new RequestQuery("team-a", null, null, 10).matches(row)).isTrue();
        assertThat(new RequestQuery("abcd1234", "small", null, 10).matches(row)).isTrue();
        assertThat(new RequestQuery("team-b", null, null, 10).matches(row)).isFalse();
        assertThat(new RequestQuery(null, "large", null, 10).matches(row)).isFalse();
    }
}

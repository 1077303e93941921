package com.cascade4arm.app.ops;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Grafana dashboard (camel-app/grafana) against what a running gateway really exports: after traffic that touches
 * every panel (chat on both tiers, a fallback, an edge rejection, a compare), every metric a query names is on /metrics.
 */
class GrafanaDashboardIT {
    private static final Path DASHBOARD = Path.of("grafana", "cascade4arm-dashboard.json");
    /** Metric names in PromQL: the gateway's own prefixes (functions, labels and $__ variables do not match). */
    private static final Pattern METRIC = Pattern.compile("\\b((?:cascade|gen_ai|camel)_[a-z0-9_]+)\\b(?!\\s*[=!]~?\\s*\")");
    private static InstantResponder upstream;
    private static InstantResponder failing;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        upstream = InstantResponder.start(0);
        failing = InstantResponder.start(0, ResponderBehaviour.INSTANT.withStatus(500));
        gateway = TestGateway.boot(Map.ofEntries(
                Map.entry("cascade.small.urls", upstream.baseUrl()),
                // The large tier's only endpoint answers 500: its requests fall back to small.
                Map.entry("cascade.large.urls", failing.baseUrl()),
                Map.entry("cascade.baseline.url", upstream.baseUrl()),
                Map.entry("cascade.edge.rate-limit.enabled", "true"),
                Map.entry("cascade.edge.rate-limit.reads-per-second", "0.001"),
                Map.entry("cascade.edge.rate-limit.reads-burst", "1")), false);
        http = new HttpTestClient(gateway.baseUrl());
        // /health takes no rate-limit token; the first chat must not race the first probe of the small endpoint
        await().atMost(Duration.ofSeconds(30))
                .until(() -> http.get("/health").body().contains("\"name\":\"small-0\",\"healthy\":true"));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        for (InstantResponder responder : new InstantResponder[]{upstream, failing}) {
            if (responder != null) {
                responder.close();
            }
        }
    }

    @Test
    void everyQueryNamesAMetricTheGatewayExports() throws Exception {
        assertThat(http.post("/v1/chat/completions", HttpTestClient.chat("small", "Hi there", 4, false)).status()).isEqualTo(200);
        HttpTestClient.Response escalated = http.post("/v1/chat/completions",
                HttpTestClient.chat("Write a Python function that reverses a string.", 4, true));
        assertThat(escalated.status()).isEqualTo(200);
        assertThat(http.post("/api/compare", "{\"prompt\":\"Hi\",\"max_tokens\":4,\"systems\":[\"baseline\"]}").status())
                .isEqualTo(200);
        http.get("/v1/models");
        assertThat(http.get("/v1/models").status()).as("the second read is over the read burst").isEqualTo(429);
        String exported = http.get("/metrics").body();
        Set<String> names = exportedNames(exported);

        JsonNode dashboard = HttpTestClient.JSON.readTree(Files.readString(DASHBOARD));
        List<String> expressions = new ArrayList<>();
        dashboard.path("panels").forEach(panel -> {
            assertThat(panel.path("targets")).as("panel %s has queries", panel.path("title")).isNotEmpty();
            panel.path("targets").forEach(target -> expressions.add(target.path("expr").asText()));
        });
        assertThat(expressions).as("the dashboard's queries").hasSizeGreaterThan(10);
        for (String expression : expressions) {
            Set<String> used = metricsIn(expression);
            assertThat(used).as("metrics named by %s", expression).isNotEmpty();
            assertThat(names).as("/metrics after traffic, for %s", expression).containsAll(used);
        }
        assertThat(exported).contains("cascade_fallbacks_total{from=\"large\",to=\"small\"")
                .contains("cascade_edge_rejections_total{reason=\"rate_limited\"");
    }

    private static Set<String> metricsIn(String expression) {
        Set<String> names = new TreeSet<>();
        Matcher matcher = METRIC.matcher(expression);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    private static Set<String> exportedNames(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }
}

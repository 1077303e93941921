package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_LARGE;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.ALL_SMALL;
import static com.cascade4arm.routes.operator.rulesadmin.RulesFixtures.candidate;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/** Activation under load, restart on the same data directory, and a gateway without an admin token. */
class RuleSwapIT {
    private static final String TOKEN = "swap-test-token";
    private static final String PROMPT = "Hello!";
    private static final int CLIENT_THREADS = 4;
    private static final int REQUESTS_PER_THREAD = 25;
    private static final int ACTIVATIONS = 10;

    /** One PUT: its version and when it was sent and answered (System.nanoTime). */
    private record Activation(long version, String route, long sentNanos, long answeredNanos) {
    }

    /** One chat request: what it reported and its lifetime. */
    private record Routed(int status, long version, String route, long startNanos, long endNanos, String body) {
    }

    @Test
    void swapsRulesUnderLoadWithoutFailingARequestAndEachNamesAVersionActiveDuringIt(@TempDir Path dataDir)
            throws Exception {
        try (RoutesGateway gateway = rulesGateway(dataDir, TOKEN)) {
            long initial = json(gateway.get("/api/rules")).path("version").asLong();
            List<Activation> activations = new ArrayList<>();
            activations.add(new Activation(initial, "small", Long.MIN_VALUE, Long.MIN_VALUE)); // bundled: "Hello!" is small
            List<Routed> routed = new CopyOnWriteArrayList<>();
            AtomicBoolean activating = new AtomicBoolean(true);
            CountDownLatch clientsStarted = new CountDownLatch(CLIENT_THREADS);
            ExecutorService clients = Executors.newFixedThreadPool(CLIENT_THREADS);
            try {
                List<Future<?>> load = new ArrayList<>();
                for (int t = 0; t < CLIENT_THREADS; t++) {
                    load.add(clients.submit(() -> {
                        clientsStarted.countDown();
                        for (int i = 0; i < REQUESTS_PER_THREAD || activating.get(); i++) {
                            long start = System.nanoTime();
                            HttpResponse<String> response = gateway.chat(PROMPT);
                            long end = System.nanoTime();
                            JsonNode cascade = response.statusCode() == 200 ? json(response).path("cascade") : null;
                            routed.add(new Routed(response.statusCode(), cascade == null ? -1 : cascade.path("rules_version").asLong(),
                                    cascade == null ? null : cascade.path("route").asText(), start, end, response.body()));
                        }
                        return null;
                    }));
                }
                clientsStarted.await(10, TimeUnit.SECONDS);
                for (int i = 0; i < ACTIVATIONS; i++) {
                    boolean large = i % 2 == 0;
                    long base = activations.get(activations.size() - 1).version();
                    long sent = System.nanoTime();
                    HttpResponse<String> put = gateway.put("/api/rules", candidate(large ? ALL_LARGE : ALL_SMALL, base), TOKEN);
                    long answered = System.nanoTime();
                    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
                    activations.add(new Activation(json(put).path("version").asLong(), large ? "large" : "small", sent, answered));
                }
                activating.set(false);
                for (Future<?> client : load) {
                    client.get(2, TimeUnit.MINUTES);
                }
            } finally {
                clients.shutdownNow();
            }

            assertThat(routed).as("requests").hasSizeGreaterThanOrEqualTo(CLIENT_THREADS * REQUESTS_PER_THREAD);
            assertThat(routed).as("no request failed").allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(200));
            Map<Long, Integer> index = new ConcurrentHashMap<>();
            for (int i = 0; i < activations.size(); i++) {
                index.put(activations.get(i).version(), i);
            }
            for (Routed r : routed) {
                assertThat(index).as("a version that was activated").containsKey(r.version());
                int i = index.get(r.version());
                Activation version = activations.get(i);
                long activeUntil = i + 1 < activations.size() ? activations.get(i + 1).answeredNanos() : Long.MAX_VALUE;
                assertThat(r.endNanos()).as("version %d could not be active before its PUT was sent", r.version())
                        .isGreaterThanOrEqualTo(version.sentNanos());
                assertThat(r.startNanos()).as("version %d was replaced before this request started", r.version())
                        .isLessThanOrEqualTo(activeUntil);
                assertThat(r.route()).as("the route version %d gives", r.version()).isEqualTo(version.route());
            }
            Set<Long> seen = ConcurrentHashMap.newKeySet();
            routed.forEach(r -> seen.add(r.version()));
            assertThat(seen).as("the load saw the swaps").hasSizeGreaterThan(1);
        }
    }

    @Test
    void restartKeepsTheActiveVersion(@TempDir Path dataDir) throws Exception {
        JsonNode activated;
        try (RoutesGateway first = rulesGateway(dataDir, TOKEN)) {
            long base = json(first.get("/api/rules")).path("version").asLong();
            HttpResponse<String> put = first.put("/api/rules", candidate(ALL_LARGE, base), TOKEN);
            assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
            activated = json(put);
        }

        try (RoutesGateway second = rulesGateway(dataDir, TOKEN)) {
            JsonNode rules = json(second.get("/api/rules"));
            assertThat(rules.path("version").asLong()).isEqualTo(activated.path("version").asLong());
            assertThat(rules.path("sha256").asText()).isEqualTo(activated.path("sha256").asText());
            JsonNode cascade = json(second.chat(PROMPT)).path("cascade");
            assertThat(cascade.path("route").asText()).isEqualTo("large");
            assertThat(cascade.path("rules_version").asLong()).isEqualTo(activated.path("version").asLong());
        }
    }

    @Test
    void saysEditingIsDisabledWhenNoAdminTokenIsConfigured(@TempDir Path dataDir) throws Exception {
        try (RoutesGateway gateway = rulesGateway(dataDir, null)) {
            HttpResponse<String> put = gateway.put("/api/rules", candidate(ALL_LARGE, null), "any-token");
            HttpResponse<String> rollback = gateway.post("/api/rules/rollback/1", "", "any-token");

            assertThat(put.statusCode()).isEqualTo(403);
            JsonNode error = json(put).path("error");
            assertThat(error.path("code").asText()).isEqualTo("admin_disabled");
            assertThat(error.path("message").asText()).contains("editing rules is disabled");
            assertThat(rollback.statusCode()).isEqualTo(403);
            assertThat(json(gateway.get("/api/rules")).path("editing_enabled").asBoolean()).isFalse();
            assertThat(json(gateway.post("/api/rules/validate", candidate(ALL_LARGE, null), null)).path("valid").asBoolean())
                    .as("validating needs no token").isTrue();
            assertThat(json(gateway.get("/api/rules")).path("version").asLong()).isEqualTo(1);
        }
    }

    /** The gateway routing from the rule store in {@code dataDir}; {@code adminToken} null = editing disabled. */
    private static RoutesGateway rulesGateway(java.nio.file.Path dataDir, String adminToken) {
        RoutesGateway.Builder builder = RoutesGateway.builder().withRuleStore().property("cascade.data-dir", dataDir.toString());
        if (adminToken != null) {
            builder.property("cascade.admin.token", adminToken);
        }
        return builder.start();
    }
}

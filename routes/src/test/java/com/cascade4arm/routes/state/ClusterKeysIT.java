package com.cascade4arm.routes.state;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.testing.db.PostgresServer;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keys shared by two replicas through a real PostgreSQL: a key made on one works on the other, a revoke holds on both
 * within 1 s, spend from both adds up exactly in the database (increments, no lost update), and a budget holds
 * across replicas under concurrent load with a bounded overshoot; the database keeps only hashes.
 */
class ClusterKeysIT {
    private static final String TOKEN = "cluster-keys-admin";
    private static PostgresServer db;
    private static InstantResponder upstream;
    private static RoutesGateway a;
    private static RoutesGateway b;

    @BeforeAll
    static void startCluster() {
        db = PostgresServer.start();
        upstream = InstantResponder.start(0);
        a = replica("a");
        b = replica("b");
    }

    private static RoutesGateway replica(String name) {
        return RoutesGateway.builder().pools(upstream.baseUrl(), upstream.baseUrl()).properties(db.storeProperties(name))
                .property("cascade.admin.token", TOKEN) // keys are made through the admin API
                .property("cascade.auth.mode", "keys") // the feature under test; the shipped default is open
                .start();
    }

    @AfterAll
    static void stopCluster() {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
        upstream.close();
        db.close();
    }

    private static JsonNode create(RoutesGateway on, String body) {
        HttpResponse<String> created = on.post("/api/keys", body, TOKEN);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created);
    }

    private static HttpResponse<String> chat(RoutesGateway on, String secret) {
        return on.send(HttpRequest.newBuilder(on.base().resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + secret)
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(
                        "{\"max_tokens\":8,\"messages\":[{\"role\":\"user\",\"content\":\"Hello there\"}]}")).build());
    }

    @Test
    void aKeyMadeOnOneReplicaWorksOnTheOtherAndARevokeHoldsOnBothWithinOneSecond() throws Exception {
        JsonNode key = create(a, "{\"alias\":\"shared\"}");
        String secret = key.path("secret").asText();
        Awaitility.await("key visible on b").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> chat(b, secret).statusCode() == 200);

        long revokedAt = System.nanoTime();
        assertThat(a.delete("/api/keys/" + key.path("id").asText(), TOKEN).statusCode()).isEqualTo(200);
        assertThat(chat(a, secret).statusCode()).isEqualTo(401);
        Awaitility.await("revoked on b").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10))
                .until(() -> chat(b, secret).statusCode() == 401);
        System.out.printf("revoke propagation to the other replica: %d ms%n", (System.nanoTime() - revokedAt) / 1_000_000);

        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres");
             ResultSet docs = c.createStatement().executeQuery("SELECT doc::text FROM api_keys")) {
            while (docs.next()) {
                assertThat(docs.getString(1)).contains("\"hash\"").doesNotContain(secret)
                        .doesNotContain(secret.substring(secret.indexOf('.') + 1));
            }
        }
    }

    @Test
    void spendFromBothReplicasAddsUpAndABudgetHoldsAcrossThemUnderLoad() throws Exception {
        int perReplica = 12;
        JsonNode key = create(a, "{\"alias\":\"budgeted\",\"daily_budget_usd\":1e-12}");
        String secret = key.path("secret").asText();
        Awaitility.await("key known to b").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> json(b.send(HttpRequest.newBuilder(b.base().resolve("/api/keys/" + key.path("id").asText()))
                        .header("Authorization", "Bearer " + TOKEN).GET().build())).path("alias").asText().equals("budgeted"));

        List<HttpResponse<String>> answers = IntStream.range(0, 2 * perReplica).mapToObj(i -> CompletableFuture
                .supplyAsync(() -> chat(i % 2 == 0 ? a : b, secret))).toList().stream().map(CompletableFuture::join)
                .toList();
        long admitted = answers.stream().filter(r -> r.statusCode() == 200).count();
        double answeredCost = answers.stream().filter(r -> r.statusCode() == 200)
                .mapToDouble(r -> json(r).path("cascade").path("cost_usd").asDouble()).sum();
        assertThat(answers).allSatisfy(r -> assertThat(r.statusCode()).isIn(200, 401, 429));

        // Once both replicas synced, the key is spent on both. A probe a replica still admits (it has not synced the
        // other's charge yet) is charged too, so it counts with the answers.
        java.util.concurrent.atomic.AtomicLong probesAdmitted = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.DoubleAdder probesCost = new java.util.concurrent.atomic.DoubleAdder();
        java.util.function.Predicate<RoutesGateway> spentOn = on -> {
            HttpResponse<String> probe = chat(on, secret);
            if (probe.statusCode() == 200) {
                probesAdmitted.incrementAndGet();
                probesCost.add(json(probe).path("cascade").path("cost_usd").asDouble());
            }
            return probe.statusCode() == 429;
        };
        Awaitility.await("budget spent on both").atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(50))
                .until(() -> spentOn.test(a) && spentOn.test(b));
        Awaitility.await("every charge in the database").atMost(Duration.ofSeconds(2)).until(
                () -> databaseSpend(key.path("id").asText()),
                spent -> Math.abs(spent[0] - admitted - probesAdmitted.get()) < 0.5);
        double[] spent = databaseSpend(key.path("id").asText());
        assertThat(spent[1]).as("cost in the database = the answers' cost_usd summed").isCloseTo(
                answeredCost + probesCost.sum(), org.assertj.core.data.Offset.offset(1e-12));
        // Each replica holds the cost of its own requests in flight, so each admits one request alone; what one
        // replica answered reaches the other within a sync. Before holds, up to 23 of 24 passed.
        assertThat(admitted + probesAdmitted.get()).as("at most one request per replica").isBetween(1L, 2L);
        System.out.printf("budget overshoot across 2 replicas: %d of %d concurrent requests (+ %d probes) admitted past "
                + "a budget smaller than one answer (bound: replicas - 1 = 1)%n", admitted - 1, 2 * perReplica,
                probesAdmitted.get());
    }

    /** {requests, cost_usd} of a key in the database. */
    private static double[] databaseSpend(String keyId) throws Exception {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres");
             var select = c.prepareStatement("SELECT coalesce(sum(requests), 0), coalesce(sum(cost_usd), 0) "
                     + "FROM api_key_usage WHERE key_id = ?")) {
            select.setString(1, keyId);
            try (ResultSet rows = select.executeQuery()) {
                rows.next();
                return new double[]{rows.getLong(1), rows.getDouble(2)};
            }
        }
    }
}

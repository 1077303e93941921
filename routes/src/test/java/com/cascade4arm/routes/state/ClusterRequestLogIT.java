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
import java.util.ArrayList;
import java.util.List;

import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request log shared by two replicas through a real PostgreSQL: a request served by either is listed by both
 * within 1 s, newest first, with the replica that served it and the same filters as the memory log; a replica that
 * starts deletes rows past the shipped retention (7 days) and keeps the rest.
 */
class ClusterRequestLogIT {
    private static final String TOKEN = "cluster-log-admin";
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
        // A replica reports ready before its database is migrated (it starts without one); its first rows wait in the
        // queue until then. The 1 s below is about a running cluster: one request each, seen by both, first.
        String first = requestId(a.chat("warming replica a"));
        String second = requestId(b.chat("warming replica b"));
        for (RoutesGateway reader : List.of(a, b)) {
            Awaitility.await("the cluster's log is up").atMost(Duration.ofSeconds(30))
                    .until(() -> ids(log(reader, "?limit=50")).containsAll(List.of(first, second)));
        }
    }

    private static RoutesGateway replica(String name) {
        return RoutesGateway.builder().pools(upstream.baseUrl(), upstream.baseUrl()).properties(db.storeProperties(name))
                .property("cascade.admin.token", TOKEN) // the log is read through the admin API
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

    private static JsonNode log(RoutesGateway on, String query) {
        HttpResponse<String> answer = on.send(HttpRequest.newBuilder(on.base().resolve("/api/requests" + query))
                .header("Authorization", "Bearer " + TOKEN).GET().build());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return json(answer);
    }

    private static List<String> ids(JsonNode log) {
        List<String> ids = new ArrayList<>();
        log.path("requests").forEach(row -> ids.add(row.path("request_id").asText()));
        return ids;
    }

    private static String requestId(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.headers().firstValue("X-Request-Id").orElseThrow();
    }

    @Test
    void requestsServedByEitherReplicaAreListedByBothWithinOneSecondNewestFirst() {
        String onA = requestId(a.chat("A question for replica a"));
        String onB = requestId(b.chat("A question for replica b"));
        long answeredAt = System.nanoTime();

        for (RoutesGateway reader : List.of(a, b)) {
            Awaitility.await("both requests listed").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                    .until(() -> ids(log(reader, "?limit=50")).containsAll(List.of(onA, onB)));
        }
        System.out.printf("request log: both replicas list both requests %d ms after the second answer%n",
                (System.nanoTime() - answeredAt) / 1_000_000);

        JsonNode listed = log(b, "?limit=50");
        assertThat(listed.path("cluster").asBoolean()).isTrue();
        List<String> order = ids(listed);
        assertThat(order.indexOf(onB)).as("newest first").isLessThan(order.indexOf(onA));
        listed.path("requests").forEach(row -> {
            if (row.path("request_id").asText().equals(onA)) {
                assertThat(row.path("replica").asText()).isEqualTo("a");
                assertThat(row.path("kind").asText()).isEqualTo("chat");
                assertThat(row.path("route").asText()).isNotBlank();
                assertThat(row.path("completion_tokens").asLong()).isPositive();
                assertThat(row.path("cost_usd").asDouble()).isPositive();
            }
        });
        assertThat(listed.toString()).as("no prompt text unless content logging is on")
                .doesNotContain("A question for replica");
    }

    @Test
    void theFiltersWorkOnTheSharedLog() {
        String served = requestId(a.chat("Hello from the filter test"));
        HttpResponse<String> refused = b.post("/v1/chat/completions", "{\"messages\":[]}");
        assertThat(refused.statusCode()).isEqualTo(400);
        String refusedId = refused.headers().firstValue("X-Request-Id").orElseThrow();

        Awaitility.await("both logged").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> ids(log(a, "?limit=50")).containsAll(List.of(served, refusedId)));
        assertThat(ids(log(a, "?status=4xx&limit=50"))).contains(refusedId).doesNotContain(served);
        assertThat(ids(log(a, "?status=error&limit=50"))).contains(refusedId).doesNotContain(served);
        String route = routeOf(log(a, "?limit=50"), served);
        assertThat(ids(log(b, "?route=" + route + "&limit=50"))).contains(served).doesNotContain(refusedId);
        assertThat(log(b, "?limit=1").path("requests").size()).isEqualTo(1);
    }

    private static String routeOf(JsonNode log, String id) {
        for (JsonNode row : log.path("requests")) {
            if (row.path("request_id").asText().equals(id)) {
                return row.path("route").asText();
            }
        }
        throw new AssertionError(id + " not in " + log);
    }

    @Test
    void aStartingReplicaDeletesRowsPastTheShippedRetentionOfSevenDays() throws Exception {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres")) {
            c.createStatement().executeUpdate("INSERT INTO request_log (time, replica, request_id, kind, status, "
                    + "escalated, fallback) VALUES (now() - interval '8 days', 'gone', 'eight-days-old', 'chat', 200, "
                    + "false, false), (now() - interval '6 days', 'gone', 'six-days-old', 'chat', 200, false, false)");
        }
        assertThat(ids(log(a, "?limit=1000"))).contains("eight-days-old", "six-days-old");

        try (RoutesGateway c = replica("c")) { // cleans up at its start, then every tenth of the retention (1 h cap)
            Awaitility.await("the 8-day-old row deleted").atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> !ids(log(c, "?limit=1000")).contains("eight-days-old"));
            assertThat(ids(log(c, "?limit=1000"))).contains("six-days-old");
        }
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres");
             ResultSet rows = c.createStatement().executeQuery(
                     "SELECT count(*) FROM request_log WHERE time < now() - interval '7 days'")) {
            rows.next();
            assertThat(rows.getLong(1)).isZero();
        }
    }
}

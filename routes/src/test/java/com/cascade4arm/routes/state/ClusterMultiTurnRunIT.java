package com.cascade4arm.routes.state;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.db.PostgresServer;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;

import static com.cascade4arm.routes.state.ClusterRulesIT.TOKEN;
import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A multi-turn run is stored like any benchmark run with {@code cascade.store=postgres}: started on one replica (real
 * instant upstreams and baseline), another replica lists it, reads its per-turn figures, its rows and its turns.csv.
 */
class ClusterMultiTurnRunIT {
    private static final Duration BOUND = Duration.ofSeconds(60);

    @Test
    void anotherReplicaListsTheRunWithItsPerTurnFiguresRowsAndTurns() {
        try (PostgresServer db = PostgresServer.start();
             RoutesGateway owner = RoutesGateway.builder().withBaseline().withRuleStore()
                     .properties(db.storeProperties("owner")).property("cascade.admin.token", TOKEN).start();
             RoutesGateway other = RoutesGateway.builder().withRuleStore()
                     .properties(db.storeProperties("other")).property("cascade.admin.token", TOKEN).start()) {
            JsonNode run = owner.runToItsEnd("{\"suite\": \"conversations\", \"conversations\": 2, \"levels\": [2],"
                    + " \"max_tokens\": 8, \"warmup_requests\": 0}", TOKEN, BOUND);
            String id = run.path("id").asText();
            assertThat(run.path("status").asText()).as("%s", run).isEqualTo("done");

            JsonNode seen = Awaitility.await("the other replica sees the ended run").atMost(BOUND)
                    .pollInterval(Duration.ofMillis(100)).until(() -> json(other.get("/api/bench/runs/" + id)),
                            r -> r.path("status").asText().equals("done"));
            assertThat(seen.path("config").path("suite").asText()).isEqualTo("conversations");
            JsonNode perTurn = seen.path("conversations").path("per_turn");
            assertThat(perTurn).as("2 systems x 6 turns").hasSize(12).allSatisfy(turn -> {
                assertThat(turn.path("requests").asInt()).isEqualTo(2);
                assertThat(turn.path("errors").asInt()).isZero();
                assertThat(turn.path("prompt_tokens").asDouble()).isPositive();
            });
            assertThat(seen.path("conversations").path("totals")).hasSize(2);
            HttpResponse<String> rows = other.get("/api/bench/runs/" + id + "/rows.csv");
            assertThat(rows.statusCode()).isEqualTo(200);
            assertThat(rows.body().lines().count() - 1).as("one row per turn and system").isEqualTo(24);
            HttpResponse<String> turns = other.get("/api/bench/runs/" + id + "/turns.csv");
            assertThat(turns.statusCode()).as("%s", turns.body()).isEqualTo(200);
            assertThat(turns.body()).isEqualTo(owner.get("/api/bench/runs/" + id + "/turns.csv").body());
            assertThat(turns.body().lines().count() - 1).as("one line per turn and system").isEqualTo(24);
            assertThat(turns.body().lines().findFirst().orElse("")).contains("cached");
            assertThat(other.runIds()).contains(id);
        }
    }
}

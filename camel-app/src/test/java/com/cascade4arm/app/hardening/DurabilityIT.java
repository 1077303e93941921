package com.cascade4arm.app.hardening;

import com.cascade4arm.app.CascadeApp;
import com.cascade4arm.bench.runner.RequestRow;
import com.cascade4arm.bench.runner.RunStore;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.RuleStore;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * kill -9 in the middle of state changes, then a restart: a benchmark run keeps the rows it had, marked partial; the
 * active rules version is one of the two an activation was between — complete, never a mix, never nothing.
 */
class DurabilityIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN_TOKEN = "durability-admin-token";
    private static final Pattern ACTIVATED = Pattern.compile("activated (\\d+)");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aBenchmarkRunKilledMidwayKeepsItsRowsMarkedPartial(@TempDir Path dataDir) throws Exception {
        ResponderBehaviour slow = ResponderBehaviour.INSTANT.withChunkDelayMs(100);
        try (InstantResponder upstream = InstantResponder.start(0, slow)) {
            String runId;
            int rowsAtKill;
            int firstPort = freePort();
            try (ChildJvm gateway = startGateway(dataDir, upstream, firstPort, dataDir.resolve("first.log"))) {
                URI base = awaitReady(gateway, firstPort);
                // Level 6 > the default 4 concurrent requests per client: the run's own loopback calls must get through.
                HttpResponse<String> started = send(HttpRequest.newBuilder(base.resolve("/api/bench/runs"))
                        .header("Authorization", "Bearer " + ADMIN_TOKEN).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"prompts\":10,\"levels\":[6],\"requests_per_level\":500,\"max_tokens\":8}")).build());
                assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
                runId = JSON.readTree(started.body()).path("id").asText();
                Awaitility.await("some rows written").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                        .until(() -> json(ok(get(base, "/api/bench/runs/" + runId))).path("done").asInt() >= 12);

                gateway.kill();
                rowsAtKill = rows(dataDir, runId).size();
                assertThat(rowsAtKill).as("killed mid-run").isLessThan(1_000);
                System.out.printf("[durability] benchmark run %s killed with %d rows on disk%n", runId, rowsAtKill);
            }
            assertThat(rowsAtKill).isGreaterThanOrEqualTo(12);

            int secondPort = freePort();
            try (ChildJvm restarted = startGateway(dataDir, upstream, secondPort, dataDir.resolve("second.log"))) {
                URI base = awaitReady(restarted, secondPort);
                JsonNode run = json(ok(get(base, "/api/bench/runs/" + runId)));

                assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("partial");
                assertThat(run.path("done").asInt()).as("done counts the rows kept").isEqualTo(rowsAtKill);
                assertThat(run.path("error").asText()).contains("interrupted");
                List<RequestRow> rows = rows(dataDir, runId);
                assertThat(rows).hasSize(rowsAtKill);
                assertThat(rows).as("the run's loopback calls were not rate limited").allMatch(r -> r.status() == 200 && r.error() == null);
                HttpResponse<String> csv = get(base, "/api/bench/runs/" + runId + "/rows.csv");
                assertThat(csv.statusCode()).isEqualTo(200);
                assertThat(csv.body().lines().count()).as("header + the rows").isEqualTo(rowsAtKill + 1L);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRulesActivationKilledMidwayLeavesOneOfTheTwoVersionsActive(@TempDir Path rulesDir) throws Exception {
        for (int cycle = 1; cycle <= 3; cycle++) {
            long acknowledged;
            try (ChildJvm loop = ChildJvm.start(RuleActivationLoop.class, rulesDir.resolve("loop.log"), rulesDir.toString())) {
                long before = lastActivated(loop.output());
                Awaitility.await("activations under way").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                        .until(() -> lastActivated(loop.output()) >= before + 15);
                loop.kill();
                acknowledged = lastActivated(loop.output());
            }

            RuleStore store = RuleStore.open(rulesDir, BundledRules.load());
            RuleVersion active = store.active();

            System.out.printf("[durability] rules cycle %d: killed after activation %d acknowledged; active after restart: %d%n",
                    cycle, acknowledged, active.version());
            assertThat(active.version()).as("the last acknowledged activation or the one in flight")
                    .isBetween(acknowledged, acknowledged + 1);
            assertThat(active.files()).as("complete content of exactly that version, not a mix")
                    .isEqualTo(expectedContent(active.version()));
            assertThat(store.history()).as("no torn version file").noneMatch(HistoryEntry::isDamaged);
        }
    }

    // ---- helpers

    private static Map<String, String> expectedContent(long version) {
        if (version == 1) {
            return new java.util.TreeMap<>(BundledRules.load());
        }
        return new java.util.TreeMap<>(RuleActivationLoop.content(version % 2 == 0 ? "A" : "B"));
    }

    private static long lastActivated(String output) {
        Matcher m = ACTIVATED.matcher(output);
        long last = 0;
        while (m.find()) {
            last = Long.parseLong(m.group(1));
        }
        return last;
    }

    private static ChildJvm startGateway(Path dataDir, InstantResponder upstream, int port, Path log) throws IOException {
        return ChildJvm.start(CascadeApp.class, log,
                "--camel.server.port=" + port, "--camel.server.host=127.0.0.1",
                "--cascade.small.urls=" + upstream.baseUrl(), "--cascade.large.urls=" + upstream.baseUrl(),
                "--cascade.baseline.url=" + upstream.baseUrl(), "--cascade.admin.token=" + ADMIN_TOKEN,
                "--cascade.data-dir=" + dataDir, "--cascade.warmup.requests=0", "--cascade.bench.git-commit=durability-test",
                // the test polls status often; the per-client concurrency limit (4) stays at its default, so the
                // polls share 127.0.0.1 with the run's 6 concurrent loopback calls
                "--cascade.edge.rate-limit.requests-per-second=1000", "--cascade.edge.rate-limit.burst=1000",
                "--cascade.edge.rate-limit.reads-per-second=1000", "--cascade.edge.rate-limit.reads-burst=1000");
    }

    private static URI awaitReady(ChildJvm gateway, int port) {
        URI base = URI.create("http://127.0.0.1:" + port);
        Awaitility.await("child gateway ready").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                .ignoreException(java.io.UncheckedIOException.class)
                .until(() -> {
                    if (!gateway.alive()) {
                        throw new AssertionError("the gateway exited:\n" + gateway.output());
                    }
                    return get(base, "/health").statusCode() == 200;
                });
        return base;
    }

    private static List<RequestRow> rows(Path dataDir, String runId) {
        return RunStore.readRows(dataDir.resolve("bench").resolve(runId).resolve("rows.csv"));
    }

    private static HttpResponse<String> get(URI base, String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(10)).GET().build());
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpResponse<String> ok(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response;
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}

package com.cascade4arm.app;

import com.cascade4arm.routes.operator.bench.BenchLauncher;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import com.cascade4arm.testing.judge.ScriptedJudge;
import org.apache.camel.main.Main;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * The application's gateway (its own bootstrap, embedded demo hosts unless URLs are given) booted through the
 * test-support harness; one shared instance per test JVM (loading three models once keeps the suite fast).
 */
public final class TestGateway implements AutoCloseable {
    /** Admin token of the shared gateway, for tests of rule edits and benchmark triggers. */
    public static final String ADMIN_TOKEN = "test-admin-token";
    /** Loading the three embedded demo models on a busy 2-core machine. */
    private static final Duration EMBEDDED_READY_WITHIN = Duration.ofMinutes(3);
    /** Bearer key the shared gateway sends its judge. */
    public static final String JUDGE_API_KEY = "test-judge-key";
    private static TestGateway shared;
    private static ScriptedJudge judge;

    private final GatewayHarness<GatewayBootstrap> harness;

    private TestGateway(GatewayHarness<GatewayBootstrap> harness) {
        this.harness = harness;
    }

    /** The shared gateway, started on first use and ready (healthy) when returned. */
    public static synchronized TestGateway start() {
        if (shared == null) {
            // A scripted judge is configured (not enabled): only runs that ask with "judge": true are judged.
            judge = ScriptedJudge.start();
            shared = boot(Map.of("cascade.admin.token", ADMIN_TOKEN, "cascade.judge.url", judge.baseUrl(),
                    "cascade.judge.api-key", JUDGE_API_KEY, "cascade.judge.model", "scripted-judge"), true);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                shared.harness.close();
                judge.close();
            }));
        }
        return shared;
    }

    /** A separate gateway with extra properties (e.g. other upstream URLs); the caller closes it. */
    public static TestGateway boot(Map<String, String> properties) {
        return boot(properties, false);
    }

    /** Boots a gateway with {@code properties}; with {@code awaitHealthy} returns only once /health says ok. */
    public static TestGateway boot(Map<String, String> properties, boolean awaitHealthy) {
        return new TestGateway(GatewayHarness.with(new GatewayBootstrap(), CascadeApp.class)
                // the in-process engine, also where a llama-server is installed: the same engine on every machine
                .property("cascade.embedded.engine", "jni").properties(properties)
                .readyWithin(awaitHealthy ? EMBEDDED_READY_WITHIN : null).start());
    }

    /** The shared gateway's judge (a real HTTP server answering per script); starts the shared gateway if needed. */
    public static synchronized ScriptedJudge judge() {
        start();
        return judge;
    }

    /** The gateway's benchmark launcher (runs and their directories). */
    public BenchLauncher bench() {
        return harness.listener().gateway().bench();
    }

    public URI baseUrl() {
        return harness.baseUrl();
    }

    public Main main() {
        return harness.main();
    }

    /** HTTP status of a GET, or -1 when the socket is not answering yet. */
    public int status(String path) {
        return harness.status(path);
    }

    @Override
    public void close() {
        if (this != shared) {
            harness.close();
        }
    }

    /** Starts a benchmark run with {@code config} (admin token), waits until it ended and returns its summary, done. */
    public static JsonNode runBenchmarkToEnd(HttpTestClient http, String config) {
        HttpTestClient.Response started = http.postAuthorized("/api/bench/runs", config, ADMIN_TOKEN);
        if (started.status() != 202) {
            throw new AssertionError("benchmark run not started: " + started.status() + " " + started.body());
        }
        String id = started.json().path("id").asText();
        Awaitility.await("run " + id + " ended").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(250))
                .until(() -> !http.get("/api/bench/runs/" + id).json().path("status").asText().equals("running"));
        JsonNode summary = http.get("/api/bench/runs/" + id).json();
        if (!summary.path("status").asText().equals("done")) {
            throw new AssertionError("run " + id + " ended " + summary.path("status").asText() + ": " + summary);
        }
        return summary;
    }
}

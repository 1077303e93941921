package com.cascade4arm.app.starts;

import com.cascade4arm.app.hardening.ChildJvm;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application ({@code target/camel-app.jar} with its {@code lib/}, built by {@code package} before
 * failsafe runs) started as its users start it: a command line and environment variables, no test classpath, no
 * harness. What every start-shape test shares: the command, the environment, readiness, a chat, the stop.
 */
final class PackagedApp {
    /** Loading the three embedded demo models (generated at first start) on a busy 2-core machine, as CtrlCIT. */
    static final Duration EMBEDDED_READY_WITHIN = Duration.ofMinutes(4);
    /** A stand-in upstream: the JIT warm-up (at most cascade.warmup.max-ms, 30 s) and the boot. */
    static final Duration STAND_IN_READY_WITHIN = Duration.ofSeconds(90);
    /** SIGTERM to exit: the drain (nothing in flight here) and Camel's stop, with hosts to stop, on 2 busy cores. */
    static final Duration EXIT_WITHIN = Duration.ofSeconds(60);
    /** 128 + SIGTERM: how a JVM that ran its shutdown hooks after SIGTERM exits. */
    static final int EXIT_ON_SIGTERM = 143;
    private static final Path MODULE = Path.of("").toAbsolutePath();
    /** run.sh's last line: {@code exec java <flags> -jar camel-app/target/camel-app.jar "$@"}. */
    private static final Pattern RUN_SH_EXEC = Pattern.compile("(?m)^exec java (.*) -jar camel-app/target/camel-app\\.jar \"\\$@\"$");

    private PackagedApp() {
    }

    /** The runnable jar this build packaged (its manifest's class path names lib/ beside it). */
    static Path jar() {
        Path jar = MODULE.resolve("target/camel-app.jar");
        assertThat(jar).as("the packaged jar: run through mvn verify (failsafe runs after package)").isRegularFile();
        return jar;
    }

    /**
     * The quick start's command exactly as run.sh runs it (its JVM flags read from run.sh itself), without arguments.
     * java is this build's JDK rather than the PATH's (CI may have another on the PATH).
     */
    static List<String> runShCommand() throws IOException {
        String runSh = Files.readString(MODULE.resolveSibling("run.sh"));
        Matcher exec = RUN_SH_EXEC.matcher(runSh);
        assertThat(exec.find()).as("run.sh still ends with exec java … -jar camel-app/target/camel-app.jar \"$@\"").isTrue();
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(List.of(exec.group(1).trim().split("\\s+")));
        command.addAll(List.of("-jar", jar().toString()));
        return command;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * A user's environment plus {@code configuration}: the variables this JVM has, without any CASCADE_* or
     * OPENROUTER_* one (CI or a developer may have exported some; the test states the whole configuration).
     */
    static Map<String, String> environment(Map<String, String> configuration) {
        Map<String, String> environment = new LinkedHashMap<>();
        System.getenv().forEach((name, value) -> {
            if (!name.startsWith("CASCADE_") && !name.startsWith("OPENROUTER_")) {
                environment.put(name, value);
            }
        });
        environment.putAll(configuration);
        return environment;
    }

    static URI localUrl(int port) {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Until /health answers 200; fails at once, with the log, when the process exits first. */
    static void awaitHealthy(ChildJvm app, URI base, Duration within) {
        HttpTestClient http = new HttpTestClient(base);
        Awaitility.await("the application healthy at " + base).atMost(within).pollInterval(Duration.ofMillis(500))
                .ignoreExceptionsInstanceOf(RuntimeException.class)
                .until(() -> {
                    if (!app.alive()) {
                        throw new AssertionError("the application exited (" + app.exitValue() + "):\n" + app.output());
                    }
                    return http.get("/health").status() == 200;
                });
    }

    /** A plain and a streamed chat answer, each with content and the cascade's route. */
    static void assertChatAnswers(URI base) {
        HttpTestClient http = new HttpTestClient(base);
        HttpTestClient.Response plain = http.post("/v1/chat/completions",
                HttpTestClient.chat("What is the capital of France?", 8, false));
        assertThat(plain.status()).as("plain chat: " + plain.body()).isEqualTo(200);
        JsonNode body = plain.json();
        assertThat(body.path("choices").path(0).path("message").path("content").asText()).as("plain answer")
                .isNotBlank();
        assertThat(body.path("cascade").path("route").asText()).as("plain answer's route").isNotBlank();

        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat("Hi there, how are you today?", 8, true));
        assertThat(stream.status()).as("streamed chat").isEqualTo(200);
        assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
        assertThat(stream.contentEvents()).as("content deltas").isNotEmpty();
        assertThat(stream.events().get(stream.events().size() - 1).data()).as("last event").isEqualTo("[DONE]");
    }

    /**
     * What a user does next in the console: a Compare right after the start. The baseline must answer, not "Loading
     * model" (the embedded baseline used to load after the gateway said ready). The hosted API has no key here.
     */
    static void assertCompareAnswers(URI base) {
        HttpTestClient.Response compare = new HttpTestClient(base).post("/api/compare",
                "{\"prompt\":\"What is the capital of France?\",\"max_tokens\":8}");
        assertThat(compare.status()).as("compare: " + compare.body()).isEqualTo(200);
        JsonNode systems = compare.json().path("systems");
        assertThat(systems.path("cascade").path("status").asText()).as("cascade leg: " + systems).isEqualTo("ok");
        assertThat(systems.path("baseline").path("status").asText()).as("baseline leg: " + systems).isEqualTo("ok");
    }

    /** SIGTERM, as systemd, Kubernetes and a container runtime stop it: it exits in time, by its shutdown hooks. */
    static long terminateAndAwaitExit(ChildJvm app) throws InterruptedException {
        long terminatedAt = System.nanoTime();
        app.terminate();
        assertThat(app.awaitExit(EXIT_WITHIN)).as(() -> "exited after SIGTERM:\n" + app.output()).isTrue();
        long exitMs = (System.nanoTime() - terminatedAt) / 1_000_000;
        assertThat(app.exitValue()).as(() -> "exit status after SIGTERM:\n" + app.output())
                .isIn(0, EXIT_ON_SIGTERM);
        return exitMs;
    }

    /** How often {@code text} occurs in the application's log. */
    static long occurrences(ChildJvm app, String text) {
        return app.output().lines().filter(line -> line.contains(text)).count();
    }
}

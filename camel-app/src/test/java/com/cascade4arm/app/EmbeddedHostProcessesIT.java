package com.cascade4arm.app;

import com.cascade4arm.host.LlamaHostMain;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The embedded default runs each demo model's host in a supervised JVM of its own, pinned to its system's CPUs: the
 * three models never share a process, and a host process that dies is replaced while the gateway keeps serving.
 */
class EmbeddedHostProcessesIT {
    private static final List<String> MODELS = List.of("demo-0.5b", "demo-1.5b", "demo-3b");

    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void eachModelRunsInAHostProcessOfItsOwnOnItsSystemsCpus() {
        Map<String, ProcessHandle> hosts = hostProcesses();

        assertThat(hosts).containsOnlyKeys(MODELS);
        assertThat(hosts.values().stream().map(ProcessHandle::pid).distinct()).hasSize(3)
                .doesNotContain(ProcessHandle.current().pid());
        assertThat(commandLine(hosts.get("demo-3b").pid())).as("the baseline serves one request at a time")
                .containsSequence("--serialize-requests", "true");
        assertThat(commandLine(hosts.get("demo-1.5b").pid())).as("the large host drafts with the small model")
                .contains("--model-draft");
        if (Runtime.getRuntime().availableProcessors() >= 2) {
            String cascade = allowedCpus(hosts.get("demo-0.5b").pid());
            assertThat(allowedCpus(hosts.get("demo-1.5b").pid())).isEqualTo(cascade);
            assertThat(allowedCpus(hosts.get("demo-3b").pid())).as("the baseline on CPUs of its own")
                    .isNotEqualTo(cascade);
        }
    }

    @Test
    void aHostProcessThatDiesIsReplacedAndTheCascadeAnswersAgain() {
        ProcessHandle small = hostProcesses().get("demo-0.5b");

        small.destroyForcibly();

        // meanwhile the small tier's breaker may open and its prompts fall back to the large model
        HttpTestClient.Response answer = await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500))
                .until(() -> http.post("/v1/chat/completions", HttpTestClient.chat("What is the capital of Italy?", 4,
                        false)), response -> response.status() == 200
                        && !response.json().path("cascade").path("fallback").asBoolean());
        assertThat(answer.header("X-Cascade-Route")).isEqualTo("small");
        ProcessHandle next = hostProcesses().get("demo-0.5b");
        assertThat(next).isNotNull();
        assertThat(next.pid()).isNotEqualTo(small.pid());
        assertThat(http.get("/health").status()).isEqualTo(200);
    }

    /** The running host processes below this JVM, by model alias. */
    private static Map<String, ProcessHandle> hostProcesses() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> commandLine(p.pid()).contains(LlamaHostMain.class.getName()))
                .collect(Collectors.toMap(p -> alias(commandLine(p.pid())), p -> p, (a, b) -> a));
    }

    private static String alias(List<String> commandLine) {
        return commandLine.get(commandLine.indexOf("--alias") + 1);
    }

    /** The arguments from /proc (ProcessHandle.Info leaves them out for long class paths). */
    private static List<String> commandLine(long pid) {
        try {
            return List.of(Files.readString(Path.of("/proc", String.valueOf(pid), "cmdline")).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String allowedCpus(long pid) {
        try {
            Optional<String> line = Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst();
            return line.map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("");
        } catch (IOException e) {
            return "";
        }
    }
}

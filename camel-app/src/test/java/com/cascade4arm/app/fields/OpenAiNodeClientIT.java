package com.cascade4arm.app.fields;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.app.conformance.ToolCallingGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.skips.MissingTool;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official OpenAI client for Node (npm {@code openai}) against the gateway, unchanged: a JSON-schema answer, a
 * stream with usage, {@code tools} refused as unsupported_parameter by our in-process hosts, and embeddings (base64, the
 * client's default); and an agent loop (tool call, the tool run locally, its result, the answer) through a gateway whose
 * large tier is a real llama-server. Skipped, with a message, where node, the npm registry or llama-server is not
 * available.
 */
class OpenAiNodeClientIT {
    private static final long NPM_INSTALL_SECONDS = 180;
    private static final long CLIENT_SECONDS = 180;
    private static Path project;

    @BeforeAll
    static void installClient() throws Exception {
        project = Path.of(OpenAiNodeClientIT.class.getResource("/node-openai/package.json").toURI()).getParent();
        MissingTool.assumePresent(run(List.of("node", "--version"), 10).exitCode() == 0, "node", "node is not installed");
        if (!Files.isDirectory(project.resolve("node_modules/openai"))) {
            Result install = run(List.of("npm", "install", "--no-audit", "--no-fund", "--loglevel=error"), NPM_INSTALL_SECONDS);
            MissingTool.assumePresent(install.exitCode() == 0, "npm-registry",
                    "npm install openai failed (no registry?)\n" + install.output());
        }
    }

    @Test
    void officialNodeClientGetsJsonStreamsAndTheRefusal() throws Exception {
        String base = TestGateway.start().baseUrl() + "/v1";

        Result result = run(List.of("node", "client-check.mjs", base), CLIENT_SECONDS);

        assertThat(result.exitCode()).as(result.output()).isZero();
        String[] lines = result.output().strip().split("\n");
        JsonNode seen = HttpTestClient.JSON.readTree(lines[lines.length - 1]);
        assertThat(seen.at("/json/ok").isBoolean()).as(seen.toString()).isTrue();
        assertThat(seen.at("/json/mood").asText()).isIn("calm", "busy");
        assertThat(seen.path("streamText").asText()).isNotBlank();
        assertThat(seen.path("streamUsage").asInt()).isBetween(1, 8);
        assertThat(seen.at("/tools/status").asInt()).isEqualTo(400);
        assertThat(seen.at("/tools/code").asText()).isEqualTo("unsupported_parameter");
        assertThat(seen.at("/tools/param").asText()).isEqualTo("tools");
        assertThat(seen.at("/embeddings/count").asInt()).isEqualTo(2);
        assertThat(seen.at("/embeddings/dims").asInt()).isGreaterThan(8);
        assertThat(seen.at("/embeddings/norm").asDouble()).as("base64 decoded by the client").isBetween(0.999, 1.001);
        assertThat(seen.at("/embeddings/promptTokens").asInt()).isPositive();
    }

    @Test
    void officialNodeClientRunsAnAgentLoopThroughTheGatewayOnLlamaServer() throws Exception {
        try (ToolCallingGateway upstreams = ToolCallingGateway.start()) {
            Result result = run(List.of("node", "agent-loop.mjs", upstreams.baseUrl() + "/v1"), CLIENT_SECONDS);

            assertThat(result.exitCode()).as(result.output()).isZero();
            String[] lines = result.output().strip().split("\n");
            JsonNode seen = HttpTestClient.JSON.readTree(lines[lines.length - 1]);
            assertThat(seen.at("/call/finishReason").asText()).as(seen.toString()).isEqualTo("tool_calls");
            assertThat(seen.at("/call/id").asText()).isNotBlank();
            assertThat(seen.at("/call/name").asText()).isEqualTo("get_weather");
            assertThat(seen.at("/call/arguments/city").asText()).isEqualTo("Lisbon");
            assertThat(seen.at("/answer/finishReason").asText()).isEqualTo("stop");
            assertThat(seen.at("/answer/text").asText()).contains("sunny", "22 degrees");
            assertThat(seen.at("/answer/toolCalls").asInt()).isZero();
            assertThat(seen.at("/answer/route").asText()).isEqualTo("large");
        }
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("node-openai-", ".log");
        try {
            Process process = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, command + " did not finish within " + timeoutSeconds + " s");
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, command + " could not start: " + e.getMessage());
        } finally {
            Files.deleteIfExists(log);
        }
    }
}

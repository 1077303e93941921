package com.cascade4arm.demomodels;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.demomodels.internal.design.DemoDesign;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabularyTest;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo models in a real, current llama-server (test-support's {@link LlamaServer#binaryOrSkip()}: handed over by
 * CI, or beside the project; skipped when absent): it tokenizes exactly like the in-process llama.cpp (English at 3+ characters per token),
 * and its speculative decoding accepts the draft like the host does.
 */
class RealLlamaServerIT {
    static final HttpClient HTTP = HttpClient.newHttpClient();
    /** Half of the LargeRoutePrompts (two per large-route category): llama-server drafts slower than the host. */
    static final int PROMPT_COUNT = 6;
    private static Process process;
    private static URI url;

    @BeforeAll
    static void startServer() throws IOException {
        Path server = LlamaServer.binaryOrSkip();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        process = new ProcessBuilder(server.toString(), "-m", DemoModels.ensure(DemoModel.LARGE).toString(),
                "-md", DemoModels.ensure(DemoModel.SMALL).toString(), "--spec-type", "draft-simple",
                "--spec-draft-n-max", "8", "--spec-draft-n-min", "0", "--spec-draft-p-min", "0.5",
                "--port", String.valueOf(port), "-c", "4096", "-np", "1", "-t", "2", "--no-warmup")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        url = URI.create("http://127.0.0.1:" + port);
        Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).ignoreExceptions()
                .until(() -> get("/health").statusCode() == 200);
    }

    @AfterAll
    static void stopServer() {
        if (process != null) {
            process.destroy();
        }
    }

    @Test
    void tokenizesExactlyLikeTheInProcessLlamaCpp() {
        List<String> texts = new ArrayList<>(List.of("Hello, world! It's 3:15 pm.", "def f(x):\n    return x ** 2"));
        DemoDesign.shared().corpus().answers().forEach(answer -> texts.addAll(answer.prompts()));
        try (LlamaModel jni = new LlamaModel(new ModelParameters().setModel(DemoModels.ensure(DemoModel.LARGE).toString())
                .setCtxSize(512).disableLog())) {
            for (String text : texts) {
                JsonArray tokens = post("/tokenize", new JsonObject().put("content", text)).getJsonArray("tokens");
                int[] server = tokens.stream().mapToInt(token -> ((Number) token).intValue()).toArray();
                assertThat(server).as("llama-server tokens of '%s'", text).containsExactly(jni.encode(text));
            }
        }
    }

    @Test
    void tokenizesEnglishToAtLeastThreeCharactersPerToken() {
        String english = BpeVocabularyTest.ENGLISH;
        int tokens = post("/tokenize", new JsonObject().put("content", english)).getJsonArray("tokens").size();
        System.out.printf("llama-server: %d characters in %d tokens = %.2f characters per token%n", english.length(), tokens,
                english.length() / (double) tokens);

        assertThat(english.length() / (double) tokens).isGreaterThanOrEqualTo(3.0);
    }

    @Test
    void acceptsTheDraftLikeTheHostDoes() {
        long drafted = 0;
        long accepted = 0;
        int seed = 1;
        for (String prompt : LargeRoutePrompts.PROMPTS.subList(0, PROMPT_COUNT)) {
            JsonObject body = new JsonObject().put("max_tokens", LargeRoutePrompts.MAX_TOKENS).put("seed", seed++)
                    .put("messages", new JsonArray().add(new JsonObject().put("role", "user").put("content", prompt)));
            JsonObject timings = post("/v1/chat/completions", body).getJsonObject("timings");
            drafted += timings.getInteger("draft_n", 0);
            accepted += timings.getInteger("draft_n_accepted", 0);
        }
        System.out.printf("llama-server draft acceptance at default sampling: %d/%d = %.3f%n", accepted, drafted,
                accepted / (double) drafted);

        assertThat(accepted / (double) drafted).isBetween(0.55, 0.85);
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(url.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject post(String path, JsonObject body) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url.resolve(path))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return new JsonObject(response.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

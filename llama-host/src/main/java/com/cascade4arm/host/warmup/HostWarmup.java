package com.cascade4arm.host.warmup;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.Sse;
import com.cascade4arm.openai.SseDecoder;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Warms a freshly loaded host the way its clients will use it, before it says ready: a few short streamed answers
 * through its own HTTP API on loopback, so that llama.cpp's first-use costs and the JIT compilation of the per-token
 * path (receive, SSE encoding, HTTP writes) are paid here rather than by the first clients (measured: a fresh host's
 * first answers took up to 2-3x as long as the same answers later). The requests carry a per-host secret that lets
 * them past the "Loading model" gate; their counts do not reach the host's metrics.
 */
public final class HostWarmup {

    private static final Logger LOG = LoggerFactory.getLogger(HostWarmup.class);
    /** Header that marks the host's own warm-up requests; only the secret of this host's warm-up opens the gate. */
    public static final String HEADER = "X-Cascade-Warmup";
    /** Tokens per warm-up answer: like a typical short answer (the product Benchmark asks for 64). */
    static final int MAX_TOKENS = 64;
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final int SECRET_BYTES = 16;
    /** Short prompts of the kinds clients send (greeting, fact, reasoning, code, analysis); none is a benchmark prompt. */
    static final List<String> PROMPTS = List.of(
            "Hello! How is your day going?",
            "What is the tallest mountain on Earth?",
            "Explain step by step why the sum of two odd numbers is even.",
            "Write a Python function that returns the squares of a list of numbers.",
            "Compare trains and planes for a 500 km trip, with their trade-offs.");

    /**
     * Hosts sharing a JVM warm up one after the other: several llama.cpp models computing at once in one JVM can end
     * answers at their first token (the defect host processes avoid), and a warm-up must not add such overlap.
     */
    private static final Object ONE_WARMUP_PER_JVM = new Object();

    private final HostConfig config;
    private final Vertx vertx;
    private final String secret;

    private HostWarmup(HostConfig config, Vertx vertx, String secret) {
        this.config = config;
        this.vertx = vertx;
        this.secret = secret;
    }

    /** A warm-up for {@code config}'s host, with a fresh random secret; its requests go out on the host's Vert.x. */
    public static HostWarmup forHost(HostConfig config, Vertx vertx) {
        byte[] bytes = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(bytes);
        return new HostWarmup(config, vertx, HexFormat.of().formatHex(bytes));
    }

    /** True when {@code headerValue} is this warm-up's secret. */
    public boolean admits(String headerValue) {
        return secret.equals(headerValue);
    }

    /** What a warm-up did: answers and tokens generated, how long it took in all, and its first and last answer. */
    public record Summary(int answers, int tokens, long totalMs, long firstMs, long lastMs) {
        static final Summary NONE = new Summary(0, 0, 0, 0, 0);
    }

    /**
     * Generates {@link HostConfig#warmupRequests()} answers one after the other from the host at {@code hostUrl}; a
     * failure ends the warm-up early (logged): a cold host is still a working host.
     */
    public Summary run(URI hostUrl) {
        if (config.warmupRequests() == 0) {
            return Summary.NONE;
        }
        synchronized (ONE_WARMUP_PER_JVM) {
            return runAlone(hostUrl);
        }
    }

    private Summary runAlone(URI hostUrl) {
        int requests = config.warmupRequests();
        long start = System.nanoTime();
        HttpClient http = vertx.createHttpClient(new HttpClientOptions()
                .setConnectTimeout((int) REQUEST_TIMEOUT.toMillis()));
        long firstMs = 0;
        long lastMs = 0;
        int tokens = 0;
        int done = 0;
        try {
            for (; done < requests; done++) {
                long requestStart = System.nanoTime();
                tokens += answer(http, hostUrl, PROMPTS.get(done % PROMPTS.size()));
                lastMs = (System.nanoTime() - requestStart) / 1_000_000;
                firstMs = done == 0 ? lastMs : firstMs;
            }
            LOG.info("warm-up of '{}': {} answers, {} tokens in {} ms (first {} ms, last {} ms)", config.alias(), done,
                    tokens, (System.nanoTime() - start) / 1_000_000, firstMs, lastMs);
        } catch (IOException | RuntimeException e) {
            LOG.warn("warm-up of '{}' stopped after {} of {} answers: {}", config.alias(), done, requests, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.warn("warm-up of '{}' interrupted after {} of {} answers", config.alias(), done, requests);
        } finally {
            http.close();
        }
        return new Summary(done, tokens, (System.nanoTime() - start) / 1_000_000, firstMs, lastMs);
    }

    /** One streamed answer, read to its end; returns its completion tokens (from the usage chunk). */
    private int answer(HttpClient http, URI hostUrl, String prompt) throws IOException, InterruptedException {
        // Like the JDK client's request timeout before: the answer must start (and here go on) within the limit.
        RequestOptions request = new RequestOptions().setMethod(HttpMethod.POST)
                .setAbsoluteURI(hostUrl.resolve("/v1/chat/completions").toString())
                .setIdleTimeout(REQUEST_TIMEOUT.toMillis())
                .putHeader("Content-Type", "application/json")
                .putHeader(HEADER, secret);
        if (config.apiKey() != null) {
            request.putHeader("Authorization", "Bearer " + config.apiKey());
        }
        Reply response;
        try {
            // Nested: body() on the event loop as the head arrives (chained from this thread it could miss the end)
            response = http.request(request)
                    .compose(sent -> sent.send(body(prompt))
                            .compose(answer -> answer.body().map(bytes -> new Reply(answer.statusCode(), bytes))))
                    .toCompletionStage().toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().toString(), e.getCause());
        }
        if (response.status() != 200) {
            throw new IOException("HTTP " + response.status() + ": "
                    + String.join(" ", response.body().toString(StandardCharsets.UTF_8).lines().toList()));
        }
        int[] tokens = {0};
        SseDecoder events = new SseDecoder(data -> {
            JsonObject usage = data.equals(Sse.DONE) ? null : new JsonObject(data).getJsonObject("usage");
            if (usage != null) {
                tokens[0] += usage.getInteger("completion_tokens", 0);
            }
        });
        events.feed(response.body().getBytes());
        events.end();
        return tokens[0];
    }

    /** A whole answer: status and body. */
    private record Reply(int status, Buffer body) {
    }

    /** A streamed chat request (with usage) at the host's default sampling, like the gateway's requests. */
    static String body(String prompt) {
        return ChatRequest.userPrompt(null, prompt, MAX_TOKENS, true).toJson(false).toString();
    }
}

package com.cascade4arm.baseline;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Asks the proxied server's {@code /health} whether it can serve, for isReady/awaitReady. */
final class UpstreamHealth {

    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    static final long POLL_INTERVAL_MS = 200;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
    private final URI healthUrl;
    private final String apiKey;

    UpstreamHealth(URI upstream, String apiKey) {
        String base = upstream.toString().endsWith("/") ? upstream.toString() : upstream + "/";
        this.healthUrl = URI.create(base).resolve("health");
        this.apiKey = apiKey;
    }

    boolean isHealthy() {
        HttpRequest.Builder request = HttpRequest.newBuilder(healthUrl).timeout(PROBE_TIMEOUT).GET();
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    void awaitHealthy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isHealthy()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("baseline upstream " + healthUrl + " not healthy within " + timeout);
            }
            try {
                Thread.sleep(POLL_INTERVAL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + healthUrl, e);
            }
        }
    }
}

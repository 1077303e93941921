package com.cascade4arm.app;

import com.cascade4arm.standins.upstream.InstantResponder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's static files as a browser loads them on a second visit: every file has an ETag and a Cache-Control
 * that makes the browser revalidate, a matching If-None-Match is answered 304 without a body, and HEAD answers 200
 * with the GET's headers and no body (uptime checkers and link checkers use HEAD).
 */
class StaticAssetsCachingIT {
    private static InstantResponder upstream;
    private static TestGateway gateway;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void boot() {
        upstream = InstantResponder.start(0); // no models needed: only the static files are asked for
        gateway = TestGateway.boot(Map.of("cascade.small.urls", upstream.baseUrl(),
                "cascade.large.urls", upstream.baseUrl(), "cascade.baseline.url", upstream.baseUrl()), false);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/index.html", "/style.css", "/js/app.js", "/js/tabs/compare.js"})
    void revalidatesWithEtagAndAnswers304(String path) throws Exception {
        HttpResponse<String> first = send(HttpRequest.newBuilder(url(path)).GET());
        assertThat(first.statusCode()).as("GET %s", path).isEqualTo(200);
        String etag = first.headers().firstValue("ETag").orElse(null);
        assertThat(etag).as("ETag of %s", path).isNotBlank().startsWith("\"").endsWith("\"");
        assertThat(first.headers().firstValue("Cache-Control")).as("Cache-Control of %s", path).hasValue("no-cache");

        HttpResponse<String> again = send(HttpRequest.newBuilder(url(path)).header("If-None-Match", etag).GET());
        assertThat(again.statusCode()).as("GET %s with If-None-Match %s", path, etag).isEqualTo(304);
        assertThat(again.body()).as("304 body").isEmpty();
        assertThat(again.headers().firstValue("ETag")).as("ETag on the 304").hasValue(etag);

        HttpResponse<String> stale = send(HttpRequest.newBuilder(url(path)).header("If-None-Match", "\"not-this-one\"").GET());
        assertThat(stale.statusCode()).as("GET %s with an outdated ETag", path).isEqualTo(200);
        assertThat(stale.body()).as("the file again").isEqualTo(first.body());
    }

    @Test
    void headAnswersLikeGetWithoutABody() throws Exception {
        HttpResponse<String> get = send(HttpRequest.newBuilder(url("/js/app.js")).GET());
        HttpResponse<String> head = send(HttpRequest.newBuilder(url("/js/app.js")).method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(head.statusCode()).as("HEAD /js/app.js").isEqualTo(200);
        assertThat(head.body()).as("HEAD body").isEmpty();
        assertThat(head.headers().firstValue("Content-Type")).as("Content-Type").get().asString().contains("javascript");
        assertThat(head.headers().firstValue("ETag")).as("ETag like the GET's").isEqualTo(get.headers().firstValue("ETag"));
        assertThat(head.headers().firstValue("Content-Length")).as("Content-Length of the GET's body")
                .hasValue(String.valueOf(get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));

        HttpResponse<String> missing = send(HttpRequest.newBuilder(url("/js/no-such-file.js")).method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(missing.statusCode()).as("HEAD of a missing file").isEqualTo(404);
    }

    private static URI url(String path) {
        return URI.create(gateway.baseUrl() + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

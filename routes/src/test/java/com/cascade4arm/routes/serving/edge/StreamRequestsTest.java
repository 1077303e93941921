package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class StreamRequestsTest {
    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "/v1/chat/completions | {\"stream\":true,\"messages\":[]}                 | true",
            "/v1/chat/completions | {\"messages\":[{\"stream\":true}],\"stream\":false} | false",
            "/v1/chat/completions | {\"messages\":[{\"stream\":true}]}                | false",
            "/v1/chat/completions | {\"stream\":false,\"stream\":true}               | true",
            "/v1/chat/completions | {\"stream\":\"true\"}                           | false",
            "/v1/chat/completions | [true]                                          | false",
            "/v1/chat/completions | {broken                                         | false",
            "/v1/chat/completions | ''                                              | false",
            "/api/compare/stream  | {}                                              | true",
            "/api/compare         | {\"stream\":true}                               | true",
    })
    void tellsStreamsFromTheTopLevelStreamFieldOrThePath(String path, String body, boolean stream) {
        assertThat(StreamRequests.isStream(path, body.getBytes(StandardCharsets.UTF_8))).isEqualTo(stream);
    }

    @org.junit.jupiter.api.Test
    void survivesDeepNestingWithoutParsingIt() {
        String deep = "{\"messages\":" + "[".repeat(100_000) + "]".repeat(100_000) + ",\"stream\":true}";

        assertThat(StreamRequests.isStream("/v1/chat/completions", deep.getBytes(StandardCharsets.UTF_8)))
                .as("too deep to read: not a stream, the route rejects it").isFalse();
    }
}

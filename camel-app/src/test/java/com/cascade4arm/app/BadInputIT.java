package com.cascade4arm.app;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad requests get an OpenAI-shaped error with the right status, no internals, and the gateway keeps serving. */
class BadInputIT {
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{not json                                                      | 400 | invalid_json",
            "[1,2]                                                          | 400 | invalid_type",
            "{}                                                             | 400 | missing_field",
            "{\"messages\":[]}                                              | 400 | invalid_value",
            "{\"messages\":\"hi\"}                                          | 400 | invalid_type",
            "{\"messages\":[{\"role\":\"user\"}]}                           | 400 | missing_field",
            "{\"messages\":[{\"role\":\"wizard\",\"content\":\"hi\"}]}      | 400 | invalid_value",
            "{\"messages\":[{\"role\":\"user\",\"content\":42}]}            | 400 | invalid_type",
            "{\"model\":\"gpt-9\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}      | 404 | model_not_found",
            "{\"max_tokens\":0,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}         | 400 | invalid_value",
            "{\"max_tokens\":-5,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}        | 400 | invalid_value",
            "{\"max_tokens\":999999,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}    | 400 | invalid_value",
            "{\"max_tokens\":\"ten\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}   | 400 | invalid_type",
            "{\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}       | 400 | invalid_type",
            "{\"temperature\":7,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}        | 400 | invalid_value",
            "{\"n\":3,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}                  | 400 | invalid_value",
    })
    void rejectsMalformedChatRequests(String body, int status, String code) {
        assertRejected(http.post("/v1/chat/completions", body), status, code);
    }

    @Test
    void rejectsPromptAboveTheSizeCap() {
        String huge = "a".repeat(40_000);
        assertRejected(http.post("/v1/chat/completions", HttpTestClient.chat(huge, 4, false)), 413, "request_too_large");
    }

    @Test
    void rejectsBodyAboveTheBodyCap() {
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"" + "b".repeat(1_200_000) + "\"}]}";
        assertRejected(http.post("/v1/chat/completions", body), 413, "request_too_large");
    }

    @Test
    void rejectsNonJsonContentType() {
        assertRejected(http.post("/v1/chat/completions", "hello", "text/plain"), 415, "unsupported_media_type");
    }

    @Test
    void answersUnknownPathsWithJson404() {
        assertRejected(http.get("/v1/nothing-here"), 404, "not_found");
    }

    @Test
    void keepsServingAfterBadInput() {
        for (int i = 0; i < 20; i++) {
            http.post("/v1/chat/completions", "{broken" + i);
        }
        HttpTestClient.Response good = http.post("/v1/chat/completions", HttpTestClient.chat("Hello!", 2, false));
        assertThat(good.status()).isEqualTo(200);
        assertThat(http.get("/health").status()).isEqualTo(200);
    }

    private static void assertRejected(HttpTestClient.Response response, int status, String code) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        JsonNode error = response.json().path("error");
        assertThat(error.path("message").asText()).isNotBlank();
        assertThat(error.path("type").asText()).isNotBlank();
        assertThat(error.path("code").asText()).isEqualTo(code);
        assertThat(response.body()).doesNotContain("Exception", "at com.", "at org.", "/work/", ".java");
    }
}

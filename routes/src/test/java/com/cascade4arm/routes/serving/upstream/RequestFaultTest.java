package com.cascade4arm.routes.serving.upstream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which upstream error answers are the request's fault (breaker untouched, no fallback), and what the client is told:
 * the upstream's reason without Java exception names or addresses.
 */
class RequestFaultTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "400 | {\"error\":{\"message\":\"bad max_tokens\",\"type\":\"invalid_request_error\"}} | bad max_tokens",
            "422 | not json at all | not json at all",
            "500 | {\"error\":{\"code\":500,\"message\":\"generation failed: IllegalArgumentException: Invalid role: tool\",\"type\":\"server_error\"}} | generation failed: Invalid role: tool",
            "500 | {\"error\":{\"code\":500,\"message\":\"\\\"json_schema\\\": JSON schema conversion failed:\\nUnrecognized schema\",\"type\":\"server_error\"}} | \"json_schema\": JSON schema conversion failed: Unrecognized schema",
            "500 | {\"error\":{\"code\":500,\"message\":\"whatever\",\"type\":\"invalid_request_error\"}} | whatever",
            "500 | {\"error\":{\"code\":500,\"message\":\"out of memory\",\"type\":\"server_error\"}} | ",
            "502 | {\"error\":{\"message\":\"Invalid role: tool\"}} | ",
            "503 | {\"error\":{\"message\":\"Loading model\",\"type\":\"unavailable_error\"}} | ",
            "429 | {\"error\":{\"message\":\"slow down\"}} | ",
            "408 | {\"error\":{\"message\":\"timeout\"}} | "})
    void tellsTheRequestsFaultsFromTheEndpoints(int status, String body, String reason) {
        assertThat(RequestFault.reason(status, body)).isEqualTo(reason);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"500"})
    void summarizesALongReasonToOneShortLine(int status) {
        String reason = RequestFault.reason(status, "{\"error\":{\"message\":\"Invalid role:\\n" + "x".repeat(1000)
                + "\",\"type\":\"server_error\"}}");

        // Scrubbed first (no addresses or exception names), which cuts at its own, shorter length.
        assertThat(reason).hasSizeLessThanOrEqualTo(RequestFault.MAX_REASON_CHARS).startsWith("Invalid role: xxx").endsWith("...")
                .doesNotContain("\n");
    }
}

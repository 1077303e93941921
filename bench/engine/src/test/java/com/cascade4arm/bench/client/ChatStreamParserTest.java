package com.cascade4arm.bench.client;

import com.cascade4arm.openai.SseDecoder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ChatStreamParserTest {

    private static final long MS = 1_000_000L;

    /** One line of a stream and a blank line after it, through the SSE decoder the client reads streams with. */
    private static void line(ChatStreamParser parser, String line, long nowNanos) {
        new SseDecoder(data -> parser.onData(data, nowNanos)).feed((line + "\n\n").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void takesTtftAtTheFirstNonEmptyContentDeltaNotAtTheRoleChunk() {
        ChatStreamParser parser = new ChatStreamParser(0);
        line(parser, "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":null}}]}", 5 * MS);
        line(parser, "", 5 * MS);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"\"}}]}", 10 * MS);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"Hello\"}}]}", 40 * MS);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\" world\"}}]}", 60 * MS);
        line(parser, "data: [DONE]", 80 * MS);

        StreamResult result = parser.result(200, 80 * MS);

        assertThat(result.ok()).isTrue();
        assertThat(result.ttftMs()).isEqualTo(40.0);
        assertThat(result.totalMs()).isEqualTo(80.0);
        assertThat(result.completionTokens()).as("no usage chunk: counted content deltas").isEqualTo(2);
        assertThat(result.tokensPerSecond()).as("2 tokens over 40 ms after the first").isCloseTo(50.0, within(1e-9));
    }

    @Test
    void prefersUsageTokensAndReadsTheCascadeObjectOfTheFinalChunk() {
        ChatStreamParser parser = new ChatStreamParser(0);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}", 10 * MS);
        line(parser, "data: {\"choices\":[],\"usage\":{\"completion_tokens\":7},\"cascade\":{\"route\":\"small\","
                + "\"rule\":\"category: factual\",\"rules_version\":\"v3\"}}", 20 * MS);
        line(parser, "data: [DONE]", 20 * MS);

        StreamResult result = parser.result(200, 20 * MS);

        assertThat(result.completionTokens()).isEqualTo(7);
        assertThat(result.route()).isEqualTo("small");
        assertThat(result.rule()).isEqualTo("category: factual");
        assertThat(result.rulesVersion()).isEqualTo("v3");
    }

    @Test
    void keepsHeaderRoutingWhenTheCascadeObjectAgrees() {
        ChatStreamParser parser = new ChatStreamParser(0);
        parser.routing("large", "code markers", null);
        line(parser, "data: {\"choices\":[],\"cascade\":{\"route\":\"large\",\"rules_version\":\"v9\"}}", MS);
        line(parser, "data: [DONE]", MS);
        StreamResult result = parser.result(200, MS);
        assertThat(result.route()).isEqualTo("large");
        assertThat(result.rule()).isEqualTo("code markers");
        assertThat(result.rulesVersion()).isEqualTo("v9");
    }

    @Test
    void skipsCommentLinesAndOtherSseFields() {
        ChatStreamParser parser = new ChatStreamParser(0);
        line(parser, ": OPENROUTER PROCESSING", MS);
        line(parser, "event: message", MS);
        line(parser, "id: 3", MS);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}", 2 * MS);
        line(parser, "data: [DONE]", 3 * MS);
        StreamResult result = parser.result(200, 3 * MS);
        assertThat(result.ok()).isTrue();
        assertThat(result.ttftMs()).isEqualTo(2.0);
    }

    @Test
    void reportsAnErrorEventInTheStream() {
        ChatStreamParser parser = new ChatStreamParser(0);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}", MS);
        line(parser, "data: {\"error\":{\"message\":\"Rate limit exceeded\",\"code\":429}}", 2 * MS);
        StreamResult result = parser.result(200, 2 * MS);
        assertThat(result.ok()).isFalse();
        assertThat(result.error()).isEqualTo("Rate limit exceeded");
        assertThat(result.status()).isEqualTo(200);
    }

    @Test
    void callsAStreamWithoutDoneTruncated() {
        ChatStreamParser parser = new ChatStreamParser(0);
        line(parser, "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}", MS);
        assertThat(parser.result(200, 2 * MS).error()).isEqualTo(StreamResult.TRUNCATED);
    }

    @Test
    void extractsOpenAiErrorMessagesFromNon2xxBodies() {
        assertThat(ErrorBodies.forStatus(429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit_error\"}}"))
                .isEqualTo("HTTP 429: slow down");
        assertThat(ErrorBodies.forStatus(502, "Bad Gateway")).isEqualTo("HTTP 502: Bad Gateway");
        assertThat(ErrorBodies.forStatus(500, "")).isEqualTo("HTTP 500: (empty body)");
    }

    @Test
    void acceptsBaseUrlsWithOrWithoutV1AndTrailingSlash() {
        assertThat(StreamingChatClient.completionsUri("http://h:1").toString()).isEqualTo("http://h:1/v1/chat/completions");
        assertThat(StreamingChatClient.completionsUri("http://h:1/").toString()).isEqualTo("http://h:1/v1/chat/completions");
        assertThat(StreamingChatClient.completionsUri("http://h:1/v1").toString()).isEqualTo("http://h:1/v1/chat/completions");
    }

    @Test
    void readsDraftFiguresFromTimingsOrTheCascadeObjectAndNoneWhenNothingWasDrafted() {
        ChatStreamParser server = new ChatStreamParser(0);
        line(server, "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}", 10 * MS);
        line(server, "data: {\"choices\":[],\"timings\":{\"draft_n\":8,\"draft_n_accepted\":6}}", 20 * MS);
        line(server, "data: [DONE]", 20 * MS);
        StreamResult drafted = server.result(200, 20 * MS);
        assertThat(drafted.draftTokens()).isEqualTo(8);
        assertThat(drafted.draftAcceptance()).isEqualTo(0.75);
        assertThat(drafted.drafted()).isTrue();

        ChatStreamParser gateway = new ChatStreamParser(0);
        line(gateway, "data: {\"choices\":[],\"cascade\":{\"route\":\"large\",\"draft_acceptance\":0.5}}", 20 * MS);
        assertThat(gateway.result(200, 20 * MS).draftAcceptance()).isEqualTo(0.5);

        ChatStreamParser off = new ChatStreamParser(0);
        line(off, "data: {\"choices\":[],\"timings\":{\"draft_n\":0,\"draft_n_accepted\":0},"
                + "\"cascade\":{\"route\":\"large\"}}", 20 * MS);
        StreamResult notDrafted = off.result(200, 20 * MS);
        assertThat(notDrafted.draftAcceptance()).isNull();
        assertThat(notDrafted.drafted()).isFalse();
    }
}

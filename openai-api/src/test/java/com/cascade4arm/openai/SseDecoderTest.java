package com.cascade4arm.openai;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SseDecoderTest {
    private final List<String> events = new ArrayList<>();
    private final SseDecoder decoder = new SseDecoder(events::add, 64);

    private void feed(String text) {
        decoder.feed(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void deliversEachEventAtTheBlankLineThatEndsIt() {
        feed("data: {\"a\":1}\n");
        assertThat(events).as("not before its blank line").isEmpty();
        feed("\ndata: [DONE]\n\n");
        assertThat(events).containsExactly("{\"a\":1}", "[DONE]");
    }

    @Test
    void skipsCommentsOtherFieldsAndEmptyEvents() {
        feed(": OPENROUTER PROCESSING\n\nevent: message\nid: 3\nretry: 10\ndata: x\n\ndata:\n\ndatum: y\n\n\n\n");
        assertThat(events).containsExactly("x");
    }

    @Test
    void joinsTheDataLinesOfOneEvent() {
        feed("data: first\ndata:second\n\n");
        assertThat(events).containsExactly("first\nsecond");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\n", "\r\n", "\r"})
    void readsEveryLineEnd(String end) {
        feed("data: a" + end + end + ": c" + end + "data: b" + end + end);
        assertThat(events).containsExactly("a", "b");
    }

    @Test
    void readsEventsCutAtEveryByte() {
        byte[] stream = "data: {\"t\":\"é€😀\"}\r\n\r\n: ka\r\ndata: [DONE]\r\n\r\n".getBytes(StandardCharsets.UTF_8);
        for (byte b : stream) {
            decoder.feed(new byte[]{b}, 0, 1);
        }
        assertThat(events).as("multi-byte characters and CRLFs split across chunks")
                .containsExactly("{\"t\":\"é€😀\"}", "[DONE]");
    }

    @Test
    void readsASliceOfTheGivenArray() {
        byte[] bytes = "xxdata: in\n\nyy".getBytes(StandardCharsets.US_ASCII);
        decoder.feed(bytes, 2, bytes.length - 4);
        assertThat(events).containsExactly("in");
    }

    @Test
    void trimsTheDataAsTheLineReadersItReplacedDid() {
        feed("data:   [DONE]  \t\n\n");
        assertThat(events).containsExactly("[DONE]");
    }

    @Test
    void deliversAnUnfinishedLastEventWhenTheStreamEnds() {
        feed("data: a\n\ndata: [DONE]");
        assertThat(events).containsExactly("a");
        decoder.end();
        assertThat(events).containsExactly("a", "[DONE]");
    }

    @Test
    void refusesALineOverTheCapEvenWhenItArrivesInPieces() {
        feed("data: " + "x".repeat(40));
        assertThatThrownBy(() -> feed("y".repeat(40))).isInstanceOf(SseDecoder.TooLong.class)
                .hasMessage("an SSE line or event longer than 64 bytes");
    }

    @Test
    void refusesAnEventOverTheCapMadeOfShortLines() {
        assertThatThrownBy(() -> feed("data: 0123456789012345678901234567890\n".repeat(3)))
                .isInstanceOf(SseDecoder.TooLong.class);
    }

    @Test
    void acceptsALineJustUnderTheCapWithinOneChunk() {
        String value = "z".repeat(58);
        feed("data: " + value + "\n\n");
        assertThat(events).containsExactly(value);
    }

    @Test
    void readsAStreamToItsEndOrUntilTheCallerStops() throws IOException {
        decoder.read(stream("data: a\n\ndata: b"), () -> false);
        assertThat(events).as("the unfinished last event too, at the end").containsExactly("a", "b");
        events.clear();
        InputStream rest = stream("data: [DONE]\n\n");
        new SseDecoder(events::add).read(rest, () -> true);
        assertThat(events).isEmpty();
        assertThat(rest.available()).as("nothing read once stopped").isPositive();
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}

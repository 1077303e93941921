package com.cascade4arm.bench.overhead;

import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StreamEventCounterTest {
    private static final String STREAM = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\" there\"}}]}\n\n" + "data: [DONE]\n\n";

    @Test
    void countsTheEventsOfAWholeStream() {
        StreamEventCounter counter = new StreamEventCounter();
        counter.feed(Buffer.buffer(STREAM));
        assertThat(counter.events()).isEqualTo(3);
        assertThat(counter.complete()).isTrue();
    }

    @Test
    void findsEventsSplitAcrossChunks() {
        StreamEventCounter counter = new StreamEventCounter();
        for (int i = 0; i < STREAM.length(); i += 3) { // every "data:" and "[DONE]" cut somewhere
            counter.feed(Buffer.buffer(STREAM.substring(i, Math.min(STREAM.length(), i + 3))));
        }
        assertThat(counter.events()).isEqualTo(3);
        assertThat(counter.complete()).isTrue();
    }

    @Test
    void aStreamCutBeforeItsDoneIsNotComplete() {
        StreamEventCounter counter = new StreamEventCounter();
        counter.feed(Buffer.buffer(STREAM.substring(0, STREAM.indexOf("data: [DONE]"))));
        assertThat(counter.events()).isEqualTo(2);
        assertThat(counter.complete()).isFalse();
    }

    @Test
    void anErrorBodyIsNotAStream() {
        StreamEventCounter counter = new StreamEventCounter();
        counter.feed(Buffer.buffer("{\"error\":{\"message\":\"rate limited\",\"type\":\"rate_limit_error\"}}"));
        assertThat(counter.events()).isZero();
        assertThat(counter.complete()).isFalse();
    }
}

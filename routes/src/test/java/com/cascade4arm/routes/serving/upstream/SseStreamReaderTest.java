package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.openai.SseDecoder;
import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** An upstream stream's reads, as Vert.x hands them over, through the shared decoder to a listener. */
class SseStreamReaderTest {
    private final List<String> seen = new ArrayList<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final AtomicBoolean reset = new AtomicBoolean();
    private final SseStreamReader reader = new SseStreamReader("small-0", new SseListener() {
        @Override
        public void onData(String data) {
            seen.add(data);
        }

        @Override
        public void onReadStart() {
            seen.add("(read)");
        }

        @Override
        public void onReadEnd() {
            seen.add("(end of read)");
        }
    }, done, () -> reset.set(true));

    @Test
    void deliversTheEventsOfEachReadBetweenItsStartAndEndAndCompletesAtDone() {
        reader.read(Buffer.buffer("data: a\n\ndata: b\n"));
        reader.read(Buffer.buffer("\n: keep-alive\n\ndata: [DONE]\n\ndata: after\n\n"));
        reader.end();

        assertThat(seen).containsExactly("(read)", "a", "(end of read)", "(read)", "b", "(end of read)");
        assertThat(done).isCompleted();
    }

    @Test
    void decodesReadsInsideALargerArrayAndReadsOffTheHeap() {
        byte[] around = "xxdata: a\n\ndata: byy".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        reader.read(Buffer.buffer(io.netty.buffer.Unpooled.wrappedBuffer(around, 2, around.length - 4)));
        io.netty.buffer.ByteBuf direct = io.netty.buffer.Unpooled.directBuffer(64);
        direct.writeBytes("c\n\ndata: [DONE]\n\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        reader.read(Buffer.buffer(direct));

        assertThat(seen).containsExactly("(read)", "a", "(end of read)", "(read)", "bc", "(end of read)");
        assertThat(done).isCompleted();
    }

    @Test
    void failsAsTruncatedWhenTheStreamEndsWithoutDone() {
        reader.read(Buffer.buffer("data: a\n\n"));
        reader.end();

        assertThat(done).isCompletedExceptionally();
        assertThat(done.handle((v, e) -> e.getMessage()).join()).isEqualTo("small-0 ended the stream without [DONE] (truncated)");
    }

    @Test
    void refusesALineLongerThanTheCapAndDropsTheConnection() {
        byte[] endless = new byte[SseDecoder.DEFAULT_MAX_LINE_BYTES / 4];
        java.util.Arrays.fill(endless, (byte) 'x');
        reader.read(Buffer.buffer("data: "));
        for (int i = 0; i < 5 && !done.isDone(); i++) {
            reader.read(Buffer.buffer(endless));
        }

        assertThat(done.handle((v, e) -> e).join()).isInstanceOfSatisfying(UpstreamFailure.class, failure -> {
            assertThat(failure.getMessage()).isEqualTo("small-0 sent an SSE line or event longer than 1048576 bytes");
            assertThat(failure.status()).isEqualTo(502);
        });
        assertThat(reset).as("the connection is dropped, not read on").isTrue();
    }
}

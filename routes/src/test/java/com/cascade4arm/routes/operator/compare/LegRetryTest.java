package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.openai.ChatRequest;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hosted leg's Resilience4j retries on answers read from scripted HTTP responses: waits are recorded by the
 * scheduler and not slept (the test never waits for a Retry-After), dates are read on a clock the test holds.
 */
class LegRetryTest {
    private static final Instant NOW = Instant.parse("2025-03-07T00:00:00Z");
    private static final String OK_STREAM = "data: {\"choices\":[{\"delta\":{\"content\":\"Hello\"}}]}\n\n"
            + "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n";

    private final MutableClock clock = new MutableClock(NOW);
    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final ExecutorService attempts = Executors.newCachedThreadPool();
    private final RecordingEvents events = new RecordingEvents();
    private final Deque<Response> script = new ArrayDeque<>();
    private int calls;

    /** One scripted HTTP answer. */
    private record Response(int status, Map<String, String> headers, String body) {
    }

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
        attempts.shutdownNow();
    }

    private Leg leg(int after429s) {
        CompareSettings settings = CompareSettings.from(TestConfig.of(key -> switch (key) {
            case "cascade.compare.hosted.api-key" -> "key";
            case "cascade.compare.cooldown.after-429s" -> String.valueOf(after429s);
            default -> null;
        }));
        CompareConfig.RetryKeys retry = settings.config().retry();
        CompareConfig keys = settings.config();
        return new Leg(LegTarget.hosted(settings),
                CircuitBreaker.of("failures", Leg.failureBreaker(50, 10, 30_000, clock)),
                CircuitBreaker.of("rate-limits", Leg.rateLimitBreaker(keys.cooldownAfter429s(), keys.cooldownDurationMs(), clock)),
                new RetryWaits(retry.initialBackoffMs(), retry.maxWaitMs(), retry.jitter(), clock, () -> 0),
                retry.maxAttempts(), keys.cooldownDurationMs(), clock, false);
    }

    private CompareRun run(long deadlineMs) {
        return new CompareRun(new CompareRequest(ChatRequest.userPrompt(null, "Hi", 8, true), EnumSet.allOf(SystemName.class)),
                events, System.nanoTime(), deadlineMs);
    }

    /** Sends each attempt the next scripted answer, read by the attempt's own parser. */
    private final Function<LegCall, LegAttempt.Outcome> http = call -> {
        calls++;
        Response response = script.poll();
        return call.current().read(response.status(), response.headers()::get,
                new ByteArrayInputStream(response.body().getBytes(StandardCharsets.UTF_8)), call.run().deadlineMs());
    };

    private SystemResult call(Leg leg, CompareRun run) {
        return new LegRetry(leg, http, scheduler, attempts).call((LegCall) leg.open(run)).join();
    }

    private void answer(int status, Map<String, String> headers, String body) {
        script.add(new Response(status, headers, body));
    }

    private void ok() {
        answer(200, Map.of("Content-Type", "text/event-stream"), OK_STREAM);
    }

    @Test
    void waitsWhatRetryAfterSaysThenSucceeds() {
        answer(429, Map.of("Retry-After", "1"), "{\"error\":{\"message\":\"Rate limit exceeded\"}}");
        ok();

        SystemResult result = call(leg(3), run(120_000));

        assertThat(result.status()).isEqualTo(SystemResult.Status.OK);
        assertThat(result.text()).isEqualTo("Hello");
        assertThat(result.retries()).isEqualTo(1);
        assertThat(scheduler.delaysMs).containsExactly(1_000L);
        assertThat(events.retrying).containsExactly("hosted attempt 2 in 1000 ms: HTTP 429: Rate limit exceeded");
    }

    @Test
    void readsRetryAfterGivenAsAnHttpDateOnTheInjectedClock() {
        String inThreeSeconds = DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(3).atZone(ZoneOffset.UTC));
        answer(429, Map.of("Retry-After", inThreeSeconds), "");
        ok();

        assertThat(call(leg(3), run(120_000)).status()).isEqualTo(SystemResult.Status.OK);
        assertThat(scheduler.delaysMs).containsExactly(3_000L);
    }

    @Test
    void waitsUntilTheRateLimitResetOpenRouterPutsInItsErrorBody() {
        answer(429, Map.of(), "{\"error\":{\"message\":\"Rate limit exceeded\",\"metadata\":{\"headers\":"
                + "{\"X-RateLimit-Reset\":\"" + (NOW.toEpochMilli() + 2_000) + "\"}}}}");
        ok();

        assertThat(call(leg(3), run(120_000)).status()).isEqualTo(SystemResult.Status.OK);
        assertThat(scheduler.delaysMs).containsExactly(2_000L);
    }

    @Test
    void backsOffExponentiallyFromA503WithoutAHint() {
        answer(503, Map.of(), "");
        answer(503, Map.of(), "");
        ok();

        SystemResult result = call(leg(3), run(120_000));

        assertThat(result.retries()).isEqualTo(2);
        assertThat(scheduler.delaysMs).hasSize(2);
        assertThat(scheduler.delaysMs.get(0)).as("500 ms ±20 %").isBetween(400L, 600L);
        assertThat(scheduler.delaysMs.get(1)).as("1000 ms ±20 %").isBetween(800L, 1_200L);
    }

    @Test
    void failsFastWhenTheServerAsksForLongerThanTheCap() {
        answer(429, Map.of("Retry-After", "120"), "");

        SystemResult result = call(leg(3), run(120_000));

        assertThat(result.status()).isEqualTo(SystemResult.Status.ERROR);
        assertThat(result.error()).contains("HTTP 429", "Retry-After: 120", "above the cap of 10000 ms");
        assertThat(calls).isEqualTo(1);
        assertThat(scheduler.delaysMs).isEmpty();
    }

    @Test
    void doesNotRetryWhenTheWaitWouldPassTheDeadline() {
        answer(429, Map.of("Retry-After", "5"), "");

        SystemResult result = call(leg(3), run(2_000));

        assertThat(result.error()).contains("would pass the compare deadline");
        assertThat(calls).isEqualTo(1);
    }

    @Test
    void neverRetriesOnceContentWasShown() {
        answer(200, Map.of("Content-Type", "text/event-stream"), "data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n");

        SystemResult result = call(leg(3), run(120_000));

        assertThat(result.status()).isEqualTo(SystemResult.Status.ERROR);
        assertThat(result.partial()).isTrue();
        assertThat(result.text()).isEqualTo("Hel");
        assertThat(result.error()).contains("without [DONE]");
        assertThat(calls).isEqualTo(1);
    }

    @Test
    void coolsDownAfterConsecutive429sAndSkipsTheNextCompareWithoutACall() {
        Leg leg = leg(2);
        answer(429, Map.of("Retry-After", "0"), "");
        answer(429, Map.of("Retry-After", "0"), "");

        SystemResult storm = call(leg, run(120_000));

        assertThat(storm.error()).contains("rate limited repeatedly and cools down for 30 s");
        assertThat(storm.cooldownSeconds()).isEqualTo(30);
        assertThat(calls).isEqualTo(2);
        Object next = leg.open(run(120_000));
        assertThat(next).isInstanceOfSatisfying(SystemResult.class, skipped -> {
            assertThat(skipped.status()).isEqualTo(SystemResult.Status.COOLING_DOWN);
            assertThat(skipped.cooldownSeconds()).isEqualTo(30);
        });
        clock.advance(Duration.ofSeconds(31));
        assertThat(leg.open(run(120_000))).as("called again once the cooldown is over").isInstanceOf(LegCall.class);
    }

    @Test
    void answersAtTheDeadlineWhileAnAttemptStillReadsAndCutsIt() throws Exception {
        HangingBody body = new HangingBody("data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n");
        Leg leg = leg(3);
        CompletableFuture<SystemResult> call = new LegRetry(leg, streaming(body), scheduler, attempts)
                .call((LegCall) leg.open(run(300)));

        assertThat(call).as("the call hands back a future at once: nothing waits for its attempt").isNotDone();
        SystemResult result = call.get(10, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(SystemResult.Status.ERROR);
        assertThat(result.error()).isEqualTo("no complete answer within the compare deadline of 300 ms");
        assertThat(result.text()).isEqualTo("Hel");
        assertThat(body.closed).as("the attempt's connection is cut").succeedsWithin(Duration.ofSeconds(10));
    }

    @Test
    void answersAtOnceWhenTheCompareIsCancelledMidAnswerAndCutsTheAttempt() throws Exception {
        HangingBody body = new HangingBody("data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n");
        Leg leg = leg(3);
        CompareRun run = run(120_000);
        CompletableFuture<SystemResult> call = new LegRetry(leg, streaming(body), scheduler, attempts)
                .call((LegCall) leg.open(run));
        assertThat(body.reading).succeedsWithin(Duration.ofSeconds(10));

        run.cancel();

        SystemResult result = call.get(10, TimeUnit.SECONDS);
        assertThat(result.error()).isEqualTo("cancelled: the client disconnected or the compare ended");
        assertThat(body.closed).succeedsWithin(Duration.ofSeconds(10));
    }

    @Test
    void endsTheAttemptAtDoneEvenWhenTheServerKeepsTheStreamOpen() throws Exception {
        HangingBody body = new HangingBody(OK_STREAM);
        Leg leg = leg(3);

        SystemResult result = new LegRetry(leg, streaming(body), scheduler, attempts).call((LegCall) leg.open(run(120_000)))
                .get(10, TimeUnit.SECONDS);

        assertThat(result.status()).isEqualTo(SystemResult.Status.OK);
        assertThat(result.text()).isEqualTo("Hello");
        assertThat(body.reading).as("nothing was read after [DONE]").isNotDone();
    }

    /** An attempt that reads {@code body} as a 200 event stream. */
    private static Function<LegCall, LegAttempt.Outcome> streaming(HangingBody body) {
        return call -> call.current().read(200, Map.of("Content-Type", "text/event-stream")::get, body,
                call.run().deadlineMs());
    }

    /** An answer that sends its first bytes and then nothing until it is closed (a slow or stuck system). */
    private static final class HangingBody extends InputStream {
        final CompletableFuture<Void> reading = new CompletableFuture<>();
        final CompletableFuture<Void> closed = new CompletableFuture<>();
        private final ByteArrayInputStream first;

        HangingBody(String first) {
            this.first = new ByteArrayInputStream(first.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            if (first.available() > 0) {
                return first.read(bytes, offset, length);
            }
            reading.complete(null);
            try {
                closed.get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IOException(e);
            }
            throw new IOException("closed");
        }

        @Override
        public void close() {
            closed.complete(null);
        }
    }

    /** Records the waits Resilience4j asks for and runs the retry at once: no test waits for real. */
    private static final class RecordingScheduler extends ScheduledThreadPoolExecutor {
        final List<Long> delaysMs = new ArrayList<>();

        RecordingScheduler() {
            super(1);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            synchronized (delaysMs) {
                delaysMs.add(unit.toMillis(delay));
            }
            return super.schedule(command, 0, TimeUnit.MILLISECONDS);
        }
    }

    /** The retrying events a client of the SSE compare would see. */
    private static final class RecordingEvents implements CompareEvents {
        final List<String> retrying = new ArrayList<>();

        @Override
        public synchronized void retrying(SystemName system, int attempt, long waitMs, String reason) {
            retrying.add(system.id() + " attempt " + attempt + " in " + waitMs + " ms: " + reason);
        }
    }
}

package com.cascade4arm.bench.overhead;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * The lean load generator for {@link ThroughputBench}: one target, one event loop, the request body encoded once; each
 * tick (1 ms) it sends every request that came due ({@link OpenLoopSchedule}) and times the answer as its bytes arrive:
 * first body bytes (TTFT), last byte (total), the {@code data:} events counted but never decoded.
 */
final class OpenLoopSender {
    private static final long TICK_MS = 1;
    /** An answer that goes quiet this long fails: a step must end even when its target hangs. */
    private static final long IDLE_TIMEOUT_MS = 10_000;

    /**
     * Idle connections are dropped before the gateway drops them (its {@code cascade.edge.header-timeout-ms}, 10 s):
     * a target waits that long between its slices, and a request sent on a connection the server is closing fails.
     */
    private static final int KEEP_ALIVE_SECONDS = 4;

    private final Context context;
    private final HttpClient client;
    private final RequestOptions options;
    private final Buffer body;

    /** @param connections the pool's size: requests beyond it wait in Vert.x's queue, and that wait counts as latency */
    OpenLoopSender(Vertx vertx, String baseUrl, Buffer body, int connections) {
        this.context = vertx.getOrCreateContext();
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setKeepAliveTimeout(KEEP_ALIVE_SECONDS)
                .setTcpNoDelay(true).setDecompressionSupported(false), new PoolOptions().setHttp1MaxSize(connections));
        String base = baseUrl.replaceAll("/+$", "").replaceAll("/v1$", "");
        this.options = new RequestOptions().setMethod(HttpMethod.POST)
                .setAbsoluteURI(base + "/v1/chat/completions").setIdleTimeout(IDLE_TIMEOUT_MS)
                .putHeader("Content-Type", "application/json").putHeader("Accept", "text/event-stream");
        this.body = body;
    }

    /**
     * Offers {@code rate} requests a second for {@code seconds}, adding what they measured to {@code into}; completes
     * once every sent request has ended. A request due while {@code maxPending} are outstanding is dropped (counted,
     * not sent), so a saturated target cannot build a queue that outlasts the step.
     */
    Future<Void> run(double rate, double seconds, int maxPending, StepSamples into) {
        Promise<Void> done = Promise.promise();
        context.runOnContext(v -> {
            OpenLoopSchedule schedule = new OpenLoopSchedule(System.nanoTime(), rate, seconds);
            Slice slice = new Slice(schedule, maxPending, into, done);
            slice.tick();
            context.owner().setPeriodic(TICK_MS, id -> {
                slice.tick();
                if (schedule.finished()) {
                    context.owner().cancelTimer(id);
                }
            });
        });
        return done.future();
    }

    /** One slice in progress, touched only on the sender's event loop. */
    private final class Slice {
        private final OpenLoopSchedule schedule;
        private final int maxPending;
        private final StepSamples into;
        private final Promise<Void> done;
        private final long startNanos;
        private long lastEndNanos;

        Slice(OpenLoopSchedule schedule, int maxPending, StepSamples into, Promise<Void> done) {
            this.schedule = schedule;
            this.maxPending = maxPending;
            this.into = into;
            this.done = done;
            this.startNanos = schedule.dueNanos(0);
        }

        void tick() {
            long now = System.nanoTime();
            for (int due = schedule.takeDue(now), i = 0; i < due; i++) {
                long index = schedule.issued() - due + i;
                if (into.pending() >= maxPending) {
                    into.drop();
                } else {
                    into.sent((now - schedule.dueNanos(index)) / 1e6);
                    send(now);
                }
            }
            finishIfDone();
        }

        private void send(long sentNanos) {
            client.request(options).compose(request -> request.send(body)).onComplete(sent -> {
                if (sent.failed()) {
                    fail(sent.cause().toString());
                } else {
                    read(sent.result(), sentNanos);
                }
            });
        }

        private void read(HttpClientResponse response, long sentNanos) {
            StreamEventCounter counter = new StreamEventCounter();
            long[] firstByte = {0};
            boolean[] ended = {false};
            response.handler(chunk -> {
                if (firstByte[0] == 0) {
                    firstByte[0] = System.nanoTime();
                }
                counter.feed(chunk);
            });
            response.exceptionHandler(e -> {
                if (!ended[0]) {
                    ended[0] = true;
                    fail(e.toString());
                }
            });
            response.endHandler(v -> {
                if (ended[0]) {
                    return;
                }
                ended[0] = true;
                long end = System.nanoTime();
                if (response.statusCode() != 200 || !counter.complete()) {
                    fail("status " + response.statusCode() + ", " + counter.events() + " events, whole stream: "
                            + counter.complete());
                } else {
                    lastEndNanos = end;
                    into.ok((firstByte[0] - sentNanos) / 1e6, (end - sentNanos) / 1e6, counter.events(), sentNanos);
                    finishIfDone();
                }
            });
        }

        private void fail(String why) {
            into.failed(why);
            lastEndNanos = System.nanoTime();
            finishIfDone();
        }

        private void finishIfDone() {
            if (schedule.finished() && into.pending() == 0 && !done.future().isComplete()) {
                into.addWall((Math.max(lastEndNanos, schedule.dueNanos(schedule.total() - 1)) - startNanos) / 1e9);
                done.complete();
            }
        }
    }
}

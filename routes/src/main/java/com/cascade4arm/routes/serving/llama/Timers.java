package com.cascade4arm.routes.serving.llama;

import io.vertx.core.Vertx;

/** One-shot timers for request deadlines: Vert.x timers (on the request's event loop) in the gateway, by hand in tests. */
public interface Timers {
    /** Runs {@code action} after {@code delayMs}; returns an id for {@link #cancel}. */
    long schedule(long delayMs, Runnable action);

    void cancel(long id);

    static Timers of(Vertx vertx) {
        return new Timers() {
            @Override
            public long schedule(long delayMs, Runnable action) {
                return vertx.setTimer(delayMs, id -> action.run());
            }

            @Override
            public void cancel(long id) {
                vertx.cancelTimer(id);
            }
        };
    }
}

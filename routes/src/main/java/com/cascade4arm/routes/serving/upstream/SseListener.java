package com.cascade4arm.routes.serving.upstream;

/** Receives an upstream SSE stream event by event (called on a Vert.x event loop: never block in it). */
public interface SseListener {
    /** The upstream answered 200 and its stream begins; {@code flow} lets the listener apply backpressure. */
    default void onOpen(StreamFlow flow) {
    }

    /** One {@code data:} payload other than [DONE]. */
    void onData(String data);

    /** A network read from upstream begins; its events follow (several tokens may arrive in one read). */
    default void onReadStart() {
    }

    /** Every event of that read was delivered (a relay writes them on in one go). */
    default void onReadEnd() {
    }

    /** Pause/resume/cancel of the upstream stream. */
    interface StreamFlow {
        void pause();

        void resume();

        void cancel();
    }
}

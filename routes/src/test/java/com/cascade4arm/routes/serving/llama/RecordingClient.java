package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.ClientChannel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A client connection that records what the gateway wrote to it, and can leave. */
final class RecordingClient implements ClientChannel {
    final List<String> events = new ArrayList<>();
    final List<Runnable> onGone = new ArrayList<>();
    ApiError error;
    boolean started;
    boolean ended;
    private boolean gone;
    private final long receivedAt;

    RecordingClient(long receivedAt) {
        this.receivedAt = receivedAt;
    }

    void leave() {
        gone = true;
        onGone.forEach(Runnable::run);
    }

    @Override
    public long receivedAtNanos() {
        return receivedAt;
    }

    @Override
    public boolean clientGone() {
        return gone;
    }

    @Override
    public boolean committed() {
        return started || error != null;
    }

    @Override
    public void onClientGone(Runnable action) {
        onGone.add(action);
        if (gone) {
            action.run();
        }
    }

    @Override
    public void startSse(Map<String, String> headers) {
        started = true;
    }

    @Override
    public boolean writeSseEvent(String data) {
        events.add(data);
        return !gone;
    }

    @Override
    public void cork() {
    }

    @Override
    public void uncork() {
    }

    @Override
    public boolean writeQueueFull() {
        return false;
    }

    @Override
    public void onDrain(Runnable action) {
    }

    @Override
    public void endSse() {
        ended = true;
    }

    @Override
    public void sendError(ApiError apiError) {
        if (started) {
            events.add(apiError.toJson().toString());
            ended = true;
        }
        error = apiError;
    }
}

package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.upstream.SseListener;
import com.cascade4arm.routes.serving.upstream.Upstream;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamFailure;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A scripted model server per endpoint name: streams tokens, fails before or after its first byte, or hangs. */
final class FakeUpstream implements Upstream {
    static final ObjectMapper JSON = new ObjectMapper();

    /** One scripted answer. */
    record Script(List<String> tokens, UpstreamFailure before, UpstreamFailure midStream, String errorEvent,
                  boolean hang) {
        static Script tokens(String... tokens) {
            return new Script(List.of(tokens), null, null, null, false);
        }

        static Script failsBefore(int status) {
            return new Script(List.of(), new UpstreamFailure("answered HTTP " + status, status, true, null), null, null,
                    false);
        }

        static Script failsAfter(String... tokens) {
            return new Script(List.of(tokens), null, new UpstreamFailure("connection dropped", 0, false, null), null,
                    false);
        }

        /** HTTP 200 and an SSE stream, then (after the tokens) an error event instead of the rest (llama-server does). */
        static Script errorEventAfter(String message, String... tokens) {
            return new Script(List.of(tokens), null, null, message, false);
        }

        static Script hangs() {
            return new Script(List.of(), null, null, null, true);
        }
    }

    private final Map<String, Deque<Script>> scripts = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    final List<CompletableFuture<?>> hanging = new ArrayList<>();

    FakeUpstream script(String endpoint, Script... answers) {
        scripts.computeIfAbsent(endpoint, e -> new ArrayDeque<>()).addAll(List.of(answers));
        return this;
    }

    private Script next(UpstreamEndpoint endpoint) {
        calls.add(endpoint.name());
        Deque<Script> queue = scripts.get(endpoint.name());
        return queue == null || queue.isEmpty() ? Script.tokens("ok") : queue.poll();
    }

    @Override
    public CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener) {
        Script script = next(endpoint);
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (script.hang()) {
            hanging.add(done);
            return done;
        }
        if (script.before() != null) {
            return CompletableFuture.failedFuture(script.before());
        }
        listener.onOpen(new SseListener.StreamFlow() {
            public void pause() {
            }

            public void resume() {
            }

            public void cancel() {
                done.cancel(false);
            }
        });
        listener.onReadStart();
        try {
            for (String token : script.tokens()) {
                listener.onData(chunk(token).toString());
            }
            if (script.errorEvent() != null) {
                ObjectNode error = JSON.createObjectNode();
                error.putObject("error").put("message", script.errorEvent());
                listener.onData(error.toString());
            }
        } catch (RuntimeException e) { // as UpstreamClient does: a listener's refusal fails the call
            done.completeExceptionally(e);
            return done;
        } finally {
            listener.onReadEnd();
        }
        if (script.midStream() != null) {
            done.completeExceptionally(script.midStream());
        } else {
            ObjectNode usage = JSON.createObjectNode();
            usage.putArray("choices");
            usage.putObject("usage").put("prompt_tokens", 3).put("completion_tokens", script.tokens().size());
            listener.onData(usage.toString());
            done.complete(null);
        }
        return done;
    }

    @Override
    public CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body) {
        Script script = next(endpoint);
        if (script.hang()) {
            CompletableFuture<JsonNode> done = new CompletableFuture<>();
            hanging.add(done);
            return done;
        }
        if (script.before() != null) {
            return CompletableFuture.failedFuture(script.before());
        }
        ObjectNode answer = JSON.createObjectNode();
        answer.putArray("choices").addObject().putObject("message").put("content", String.join("", script.tokens()));
        answer.putObject("usage").put("prompt_tokens", 3).put("completion_tokens", script.tokens().size());
        return CompletableFuture.completedFuture(answer);
    }

    private static ObjectNode chunk(String token) {
        ObjectNode chunk = JSON.createObjectNode();
        chunk.putArray("choices").addObject().putNull("finish_reason").putObject("delta").put("content", token);
        return chunk;
    }
}

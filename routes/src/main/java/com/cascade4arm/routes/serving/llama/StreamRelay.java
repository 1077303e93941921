package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.http.ClientChannel;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.SseListener;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Relays one upstream SSE stream to the client as tokens arrive. Holds back only the finish and usage chunks, so the
 * final chunk can carry the "cascade" object once the totals are known — and, on a trial ({@link ConfidenceGate}),
 * everything until the small model's first tokens were judged: released if confident, else the trial fails with
 * {@link SmallModelDoubtException} before the client saw a byte.
 */
final class StreamRelay implements SseListener {
    private final ClientChannel http;
    private final Map<String, String> headers;
    private final LongSupplier nanoTime;
    private final Usage usage = new Usage();
    private volatile long firstContentNanos;
    private volatile boolean committed;
    private volatile String upstreamError;
    private ObjectNode finishChunk;
    private ObjectNode usageChunk;
    private StreamFlow flow;
    private final ConfidenceGate gate;
    /** Chunks held while a trial is undecided, with whether each carries content. */
    private final List<Map.Entry<String, Boolean>> held = new ArrayList<>();
    private volatile boolean holding;
    private int heldContent;

    StreamRelay(ClientChannel http, Map<String, String> headers, LongSupplier nanoTime) {
        this(http, headers, nanoTime, null);
    }

    /** {@code gate}: judge the first tokens before relaying anything; null relays at once. */
    StreamRelay(ClientChannel http, Map<String, String> headers, LongSupplier nanoTime, ConfidenceGate gate) {
        this.http = http;
        this.headers = headers;
        this.nanoTime = nanoTime;
        this.gate = gate;
        this.holding = gate != null;
    }

    @Override
    public void onOpen(StreamFlow flow) {
        http.onClientGone(flow::cancel);
        http.onDrain(flow::resume);
        this.flow = flow;
    }

    @Override
    public void onData(String data) {
        int plain = PlainChunk.scan(data, gate != null);
        if (plain != PlainChunk.NOT_PLAIN) {
            forward(data, plain == PlainChunk.CONTENT); // most chunks: relayed as they came, no tree
            return;
        }
        JsonNode chunk;
        try {
            chunk = Json.MAPPER.readTree(data);
        } catch (IOException e) {
            throw new IllegalStateException("upstream sent a malformed SSE event");
        }
        if (chunk.has("error")) {
            upstreamError = chunk.get("error").path("message").asText("upstream error event");
            throw new IllegalStateException(upstreamError);
        }
        usage.absorbTimings(chunk.get("timings"));
        JsonNode choices = chunk.path("choices");
        if (chunk.hasNonNull("usage")) {
            usage.absorbUsage(chunk.get("usage"));
        }
        if (!choices.isArray() || choices.isEmpty()) {
            usageChunk = (ObjectNode) chunk;
            return;
        }
        JsonNode choice = choices.get(0);
        if (gate != null && choice.has("logprobs")) {
            gate.absorb(choice);
            data = Json.string(chunk);
        }
        if (!choice.path("finish_reason").isNull() && choice.has("finish_reason")) {
            finishChunk = (ObjectNode) chunk;
            String content = choice.path("delta").path("content").asText("");
            if (content.isEmpty()) {
                return;
            }
            // A finish chunk that still carries text: send the text now, the finish marker later.
            ObjectNode textOnly = chunk.deepCopy();
            ((ObjectNode) textOnly.withArray("choices").get(0)).putNull("finish_reason");
            ((ObjectNode) finishChunk.withArray("choices").get(0).path("delta")).remove("content");
            forward(Json.string(textOnly), true);
            return;
        }
        boolean content = !choice.path("delta").path("content").asText("").isEmpty();
        forward(data, content);
    }

    private void forward(String data, boolean content) {
        if (holding) {
            held.add(Map.entry(data, content));
            heldContent += content ? 1 : 0;
            // Judge after the first tokens, with or without log-probabilities: an upstream that sends none is never
            // held back longer than that.
            if (gate.full() || heldContent >= gate.tokens()) {
                judge();
            }
            return;
        }
        relay(data, content);
    }

    /** Decides the trial: releases the held chunks, or throws {@link SmallModelDoubtException} having sent nothing. */
    void judge() {
        if (!holding) {
            return;
        }
        if (gate.doubts()) {
            throw new SmallModelDoubtException(new RoutedChat.Escalation(gate.confidence(),
                    gate.threshold(), (nanoTime.getAsLong() - http.receivedAtNanos()) / 1e6));
        }
        holding = false;
        headers.put("X-Cascade-Escalated", "false");
        if (gate.confidence() != null) {
            headers.put("X-Cascade-Confidence", String.valueOf(round(gate.confidence())));
        }
        for (Map.Entry<String, Boolean> chunk : held) {
            relay(chunk.getKey(), chunk.getValue());
        }
        held.clear();
    }

    /** Still judging the first tokens (nothing sent yet). */
    boolean holding() {
        return holding;
    }

    /** Resets the upstream request: a doubted trial frees the small model's slot at once. */
    void cancelUpstream() {
        if (flow != null) {
            flow.cancel();
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    private void relay(String data, boolean content) {
        if (content) {
            usage.contentDeltas++;
            if (firstContentNanos == 0) {
                firstContentNanos = nanoTime.getAsLong();
            }
        }
        if (!committed) {
            committed = true;
            http.startSse(headers);
        }
        http.writeSseEvent(data);
    }

    @Override
    public void onReadStart() {
        http.cork();
    }

    @Override
    public void onReadEnd() {
        http.uncork();
        if (flow != null && http.writeQueueFull()) {
            flow.pause(); // slow reader: stop pulling tokens instead of buffering them
        }
    }

    boolean committed() {
        return committed;
    }

    Usage usage() {
        return usage;
    }

    /** The trial's gate, or null when this stream was not a trial. */
    ConfidenceGate gate() {
        return gate;
    }

    /** System.nanoTime() of the first content token, 0 before it. */
    long firstContentNanos() {
        return firstContentNanos;
    }

    Double ttftMs() {
        return firstContentNanos == 0 ? null : (firstContentNanos - http.receivedAtNanos()) / 1e6;
    }

    /** Writes the held-back finish and usage chunks, the cascade object in the last one, then [DONE]. */
    void finish(ObjectNode cascade, boolean includeUsage) {
        judge(); // a short answer ends before the gate is full: judge what arrived
        if (!committed) {
            committed = true;
            http.startSse(headers);
        }
        ObjectNode finish = finishChunk != null ? finishChunk : syntheticFinish();
        if (includeUsage) {
            ObjectNode usageOut = usageChunk != null ? usageChunk : finish.deepCopy().putNull("choices");
            usageOut.set("choices", Json.MAPPER.createArrayNode());
            ObjectNode counts = usageOut.putObject("usage");
            counts.put("prompt_tokens", usage.promptTokens);
            counts.put("completion_tokens", usage.completionTokensOrDeltas());
            counts.put("total_tokens", usage.promptTokens + usage.completionTokensOrDeltas());
            http.writeSseEvent(Json.string(finish));
            usageOut.set("cascade", cascade);
            http.writeSseEvent(Json.string(usageOut));
        } else {
            finish.set("cascade", cascade);
            http.writeSseEvent(Json.string(finish));
        }
        http.endSse();
    }

    private ObjectNode syntheticFinish() {
        ObjectNode chunk = Json.object();
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", System.currentTimeMillis() / 1000);
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("delta");
        choice.put("finish_reason", "stop");
        return chunk;
    }
}

package com.cascade4arm.routes.serving.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A model server speaking the llama-server chat API, as the pool dispatcher uses it. {@link UpstreamClient} is the
 * non-blocking HTTP one; unit tests script a fake. Cancelling a returned future resets the upstream request.
 */
public interface Upstream {
    /** Streams a chat completion; completes when [DONE] arrives, fails with {@link UpstreamFailure}. */
    CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, SseListener listener);

    /** A non-streamed chat completion: the upstream's JSON answer. */
    CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body);

    /** {@link #stream} with extra request headers (the trace's traceparent); a fake may ignore them. */
    default CompletableFuture<Void> stream(UpstreamEndpoint endpoint, ObjectNode body, Map<String, String> headers,
                                           SseListener listener) {
        return stream(endpoint, body, listener);
    }

    /** {@link #complete} with extra request headers (the trace's traceparent); a fake may ignore them. */
    default CompletableFuture<JsonNode> complete(UpstreamEndpoint endpoint, ObjectNode body, Map<String, String> headers) {
        return complete(endpoint, body);
    }
}

package com.cascade4arm.standins.upstream;

import java.util.List;
import java.util.function.Function;

/**
 * Knobs of the {@link InstantResponder}, all off by default (an instant, successful llama-server):
 * a delay before the first byte, a delay between the role chunk and the first content chunk, a delay before every
 * content chunk, an HTTP status to fail with, an SSE error event or a cut-off stream instead of a clean end, SSE
 * comment lines, a router (prompt -> "small"/"large") that makes answers carry gateway-style routing info, the
 * message of an error answer (a request-content reason, as llama.cpp words them), and draft counts in the timings (as
 * llama-server reports them with a draft model: every token drafted, all but one accepted).
 */
public record ResponderBehaviour(
        long firstByteDelayMs,
        long contentDelayMs,
        long chunkDelayMs,
        int status,
        List<String> contentChunks,
        boolean streamError,
        boolean truncate,
        boolean commentLines,
        Function<String, String> router,
        String errorMessage,
        boolean draftCounts) {

    public static final List<String> DEFAULT_CHUNKS = List.of("Instant", " reply", " from", " the", " responder", ".");
    public static final ResponderBehaviour INSTANT =
            new ResponderBehaviour(0, 0, 0, 200, DEFAULT_CHUNKS, false, false, false, null, null, false);

    public ResponderBehaviour {
        if (firstByteDelayMs < 0 || contentDelayMs < 0 || chunkDelayMs < 0) {
            throw new IllegalArgumentException("delays must be >= 0 ms, but were firstByte=" + firstByteDelayMs
                    + ", content=" + contentDelayMs + ", chunk=" + chunkDelayMs);
        }
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("status must be between 200 and 599, but was " + status);
        }
        contentChunks = List.copyOf(contentChunks == null || contentChunks.isEmpty() ? DEFAULT_CHUNKS : contentChunks);
    }

    public ResponderBehaviour withFirstByteDelayMs(long value) {
        return new ResponderBehaviour(value, contentDelayMs, chunkDelayMs, status, contentChunks, streamError, truncate,
                commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withContentDelayMs(long value) {
        return new ResponderBehaviour(firstByteDelayMs, value, chunkDelayMs, status, contentChunks, streamError,
                truncate, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withChunkDelayMs(long value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, value, status, contentChunks, streamError,
                truncate, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withStatus(int value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, value, contentChunks, streamError,
                truncate, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withContentChunks(List<String> value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, value, streamError,
                truncate, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withStreamError(boolean value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks, value,
                truncate, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withTruncate(boolean value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks,
                streamError, value, commentLines, router, errorMessage, draftCounts);
    }

    public ResponderBehaviour withCommentLines(boolean value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks,
                streamError, truncate, value, router, errorMessage, draftCounts);
    }

    /**
     * With a non-200 {@code status}: the error's message, typed {@code invalid_request_error} like llama.cpp's
     * complaints about a request's content (e.g. {@code "Invalid role: tool"}); null keeps the generic server error.
     */
    public ResponderBehaviour withErrorMessage(String value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks, streamError,
                truncate, commentLines, router, value, draftCounts);
    }

    public ResponderBehaviour withRouter(Function<String, String> value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks,
                streamError, truncate, commentLines, value, errorMessage, draftCounts);
    }

    public ResponderBehaviour withDraftCounts(boolean value) {
        return new ResponderBehaviour(firstByteDelayMs, contentDelayMs, chunkDelayMs, status, contentChunks, streamError,
                truncate, commentLines, router, errorMessage, value);
    }
}

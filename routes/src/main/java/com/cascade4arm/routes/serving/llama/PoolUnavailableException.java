package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ApiError;

/**
 * Nothing of a tier's pool could serve the request and nothing reached the client yet: another tier may take over
 * (the chat route's fallback). Should it reach the client anyway it is a clean 503, never an internal error.
 */
public final class PoolUnavailableException extends ApiError {
    static final int RETRY_AFTER_SECONDS = 5;

    public PoolUnavailableException(String message) {
        super(503, UNAVAILABLE, "no_upstream_available", message, RETRY_AFTER_SECONDS);
    }
}

package com.cascade4arm.host.inference;

/** A chat request arrived while the model is still loading, failed to load, or the host is closing. */
public final class ModelNotReadyException extends RuntimeException {
    public ModelNotReadyException(String message) {
        super(message);
    }
}

package com.cascade4arm.host;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for a host's model to load, with the errors both engines report the same way. */
public final class ModelLoad {

    private ModelLoad() {
    }

    /** Blocks until {@code loaded} completes; throws {@link IllegalStateException} naming the model otherwise. */
    public static void await(CompletableFuture<?> loaded, Duration timeout, HostConfig config) {
        try {
            loaded.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for model '" + config.alias() + "'", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("model '" + config.alias() + "' failed to load from " + config.model()
                    + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("model '" + config.alias() + "' not loaded within " + timeout, e);
        }
    }
}

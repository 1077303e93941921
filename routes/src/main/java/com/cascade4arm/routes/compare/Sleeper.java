package com.cascade4arm.routes.compare;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits between retries; injectable so tests can drive time, interruptible so a disconnect ends the wait at once. */
@FunctionalInterface
public interface Sleeper {
    /** Waits {@code millis} unless {@code interrupt} completes first; returns false when the wait was cut short. */
    boolean sleep(long millis, CompletableFuture<?> interrupt);

    Sleeper REAL = (millis, interrupt) -> {
        try {
            interrupt.get(millis, TimeUnit.MILLISECONDS);
            return false;
        } catch (TimeoutException waitedFully) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | CancellationException e) {
            return false;
        }
    };
}

package com.cascade4arm.bench.runner;

/** A run for the same targets is still active; only one at a time is allowed (the gateway maps this to 409). */
public class RunAlreadyActiveException extends RuntimeException {

    private final String runningId;

    public RunAlreadyActiveException(String runningId) {
        super("benchmark run " + runningId + " is still running for these targets; cancel it or wait for it to end");
        this.runningId = runningId;
    }

    public String runningId() {
        return runningId;
    }
}

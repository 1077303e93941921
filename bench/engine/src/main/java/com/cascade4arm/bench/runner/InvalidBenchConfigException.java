package com.cascade4arm.bench.runner;

/** A benchmark configuration was rejected; the message names each bad value (the gateway maps this to 400). */
public class InvalidBenchConfigException extends IllegalArgumentException {

    public InvalidBenchConfigException(String message) {
        super(message);
    }
}

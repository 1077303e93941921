package com.cascade4arm.routes.serving.keys;

/**
 * A key's requests and tokens in the minute starting {@code minute} (epoch ms, on the wall clock): what one replica
 * counted in its window ({@link KeyRateWindows}), or what the other replicas counted, summed.
 */
public record MinuteCount(String keyId, long minute, long requests, long tokens) {

    static MinuteCount none(String keyId, long minute) {
        return new MinuteCount(keyId, minute, 0, 0);
    }
}

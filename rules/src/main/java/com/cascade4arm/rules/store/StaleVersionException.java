package com.cascade4arm.rules.store;

/** A commit named a base version that is no longer active: someone else activated rules in between. */
public final class StaleVersionException extends RuntimeException {

    private final long baseVersion;
    private final long currentVersion;

    public StaleVersionException(long baseVersion, long currentVersion) {
        super("base_version " + baseVersion + " is stale: the active version is " + currentVersion
                + "; reload the rules, reapply your change and send base_version " + currentVersion);
        this.baseVersion = baseVersion;
        this.currentVersion = currentVersion;
    }

    public long baseVersion() {
        return baseVersion;
    }

    public long currentVersion() {
        return currentVersion;
    }
}

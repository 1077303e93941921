package com.cascade4arm.rules.store;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One stored version of the rulebook: who wrote it and why, when, the version it replaced, the version it restored
 * (for a rollback), the content hash and the DRL files by name.
 *
 * @param baseVersion  the version that was active when this one was committed; null for the first
 * @param restoredFrom the version whose content a rollback copied; null otherwise
 * @param sha256       {@link ContentHash} of the files, checked on every load
 */
public record RuleVersion(long version, String author, String comment, Instant createdAt, Long baseVersion,
                          Long restoredFrom, String sha256, Map<String, String> files) {

    public RuleVersion {
        files = Collections.unmodifiableMap(new TreeMap<>(files));
    }
}

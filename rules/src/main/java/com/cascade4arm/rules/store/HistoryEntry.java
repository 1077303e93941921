package com.cascade4arm.rules.store;

/**
 * One version file as the history shows it: its number and either the version, or why it could not be read (bad JSON,
 * content not matching its sha256, …) — a damaged file is reported and skipped, never deleted.
 */
public record HistoryEntry(long version, RuleVersion content, String damage) {

    public static HistoryEntry good(RuleVersion version) {
        return new HistoryEntry(version.version(), version, null);
    }

    public static HistoryEntry damaged(long version, String why) {
        return new HistoryEntry(version, null, why);
    }

    public boolean isDamaged() {
        return content == null;
    }
}

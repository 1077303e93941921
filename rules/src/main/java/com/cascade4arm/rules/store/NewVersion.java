package com.cascade4arm.rules.store;

import java.util.Map;

/** What a caller commits: the files and who/why; the store adds the number, time, base version and hash. */
public record NewVersion(Map<String, String> files, String author, String comment, Long restoredFrom) {

    public NewVersion {
        files = Map.copyOf(files);
    }
}

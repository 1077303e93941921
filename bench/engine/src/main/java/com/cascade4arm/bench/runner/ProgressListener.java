package com.cascade4arm.bench.runner;

/** Receives progress after every finished request; called from worker threads, so keep it quick and thread-safe. */
@FunctionalInterface
public interface ProgressListener {

    ProgressListener NONE = progress -> { };

    void onProgress(Progress progress);
}

package com.cascade4arm.rules.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serializes writers of one store directory: a JVM-wide lock per directory (file locks are per process, and two
 * FileLocks on one file in one JVM throw) plus an OS file lock on {@code .lock} against other processes.
 */
final class StoreLock {

    static final String LOCK_FILE = ".lock";
    private static final ConcurrentHashMap<Path, ReentrantLock> JVM_LOCKS = new ConcurrentHashMap<>();

    private final Path lockFile;
    private final ReentrantLock jvmLock;

    private StoreLock(Path lockFile, ReentrantLock jvmLock) {
        this.lockFile = lockFile;
        this.jvmLock = jvmLock;
    }

    static StoreLock of(Path directory) throws IOException {
        Path real = directory.toRealPath();
        return new StoreLock(real.resolve(LOCK_FILE), JVM_LOCKS.computeIfAbsent(real, key -> new ReentrantLock()));
    }

    /** Work done under the lock; may fail with an I/O error. */
    interface Work<T> {
        T run() throws IOException;
    }

    interface VoidWork {
        void run() throws IOException;
    }

    <T> T call(Work<T> work) {
        boolean nested = jvmLock.isHeldByCurrentThread();
        jvmLock.lock();
        try {
            if (nested) {
                return work.run();
            }
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                return work.run();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("rule store I/O failed under " + lockFile.getParent(), e);
        } finally {
            jvmLock.unlock();
        }
    }

    void run(VoidWork work) {
        call(() -> {
            work.run();
            return null;
        });
    }
}

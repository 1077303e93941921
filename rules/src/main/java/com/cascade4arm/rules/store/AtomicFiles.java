package com.cascade4arm.rules.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a file so that readers (and a restart after a crash) see the old content or the new, never a part: write a
 * temporary file beside it, fsync it, rename it over the target, fsync the directory so the rename itself is durable.
 */
final class AtomicFiles {

    private static final Logger LOG = LoggerFactory.getLogger(AtomicFiles.class);

    /** Marks temporary files; whatever carries it after a crash is an unfinished write and is ignored. */
    static final String TEMP_MARKER = ".tmp-";

    private AtomicFiles() {
    }

    static void write(Path target, byte[] content) throws IOException {
        Path temp = target.resolveSibling("." + target.getFileName() + TEMP_MARKER + UUID.randomUUID());
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(target.getParent());
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    static boolean isTemporary(Path file) {
        return file.getFileName().toString().contains(TEMP_MARKER);
    }

    /** Removes unfinished writes a crash left behind (call under the store lock, so no write is in progress). */
    static void deleteTemporaryFiles(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            for (Path file : files.filter(AtomicFiles::isTemporary).toList()) {
                LOG.warn("removing an unfinished write: {}", file);
                Files.deleteIfExists(file);
            }
        }
    }

    /** Makes a rename durable. Some platforms cannot open a directory for sync; there the rename is still atomic. */
    static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Windows: directories cannot be opened as channels; NTFS journals the rename itself.
        }
    }
}

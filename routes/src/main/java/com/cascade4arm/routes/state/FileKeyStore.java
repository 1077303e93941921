package com.cascade4arm.routes.state;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyJson;
import com.cascade4arm.routes.serving.keys.MemoryKeyStore;
import com.cascade4arm.routes.serving.keys.UsageRow;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keys in the data directory: {@code keys/keys.json} (the keys, secrets only as salted hashes) written when a key
 * changes, and {@code keys/usage.json} (per key, day and tier) written at most every {@link #FLUSH_MS} off the request
 * path and at close. Each write goes to a temporary file moved over the old one, so a crash leaves the old or the new
 * file, never half of one; a crash loses at most the last {@link #FLUSH_MS} of usage.
 */
public final class FileKeyStore extends MemoryKeyStore {
    private static final Logger LOG = LoggerFactory.getLogger(FileKeyStore.class);
    static final long FLUSH_MS = 1_000;

    private final Path keysFile;
    private final Path usageFile;
    private final AtomicBoolean usageDirty = new AtomicBoolean();
    private final ScheduledExecutorService flusher;

    public FileKeyStore(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the keys directory " + dir, e);
        }
        this.keysFile = dir.resolve("keys.json");
        this.usageFile = dir.resolve("usage.json");
        load();
        this.flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cascade-key-usage");
            thread.setDaemon(true);
            return thread;
        });
        flusher.scheduleWithFixedDelay(this::flushUsage, FLUSH_MS, FLUSH_MS, TimeUnit.MILLISECONDS);
    }

    private void load() {
        try {
            if (Files.exists(keysFile)) {
                for (JsonNode key : Json.MAPPER.readTree(keysFile.toFile())) {
                    replace(KeyJson.fromStored(key));
                }
            }
            if (Files.exists(usageFile)) {
                for (Iterator<Map.Entry<String, JsonNode>> it = Json.MAPPER.readTree(usageFile.toFile()).fields();
                     it.hasNext(); ) {
                    Map.Entry<String, JsonNode> entry = it.next();
                    List<UsageRow> rows = new ArrayList<>();
                    entry.getValue().forEach(row -> rows.add(KeyJson.usageFrom(row)));
                    replaceUsage(entry.getKey(), rows);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the keys in " + keysFile.getParent(), e);
        }
    }

    @Override
    protected void keysChanged() {
        ArrayNode all = Json.MAPPER.createArrayNode();
        for (ApiKey key : keys()) {
            all.add(KeyJson.stored(key));
        }
        write(keysFile, all);
    }

    @Override
    protected void usageChanged() {
        usageDirty.set(true);
    }

    private void flushUsage() {
        if (!usageDirty.getAndSet(false)) {
            return;
        }
        try {
            ObjectNode all = Json.object();
            allUsage().forEach((id, rows) -> {
                ArrayNode array = all.putArray(id);
                rows.forEach(row -> array.add(KeyJson.usage(row)));
            });
            write(usageFile, all);
        } catch (RuntimeException e) {
            usageDirty.set(true); // tried again on the next flush
            LOG.warn("could not write key usage to {}: {}", usageFile, e.getMessage());
        }
    }

    private static void write(Path file, JsonNode json) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.write(tmp, Json.bytes(json));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    @Override
    public void close() {
        flusher.shutdown();
        try {
            flusher.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flushUsage();
    }
}

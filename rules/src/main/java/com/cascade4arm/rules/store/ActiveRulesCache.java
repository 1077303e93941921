package com.cascade4arm.rules.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A local copy of the last active version a shared store served, written atomically, so a gateway whose database is
 * down at start still routes with the rules the cluster last agreed on. Same format and checks as a version file.
 */
public final class ActiveRulesCache {

    static final String FILE = "active-cache.json";

    private final Path file;

    public ActiveRulesCache(Path directory) {
        this.file = directory.resolve(FILE);
    }

    /** Replaces the cached version (atomically: a crash leaves the old copy or the new). */
    public void save(RuleVersion version) {
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, VersionCodec.encodeCached(version));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the rules cache " + file, e);
        }
    }

    /** The cached version; empty when there is none or it is damaged (a damaged cache is as good as none). */
    public Optional<RuleVersion> load() {
        try {
            return Optional.of(VersionCodec.decodeCached(Files.readAllBytes(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (VersionCodec.DamagedException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the rules cache " + file, e);
        }
    }

    public Path file() {
        return file;
    }
}

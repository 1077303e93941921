package com.cascade4arm.rules.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rulebook versions on disk, append-only: {@code versions/v000001.json}, … each written atomically, plus the active
 * pointer {@code active.json}. The disk is the truth — every call reads it — so two stores on one directory (or two
 * processes) agree; commits serialize on {@link StoreLock}. Damaged files are reported and skipped, never deleted.
 * On first open the bundled rules become version 1.
 */
public final class RuleStore implements RuleVersions {

    private static final Logger LOG = LoggerFactory.getLogger(RuleStore.class);
    static final String VERSIONS_DIR = "versions";
    static final String ACTIVE_FILE = "active.json";
    static final String BUNDLED_AUTHOR = "cascade4arm";
    static final String BUNDLED_COMMENT = "bundled default rulebook";

    private final Path directory;
    private final Clock clock;
    private final StoreLock lock;
    private final VersionFiles versions;
    /** Damage already logged by this store, so a damaged file is reported once, not on every read. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();

    private RuleStore(Path directory, Clock clock) throws IOException {
        this.directory = directory;
        this.clock = clock;
        Files.createDirectories(directory.resolve(VERSIONS_DIR));
        this.lock = StoreLock.of(directory);
        this.versions = new VersionFiles(directory.resolve(VERSIONS_DIR));
    }

    public static RuleStore open(Path directory, Map<String, String> bundledFiles) {
        return open(directory, bundledFiles, Clock.systemUTC());
    }

    /**
     * Opens (creating) the store: removes unfinished temporary files, writes the bundled rules as version 1 when there
     * is no version yet — or as a new version when no stored version is readable — and logs damaged files.
     */
    public static RuleStore open(Path directory, Map<String, String> bundledFiles, Clock clock) {
        try {
            RuleStore store = new RuleStore(directory, clock);
            store.lock.run(() -> store.initialize(bundledFiles));
            store.history().stream().filter(HistoryEntry::isDamaged).forEach(store::report);
            return store;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the rule store at " + directory, e);
        }
    }

    private void initialize(Map<String, String> bundledFiles) throws IOException {
        AtomicFiles.deleteTemporaryFiles(directory);
        AtomicFiles.deleteTemporaryFiles(directory.resolve(VERSIONS_DIR));
        boolean none = versions.highestNumber() == 0;
        if (none || newestReadable().isEmpty()) {
            String comment = none ? BUNDLED_COMMENT : BUNDLED_COMMENT + " (no stored version was readable)";
            append(new NewVersion(bundledFiles, BUNDLED_AUTHOR, comment, null), null);
        }
    }

    public Path directory() {
        return directory;
    }

    @Override
    public String location() {
        return directory.toString();
    }

    /** The version that serves: the one the pointer names, or the newest readable one when that is damaged or missing. */
    @Override
    public RuleVersion active() {
        Optional<Long> pointer = readPointer();
        if (pointer.isPresent()) {
            Optional<HistoryEntry> named = versions.read(pointer.get());
            if (named.isPresent() && !named.get().isDamaged()) {
                return named.get().content();
            }
            report("active:" + pointer.get(), "the active version " + pointer.get() + " is "
                    + named.map(e -> "damaged (" + e.damage() + ")").orElse("missing")
                    + "; serving the newest readable version instead");
        }
        return newestReadable().orElseThrow(() -> new IllegalStateException("no readable rule version in " + directory));
    }

    private Optional<RuleVersion> newestReadable() {
        return versions.readAll().stream().filter(e -> !e.isDamaged()).findFirst().map(HistoryEntry::content);
    }

    /** Every version file, newest first; damaged ones carry their damage instead of content. */
    @Override
    public List<HistoryEntry> history() {
        return versions.readAll();
    }

    @Override
    public Optional<HistoryEntry> find(long version) {
        return versions.read(version);
    }

    /**
     * Appends a version and makes it active, all under the store lock: checks {@code expectedActive} (null = no check),
     * writes the version file, then the pointer, then calls {@code onCommitted} — still under the lock, so activations
     * in memory happen in the order of the versions.
     *
     * @throws StaleVersionException when {@code expectedActive} is not the active version
     */
    @Override
    public RuleVersion commit(NewVersion candidate, Long expectedActive, Consumer<RuleVersion> onCommitted) {
        return lock.call(() -> {
            long current = active().version();
            if (expectedActive != null && expectedActive != current) {
                throw new StaleVersionException(expectedActive, current);
            }
            RuleVersion committed = append(candidate, current);
            onCommitted.accept(committed);
            return committed;
        });
    }

    /** @param base the active version being replaced, null when there is none */
    private RuleVersion append(NewVersion candidate, Long base) throws IOException {
        long next = versions.highestNumber() + 1;
        RuleVersion version = new RuleVersion(next, candidate.author(), candidate.comment(), clock.instant(), base,
                candidate.restoredFrom(), ContentHash.sha256(candidate.files()), candidate.files());
        versions.write(version);
        AtomicFiles.write(directory.resolve(ACTIVE_FILE), VersionCodec.encodePointer(next, clock.instant()));
        LOG.info("rules version {} is active ({} by {}: {})", next, version.sha256().substring(0, 12),
                version.author(), version.comment());
        return version;
    }

    private Optional<Long> readPointer() {
        try {
            return Optional.of(VersionCodec.decodePointer(Files.readAllBytes(directory.resolve(ACTIVE_FILE))));
        } catch (NoSuchFileException e) {
            report("pointer", "no active pointer (" + ACTIVE_FILE + "); serving the newest readable version");
            return Optional.empty();
        } catch (VersionCodec.DamagedException e) {
            report("pointer", "the active pointer is damaged (" + e.getMessage() + "); serving the newest readable version");
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + directory.resolve(ACTIVE_FILE), e);
        }
    }

    private void report(HistoryEntry damaged) {
        report("version:" + damaged.version(), "rules version " + damaged.version() + " is damaged and skipped: "
                + damaged.damage());
    }

    private void report(String key, String message) {
        if (reported.add(key + ":" + message)) {
            LOG.warn("rule store {}: {}", directory, message);
        }
    }
}

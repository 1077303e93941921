package com.cascade4arm.rules.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code versions/} folder: one {@code vNNNNNN.json} per version; reading one never throws for damage, it reports it. */
final class VersionFiles {

    private static final Pattern NAME = Pattern.compile("v(\\d{1,18})\\.json");

    private final Path directory;

    VersionFiles(Path directory) {
        this.directory = directory;
    }

    static String fileName(long version) {
        return String.format("v%06d.json", version);
    }

    /** All version files, newest first; leftover temporary files and foreign names are ignored. */
    List<HistoryEntry> readAll() {
        List<HistoryEntry> entries = new ArrayList<>();
        try (var files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Matcher name = NAME.matcher(file.getFileName().toString());
                if (name.matches() && !AtomicFiles.isTemporary(file)) {
                    entries.add(read(file, Long.parseLong(name.group(1))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list rule versions in " + directory, e);
        }
        entries.sort(Comparator.comparingLong(HistoryEntry::version).reversed());
        return entries;
    }

    /** The highest version number on disk, damaged files included (numbers are never reused); 0 when none. */
    long highestNumber() {
        try (var files = Files.list(directory)) {
            return files.map(file -> NAME.matcher(file.getFileName().toString()))
                    .filter(Matcher::matches).mapToLong(name -> Long.parseLong(name.group(1))).max().orElse(0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list rule versions in " + directory, e);
        }
    }

    Optional<HistoryEntry> read(long version) {
        Path file = directory.resolve(fileName(version));
        return Files.exists(file) ? Optional.of(read(file, version)) : Optional.empty();
    }

    /** Writes a new version file atomically; refuses to overwrite one (versions are append-only). */
    void write(RuleVersion version) throws IOException {
        Path file = directory.resolve(fileName(version.version()));
        if (Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString(), null, "rule versions are never overwritten");
        }
        AtomicFiles.write(file, VersionCodec.encode(version));
    }

    private static HistoryEntry read(Path file, long version) {
        try {
            return HistoryEntry.good(VersionCodec.decode(Files.readAllBytes(file), version));
        } catch (VersionCodec.DamagedException e) {
            return HistoryEntry.damaged(version, e.getMessage());
        } catch (NoSuchFileException e) {
            return HistoryEntry.damaged(version, "the file disappeared while reading");
        } catch (IOException e) {
            return HistoryEntry.damaged(version, "cannot read " + file.getFileName() + ": " + e.getMessage());
        }
    }
}

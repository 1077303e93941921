package com.cascade4arm.bench.runner;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The results directory: one sub-directory per run id holding rows.csv, aggregates.csv and summary.json. Lists and
 * loads runs after a restart; on opening, marks runs whose summary still says "running" but whose process is gone as
 * {@code partial}, keeping their rows.
 */
public final class RunStore {

    private static final Logger LOG = LoggerFactory.getLogger(RunStore.class);
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")
            .withZone(ZoneOffset.UTC);
    static final String INTERRUPTED_ERROR = "interrupted: the process running it ended before the run finished";

    private final Path resultsDir;
    private final List<String> recovered;

    public RunStore(Path resultsDir) {
        this.resultsDir = resultsDir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.resultsDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create results directory " + this.resultsDir, e);
        }
        this.recovered = recoverInterruptedRuns();
    }

    public Path resultsDir() {
        return resultsDir;
    }

    /** Ids of runs this store marked {@code partial} when it opened. */
    public List<String> recoveredRunIds() {
        return recovered;
    }

    /** Every readable run, newest first. */
    public List<RunSummary> list() {
        List<RunSummary> summaries = new ArrayList<>();
        for (Path dir : runDirectories()) {
            readSummary(dir).ifPresent(summaries::add);
        }
        summaries.sort(Comparator.comparing((RunSummary s) -> s.startedAt() == null ? "" : s.startedAt())
                .thenComparing(RunSummary::id).reversed());
        return summaries;
    }

    public Optional<RunSummary> summary(String id) {
        return runDirectory(id).flatMap(RunStore::readSummary);
    }

    /** Summary and rows of one run. */
    public Optional<StoredRun> load(String id) {
        return summary(id).map(summary -> new StoredRun(summary, readRows(resultsDir.resolve(id).resolve(RunFiles.ROWS))));
    }

    public Optional<Path> rowsCsvPath(String id) {
        return runDirectory(id).map(dir -> dir.resolve(RunFiles.ROWS)).filter(Files::isRegularFile);
    }

    /** A multi-turn run's turns.csv (runs of the prompt suite have none). */
    public Optional<Path> turnsCsvPath(String id) {
        return runDirectory(id).map(dir -> dir.resolve(RunFiles.TURNS)).filter(Files::isRegularFile);
    }

    public Optional<Path> aggregatesCsvPath(String id) {
        return runDirectory(id).map(dir -> dir.resolve(RunFiles.AGGREGATES)).filter(Files::isRegularFile);
    }

    public Optional<Path> summaryPath(String id) {
        return runDirectory(id).map(dir -> dir.resolve(RunFiles.SUMMARY)).filter(Files::isRegularFile);
    }

    /** The directory of an existing run; empty for unknown or malformed ids (no path tricks). */
    public Optional<Path> runDirectory(String id) {
        if (id == null || !RUN_ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Path dir = resultsDir.resolve(id);
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    /** Creates a fresh run directory under a new unique id and opens its files. */
    RunFiles create(Instant now) throws IOException {
        while (true) {
            String id = ID_TIME.format(now) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
            try {
                return new RunFiles(Files.createDirectory(resultsDir.resolve(id)));
            } catch (FileAlreadyExistsException taken) {
                // another run got this id in the same millisecond: draw again
            }
        }
    }

    /** Rows of a rows.csv file (header skipped, a half-written last line dropped). */
    public static List<RequestRow> readRows(Path rowsCsv) {
        if (!Files.isRegularFile(rowsCsv)) {
            return List.of();
        }
        try {
            List<List<String>> records = Csv.parse(Files.readString(rowsCsv, StandardCharsets.UTF_8));
            int width = records.isEmpty() ? 0 : records.get(0).size(); // runs from before cost_usd have fewer columns
            return records.stream().skip(1).filter(r -> r.size() == width).map(RequestRow::fromCsv).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + rowsCsv, e);
        }
    }

    private List<String> recoverInterruptedRuns() {
        List<String> ids = new ArrayList<>();
        for (Path dir : runDirectories()) {
            readSummary(dir).filter(s -> s.status() == RunStatus.RUNNING && !RunOwner.isAlive(s.owner()))
                    .ifPresent(summary -> {
                        int done = readRows(dir.resolve(RunFiles.ROWS)).size();
                        RunSummary partial = summary.withEnd(RunStatus.PARTIAL, Instant.now().toString(),
                                INTERRUPTED_ERROR).withDone(done);
                        try {
                            RunFiles.writeAtomically(dir.resolve(RunFiles.SUMMARY), Json.MAPPER.writeValueAsBytes(partial));
                            ids.add(summary.id());
                            LOG.info("Marked interrupted benchmark run {} as partial ({} rows kept)", summary.id(), done);
                        } catch (IOException e) {
                            LOG.warn("Cannot mark interrupted benchmark run {} as partial: {}", summary.id(), e.toString());
                        }
                    });
        }
        return List.copyOf(ids);
    }

    private List<Path> runDirectories() {
        try (Stream<Path> entries = Files.list(resultsDir)) {
            return entries.filter(Files::isDirectory)
                    .filter(dir -> RUN_ID.matcher(dir.getFileName().toString()).matches()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list results directory " + resultsDir, e);
        }
    }

    private static Optional<RunSummary> readSummary(Path dir) {
        Path file = dir.resolve(RunFiles.SUMMARY);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readValue(file.toFile(), RunSummary.class));
        } catch (IOException e) {
            LOG.warn("Skipping unreadable benchmark summary {}: {}", file, e.toString());
            return Optional.empty();
        }
    }
}

package com.cascade4arm.bench.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RunStoreTest {

    private static final String T1 = "2025-01-01T10:00:00Z";
    private static final String T2 = "2025-01-02T10:00:00Z";

    @TempDir
    Path results;

    @Test
    void marksARunLeftRunningByADeadProcessAsPartialAndKeepsItsRows() throws Exception {
        String id = writeRun(RunStatus.RUNNING, "999999999@1970-01-01T00:00:00Z", 2, true, T1);

        RunStore store = new RunStore(results);

        assertThat(store.recoveredRunIds()).containsExactly(id);
        RunSummary summary = store.summary(id).orElseThrow();
        assertThat(summary.status()).isEqualTo(RunStatus.PARTIAL);
        assertThat(summary.done()).as("done recounted from rows.csv").isEqualTo(2);
        assertThat(summary.endedAt()).isNotNull();
        assertThat(summary.error()).isEqualTo(RunStore.INTERRUPTED_ERROR);
        assertThat(store.load(id).orElseThrow().rows()).hasSize(2);
    }

    @Test
    void leavesRunsOfALiveProcessAndFinishedRunsAlone() throws Exception {
        String live = writeRun(RunStatus.RUNNING, RunOwner.current(), 1, false, T1);
        String finished = writeRun(RunStatus.DONE, "999999999@1970-01-01T00:00:00Z", 1, false, T1);

        RunStore store = new RunStore(results);

        assertThat(store.recoveredRunIds()).isEmpty();
        assertThat(store.summary(live).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
        assertThat(store.summary(finished).orElseThrow().status()).isEqualTo(RunStatus.DONE);
    }

    @Test
    void dropsAHalfWrittenLastRowOnLoad() throws Exception {
        String id = writeRun(RunStatus.RUNNING, null, 2, true, T1);
        assertThat(new RunStore(results).load(id).orElseThrow().rows()).extracting(RequestRow::seq).containsExactly(1, 2);
    }

    @Test
    void listsNewestFirstAndIgnoresUnknownOrMalformedIds() throws Exception {
        String older = writeRun(RunStatus.DONE, null, 0, false, T1);
        String newer = writeRun(RunStatus.DONE, null, 0, false, T2);
        RunStore store = new RunStore(results);
        assertThat(store.list()).extracting(RunSummary::id).containsExactly(newer, older);
        assertThat(store.summary("../etc")).isEmpty();
        assertThat(store.summary("nope")).isEmpty();
        assertThat(store.rowsCsvPath("..")).isEmpty();
    }

    private String writeRun(RunStatus status, String owner, int rows, boolean halfWrittenRow, String startedAt)
            throws Exception {
        RunStore store = new RunStore(results);
        String id;
        try (RunFiles files = store.create(Instant.now())) {
            id = files.dir().getFileName().toString();
            for (int seq = 1; seq <= rows; seq++) {
                files.appendRow(new RequestRow(id, "cascade", 1, seq, "factual-01", "factual", "small", "small",
                        "r", 200, null, 1.5, 3.25, 4, 2285.71, Instant.now().toString()));
            }
            BenchConfig config = BenchConfig.of(List.of(new TargetConfig("cascade", "http://127.0.0.1:1", "auto")));
            files.writeSummary(new RunSummary(id, status, startedAt, null, config, null, null, 0,
                    config.totalRequests(), 1, null, owner, List.of(), List.of(), List.of(), List.of(), List.of(),
                    List.of(), null, List.of(), null, List.of(), null, null, null));
        }
        if (halfWrittenRow) {
            Files.writeString(results.resolve(id).resolve(RunFiles.ROWS), id + ",cascade,1,3,fact",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
        return id;
    }
}

package com.cascade4arm.rules.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Versions on disk: atomic writes, restart, damage reported and skipped, stale bases refused, commits serialized. */
class RuleStoreTest {

    private static final Map<String, String> BUNDLED = Map.of("bundled.drl", "bundled content");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private RuleStore open() {
        return RuleStore.open(dir, BUNDLED, CLOCK);
    }

    private static NewVersion edit(String content) {
        return new NewVersion(Map.of("edited.drl", content), "alice", "edit " + content, null);
    }

    private Path versionFile(long version) {
        return dir.resolve(RuleStore.VERSIONS_DIR).resolve(VersionFiles.fileName(version));
    }

    @Test
    void writesTheBundledRulesAsVersionOneOnFirstOpen() {
        RuleVersion active = open().active();

        assertThat(active.version()).isEqualTo(1);
        assertThat(active.files()).isEqualTo(BUNDLED);
        assertThat(active.author()).isEqualTo(RuleStore.BUNDLED_AUTHOR);
        assertThat(active.createdAt()).isEqualTo(CLOCK.instant());
        assertThat(active.sha256()).isEqualTo(ContentHash.sha256(BUNDLED)).hasSize(64);
        assertThat(active.baseVersion()).isNull();
        assertThat(versionFile(1)).exists();
        assertThat(dir.resolve(RuleStore.ACTIVE_FILE)).exists();
    }

    @Test
    void commitAppendsAVersionMovesThePointerAndTellsTheCallerUnderTheLock() {
        RuleStore store = open();
        List<Long> activated = new ArrayList<>();

        RuleVersion committed = store.commit(edit("two"), 1L, version -> activated.add(version.version()));

        assertThat(committed.version()).isEqualTo(2);
        assertThat(committed.baseVersion()).isEqualTo(1);
        assertThat(activated).containsExactly(2L);
        assertThat(store.active()).isEqualTo(committed);
        assertThat(store.history()).extracting(HistoryEntry::version).containsExactly(2L, 1L);
    }

    @Test
    void restartServesTheActiveVersion() {
        RuleStore store = open();
        store.commit(edit("two"), null, v -> { });
        store.commit(edit("three"), null, v -> { });

        RuleVersion afterRestart = open().active();

        assertThat(afterRestart.version()).isEqualTo(3);
        assertThat(afterRestart.files()).containsEntry("edited.drl", "three");
    }

    @Test
    void refusesAStaleBaseVersionAndWritesNothing() throws Exception {
        RuleStore store = open();
        store.commit(edit("two"), 1L, v -> { });

        assertThatThrownBy(() -> store.commit(edit("stale"), 1L, v -> { throw new AssertionError("must not activate"); }))
                .isInstanceOfSatisfying(StaleVersionException.class, e -> {
                    assertThat(e.currentVersion()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("base_version 1 is stale", "active version is 2");
                });
        assertThat(store.active().version()).isEqualTo(2);
        try (Stream<Path> files = Files.list(dir.resolve(RuleStore.VERSIONS_DIR))) {
            assertThat(files).hasSize(2);
        }
    }

    @Test
    void ignoresAndRemovesLeftoverTemporaryFiles() throws Exception {
        open().commit(edit("two"), null, v -> { });
        Path halfWrittenVersion = dir.resolve(RuleStore.VERSIONS_DIR).resolve(".v000003.json" + AtomicFiles.TEMP_MARKER + "x");
        Files.writeString(halfWrittenVersion, "{\"format\":1,\"version\":3,\"fi");
        Path halfWrittenPointer = dir.resolve("." + RuleStore.ACTIVE_FILE + AtomicFiles.TEMP_MARKER + "y");
        Files.writeString(halfWrittenPointer, "{\"vers");

        RuleStore reopened = open();

        assertThat(reopened.active().version()).isEqualTo(2);
        assertThat(reopened.history()).extracting(HistoryEntry::version).containsExactly(2L, 1L);
        assertThat(halfWrittenVersion).doesNotExist();
        assertThat(halfWrittenPointer).doesNotExist();
    }

    @Test
    void reportsATruncatedActiveVersionAsDamagedAndServesTheNewestGoodOne() throws Exception {
        RuleStore store = open();
        store.commit(edit("two"), null, v -> { });
        store.commit(edit("three"), null, v -> { });
        byte[] content = Files.readAllBytes(versionFile(3));
        Files.write(versionFile(3), java.util.Arrays.copyOf(content, content.length / 2));

        RuleStore reopened = open();

        assertThat(reopened.active().version()).as("newest good version").isEqualTo(2);
        HistoryEntry damaged = reopened.history().get(0);
        assertThat(damaged.version()).isEqualTo(3);
        assertThat(damaged.isDamaged()).isTrue();
        assertThat(damaged.damage()).contains("not valid JSON");
        assertThat(versionFile(3)).as("damaged files are kept for an operator to inspect").exists();
    }

    @Test
    void reportsContentThatDoesNotMatchItsHash() throws Exception {
        RuleStore store = open();
        store.commit(edit("two"), null, v -> { });
        String json = Files.readString(versionFile(2), StandardCharsets.UTF_8);
        Files.writeString(versionFile(2), json.replace("\"two\"", "\"tampered\""), StandardCharsets.UTF_8);

        HistoryEntry entry = open().find(2).orElseThrow();

        assertThat(entry.isDamaged()).isTrue();
        assertThat(entry.damage()).contains("sha256 mismatch");
    }

    @Test
    void servesTheNewestGoodVersionWhenThePointerIsDamaged() throws Exception {
        RuleStore store = open();
        store.commit(edit("two"), null, v -> { });
        store.commit(edit("three"), 2L, v -> { });
        Files.writeString(dir.resolve(RuleStore.ACTIVE_FILE), "{\"vers");

        assertThat(open().active().version()).isEqualTo(3);
    }

    @Test
    void neverReusesTheNumberOfADamagedVersion() throws Exception {
        RuleStore store = open();
        store.commit(edit("two"), null, v -> { });
        Files.writeString(versionFile(2), "garbage");

        RuleVersion next = open().commit(edit("three"), 1L, v -> { });

        assertThat(next.version()).isEqualTo(3);
        assertThat(next.baseVersion()).as("the version that served before").isEqualTo(1);
    }

    @Test
    void writesTheBundledRulesAgainWhenNoStoredVersionIsReadable() throws Exception {
        open().commit(edit("two"), null, v -> { });
        Files.writeString(versionFile(1), "garbage");
        Files.writeString(versionFile(2), "{}");

        RuleVersion active = open().active();

        assertThat(active.version()).isEqualTo(3);
        assertThat(active.files()).isEqualTo(BUNDLED);
        assertThat(active.comment()).contains("no stored version was readable");
    }

    @Test
    void serializesConcurrentCommitsAndLetsOnlyOneWinAgainstTheSameBase() throws Exception {
        RuleStore store = open();
        RuleStore secondStoreOnTheSameDirectory = open();
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Long> activationOrder = new CopyOnWriteArrayList<>();
        try {
            List<Future<Object>> results = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                RuleStore writer = i % 2 == 0 ? store : secondStoreOnTheSameDirectory;
                String content = "writer " + i;
                Callable<Object> commit = () -> {
                    start.await();
                    try {
                        return writer.commit(edit(content), 1L, v -> activationOrder.add(v.version()));
                    } catch (StaleVersionException e) {
                        return e;
                    }
                };
                results.add(pool.submit(commit));
            }
            start.countDown();
            List<Object> outcomes = new ArrayList<>();
            for (Future<Object> result : results) {
                outcomes.add(result.get());
            }

            assertThat(outcomes).filteredOn(RuleVersion.class::isInstance).as("winners").hasSize(1);
            assertThat(outcomes).filteredOn(StaleVersionException.class::isInstance).hasSize(writers - 1);
            assertThat(activationOrder).containsExactly(2L);
        } finally {
            pool.shutdownNow();
        }
        List<Long> unconditional = new CopyOnWriteArrayList<>();
        ExecutorService second = Executors.newFixedThreadPool(4);
        try {
            List<Future<RuleVersion>> commits = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                RuleStore writer = i % 2 == 0 ? store : secondStoreOnTheSameDirectory;
                commits.add(second.submit(() -> writer.commit(edit("free"), null, v -> unconditional.add(v.version()))));
            }
            for (Future<RuleVersion> commit : commits) {
                commit.get();
            }
        } finally {
            second.shutdownNow();
        }
        assertThat(unconditional).as("activations happen in version order").isSorted().hasSize(writers)
                .doesNotHaveDuplicates();
        assertThat(store.active().version()).isEqualTo(unconditional.get(unconditional.size() - 1));
    }
}

package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.bench.runner.BenchConfig;
import com.cascade4arm.bench.runner.PromptSelection;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchSettingsTest {
    private static final Path DATA_DIR = Path.of("/var/lib/cascade");

    @Test
    void isOffByDefaultAndStoresRunsUnderTheDataDirectory() {
        BenchSettings settings = BenchSettings.from(TestConfig.of(Map.of()), DATA_DIR);

        assertThat(settings.config().schedule().enabled()).isFalse();
        assertThat(settings.resultsDir()).isEqualTo(DATA_DIR.resolve("bench"));
        assertThat(settings.config().gitCommit()).isEmpty();
        assertThat(settings.config().schedule().periodMs()).isEqualTo(86_400_000);
        assertThat(settings.scheduledConfig().levels()).isEqualTo(BenchConfig.DEFAULT_LEVELS);
    }

    @Test
    void readsTheScheduleAndItsRunConfig() {
        BenchSettings settings = BenchSettings.from(TestConfig.of(Map.of(
                "cascade.bench.results-dir", "/tmp/runs",
                "cascade.bench.git-commit", " abc123 ",
                "cascade.bench.schedule.enabled", "TRUE",
                "cascade.bench.schedule.period-ms", "3_600_000",
                "cascade.bench.schedule.delay-ms", "0",
                "cascade.bench.schedule.prompts", "25",
                "cascade.bench.schedule.levels", "1, 4,16",
                "cascade.bench.schedule.requests-per-level", "30",
                "cascade.bench.schedule.max-tokens", "128")), DATA_DIR);

        assertThat(settings.resultsDir()).isEqualTo(Path.of("/tmp/runs"));
        assertThat(settings.config().gitCommit()).contains("abc123");
        assertThat(settings.config().schedule().enabled()).isTrue();
        assertThat(settings.config().schedule().periodMs()).isEqualTo(3_600_000);
        assertThat(settings.config().schedule().delayMs()).isZero();
        BenchConfig config = settings.scheduledConfig();
        assertThat(config.prompts()).isEqualTo(PromptSelection.first(25));
        assertThat(config.levels()).containsExactly(1, 4, 16);
        assertThat(config.requestsPerLevel()).isEqualTo(30);
        assertThat(config.maxTokens()).isEqualTo(128);
        assertThat(config.targets()).as("targets are added when a run starts").isEmpty();
    }

    @Test
    void failsStartupNamingTheBadValue() {
        assertThatThrownBy(() -> read("cascade.bench.schedule.levels", "1,two"))
                .hasMessage("cascade.bench.schedule.levels must be comma-separated integers, but was 1,two");
        assertThatThrownBy(() -> read("cascade.bench.schedule.levels", "4,2"))
                .hasMessageContaining("cascade.bench.schedule.* is invalid: levels must be strictly increasing, but was [4, 2]");
        assertThatThrownBy(() -> read("cascade.bench.schedule.requests-per-level", "900"))
                .hasMessageContaining("requests_per_level must be between 1 and 500, but was 900");
        assertThatThrownBy(() -> read("cascade.bench.schedule.enabled", "yes"))
                .hasMessage("cascade.bench.schedule.enabled must be true or false, but was yes");
        assertThatThrownBy(() -> read("cascade.bench.schedule.period-ms", "10"))
                .hasMessage("cascade.bench.schedule.period-ms must be at least 100, but was 10");
    }

    private static BenchSettings read(String key, String value) {
        return BenchSettings.from(TestConfig.of(Map.of(key, value)), DATA_DIR);
    }
}

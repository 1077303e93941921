package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.PromptSuite;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchConfigTest {

    private static final PromptSuite SUITE = PromptSuite.load();
    private static final TargetConfig CASCADE = new TargetConfig("cascade", "http://127.0.0.1:8080", "auto");
    private final BenchConfig valid = BenchConfig.of(List.of(CASCADE));

    @Test
    void fillsDefaultsForMissingValues() {
        assertThat(valid.prompts()).isEqualTo(PromptSelection.first(10));
        assertThat(valid.levels()).containsExactly(1, 2, 4, 8, 16);
        assertThat(valid.requestsPerLevel()).isEqualTo(20);
        assertThat(valid.maxTokens()).isEqualTo(64);
        assertThat(valid.totalRequests()).isEqualTo(5 * 20);
        assertThatCode(() -> valid.validate(SUITE)).doesNotThrowAnyException();
    }

    @Test
    void namesTheBadValueOfEachBound() {
        assertRejected(valid.withRequestsPerLevel(501), "requests_per_level must be between 1 and 500, but was 501");
        assertRejected(valid.withRequestsPerLevel(0), "requests_per_level must be between 1 and 500, but was 0");
        assertRejected(valid.withMaxTokens(9000), "max_tokens must be between 1 and 4096, but was 9000");
        assertRejected(valid.withLevels(List.of(1, 2, 100)), "levels[2] must be between 1 and 64, but was 100");
        assertRejected(valid.withLevels(List.of(0)), "levels[0] must be between 1 and 64, but was 0");
        assertRejected(valid.withLevels(List.of(1, 4, 2)), "levels must be strictly increasing, but was [1, 4, 2]");
        assertRejected(valid.withLevels(List.of()), "levels must have 1 to 10 values, but had 0");
        assertRejected(valid.withPrompts(PromptSelection.first(51)), "prompts must be between 1 and 50, but was 51");
        assertRejected(valid.withPrompts(PromptSelection.ids(List.of("factual-01", "nope"))),
                "prompts contains unknown prompt id 'nope'");
        assertRejected(valid.withDeadlineSeconds(0), "deadline_seconds must be between 1 and 86400, but was 0");
        assertRejected(valid.withRequestTimeoutMs(5), "request_timeout_ms must be between 100 and 600000, but was 5");
    }

    @Test
    void namesTheBadTarget() {
        assertRejected(BenchConfig.of(List.of()), "targets must list 1 to 4 targets, but had 0");
        assertRejected(BenchConfig.of(List.of(CASCADE, new TargetConfig("baseline", "ftp://x", "m"))),
                "targets[1].base_url must be an http(s) URL, but was 'ftp://x'");
        assertRejected(BenchConfig.of(List.of(CASCADE, new TargetConfig("cascade", "http://h:1", "m"))),
                "targets[1].name 'cascade' is used by another target");
        assertRejected(BenchConfig.of(List.of(new TargetConfig("bad name", "http://h:1", "m"))),
                "targets[0].name must be 1-40 letters, digits, '.', '_' or '-', but was 'bad name'");
        assertRejected(BenchConfig.of(List.of(new TargetConfig("x", "http://h:1", " "))),
                "targets[0].model must not be blank, but was ' '");
    }

    @Test
    void listsEveryProblemAtOnce() {
        assertThatThrownBy(() -> valid.withMaxTokens(0).withRequestsPerLevel(0).validate(SUITE))
                .isInstanceOf(InvalidBenchConfigException.class)
                .hasMessageContaining("max_tokens must be between 1 and 4096, but was 0")
                .hasMessageContaining("requests_per_level must be between 1 and 500, but was 0");
    }

    @Test
    void resolvesPromptsByCountOrIds() {
        assertThat(valid.withPrompts(PromptSelection.first(3)).resolvePrompts(SUITE)).extracting(p -> p.id())
                .containsExactly("factual-01", "everyday-01", "reasoning-01");
        assertThat(valid.withPrompts(PromptSelection.ids(List.of("code-02", "factual-01"))).resolvePrompts(SUITE))
                .extracting(p -> p.id()).containsExactly("code-02", "factual-01");
    }

    @Test
    void readsSnakeCaseJsonWithPromptsAsCountOrListAndNeverWritesTheApiKey() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        BenchConfig fromCount = mapper.readValue("""
                {"prompts": 5, "levels": [1, 2], "requests_per_level": 3,
                 "targets": [{"name": "cascade", "base_url": "http://127.0.0.1:8080", "model": "auto", "api_key": "s3cret"}]}
                """, BenchConfig.class);
        assertThat(fromCount.prompts()).isEqualTo(PromptSelection.first(5));
        assertThat(fromCount.requestsPerLevel()).isEqualTo(3);
        assertThat(fromCount.maxTokens()).as("default").isEqualTo(64);
        assertThat(fromCount.targets().get(0).apiKey()).isEqualTo("s3cret");
        String written = mapper.writeValueAsString(fromCount);
        assertThat(written).contains("\"requests_per_level\":3").contains("\"prompts\":5").doesNotContain("s3cret");
        assertThat(fromCount.targets().get(0).toString()).doesNotContain("s3cret");

        BenchConfig fromIds = mapper.readValue("{\"prompts\": [\"code-01\"], \"targets\": []}", BenchConfig.class);
        assertThat(fromIds.prompts()).isEqualTo(PromptSelection.ids(List.of("code-01")));
        assertThat(mapper.writeValueAsString(fromIds)).contains("\"prompts\":[\"code-01\"]");
    }

    private static void assertRejected(BenchConfig config, String message) {
        assertThatThrownBy(() -> config.validate(SUITE)).isInstanceOf(InvalidBenchConfigException.class)
                .hasMessage(message);
    }

}

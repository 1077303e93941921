package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.PromptSuite;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The suite choice of a run: the prompt suite by default, the multi-turn suite's own defaults and bounds. */
class MultiTurnConfigTest {
    private static final PromptSuite SUITE = PromptSuite.load();
    private static final List<TargetConfig> TWO = List.of(new TargetConfig("cascade", "http://127.0.0.1:8080", "auto"),
            new TargetConfig("baseline", "http://127.0.0.1:8081", "demo"));
    private final BenchConfig multiTurn = BenchConfig.of(TWO).withSuite(BenchConfig.SUITE_CONVERSATIONS);

    @Test
    void thePromptSuiteStaysTheDefault() {
        BenchConfig config = BenchConfig.of(TWO);

        assertThat(config.suite()).isEqualTo("prompts");
        assertThat(config.multiTurn()).isFalse();
        assertThat(config.levels()).containsExactly(1, 2, 4, 8, 16);
    }

    @Test
    void aMultiTurnRunCountsConversationsTimesTurnsTimesTargets() {
        BenchConfig config = new BenchConfig(null, null, null, null, TWO, null, null, null, null, null, null, null,
                "conversations", 3);

        assertThat(config.levels()).as("two conversations at a time by default").containsExactly(2);
        assertThat(config.totalRequests()).isEqualTo(3 * 6 * 2);
        assertThat(multiTurn.conversations()).isEqualTo(6);
        assertThatCode(() -> config.validate(SUITE)).doesNotThrowAnyException();
    }

    @Test
    void refusesAnUnknownSuiteNamingIt() {
        assertThatThrownBy(() -> BenchConfig.of(TWO).withSuite("chats").validate(SUITE))
                .isInstanceOf(InvalidBenchConfigException.class)
                .hasMessage("suite must be one of prompts, conversations, but was 'chats'");
    }

    @Test
    void refusesConcurrencyAboveTheConversationsAndOtherBadValues() {
        assertThatThrownBy(() -> multiTurn.withConversations(2).withLevels(List.of(3)).validate(SUITE))
                .hasMessage("concurrency (levels[0]) must be between 1 and 2 (the conversations run), but was 3");
        assertThatThrownBy(() -> multiTurn.withLevels(List.of(1, 2)).validate(SUITE))
                .hasMessageContaining("levels must have one value, but had 2");
        assertThatThrownBy(() -> multiTurn.withConversations(7).validate(SUITE))
                .hasMessageContaining("conversations must be between 1 and 6, but was 7");
        assertThatThrownBy(() -> multiTurn.withMaxTokens(200).validate(SUITE))
                .hasMessageContaining("max_tokens must be between 1 and 64, but was 200");
        assertThatThrownBy(() -> multiTurn.withJudge(true).validate(SUITE))
                .hasMessageContaining("judge compares single prompts");
    }

    @Test
    void theSuiteSurvivesTheSummaryJsonAndOldSummariesReadAsThePromptSuite() throws Exception {
        ObjectMapper json = new ObjectMapper();
        BenchConfig back = json.readValue(json.writeValueAsString(multiTurn.withConversations(2)), BenchConfig.class);
        BenchConfig old = json.readValue("{\"levels\": [1, 2], \"requests_per_level\": 5}", BenchConfig.class);

        assertThat(back.suite()).isEqualTo("conversations");
        assertThat(back.conversations()).isEqualTo(2);
        assertThat(old.suite()).isEqualTo("prompts");
        assertThat(old.levels()).containsExactly(1, 2);
    }
}

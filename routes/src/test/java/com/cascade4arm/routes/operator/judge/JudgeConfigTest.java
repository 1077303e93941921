package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgeConfigTest {

    @Test
    void noUrlMeansNoJudgeAndNothingEnabled() {
        JudgeConfig settings = TestConfig.of(Map.of()).judge();

        assertThat(settings.configured()).isFalse();
        assertThat(settings.enabled()).isFalse();
        assertThat(settings.model()).isEqualTo("qwen/qwen-2.5-72b-instruct");
        assertThat(settings.maxTokens()).isEqualTo(16);
    }

    @Test
    void readsAnOpenAiBaseUrlAndCallsItsChatCompletions() {
        JudgeConfig settings = TestConfig.of(Map.of("cascade.judge.url", "https://openrouter.ai/api/v1/",
                "cascade.judge.enabled", "true", "cascade.judge.api-key", " sk-judge ", "cascade.judge.concurrency", "4")).judge();

        assertThat(settings.chatUrl()).hasToString("https://openrouter.ai/api/v1/chat/completions");
        assertThat(settings.enabled()).isTrue();
        assertThat(settings.apiKey()).contains("sk-judge");
        assertThat(settings.concurrency()).isEqualTo(4);
    }

    @Test
    void refusesBadValuesNamingKeyAndValue() {
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.judge.url", "ftp://judge")))
                .hasMessage("cascade.judge.url must be an http(s) URL, but was ftp://judge");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.judge.enabled", "true")))
                .hasMessage("cascade.judge.enabled is true, but cascade.judge.url is not set");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.judge.enabled", "yes")))
                .hasMessage("cascade.judge.enabled must be true or false, but was yes");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.judge.timeout-ms", "5")))
                .hasMessage("cascade.judge.timeout-ms must be between 100 and 3600000, but was 5");
    }
}

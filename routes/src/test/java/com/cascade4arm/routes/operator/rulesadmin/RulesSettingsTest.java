package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** cascade.rules.evaluation-budget-ms: default 10 ms, 1-1000, a bad value named. */
class RulesSettingsTest {
    private static RulesSettings read(Map<String, String> properties) {
        return RulesSettings.from(TestConfig.of(properties), Path.of("data"));
    }

    @Test
    void theEvaluationBudgetDefaultsToTenMillisecondsAndCanBeSet() {
        assertThat(read(Map.of()).evaluationBudgetMs()).isEqualTo(10);
        assertThat(read(Map.of(RulesSettings.EVALUATION_BUDGET_KEY, " 25 ")).evaluationBudgetMs()).isEqualTo(25);
        assertThat(read(Map.of()).dir()).isEqualTo(Path.of("data", "rules"));
    }

    @Test
    void aBadEvaluationBudgetIsNamed() {
        assertThatThrownBy(() -> read(Map.of(RulesSettings.EVALUATION_BUDGET_KEY, "0")))
                .hasMessage("cascade.rules.evaluation-budget-ms must be between 1 and 1000, but was 0");
        assertThatThrownBy(() -> read(Map.of(RulesSettings.EVALUATION_BUDGET_KEY, "ten")))
                .hasMessage("cascade.rules.evaluation-budget-ms must be an integer, but was ten");
    }
}

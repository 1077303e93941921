package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** cascade.rules.*: the evaluation budget (default 10 ms, 1-1000, a bad value named) and the directory. */
class RulesConfigTest {
    private static final String EVALUATION_BUDGET_KEY = "cascade.rules.evaluation-budget-ms";

    private static CascadeConfig read(Map<String, String> properties) {
        return TestConfig.of(properties);
    }

    @Test
    void theEvaluationBudgetDefaultsToTenMillisecondsAndCanBeSet() {
        assertThat(read(Map.of()).rules().evaluationBudgetMs()).isEqualTo(10);
        assertThat(read(Map.of(EVALUATION_BUDGET_KEY, " 25 ")).rules().evaluationBudgetMs()).isEqualTo(25);
        assertThat(read(Map.of("cascade.data-dir", "data")).rulesDirectory()).isEqualTo(Path.of("data", "rules"));
        assertThat(read(Map.of("cascade.rules.dir", "/srv/rules")).rulesDirectory()).isEqualTo(Path.of("/srv/rules"));
    }

    @Test
    void aBadEvaluationBudgetIsNamed() {
        assertThatThrownBy(() -> read(Map.of(EVALUATION_BUDGET_KEY, "0")))
                .hasMessage("cascade.rules.evaluation-budget-ms must be between 1 and 1000, but was 0");
        assertThatThrownBy(() -> read(Map.of(EVALUATION_BUDGET_KEY, "ten")))
                .hasMessage("cascade.rules.evaluation-budget-ms must be an integer, but was ten");
    }
}

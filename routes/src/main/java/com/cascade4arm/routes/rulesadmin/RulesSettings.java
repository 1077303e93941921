package com.cascade4arm.routes.rulesadmin;

import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.rules.RoutingRulebook;
import org.apache.camel.spi.PropertiesComponent;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where rule versions live ({@code cascade.rules.dir}, by default {@code <cascade.data-dir>/rules}) and how long one
 * decision's text conditions may run ({@code cascade.rules.evaluation-budget-ms}). Read both by the gateway's settings
 * and by the startup code that loads the active version before the gateway exists.
 */
public record RulesSettings(Path dir, long evaluationBudgetMs) {
    /** Rule versions live in this sub-directory of cascade.data-dir unless cascade.rules.dir says otherwise. */
    public static final String DEFAULT_SUBDIR = "rules";
    public static final String DIR_KEY = "cascade.rules.dir";
    public static final String DATA_DIR_KEY = "cascade.data-dir";
    public static final String EVALUATION_BUDGET_KEY = "cascade.rules.evaluation-budget-ms";
    /** Run-time cap of one decision's pattern and phrase conditions, in milliseconds (rules/design.md). */
    public static final long DEFAULT_EVALUATION_BUDGET_MS = RoutingRulebook.DEFAULT_EVALUATION_BUDGET_NANOS / 1_000_000;
    static final long MAX_EVALUATION_BUDGET_MS = 1_000;

    public RulesSettings {
        if (evaluationBudgetMs < 1 || evaluationBudgetMs > MAX_EVALUATION_BUDGET_MS) {
            throw new IllegalArgumentException(EVALUATION_BUDGET_KEY + " must be between 1 and " + MAX_EVALUATION_BUDGET_MS
                    + " ms, but was " + evaluationBudgetMs);
        }
    }

    /** Reads cascade.rules.* through {@code property} (null or blank = unset). */
    public static RulesSettings read(Function<String, String> property, Path dataDir) {
        String dir = property.apply(DIR_KEY);
        String budget = property.apply(EVALUATION_BUDGET_KEY);
        long budgetMs;
        try {
            budgetMs = budget == null || budget.isBlank() ? DEFAULT_EVALUATION_BUDGET_MS : Long.parseLong(budget.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(EVALUATION_BUDGET_KEY + " must be a whole number of ms, but was '" + budget + "'");
        }
        return new RulesSettings(dir == null || dir.isBlank() ? dataDir.resolve(DEFAULT_SUBDIR) : Path.of(dir.trim()),
                budgetMs);
    }

    /** From Camel's properties, data directory included (for code that runs before {@link GatewaySettings}). */
    public static RulesSettings from(PropertiesComponent properties) {
        Function<String, String> property = key -> properties.resolveProperty(key).orElse(null);
        String dataDir = property.apply(DATA_DIR_KEY);
        return read(property, dataDir == null || dataDir.isBlank() ? GatewaySettings.defaultDataDir() : Path.of(dataDir.trim()));
    }
}

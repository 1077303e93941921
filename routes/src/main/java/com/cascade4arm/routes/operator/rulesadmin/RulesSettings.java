package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.config.GatewaySettings;
import org.apache.camel.spi.PropertiesComponent;

import java.nio.file.Path;

/**
 * Where rule versions live ({@code cascade.rules.dir}, by default {@code <cascade.data-dir>/rules}) and how long one
 * decision's text conditions may run ({@code cascade.rules.evaluation-budget-ms}), and the semantic fact
 * ({@code cascade.rules.semantic}, {@code cascade.rules.semantic-budget-ms}). Read both by the gateway's settings
 * and by the startup code that loads the active version before the gateway exists.
 */
public record RulesSettings(Path dir, long evaluationBudgetMs, boolean semantic, long semanticBudgetMs) {
    /** Rule versions live in this sub-directory of cascade.data-dir unless cascade.rules.dir says otherwise. */
    public static final String DEFAULT_SUBDIR = "rules";
    public static final String EVALUATION_BUDGET_KEY = "cascade.rules.evaluation-budget-ms";

    /** From the bound cascade.rules.* keys; {@code dataDir} is the resolved cascade.data-dir. */
    public static RulesSettings from(CascadeConfig config, Path dataDir) {
        return new RulesSettings(config.rules().dir().map(Path::of).orElseGet(() -> dataDir.resolve(DEFAULT_SUBDIR)),
                config.rules().evaluationBudgetMs(), "on".equals(config.rules().semantic()),
                config.rules().semanticBudgetMs());
    }

    /** From Camel's properties, data directory included (for code that runs before {@link GatewaySettings}). */
    public static RulesSettings from(PropertiesComponent properties) {
        CascadeConfig config = ConfigBinding.bind(properties).cascade();
        return from(config, GatewaySettings.dataDir(config));
    }
}

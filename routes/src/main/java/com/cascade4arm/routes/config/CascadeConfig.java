package com.cascade4arm.routes.config;

import com.cascade4arm.openai.SchemaLimits;
import com.cascade4arm.routes.operator.bench.BenchmarkConfig;
import com.cascade4arm.routes.state.StoreConfig;
import com.cascade4arm.routes.operator.compare.CompareConfig;
import com.cascade4arm.routes.operator.console.ConsoleConfig;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.edge.EdgeConfig;
import com.cascade4arm.routes.operator.judge.JudgeConfig;
import com.cascade4arm.rules.RoutingRulebook;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.hibernate.validator.constraints.Range;

import java.util.Optional;

/**
 * Every {@code cascade.*} key the gateway reads (documented in application.properties), typed, with its one default
 * ({@code @WithDefault}) and its bounds; {@link ConfigBinding} binds it. A key without a default is optional (empty).
 * The per-tier keys are {@link TierConfig}; the {@code *Settings} records derive what the code uses from these groups.
 */
@ConfigMapping(prefix = "cascade")
public interface CascadeConfig {
    /** The model tiers the rulebook routes to, in order; each has its {@link TierConfig}. */
    @WithDefault(ConfigBinding.DEFAULT_TIERS)
    String tiers();

    /** Empty: $XDG_DATA_HOME/cascade4arm or ~/.local/share/cascade4arm ({@link GatewaySettings#defaultDataDir()}). */
    Optional<String> dataDir();

    Admin admin();

    Baseline baseline();

    Upstream upstream();

    Limits limits();

    Breaker breaker();

    Gateway gateway();

    Chat chat();

    Escalation escalation();

    Warmup warmup();

    Shutdown shutdown();

    Rules rules();

    Tracing tracing();

    EmbeddedConfig embedded();

    Metrics metrics();

    @WithDefault("false")
    @WithConverter(StrictBoolean.class)
    boolean exposeEndpoints();

    EdgeConfig edge();

    CompareConfig compare();

    CostConfig cost();

    JudgeConfig judge();

    BenchmarkConfig bench();

    StoreConfig store();

    ConsoleConfig console();

    interface Admin {
        Optional<String> token();
    }

    interface Baseline {
        Optional<String> url();
    }

    interface Upstream {
        @WithDefault("2000") @Range(min = 1, max = 600_000) int connectTimeoutMs();

        @WithDefault("120000") @Range(min = 1, max = 3_600_000) long idleTimeoutMs();

        @WithDefault("600000") @Range(min = 1, max = 3_600_000) long requestTimeoutMs();

        @WithDefault("2000") @Range(min = 100, max = 600_000) long healthIntervalMs();
    }

    interface Limits {
        @WithDefault("1024") @Range(min = 1, max = 131_072) int maxTokens();

        @WithDefault("256") @Range(min = 1, max = 131_072) int defaultMaxTokens();

        @WithDefault("32000") @Range(min = 1, max = 10_000_000) int maxPromptChars();

        @WithDefault("1048576") @Range(min = 1_024, max = 100_000_000) long maxBodyBytes();
    }

    interface Breaker {
        @WithDefault("50") @Range(min = 1, max = 100) int failureRatePercent();

        @WithDefault("10") @Range(min = 1, max = 10_000) int window();

        @WithDefault("10000") @Range(min = 1, max = 3_600_000) long openMs();
    }

    interface Gateway {
        @WithDefault("256") @Range(min = 1, max = 10_000) int workerThreads();
    }

    interface Chat {
        Schema schema();
    }

    /** Bounds of a response_format schema ({@link SchemaLimits} holds the same defaults for its own callers). */
    interface Schema {
        @WithDefault("" + SchemaLimits.DEFAULT_MAX_SCHEMA_CHARS) @Range(min = 1, max = 1_000_000) int maxChars();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_DEPTH) @Range(min = 1, max = 256) int maxDepth();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_PROPERTIES) @Range(min = 1, max = 100_000) int maxProperties();

        /** At most SchemaLimits.NUMBER_MAGNITUDE_CEILING (2147483647). */
        @WithDefault("1000000000") @DecimalMin("1") @DecimalMax("2147483647") double maxNumberMagnitude();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_STRING_LENGTH) @Range(min = 1, max = 1_000_000) int maxStringLength();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_ITEMS) @Range(min = 1, max = 1_000_000) int maxItems();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_PATTERN_CHARS) @Range(min = 1, max = 100_000) int maxPatternChars();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_REPETITION) @Range(min = 1, max = 100_000) int maxRepetition();

        @WithDefault("" + SchemaLimits.DEFAULT_MAX_REPETITION_TOTAL) @Range(min = 1, max = 10_000_000)
        int maxRepetitionTotal();
    }

    interface Escalation {
        @WithDefault("true") @WithConverter(StrictBoolean.class) boolean enabled();

        @WithDefault("4") @Range(min = 1, max = 64) int tokens();

        /** Empty: each rule's own threshold. */
        Optional<@DecimalMin("0.000001") @DecimalMax("0.999999") Double> minConfidence();
    }

    interface Warmup {
        @WithDefault("2000") @Range(min = 0, max = 1_000_000) int requests();

        @WithDefault("30000") @Range(min = 1, max = 600_000) long maxMs();
    }

    interface Shutdown {
        /** Room for a long answer to finish streaming; the pod's terminationGracePeriodSeconds must cover it. */
        @WithDefault("20000") @Range(min = 0, max = 3_600_000) long drainTimeoutMs();
    }

    interface Rules {
        /** Empty: {@code <data-dir>/rules}. */
        Optional<String> dir();

        /** Run-time cap of one decision's pattern and phrase conditions (rules/design.md). */
        @WithDefault("" + RoutingRulebook.DEFAULT_EVALUATION_BUDGET_NANOS / 1_000_000) @Range(min = 1, max = 1_000)
        long evaluationBudgetMs();

        /**
         * The semantic fact (semanticLargeScore: a sentence embedding's P(large), rules/README.md "Semantic fact"):
         * on or off. Off by default: ONNX Runtime adds about 128 MB to lib/ and an embedding costs 4-20 ms of CPU.
         */
        @WithDefault("off") @Pattern(regexp = "on|off") String semantic();

        /** How long a request waits for its embedding before it is routed without the semantic fact. */
        @WithDefault("50") @Range(min = 1, max = 10_000) long semanticBudgetMs();
    }

    interface Tracing {
        Optional<String> otlpEndpoint();

        @WithDefault("5000") @Range(min = 10, max = 600_000) long exportDelayMs();
    }

    interface Metrics {
        /** Scrapes cost CPU and /metrics is public: a flood of them costs one rendering per period. */
        @WithDefault("1000") @Range(min = 0, max = 600_000) long cacheMs();
    }
}

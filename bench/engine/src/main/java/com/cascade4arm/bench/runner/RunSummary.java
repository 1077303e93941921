package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.judge.AnswerQuality;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The state of a run as served by the API and written to {@code summary.json}: status, timing (ISO-8601 instants),
 * config, progress, per-level aggregates (completed levels only), the derived results (with 95 % intervals), the
 * warm-up counts, the environment it ran in, the router scorecard ({@link RouterScorecard}) and the judged answer
 * quality ({@link AnswerQuality}; null when the run was not asked to judge), what each priced system cost
 * ({@link RunCost}) and the rulebook's categories against the suite's labels ({@link CategoryConfusion}; null without
 * a rulebook) and what speculative decoding bought the large route ({@link DraftSpeedup}; null without a draft pass),
 * and for a run of the multi-turn suite its per-turn figures ({@link ConversationFigures}; null otherwise).
 * {@code owner} identifies
 * the process that runs it ("pid@process-start") so a restart can tell a dead run from a live one.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunSummary(
        String id,
        RunStatus status,
        String startedAt,
        String endedAt,
        BenchConfig config,
        String rulesVersion,
        String gitCommit,
        int done,
        int total,
        Integer currentLevel,
        String error,
        String owner,
        List<LevelAggregate> aggregates,
        List<TargetSaturation> saturation,
        List<SpeedUp> speedUps,
        List<RoutingAccuracy> accuracy,
        List<PromptResult> prompts,
        List<WarmupResult> warmup,
        RunEnvironment environment,
        List<RouterScorecard> scorecard,
        AnswerQuality quality,
        List<RunCost> costs,
        CategoryConfusion categories,
        DraftSpeedup draftSpeedup,
        ConversationFigures conversations) {

    /** Runs recorded before the scorecard (costs) existed read back with an empty one. */
    public RunSummary {
        scorecard = scorecard == null ? List.of() : scorecard;
        costs = costs == null ? List.of() : costs;
    }

    /** The same summary with another status, end time and error (used when a dead run is marked partial). */
    public RunSummary withEnd(RunStatus newStatus, String newEndedAt, String newError) {
        return new RunSummary(id, newStatus, startedAt, newEndedAt, config, rulesVersion, gitCommit, done, total,
                currentLevel, newError, owner, aggregates, saturation, speedUps, accuracy, prompts, warmup, environment,
                scorecard, quality, costs, categories, draftSpeedup, conversations);
    }

    /** The same summary with another count of finished requests (recounted from rows.csv after a crash). */
    public RunSummary withDone(int newDone) {
        return new RunSummary(id, status, startedAt, endedAt, config, rulesVersion, gitCommit, newDone, total,
                currentLevel, error, owner, aggregates, saturation, speedUps, accuracy, prompts, warmup, environment,
                scorecard, quality, costs, categories, draftSpeedup, conversations);
    }
}

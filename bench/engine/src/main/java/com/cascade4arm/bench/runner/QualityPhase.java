package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.judge.AnswerBook;
import com.cascade4arm.bench.judge.AnswerJudge;
import com.cascade4arm.bench.judge.AnswerPair;
import com.cascade4arm.bench.judge.AnswerQuality;
import com.cascade4arm.bench.judge.PairJudging;
import com.cascade4arm.bench.judge.PromptJudgement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A run's judging step, after its last level: pairs the first target's answers (the cascade) with the second's
 * (the baseline), has the judge compare them and keeps the live {@link AnswerQuality}. Off the measured path by
 * construction: it starts only when every measured request has ended.
 */
final class QualityPhase {

    private final BenchConfig config;
    private final AnswerJudge judge;
    private final AnswerBook answers = new AnswerBook();
    private final List<PromptJudgement> judged = Collections.synchronizedList(new ArrayList<>());
    private volatile AnswerQuality quality;

    QualityPhase(BenchConfig config, AnswerJudge judge) {
        this.config = config;
        this.judge = judge;
    }

    AnswerBook answers() {
        return answers;
    }

    /** Null when the run was not asked to judge. */
    AnswerQuality quality() {
        return quality;
    }

    /** The answer pairs (one per prompt both targets answered); empty with fewer than two targets. */
    List<AnswerPair> pairs() {
        List<TargetConfig> targets = config.targets();
        return targets.size() < 2 ? List.of() : answers.pairs(targets.get(0).name(), targets.get(1).name());
    }

    /** Judges the pairs unless the run was stopped; {@code onProgress} after each prompt (to write the summary). */
    void run(BooleanSupplier stopped, String stopReason, long deadlineNanos, Runnable onProgress) {
        if (!config.judge()) {
            return;
        }
        if (judge == null) {
            quality = AnswerQuality.skipped(null, "no judge is configured");
            return;
        }
        if (stopped.getAsBoolean()) {
            quality = AnswerQuality.skipped(judge.model(), "not judged: " + stopReason);
            return;
        }
        List<AnswerPair> pairs = pairs();
        String cascade = config.targets().get(0).name();
        String baseline = config.targets().get(1).name();
        quality = AnswerQuality.of(AnswerQuality.JUDGING, judge.model(), cascade, baseline, pairs.size(), List.of());
        onProgress.run();
        List<PromptJudgement> results = new PairJudging(judge, stopped).judge(pairs, deadlineNanos, judgement -> {
            judged.add(judgement);
            quality = AnswerQuality.of(AnswerQuality.JUDGING, judge.model(), cascade, baseline, pairs.size(),
                    snapshot());
            onProgress.run();
        });
        quality = AnswerQuality.of(AnswerQuality.DONE, judge.model(), cascade, baseline, pairs.size(), results);
    }

    private List<PromptJudgement> snapshot() {
        synchronized (judged) {
            return new ArrayList<>(judged);
        }
    }
}

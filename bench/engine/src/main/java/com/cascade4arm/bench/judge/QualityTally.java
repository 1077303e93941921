package com.cascade4arm.bench.judge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Win/tie/loss/unjudged counts of the cascade against the baseline for one group of prompts (a category, a route, all). */
public record QualityTally(String key, int wins, int ties, int losses, int unjudged) {

    /** One tally per distinct key, in first-seen order; a null key counts as "none". */
    static List<QualityTally> by(List<PromptJudgement> judgements, Function<PromptJudgement, String> key) {
        Map<String, List<PromptJudgement>> groups = new LinkedHashMap<>();
        judgements.forEach(j -> groups.computeIfAbsent(key.apply(j) == null ? "none" : key.apply(j),
                k -> new ArrayList<>()).add(j));
        List<QualityTally> tallies = new ArrayList<>();
        groups.forEach((name, group) -> tallies.add(of(name, group)));
        return tallies;
    }

    static QualityTally of(String key, List<PromptJudgement> judgements) {
        int[] counts = new int[Outcome.values().length];
        judgements.forEach(j -> counts[j.outcome().ordinal()]++);
        return new QualityTally(key, counts[Outcome.WIN.ordinal()], counts[Outcome.TIE.ordinal()],
                counts[Outcome.LOSS.ordinal()], counts[Outcome.UNJUDGED.ordinal()]);
    }

    public int judged() {
        return wins + ties + losses;
    }
}

package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.cost.CostModel;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.ArrayList;
import java.util.List;

/**
 * What one system cost over a run ({@link CostModel}): its instance price × the wall time it served the run (the sum
 * of its levels' wall times — first dispatch to last completion, idle moments included), the output tokens it produced
 * and the price of a million of them. Only targets with a price ({@link TargetConfig#usdPerHour()}) have one.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunCost(String target, double usdPerHour, double wallMs, long outputTokens, double costUsd,
                     @JsonProperty("usd_per_m_output_tokens") Double usdPerMOutputTokens) {

    /** One cost per priced target, over the completed levels. */
    static List<RunCost> of(List<TargetConfig> targets, List<LevelAggregate> aggregates, List<RequestRow> rows) {
        List<RunCost> costs = new ArrayList<>();
        for (TargetConfig target : targets) {
            if (target.usdPerHour() == null) {
                continue;
            }
            List<LevelAggregate> levels = aggregates.stream().filter(a -> a.target().equals(target.name())).toList();
            if (levels.isEmpty()) {
                continue;
            }
            double wallMs = levels.stream().mapToDouble(LevelAggregate::wallMs).sum();
            List<Integer> done = levels.stream().map(LevelAggregate::level).toList();
            long tokens = rows.stream().filter(r -> r.target().equals(target.name()) && r.ok() && done.contains(r.level()))
                    .mapToLong(RequestRow::completionTokens).sum();
            Double perMillion = CostModel.usdPerMillionOutput(target.usdPerHour(), wallMs, tokens);
            costs.add(new RunCost(target.name(), target.usdPerHour(), RequestRow.round(wallMs, 3), tokens,
                    RequestRow.round(CostModel.runUsd(target.usdPerHour(), wallMs), 8),
                    perMillion == null ? null : RequestRow.round(perMillion, 4)));
        }
        return List.copyOf(costs);
    }
}

package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The figures of a multi-turn run: how many conversations of how many turns ran how many at a time, per target and
 * turn ({@link TurnFigures}) and per target overall ({@link ConversationTotals}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ConversationFigures(
        int conversations,
        int turns,
        int concurrency,
        List<TurnFigures> perTurn,
        List<ConversationTotals> totals) {

    static ConversationFigures of(int conversations, int turns, int concurrency, List<String> targets,
                                  List<TurnRow> rows, Map<String, Double> wallMs) {
        List<TurnFigures> perTurn = new ArrayList<>();
        List<ConversationTotals> totals = new ArrayList<>();
        for (String target : targets) {
            List<TurnRow> own = rows.stream().filter(r -> r.target().equals(target)).toList();
            for (int turn = 1; turn <= turns; turn++) {
                int t = turn;
                perTurn.add(TurnFigures.of(target, turn, own.stream().filter(r -> r.turn() == t).toList()));
            }
            totals.add(ConversationTotals.of(target, own, wallMs.getOrDefault(target, 0.0)));
        }
        return new ConversationFigures(conversations, turns, concurrency, perTurn, totals);
    }
}

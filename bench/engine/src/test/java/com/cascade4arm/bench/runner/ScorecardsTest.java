package com.cascade4arm.bench.runner;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The router scorecard: the rulebook as measured, the other policies estimated from the same run's tiers. */
class ScorecardsTest {

    /** Small: TTFT 100 ms, 20 tok/s, 1e-5 USD/ms. Large: TTFT 200 ms, 4 tok/s, 2e-5 USD/ms. Four tokens each. */
    private static final List<RequestRow> ROWS = List.of(
            row("factual-01", "small", "small", 100, 300, 20, 0.003, false),
            row("code-01", "large", "large", 200, 1200, 4, 0.024, false),
            row("factual-02", "small", "large", 200, 1200, 4, 0.024, false),
            row("everyday-01", "small", "small", 100, 300, 20, 0.003, false),
            new RequestRow("r", "baseline", 1, 9, "code-01", "code", "large", null, null, 200, null, 50.0, 900, 4, 5,
                    "t"));

    @Test
    void comparesTheRulebookWithAlwaysSmallAlwaysLargeAndRandomAtTheSameMix() {
        List<RouterScorecard> cards = Scorecards.of(ROWS);

        assertThat(cards).extracting(RouterScorecard::policy).containsExactly(RouterScorecard.RULEBOOK,
                RouterScorecard.ALWAYS_SMALL, RouterScorecard.ALWAYS_LARGE, RouterScorecard.RANDOM_SAME_MIX);
        assertThat(cards).allSatisfy(card -> assertThat(card.target()).as("the baseline reports no routes")
                .isEqualTo("cascade"));
        assertThat(cards.get(0)).isEqualTo(new RouterScorecard("cascade", "rulebook", true, 4, 0.5, 13.5, 750, 0.75, 0,
                null, 0.0, 0.333333));
        // A prompt on the other tier: that tier's TTFT plus its four tokens at that tier's rate, at its cost per ms.
        assertThat(cards.get(1)).isEqualTo(new RouterScorecard("cascade", "always-small", false, 4, 0, 3.0, 300, 0.75, 0,
                null, 1.0, 0.0));
        assertThat(cards.get(2)).isEqualTo(new RouterScorecard("cascade", "always-large", false, 4, 1, 24.0, 1200, 0.25, 0,
                null, 0.0, 1.0));
        assertThat(cards.get(3)).isEqualTo(new RouterScorecard("cascade", "random-same-mix", false, 4, 0.5, 13.5, 300, 0.5,
                0, null, 0.5, 0.5));
    }

    @Test
    void countsEscalationsWithTheirTimeToFirstToken() {
        List<RequestRow> rows = List.of(row("factual-01", "small", "small", 100, 300, 20, 0.003, false),
                row("factual-02", "small", "large", 700, 1500, 4, 0.03, true),
                row("code-01", "large", "large", 200, 1200, 4, 0.024, false));

        RouterScorecard rulebook = Scorecards.of(rows).get(0);

        assertThat(rulebook.escalated()).isEqualTo(1);
        assertThat(rulebook.escalatedTtftMs()).isEqualTo(700);
    }

    @Test
    void estimatesNothingWhenOneTierNeverServed() {
        List<RequestRow> rows = List.of(row("factual-01", "small", "small", 100, 300, 20, 0.003, false));

        assertThat(Scorecards.of(rows)).extracting(RouterScorecard::policy).containsExactly(RouterScorecard.RULEBOOK);
    }

    @Test
    void readsRowsWrittenBeforeCostAndEscalationWereRecorded() {
        RequestRow row = row("factual-01", "small", "small", 100, 300, 20, 0.003, true);
        List<String> written = Csv.parse(Csv.line(row.csvFields())).get(0);
        List<String> old = written.subList(0, RequestRow.OLD_FIELDS);

        assertThat(RequestRow.fromCsv(written)).isEqualTo(row);
        assertThat(RequestRow.fromCsv(old).costUsd()).isNull();
    }

    private static RequestRow row(String promptId, String expected, String route, double ttftMs, double totalMs,
                                  double tokensPerSecond, double costUsd, boolean escalated) {
        String category = promptId.substring(0, promptId.indexOf('-'));
        return new RequestRow("r", "cascade", 1, 1, promptId, category, expected, route, null, 200, null, ttftMs,
                totalMs, 4, tokensPerSecond, "t", costUsd, escalated);
    }
}

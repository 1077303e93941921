package com.cascade4arm.bench.judge;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

class PairJudgingTest {

    private static final AnswerPair SHORT_CASCADE = new AnswerPair("p1", "factual", "Capital of France?", "small",
            "Paris.", "The capital of France is Paris, on the Seine.");

    @Test
    void asksBothOrdersAndRecordsEachVerdict() {
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        PromptJudgement judgement = judging(q -> {
            asked.add(q.user());
            return longerWins(q);
        }).one(SHORT_CASCADE);
        assertThat(asked).hasSize(2);
        assertThat(asked.get(0)).contains("[Answer A]\nParis.");
        assertThat(asked.get(1)).contains("[Answer B]\nParis.");
        assertThat(judgement.verdictCascadeFirst()).isEqualTo(Verdict.B);
        assertThat(judgement.verdictBaselineFirst()).isEqualTo(Verdict.A);
        assertThat(judgement.outcome()).isEqualTo(Outcome.LOSS);
        assertThat(judgement.reason()).isNull();
    }

    @Test
    void aJudgeThatAlwaysPicksAIsATie() {
        assertThat(judging(q -> "A").one(SHORT_CASCADE).outcome()).isEqualTo(Outcome.TIE);
    }

    @Test
    void anUnparseableReplyIsUnjudgedWithTheReply() {
        PromptJudgement judgement = judging(q -> "I like both").one(SHORT_CASCADE);
        assertThat(judgement.outcome()).isEqualTo(Outcome.UNJUDGED);
        assertThat(judgement.reason()).isEqualTo("cascade first: unparseable reply 'I like both'");
    }

    @Test
    void anUnavailableJudgeIsAskedOnceAndNamesWhy() {
        AtomicInteger calls = new AtomicInteger();
        PromptJudgement judgement = new PairJudging(new ScriptedJudge(q -> {
            calls.incrementAndGet();
            throw new JudgeUnavailableException("judge answered 500");
        }), () -> false).one(SHORT_CASCADE);
        assertThat(calls).hasValue(1);
        assertThat(judgement.outcome()).isEqualTo(Outcome.UNJUDGED);
        assertThat(judgement.reason()).isEqualTo("cascade first: judge answered 500");
    }

    @Test
    void aStoppedRunAsksNothing() {
        AtomicInteger calls = new AtomicInteger();
        List<PromptJudgement> results = new PairJudging(new ScriptedJudge(q -> {
            calls.incrementAndGet();
            return "A";
        }), () -> true).judge(List.of(SHORT_CASCADE), System.nanoTime() + TimeUnit.SECONDS.toNanos(5), j -> { });
        assertThat(calls).hasValue(0);
        assertThat(results).singleElement().extracting(PromptJudgement::outcome).isEqualTo(Outcome.UNJUDGED);
    }

    @Test
    void tallyCountsPerCategoryAndRoute() {
        List<PromptJudgement> judged = List.of(
                new PromptJudgement("a", "code", "large", Verdict.A, Verdict.B, Outcome.WIN, null),
                new PromptJudgement("b", "code", "small", Verdict.A, Verdict.A, Outcome.TIE, null),
                new PromptJudgement("c", "factual", "small", null, null, Outcome.UNJUDGED, "x"));
        AnswerQuality quality = AnswerQuality.of(AnswerQuality.DONE, "judge", "cascade", "baseline", 3, judged);
        assertThat(quality.overall()).isEqualTo(new QualityTally("all", 1, 1, 0, 1));
        assertThat(quality.byCategory()).containsExactly(new QualityTally("code", 1, 1, 0, 0),
                new QualityTally("factual", 0, 0, 0, 1));
        assertThat(quality.byRoute()).containsExactly(new QualityTally("large", 1, 0, 0, 0),
                new QualityTally("small", 0, 1, 0, 1));
    }

    private static String longerWins(JudgePrompt q) {
        String a = between(q.user(), "[Answer A]\n", "\n\n[Answer B]");
        String b = between(q.user(), "[Answer B]\n", "\n\nVerdict");
        return a.length() > b.length() ? "A" : b.length() > a.length() ? "B" : "TIE";
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from) + from.length();
        return text.substring(start, text.indexOf(to, start));
    }

    private static PairJudging judging(Function<JudgePrompt, String> replies) {
        return new PairJudging(new ScriptedJudge(replies::apply), () -> false);
    }

    /** A judge answering from a function (the HTTP judge is covered by the gateway's integration test). */
    private record ScriptedJudge(Reply reply) implements AnswerJudge {
        interface Reply {
            String to(JudgePrompt question) throws JudgeUnavailableException;
        }

        @Override
        public String model() {
            return "scripted";
        }

        @Override
        public int concurrency() {
            return 2;
        }

        @Override
        public String ask(JudgePrompt question) throws JudgeUnavailableException {
            return reply.to(question);
        }
    }
}

package com.cascade4arm.host.demo.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DemoTablesTest {
    private final DemoTables tables = DemoTables.shared();
    private final Vocabulary vocabulary = tables.vocabulary();
    private final NextTokenTable target = tables.table(ModelSpec.TableVariant.TARGET);
    private final NextTokenTable draft = tables.table(ModelSpec.TableVariant.DRAFT);

    @Test
    void vocabularyHoldsBytesWordPiecesAndChatMlSpecialsWithinTheEmbeddingWidth() {
        assertThat(vocabulary.size()).isLessThanOrEqualTo(DemoFamily.EMBEDDING_LENGTH).isGreaterThan(256 + 300 + 3);
        assertThat(vocabulary.ggufTokens()).startsWith("Ā", "ā").contains("Ġthe", "Ċ", "<|im_start|>", "<|im_end|>")
                .endsWith("<|endoftext|>", "<|im_start|>", "<|im_end|>")
                .doesNotHaveDuplicates();
        assertThat(vocabulary.ggufTokens().get(' ')).as("space byte token").isEqualTo("Ġ");
        assertThat(vocabulary.ggufTokenTypes().subList(vocabulary.size() - 3, vocabulary.size()))
                .containsOnly(Vocabulary.TYPE_CONTROL);
    }

    @Test
    void greedyAnswerVisitsManyWordsBeforeRepeating() {
        List<Integer> path = greedyPath(target, 400);
        int firstRepeat = firstRepeatIndex(path);

        assertThat(firstRepeat).as("tokens before the greedy path repeats a token").isGreaterThanOrEqualTo(50);
        assertThat(path).as("greedy path stays on word pieces and punctuation")
                .allMatch(id -> !vocabulary.isSpecial(id) && id != vocabulary.newlineId());
    }

    @Test
    void greedyAnswerStartsWithACapitalisedWordAfterTheChatMlNewline() {
        String start = tables.greedyText(ModelSpec.TableVariant.TARGET, 3);

        assertThat(start).matches("[A-Z][a-z]*( [a-z]+){2}.*");
    }

    @Test
    void endOfTurnIsLikelyAfterSentencesButNeverTheFavourite() {
        int imEnd = vocabulary.imEndId();
        for (NextTokenTable table : List.of(target, draft)) {
            for (int previous = 0; previous < table.size(); previous++) {
                assertThat(table.argmax(previous)).as("favourite after token %d", previous).isNotEqualTo(imEnd);
            }
        }
        int period = vocabulary.idOf(".");
        assertThat(probability(target, period, imEnd)).as("P(<|im_end|> | '.')").isBetween(0.1, 0.5);
        assertThat(probability(target, vocabulary.idOf(" the"), imEnd)).as("P(<|im_end|> | ' the')").isLessThan(1e-4);
    }

    @Test
    void draftAgreesWithTargetOnMostButNotAllGreedySteps() {
        int[] cycle = tables.cycle().cycle();
        int agreeing = 0;
        for (int step : cycle) {
            if (draft.argmax(step) == target.argmax(step)) {
                agreeing++;
            }
        }
        double agreement = agreeing / (double) cycle.length;

        assertThat(agreement).as("share of greedy steps where draft and target agree").isBetween(0.85, 0.99);
    }

    @Test
    void draftIsConfidentOnTheGreedyCycleSoLlamaCppDraftsAhead() {
        for (int step : tables.cycle().cycle()) {
            assertThat(probability(draft, step, draft.argmax(step))).as("draft confidence after token %d", step)
                    .isGreaterThanOrEqualTo(DemoTables.DRAFT_CONFIDENCE - 1e-3);
        }
    }

    @Test
    void byteAndSpecialTokensAreNeverLikely() {
        int period = vocabulary.idOf(".");
        for (int unlikely : List.of((int) 'Q', 0x80, vocabulary.imStartId(), vocabulary.endOfTextId(), vocabulary.newlineId())) {
            assertThat(probability(target, period, unlikely)).as("P(token %d | '.')", unlikely).isLessThan(1e-5);
        }
    }

    private List<Integer> greedyPath(NextTokenTable table, int length) {
        List<Integer> path = new java.util.ArrayList<>();
        int current = vocabulary.newlineId();
        for (int k = 0; k < length; k++) {
            current = table.argmax(current);
            path.add(current);
        }
        return path;
    }

    private static int firstRepeatIndex(List<Integer> path) {
        Set<Integer> seen = new HashSet<>();
        for (int k = 0; k < path.size(); k++) {
            if (!seen.add(path.get(k))) {
                return k;
            }
        }
        return path.size();
    }

    private static double probability(NextTokenTable table, int previous, int next) {
        double sum = 0;
        for (int b = 0; b < table.size(); b++) {
            sum += Math.exp(table.logit(previous, b));
        }
        return Math.exp(table.logit(previous, next)) / sum;
    }
}

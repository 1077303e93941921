package com.cascade4arm.bench.suite;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class ConversationSuiteTest {

    @Test
    void theShippedSuiteHasSixConversationsOfSixTurnsWithLongSystemPromptsAndEveryCategory() {
        ConversationSuite suite = ConversationSuite.load();

        assertThat(suite.all()).hasSize(ConversationSuite.SIZE).allSatisfy(conversation -> {
            assertThat(conversation.turns()).hasSize(ConversationSuite.TURNS);
            // ~1,000-1,300 tokens at the demo tokenizer's 3.4 characters per token (~4 for production tokenizers)
            assertThat(conversation.system().length()).as(conversation.id()).isBetween(3_200, 4_600);
            assertThat(conversation.turns()).allSatisfy(turn -> assertThat(turn.content()).isNotBlank());
        });
        Set<String> categories = suite.all().stream().flatMap(c -> c.turns().stream()).map(ConversationTurn::category)
                .collect(Collectors.toSet());
        assertThat(categories).containsExactlyInAnyOrderElementsOf(PromptSuite.CATEGORIES);
        assertThat(suite.all().stream().map(Conversation::system).map(s -> s.substring(0, 80)).distinct())
                .as("each conversation has its own prefix").hasSize(ConversationSuite.SIZE);
    }

    @Test
    void firstTakesConversationsInSuiteOrder() {
        ConversationSuite suite = ConversationSuite.load();

        assertThat(suite.first(2)).containsExactly(suite.all().get(0), suite.all().get(1));
        assertThat(suite.first(99)).hasSize(ConversationSuite.SIZE);
    }
}

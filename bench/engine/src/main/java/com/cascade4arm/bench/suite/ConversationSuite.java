package com.cascade4arm.bench.suite;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;

/**
 * The fixed multi-turn suite ({@code conversations.json}): {@value #SIZE} conversations of {@value #TURNS} user turns,
 * each with its own long system prompt, so turn 2 on re-sends a growing history whose prefix a server may have cached.
 */
public final class ConversationSuite {

    public static final String RESOURCE = "/com/cascade4arm/bench/suite/conversations.json";
    /** Conversations in the suite. */
    public static final int SIZE = 6;
    /** User turns per conversation. */
    public static final int TURNS = 6;

    private final List<Conversation> conversations;

    private ConversationSuite(List<Conversation> conversations) {
        this.conversations = List.copyOf(conversations);
        if (this.conversations.size() != SIZE) {
            throw new IllegalStateException(RESOURCE + " must hold " + SIZE + " conversations, but held "
                    + this.conversations.size());
        }
        HashSet<String> ids = new HashSet<>();
        for (Conversation conversation : this.conversations) {
            if (!ids.add(conversation.id())) {
                throw new IllegalStateException("duplicate conversation id '" + conversation.id() + "' in " + RESOURCE);
            }
            if (conversation.turns().size() != TURNS) {
                throw new IllegalStateException("conversation '" + conversation.id() + "' must have " + TURNS
                        + " turns, but had " + conversation.turns().size());
            }
            conversation.turns().forEach(turn -> {
                if (!PromptSuite.CATEGORIES.contains(turn.category())) {
                    throw new IllegalStateException("conversation '" + conversation.id() + "' has a turn of unknown "
                            + "category '" + turn.category() + "'");
                }
            });
        }
    }

    /** Loads the suite shipped in this jar. */
    public static ConversationSuite load() {
        try (InputStream in = ConversationSuite.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("conversation suite resource " + RESOURCE + " is missing");
            }
            return new ConversationSuite(new ObjectMapper().readValue(in, new TypeReference<List<Conversation>>() {
            }));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read conversation suite " + RESOURCE, e);
        }
    }

    public List<Conversation> all() {
        return conversations;
    }

    /** The first {@code n} conversations, in suite order. */
    public List<Conversation> first(int n) {
        return conversations.subList(0, Math.max(0, Math.min(n, conversations.size())));
    }
}

package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.corpus.Answer;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which tokens name a topic, and how strongly: an answer's key words (salience {@link #KEY}, or the answer's own, higher one: the tool protocol's markers) and a category answer's
 * cue words ({@link #CUE}); {@code <|im_start|>}, present in every chat, points to the fallback answer
 * ({@link #FALLBACK}). A token counts only if it is specific: claimed by one answer and absent from the text of every
 * other answer it could pull the conversation away from (every answer for keys; answers without keys for cues).
 */
public final class TopicKeys {
    public static final float KEY = Answer.KEY_SALIENCE;
    public static final float CUE = 0.55f;
    public static final float FALLBACK = 0.25f;
    /** A piece of a word split into several tokens names a topic only if it is this long ("alindrom", not "ell"). */
    static final int MIN_PIECE_LETTERS = 5;
    /** Tokens of the chat template and default system prompt never name a topic. */
    static final String TEMPLATE_TEXT = "system\nuser\nassistant\nYou are a helpful assistant.\n";

    private final float[] salience;
    private final int[] topic;
    /** Why candidate tokens were turned down, per answer (for the error message). */
    private final Map<Integer, List<String>> rejected = new HashMap<>();

    /** @param texts every answer's tokens, all variants included (index = topic) */
    public TopicKeys(List<Answer> answers, List<Set<Integer>> texts, BpeVocabulary vocabulary) {
        salience = new float[vocabulary.size()];
        topic = new int[vocabulary.size()];
        Arrays.fill(topic, -1);
        Set<Integer> template = new HashSet<>();
        Arrays.stream(vocabulary.encode(TEMPLATE_TEXT)).forEach(template::add);
        claim(answers, texts, vocabulary, template, false);
        claim(answers, texts, vocabulary, template, true);
        for (int a = 0; a < answers.size(); a++) {
            Answer answer = answers.get(a);
            if (answer.fallback()) {
                salience[vocabulary.imStartId()] = FALLBACK;
                topic[vocabulary.imStartId()] = a;
            } else if (!hasToken(a)) {
                throw new IllegalArgumentException("answer " + answer.id() + " has no specific key or cue token left: "
                        + rejected.getOrDefault(a, List.of("it lists none")));
            }
        }
    }

    /** How strongly the token names a topic, 0 for none. */
    public float salience(int token) {
        return salience[token];
    }

    /** The topic (answer index) the token names, or -1. */
    public int topic(int token) {
        return topic[token];
    }

    private void claim(List<Answer> answers, List<Set<Integer>> texts, BpeVocabulary vocabulary, Set<Integer> template,
                       boolean cues) {
        Map<Integer, Integer> owner = new HashMap<>();
        Set<Integer> shared = new HashSet<>();
        for (int a = 0; a < answers.size(); a++) {
            for (String word : cues ? answers.get(a).cues() : answers.get(a).keys()) {
                for (int token : forms(word, vocabulary)) {
                    Integer before = owner.putIfAbsent(token, a);
                    if (before != null && before != a) {
                        shared.add(token);
                    }
                }
            }
        }
        owner.forEach((token, a) -> {
            String saidBy = null;
            for (int other = 0; other < texts.size(); other++) {
                // a cue inside an answer chosen by key words cannot outweigh those keys, so only key-less answers count
                boolean matters = !cues || answers.get(other).keys().isEmpty();
                if (other != a && matters && texts.get(other).contains(token)) {
                    saidBy = answers.get(other).id();
                }
            }
            String why = shared.contains(token) ? "claimed by another answer" : saidBy != null ? "said by " + saidBy
                    : template.contains(token) ? "part of the chat template" : salience[token] != 0 ? "already a key" : null;
            if (why == null) {
                salience[token] = cues ? CUE : answers.get(a).salience();
                topic[token] = a;
            } else {
                rejected.computeIfAbsent(a, x -> new java.util.ArrayList<>()).add("'" + vocabulary.text(token) + "' " + why);
            }
        });
    }

    private boolean hasToken(int answer) {
        return Arrays.stream(topic).anyMatch(t -> t == answer);
    }

    /**
     * The tokens that stand for a word as a prompt may spell it (with or without a leading space, capitalized or not):
     * the word's own token, or the long pieces of a word that takes several tokens.
     */
    static Set<Integer> forms(String word, BpeVocabulary vocabulary) {
        Set<Integer> tokens = new HashSet<>();
        for (String spelling : List.of(word, word.toLowerCase(Locale.ROOT),
                Character.toUpperCase(word.charAt(0)) + word.substring(1))) {
            for (String form : List.of(spelling, " " + spelling)) {
                int[] pieces = vocabulary.encode(form);
                for (int piece : pieces) {
                    if (pieces.length == 1 || letters(vocabulary.text(piece)) >= MIN_PIECE_LETTERS) {
                        tokens.add(piece);
                    }
                }
            }
        }
        return tokens;
    }

    private static long letters(String text) {
        return text.chars().filter(Character::isLetter).count();
    }
}

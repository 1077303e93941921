package com.cascade4arm.demomodels.internal.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's hand-written corpus: one file of answers per category (corpus/factual.txt …) plus general English text
 * (corpus/general.txt) that only trains the tokenizer. Printable ASCII and tabs (Go code), checked when loading.
 */
public final class Corpus {
    static final String DIRECTORY = "/com/cascade4arm/demomodels/corpus/";
    static final String GENERAL_FILE = "general.txt";
    /** The chat template's role lines, trained like frequent text so that "assistant" etc. are single tokens. */
    static final String TEMPLATE_LINES = "system\nYou are a helpful assistant.\nuser\nassistant\n";
    static final int TEMPLATE_REPEATS = 20;
    /** How often key and cue words count for the tokenizer (each time with and without a leading space). */
    static final int KEY_WORD_REPEATS = 3;
    /** Line breaks are the files' own; any other control character or non-ASCII one is a typo. */
    static final Pattern OUTSIDE_ASCII = Pattern.compile("[^\\t\\n\\x20-\\x7e]");

    private final List<Answer> answers;
    private final String generalText;

    public Corpus(List<Answer> answers, String generalText) {
        this.answers = List.copyOf(answers);
        this.generalText = generalText;
        Set<String> ids = new HashSet<>();
        answers.forEach(answer -> {
            if (!ids.add(answer.id())) {
                throw new IllegalArgumentException("answer id '" + answer.id() + "' is used twice");
            }
        });
        if (answers.stream().filter(Answer::fallback).count() != 1) {
            throw new IllegalArgumentException("exactly one answer must be the fallback, but "
                    + answers.stream().filter(Answer::fallback).map(Answer::id).toList() + " are");
        }
    }

    /** Loads the bundled corpus. */
    public static Corpus load() {
        List<Answer> answers = new ArrayList<>();
        for (Category category : Category.values()) {
            answers.addAll(AnswerFileParser.parse(read(category.fileName()), category, category.fileName()));
        }
        return new Corpus(answers, read(GENERAL_FILE));
    }

    public List<Answer> answers() {
        return answers;
    }

    public Answer fallback() {
        return answers.stream().filter(Answer::fallback).findFirst().orElseThrow();
    }

    /**
     * Texts the tokenizer is trained on: every answer with all its options, its example prompts, its key and cue words
     * (weighted, so that prompts spell them as whole tokens), the general text and the chat template's role lines.
     */
    public List<String> tokenizerTexts() {
        List<String> texts = new ArrayList<>();
        for (Answer answer : answers) {
            texts.add(answer.text().allOptions());
            texts.addAll(answer.prompts());
            for (int i = 0; i < KEY_WORD_REPEATS; i++) {
                for (String word : answer.keys()) {
                    texts.add(word + " " + word.toLowerCase(Locale.ROOT) + " " + word);
                }
                answer.cues().forEach(word -> texts.add(" " + word + " " + word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1)));
            }
        }
        texts.addAll(Arrays.asList(generalText.split("\n")));
        texts.addAll(Collections.nCopies(TEMPLATE_REPEATS, TEMPLATE_LINES));
        return texts;
    }

    private static String read(String file) {
        try (InputStream in = Corpus.class.getResourceAsStream(DIRECTORY + file)) {
            if (in == null) {
                throw new IllegalStateException("corpus resource " + DIRECTORY + file + " is missing");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            checkAscii(text, file);
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void checkAscii(String text, String file) {
        Matcher outside = OUTSIDE_ASCII.matcher(text);
        if (outside.find()) {
            int at = outside.start();
            long line = 1 + text.chars().limit(at).filter(c -> c == '\n').count();
            int column = at - text.lastIndexOf('\n', at);
            throw new IllegalArgumentException(file + " line " + line + " column " + column
                    + " has a character outside printable ASCII and tab: U+" + String.format("%04X", (int) text.charAt(at)));
        }
    }
}

package com.cascade4arm.demomodels.internal.corpus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one corpus file: text before the first header is a comment; each answer starts with {@code === id}, then
 * optional {@code keys: a, b}, {@code cues: c, d}, {@code fallback: true}, {@code salience: 1.2} (of the key words; default
 * {@link Answer#KEY_SALIENCE}) and {@code prompt: ...} lines (an example
 * prompt that must select the answer; {@code \n} for a line break), then the answer text (several lines allowed, e.g.
 * code) up to the next header. Blank lines around the text are dropped.
 */
final class AnswerFileParser {
    static final String HEADER = "=== ";

    private AnswerFileParser() {
    }

    static List<Answer> parse(String file, Category category, String fileName) {
        List<Answer> answers = new ArrayList<>();
        String[] lines = file.split("\n", -1);
        int i = 0;
        while (i < lines.length && !lines[i].startsWith(HEADER)) {
            i++;
        }
        while (i < lines.length) {
            int headerLine = i + 1;
            String id = lines[i].substring(HEADER.length()).strip();
            if (!id.matches("[a-z0-9-]+")) {
                throw new IllegalArgumentException(fileName + " line " + headerLine + ": answer id must be kebab-case, but was '" + id + "'");
            }
            i++;
            List<String> keys = List.of();
            List<String> cues = List.of();
            boolean fallback = false;
            float salience = Answer.KEY_SALIENCE;
            List<String> prompts = new ArrayList<>();
            while (i < lines.length && lines[i].matches("(keys|cues|fallback|salience|prompt): .*")) {
                String value = lines[i].substring(lines[i].indexOf(':') + 1).strip();
                switch (lines[i].substring(0, lines[i].indexOf(':'))) {
                    case "keys" -> keys = words(value);
                    case "cues" -> cues = words(value);
                    case "prompt" -> prompts.add(value.replace("\\n", "\n"));
                    case "salience" -> salience = Float.parseFloat(value);
                    default -> fallback = Boolean.parseBoolean(value);
                }
                i++;
            }
            StringBuilder text = new StringBuilder();
            while (i < lines.length && !lines[i].startsWith(HEADER)) {
                text.append(lines[i].stripTrailing()).append('\n');
                i++;
            }
            String body = text.toString().strip();
            if (body.isEmpty()) {
                throw new IllegalArgumentException(fileName + " line " + headerLine + ": answer '" + id + "' has no text");
            }
            answers.add(new Answer(id, category, keys, cues, fallback, salience, prompts, MarkedText.parse(body, fileName + " answer " + id)));
        }
        return answers;
    }

    private static List<String> words(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(word -> !word.isEmpty()).toList();
    }
}

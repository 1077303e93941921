package com.cascade4arm.demomodels.internal.tokenizer;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Qwen2's pre-tokenizer (llama.cpp {@code tokenizer.ggml.pre = qwen2}): the regex that cuts text into words before
 * byte-level BPE merges apply inside each word. Single digits, a leading space glued to letters, punctuation runs.
 */
public final class PreTokenizer {
    /** The same expression llama.cpp uses for LLAMA_VOCAB_PRE_TYPE_QWEN2. */
    static final Pattern QWEN2 = Pattern.compile("(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])"
            + "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+");

    private PreTokenizer() {
    }

    /** The words of {@code text}, in order; concatenated they give the text back. */
    public static List<String> split(String text) {
        List<String> words = new ArrayList<>();
        Matcher matcher = QWEN2.matcher(text);
        int end = 0;
        while (matcher.find()) {
            if (matcher.start() != end) {
                words.add(text.substring(end, matcher.start()));
            }
            words.add(matcher.group());
            end = matcher.end();
        }
        if (end < text.length()) {
            words.add(text.substring(end));
        }
        return words;
    }
}

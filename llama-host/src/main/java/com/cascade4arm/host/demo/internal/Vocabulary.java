package com.cascade4arm.host.demo.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo tokenizer's vocabulary, shared by all three models: 256 byte tokens (ids = byte values), then word pieces
 * such as " city" or " city." in GPT-2 spelling ("Ġcity."), then the ChatML specials, last, like Qwen2.5.
 */
public final class Vocabulary {
    public static final String END_OF_TEXT = "<|endoftext|>";
    public static final String IM_START = "<|im_start|>";
    public static final String IM_END = "<|im_end|>";
    /** llama.cpp token types: normal text and control (special) tokens. */
    public static final int TYPE_NORMAL = 1;
    public static final int TYPE_CONTROL = 3;
    private static final int BYTE_TOKENS = 256;

    private final List<String> texts = new ArrayList<>();
    private final Map<String, Integer> idsByText = new HashMap<>();
    private final int firstSpecialId;

    /** Builds the vocabulary from word pieces in raw text form (leading space included), in the given order. */
    public Vocabulary(List<String> wordPieces) {
        for (int b = 0; b < BYTE_TOKENS; b++) {
            add(new String(new byte[] {(byte) b}, java.nio.charset.StandardCharsets.ISO_8859_1), b);
        }
        for (String piece : wordPieces) {
            if (!idsByText.containsKey(piece)) {
                add(piece, texts.size());
            }
        }
        firstSpecialId = texts.size();
        for (String special : List.of(END_OF_TEXT, IM_START, IM_END)) {
            add(special, texts.size());
        }
    }

    private void add(String text, int id) {
        texts.add(text);
        idsByText.put(text, id);
    }

    public int size() {
        return texts.size();
    }

    /** Id of the token whose raw text is {@code text}, or -1. Single characters are the byte tokens. */
    public int idOf(String text) {
        Integer id = idsByText.get(text);
        return id == null ? -1 : id;
    }

    /** The raw text of a token (for specials, their name). */
    public String text(int id) {
        return texts.get(id);
    }

    public int newlineId() {
        return '\n';
    }

    public int endOfTextId() {
        return idOf(END_OF_TEXT);
    }

    public int imStartId() {
        return idOf(IM_START);
    }

    public int imEndId() {
        return idOf(IM_END);
    }

    public boolean isSpecial(int id) {
        return id >= firstSpecialId;
    }

    public boolean isWordPiece(int id) {
        return id >= BYTE_TOKENS && id < firstSpecialId;
    }

    /** True for tokens that end a sentence ("." "?" "!" alone or glued to a word). */
    public boolean endsSentence(int id) {
        if (isSpecial(id)) {
            return false;
        }
        String text = texts.get(id);
        char last = text.charAt(text.length() - 1);
        return last == '.' || last == '?' || last == '!';
    }

    /** Token strings as stored in tokenizer.ggml.tokens: GPT-2 byte-to-unicode spelling, specials verbatim. */
    public List<String> ggufTokens() {
        List<String> tokens = new ArrayList<>(texts.size());
        for (int id = 0; id < texts.size(); id++) {
            String text = texts.get(id);
            if (isSpecial(id)) {
                tokens.add(text);
            } else if (id < BYTE_TOKENS) {
                tokens.add(String.valueOf(ByteToUnicode.charOf(id)));
            } else {
                tokens.add(ByteToUnicode.encode(text));
            }
        }
        return Collections.unmodifiableList(tokens);
    }

    /** Values for tokenizer.ggml.token_type. */
    public List<Integer> ggufTokenTypes() {
        List<Integer> types = new ArrayList<>(texts.size());
        for (int id = 0; id < texts.size(); id++) {
            types.add(isSpecial(id) ? TYPE_CONTROL : TYPE_NORMAL);
        }
        return Collections.unmodifiableList(types);
    }
}

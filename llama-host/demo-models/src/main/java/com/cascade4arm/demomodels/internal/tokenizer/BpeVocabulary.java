package com.cascade4arm.demomodels.internal.tokenizer;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A byte-level BPE vocabulary as llama.cpp's gpt2 tokenizer reads it: 256 byte tokens (id = byte value), one token per
 * merge in rank order, then the ChatML control tokens, last, like Qwen2.5. Encodes text exactly as llama.cpp does
 * (qwen2 pre-tokenizer, then the lowest-ranked merge first inside each word).
 */
public final class BpeVocabulary {
    public static final String END_OF_TEXT = "<|endoftext|>";
    public static final String IM_START = "<|im_start|>";
    public static final String IM_END = "<|im_end|>";
    /** llama.cpp token types: normal text and control (special) tokens. */
    public static final int TYPE_NORMAL = 1;
    public static final int TYPE_CONTROL = 3;
    static final int BYTE_TOKENS = 256;

    /** Token spellings (GPT-2 byte-to-unicode characters; specials verbatim), by id. */
    private final List<String> spellings = new ArrayList<>();
    private final Map<String, Integer> ids = new HashMap<>();
    /** Merge pairs as "left right", by rank. */
    private final List<String> merges;
    private final Map<String, Integer> mergeRanks = new HashMap<>();
    private final int firstSpecialId;

    /** A vocabulary from merges given as [left, right] spellings in rank order. */
    public BpeVocabulary(List<String[]> mergePairs) {
        for (int b = 0; b < BYTE_TOKENS; b++) {
            add(String.valueOf(ByteToUnicode.charOf(b)));
        }
        List<String> mergeList = new ArrayList<>(mergePairs.size());
        for (String[] pair : mergePairs) {
            String key = pair[0] + " " + pair[1];
            if (!ids.containsKey(pair[0]) || !ids.containsKey(pair[1])) {
                throw new IllegalArgumentException("merge '" + key + "' uses a token no earlier merge made");
            }
            mergeRanks.put(key, mergeList.size());
            mergeList.add(key);
            add(pair[0] + pair[1]);
        }
        merges = Collections.unmodifiableList(mergeList);
        firstSpecialId = spellings.size();
        for (String special : List.of(END_OF_TEXT, IM_START, IM_END)) {
            add(special);
        }
    }

    private void add(String spelling) {
        if (ids.putIfAbsent(spelling, spellings.size()) != null) {
            throw new IllegalArgumentException("duplicate token '" + spelling + "'");
        }
        spellings.add(spelling);
    }

    public int size() {
        return spellings.size();
    }

    /** Token spellings as stored in tokenizer.ggml.tokens. */
    public List<String> spellings() {
        return Collections.unmodifiableList(spellings);
    }

    /** Merges as stored in tokenizer.ggml.merges ("left right", rank order). */
    public List<String> merges() {
        return merges;
    }

    /** Values for tokenizer.ggml.token_type. */
    public List<Integer> tokenTypes() {
        return IntStream.range(0, spellings.size()).mapToObj(id -> isSpecial(id) ? TYPE_CONTROL : TYPE_NORMAL).toList();
    }

    public boolean isSpecial(int id) {
        return id >= firstSpecialId;
    }

    public int imStartId() {
        return ids.get(IM_START);
    }

    public int imEndId() {
        return ids.get(IM_END);
    }

    public int endOfTextId() {
        return ids.get(END_OF_TEXT);
    }

    /** The text of a token (specials: their name). */
    public String text(int id) {
        return isSpecial(id) ? spellings.get(id) : new String(ByteToUnicode.decode(spellings.get(id)), StandardCharsets.UTF_8);
    }

    /** The two tokens the token was merged from, or null for a byte or special token. */
    public int[] mergeParts(int id) {
        int rank = id - BYTE_TOKENS;
        if (rank < 0 || rank >= merges.size()) {
            return null;
        }
        String merge = merges.get(rank);
        int space = merge.indexOf(' ');
        return new int[] {ids.get(merge.substring(0, space)), ids.get(merge.substring(space + 1))};
    }

    /** Token ids of plain text (no special tokens inside), as llama.cpp tokenizes it. */
    public int[] encode(String text) {
        return PreTokenizer.split(text).stream().flatMap(word -> mergeWord(ByteToUnicode.encode(word)).stream())
                .mapToInt(ids::get).toArray();
    }

    /** The text of a token sequence (specials included by name). */
    public String decode(int[] tokens) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int id : tokens) {
            bytes.writeBytes(isSpecial(id) ? spellings.get(id).getBytes(StandardCharsets.UTF_8)
                    : ByteToUnicode.decode(spellings.get(id)));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Applies merges to one word's symbols, lowest rank first, leftmost occurrence first. */
    List<String> mergeWord(String spelledWord) {
        List<String> symbols = spelledWord.chars().mapToObj(c -> String.valueOf((char) c))
                .collect(Collectors.toCollection(ArrayList::new));
        while (symbols.size() > 1) {
            int bestRank = Integer.MAX_VALUE;
            int bestAt = -1;
            for (int i = 0; i + 1 < symbols.size(); i++) {
                Integer rank = mergeRanks.get(symbols.get(i) + " " + symbols.get(i + 1));
                if (rank != null && rank < bestRank) {
                    bestRank = rank;
                    bestAt = i;
                }
            }
            if (bestAt < 0) {
                break;
            }
            symbols.set(bestAt, symbols.get(bestAt) + symbols.remove(bestAt + 1));
        }
        return symbols;
    }
}

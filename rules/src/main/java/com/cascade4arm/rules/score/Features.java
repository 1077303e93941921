package com.cascade4arm.rules.score;

/**
 * The category model's view of a prompt: lower-case words, word pairs, the first word and character 3- and 4-grams
 * (which carry inflections across languages and code punctuation such as {@code "+= "}), each hashed to 32 bits.
 * One linear pass over at most {@link #HEAD_CHARS} + {@link #TAIL_CHARS} characters, so a prompt of any length costs
 * the same bounded time; digits read as '0', so "9:40" and "11:15" are the same feature.
 */
final class Features {

    /** Characters scored from the start of a long prompt... */
    static final int HEAD_CHARS = 700;
    /** ...and from its end, where a long prompt usually puts the question. */
    static final int TAIL_CHARS = 300;
    static final int MIN_GRAM = 3;
    static final int MAX_GRAM = 4;
    /** Changes whenever the features change, so a model trained on other features is refused instead of misread. */
    static final int VERSION = 1;

    static final int WORD = 1;
    static final int PAIR = 2;
    static final int FIRST = 3;
    static final int CHARS = 4;

    private static final int FNV_OFFSET = 0x811c9dc5;
    private static final int FNV_PRIME = 0x01000193;

    /** Receives every feature occurrence; {@code start..end} (and {@code start2..end2} for pairs) index the text. */
    interface Sink {
        void accept(int hash, int kind, char[] text, int start, int end, int start2, int end2);
    }

    private Features() {
    }

    /** Calls {@code sink} once per feature occurrence, in text order. */
    static void extract(String prompt, Sink sink) {
        char[] text = normalized(prompt);
        extractWords(text, sink);
        for (int n = MIN_GRAM; n <= MAX_GRAM; n++) {
            for (int start = 0; start + n <= text.length; start++) {
                sink.accept(hash(CHARS, text, start, start + n), CHARS, text, start, start + n, 0, 0);
            }
        }
    }

    /** The word, first-word and word-pair features of the normalised window, in text order. */
    private static void extractWords(char[] text, Sink sink) {
        int previousStart = -1;
        int previousEnd = -1;
        int i = 0;
        while (i < text.length) {
            if (!isLetterOrDigit(text[i])) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length && isLetterOrDigit(text[i])) {
                i++;
            }
            sink.accept(hash(WORD, text, start, i), WORD, text, start, i, 0, 0);
            if (previousStart < 0) {
                sink.accept(hash(FIRST, text, start, i), FIRST, text, start, i, 0, 0);
            } else {
                sink.accept(pairHash(text, previousStart, previousEnd, start, i), PAIR, text, previousStart, previousEnd,
                        start, i);
            }
            previousStart = start;
            previousEnd = i;
        }
    }

    /**
     * Every feature occurrence's hash, in the order {@link #extract} reports them. Scoring looks them up in a loop of
     * its own afterwards: with no hashing in between, the processor has several table probes in flight at once.
     */
    static int[] hashes(String prompt) {
        char[] text = normalized(prompt);
        int[] hashes = new int[capacity(text)];
        return java.util.Arrays.copyOf(hashes, hashes(text, hashes));
    }

    /** Room for every hash of the normalised {@code text}: see {@link #hashes(char[], int[])}. */
    static int capacity(char[] text) {
        // a word takes a character and the separator before it (the window starts with a space), two hashes each
        return text.length + Math.max(0, text.length - 2) + Math.max(0, text.length - 3);
    }

    /**
     * Writes the hashes of {@link #hashes(String)} for the normalised {@code text} into {@code into} (at least
     * {@link #capacity} long) and returns how many there are: the words, firsts and pairs (as {@link #extractWords}
     * reports them, without a call per feature), then the 3-grams, then the 4-grams.
     */
    static int hashes(char[] text, int[] into) {
        int size = wordHashes(text, into);
        // each 4-gram's hash continued from the 3-gram it starts with: FNV-1a reads left to right, so one more step
        int threes = Math.max(0, text.length - 2);
        int fours = Math.max(0, text.length - 3);
        for (int start = 0; start < threes; start++) {
            int h = (FNV_OFFSET ^ CHARS) * FNV_PRIME;
            h = (h ^ text[start]) * FNV_PRIME;
            h = (h ^ text[start + 1]) * FNV_PRIME;
            h = (h ^ text[start + 2]) * FNV_PRIME;
            into[size + start] = h == 0 ? 1 : h;
            if (start < fours) {
                int h4 = (h ^ text[start + 3]) * FNV_PRIME;
                into[size + threes + start] = h4 == 0 ? 1 : h4;
            }
        }
        return size + threes + fours;
    }

    /**
     * {@link #extractWords} into an array: the same hashes in the same order, each word read once. FNV-1a reads left to
     * right, so a word's pair hash is the previous word's (with its space) continued, and the first word's is FIRST's
     * seed continued: three running hashes per word instead of a pass per feature.
     */
    private static int wordHashes(char[] text, int[] into) {
        int size = 0;
        int lead = (FNV_OFFSET ^ FIRST) * FNV_PRIME; // the next word's first-word or pair hash before its characters
        int i = 0;
        while (i < text.length) {
            char c = text[i];
            if (!isLetterOrDigit(c)) {
                i++;
                continue;
            }
            int word = (FNV_OFFSET ^ WORD) * FNV_PRIME;
            int pair = lead;
            int next = (FNV_OFFSET ^ PAIR) * FNV_PRIME;
            do {
                word = (word ^ c) * FNV_PRIME;
                pair = (pair ^ c) * FNV_PRIME;
                next = (next ^ c) * FNV_PRIME;
                i++;
            } while (i < text.length && isLetterOrDigit(c = text[i]));
            into[size++] = word == 0 ? 1 : word;
            into[size++] = pair == 0 ? 1 : pair;
            lead = (next ^ ' ') * FNV_PRIME;
        }
        return size;
    }

    /** {@link Character#isLetterOrDigit(char)}, with ASCII (nearly all of a normalised window) answered inline. */
    static boolean isLetterOrDigit(char c) {
        return c < 0x80 ? c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
                : Character.isLetterOrDigit(c);
    }

    /** A readable name for a feature occurrence, for explanations: {@code word:warum}, {@code chars:_who}. */
    static String name(int kind, char[] text, int start, int end, int start2, int end2) {
        return switch (kind) {
            case WORD -> "word:" + new String(text, start, end - start);
            case FIRST -> "first word:" + new String(text, start, end - start);
            case PAIR -> "words:" + new String(text, start, end - start) + " " + new String(text, start2, end2 - start2);
            default -> "chars:" + new String(text, start, end - start).replace(' ', '_');
        };
    }

    /**
     * The scored window, lower-cased, digits as '0', each run of white space as one space, padded with a space at both
     * ends so character n-grams see word starts and ends.
     */
    static char[] normalized(String prompt) {
        int length = prompt.length();
        boolean cut = length > HEAD_CHARS + TAIL_CHARS;
        char[] out = new char[(cut ? HEAD_CHARS + TAIL_CHARS + 1 : length) + 2];
        int n = 0;
        out[n++] = ' ';
        n = append(prompt, 0, cut ? HEAD_CHARS : length, out, n);
        if (cut) {
            out[n++] = ' ';
            n = append(prompt, length - TAIL_CHARS, length, out, n);
        }
        if (out[n - 1] != ' ') {
            out[n++] = ' ';
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    private static int append(String prompt, int from, int to, char[] out, int n) {
        for (int i = from; i < to; i++) {
            char c = prompt.charAt(i);
            if (isWhitespace(c)) {
                if (out[n - 1] != ' ') {
                    out[n++] = ' ';
                }
            } else if (c < 0x80) {
                out[n++] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c >= '0' && c <= '9' ? '0' : c;
            } else {
                out[n++] = Character.isDigit(c) ? '0' : Character.toLowerCase(c);
            }
        }
        return n;
    }

    /** {@link Character#isWhitespace(char)}, ASCII inline: tab to carriage return, the four separators 0x1C-0x1F, space. */
    static boolean isWhitespace(char c) {
        return c < 0x80 ? c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1C && c <= 0x1F : Character.isWhitespace(c);
    }

    static int hash(int kind, char[] text, int start, int end) {
        int h = (FNV_OFFSET ^ kind) * FNV_PRIME;
        for (int i = start; i < end; i++) {
            h = (h ^ text[i]) * FNV_PRIME;
        }
        return h == 0 ? 1 : h; // 0 marks an empty slot in the model's table
    }

    private static int pairHash(char[] text, int start, int end, int start2, int end2) {
        int h = (FNV_OFFSET ^ PAIR) * FNV_PRIME;
        for (int i = start; i < end; i++) {
            h = (h ^ text[i]) * FNV_PRIME;
        }
        h = (h ^ ' ') * FNV_PRIME;
        for (int i = start2; i < end2; i++) {
            h = (h ^ text[i]) * FNV_PRIME;
        }
        return h == 0 ? 1 : h;
    }
}

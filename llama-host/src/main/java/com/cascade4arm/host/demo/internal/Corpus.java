package com.cascade4arm.host.demo.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hand-written English answers (resource corpus.txt, one answer per line) the next-token tables are counted from,
 * cut into word pieces: a word with its leading space and any punctuation glued to its end (" city.").
 */
public final class Corpus {
    static final String RESOURCE = "/com/cascade4arm/host/demo/corpus.txt";
    private static final Pattern PIECE = Pattern.compile(" ?(?:[A-Za-z0-9][A-Za-z0-9'-]*[.,?!:;]?|[.,?!:;])");
    private static final String PUNCTUATION = ".,?!:;";

    private final List<List<String>> answers;

    private Corpus(List<List<String>> answers) {
        this.answers = List.copyOf(answers);
    }

    /** Loads the bundled corpus. */
    public static Corpus load() {
        try (InputStream in = Corpus.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("corpus resource " + RESOURCE + " is missing");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses corpus text: one answer per line; blank lines and lines starting with '#' are skipped. */
    public static Corpus parse(String text) {
        List<List<String>> answers = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int lineNo = 0; lineNo < lines.length; lineNo++) {
            String line = lines[lineNo].strip().replaceAll("\\s+", " ");
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            answers.add(pieces(line, lineNo + 1));
        }
        return new Corpus(answers);
    }

    private static List<String> pieces(String line, int lineNo) {
        List<String> pieces = new ArrayList<>();
        Matcher matcher = PIECE.matcher(line);
        int end = 0;
        while (matcher.find()) {
            if (matcher.start() != end) {
                throw new IllegalArgumentException("corpus line " + lineNo + " has an unsupported character at column "
                        + (end + 1) + ": '" + line.charAt(end) + "'");
            }
            pieces.add(matcher.group());
            end = matcher.end();
        }
        if (end != line.length()) {
            throw new IllegalArgumentException("corpus line " + lineNo + " has an unsupported character at column "
                    + (end + 1) + ": '" + line.charAt(end) + "'");
        }
        return pieces;
    }

    public List<List<String>> answers() {
        return answers;
    }

    /** Total number of pieces (roughly words) in the corpus. */
    public int pieceCount() {
        return answers.stream().mapToInt(List::size).sum();
    }

    /** The piece without trailing punctuation (" city." gives " city"); the piece itself if it has none. */
    static String bareWord(String piece) {
        char last = piece.charAt(piece.length() - 1);
        if (piece.strip().length() > 1 && PUNCTUATION.indexOf(last) >= 0) {
            return piece.substring(0, piece.length() - 1);
        }
        return piece;
    }

    /** The trailing punctuation of a piece as a one-character string, or null. */
    static String trailingPunctuation(String piece) {
        String bare = bareWord(piece);
        return bare.length() == piece.length() ? null : piece.substring(bare.length());
    }
}

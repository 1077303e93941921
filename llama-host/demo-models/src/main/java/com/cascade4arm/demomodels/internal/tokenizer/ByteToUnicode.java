package com.cascade4arm.demomodels.internal.tokenizer;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** GPT-2's reversible byte-to-character map: how byte-level BPE vocabularies (and llama.cpp's gpt2 tokenizer) spell bytes. */
public final class ByteToUnicode {
    private static final char[] BYTE_TO_CHAR = buildTable();
    private static final int[] CHAR_TO_BYTE = inverse(BYTE_TO_CHAR);

    private ByteToUnicode() {
    }

    /** The character that stands for {@code unsignedByte} (0..255) in token texts; a space becomes 'Ġ'. */
    public static char charOf(int unsignedByte) {
        return BYTE_TO_CHAR[unsignedByte];
    }

    /** The token spelling of a string of text: each UTF-8 byte replaced by its character. */
    public static String encode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(BYTE_TO_CHAR[b & 0xff]);
        }
        return out.toString();
    }

    /** The bytes a token spelling stands for (the inverse of {@link #encode}). */
    public static byte[] decode(String spelling) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(spelling.length());
        for (int i = 0; i < spelling.length(); i++) {
            char c = spelling.charAt(i);
            int b = c < CHAR_TO_BYTE.length ? CHAR_TO_BYTE[c] : -1;
            if (b < 0) {
                throw new IllegalArgumentException("'" + c + "' is not a byte-level token character");
            }
            out.write(b);
        }
        return out.toByteArray();
    }

    private static char[] buildTable() {
        char[] table = new char[256];
        int next = 256;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            table[b] = printable ? (char) b : (char) next++;
        }
        return table;
    }

    private static int[] inverse(char[] table) {
        int[] inverse = new int[512];
        java.util.Arrays.fill(inverse, -1);
        for (int b = 0; b < table.length; b++) {
            inverse[table[b]] = b;
        }
        return inverse;
    }
}

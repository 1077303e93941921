package com.cascade4arm.host.demo.internal;

/** GPT-2's reversible byte-to-character map: how byte-level BPE vocabularies (and llama.cpp's gpt2 tokenizer) spell bytes. */
public final class ByteToUnicode {
    private static final char[] BYTE_TO_CHAR = buildTable();

    private ByteToUnicode() {
    }

    /** The character that stands for {@code unsignedByte} (0..255) in token texts; a space becomes 'Ġ'. */
    public static char charOf(int unsignedByte) {
        return BYTE_TO_CHAR[unsignedByte];
    }

    /** The token spelling of a string of ASCII/UTF-8 text: each UTF-8 byte replaced by its character. */
    public static String encode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            out.append(BYTE_TO_CHAR[b & 0xff]);
        }
        return out.toString();
    }

    private static char[] buildTable() {
        char[] table = new char[256];
        boolean[] printable = new boolean[256];
        for (int b = 0; b < 256; b++) {
            printable[b] = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        }
        int next = 256;
        for (int b = 0; b < 256; b++) {
            table[b] = printable[b] ? (char) b : (char) next++;
        }
        return table;
    }
}

package com.cascade4arm.bench.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV: fields containing a comma, quote, CR or LF are quoted and quotes doubled; lines end with LF. The
 * parser accepts quoted fields spanning lines and drops a last record that has no line end (a crash mid-write).
 */
public final class Csv {

    private Csv() {
    }

    public static String escape(String field) {
        if (field == null) {
            return "";
        }
        boolean quote = field.indexOf(',') >= 0 || field.indexOf('"') >= 0
                || field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0;
        return quote ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }

    /** One CSV line, ending with {@code \n}. */
    public static String line(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(escape(fields.get(i)));
        }
        return line.append('\n').toString();
    }

    /** All complete records of a CSV text, header included. */
    public static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                record.add(stripCr(field));
                records.add(record);
                record = new ArrayList<>();
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        return records;
    }

    private static String stripCr(StringBuilder field) {
        int last = field.length() - 1;
        return last >= 0 && field.charAt(last) == '\r' ? field.substring(0, last) : field.toString();
    }
}
